package main

import (
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The loading page's fonts draw the characters the page writes exactly as
// the Go fonts do, and nothing else: a quarter of the size or less.
func TestPageFontsDrawThePagesCharactersOnly(t *testing.T) {
	for name, ttf := range map[string][]byte{"Go Regular": goregular.TTF, "Go Bold": gobold.TTF} {
		sub, err := subsetTTF(ttf, pageRunes)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d bytes, cut to %d", name, len(ttf), len(sub))
		if len(sub) > len(ttf)/4 {
			t.Errorf("%s: %d bytes cut to %d only", name, len(ttf), len(sub))
		}
		whole, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		cut, err := sfnt.Parse(sub)
		if err != nil {
			t.Fatalf("%s: the cut font does not parse: %v", name, err)
		}
		var b sfnt.Buffer
		outline := func(f *sfnt.Font, r rune) (int, fixed.Int26_6) {
			g, err := f.GlyphIndex(&b, r)
			if err != nil || g == 0 {
				t.Fatalf("%s: no glyph for %q", name, r)
			}
			segs, err := f.LoadGlyph(&b, g, fixed.I(100), nil)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, r, err)
			}
			adv, err := f.GlyphAdvance(&b, g, fixed.I(100), font.HintingNone)
			if err != nil {
				t.Fatal(err)
			}
			return len(segs), adv
		}
		for _, r := range "Gobblet… Loading the game 42% – “Reload” é×" {
			if r == ' ' {
				continue
			}
			wn, wa := outline(whole, r)
			cn, ca := outline(cut, r)
			if wn != cn || wa != ca {
				t.Errorf("%s: %q has %d segments and advance %v, the whole font %d and %v", name, r, cn, ca, wn, wa)
			}
		}
		// a Cyrillic letter is in the Go fonts, not on the page
		if n, _ := outline(cut, 'Ж'); n != 0 {
			t.Errorf("%s: the cut font still draws Ж (%d segments)", name, n)
		}
	}
}

// The page's words in Polish, Russian and Ukrainian are drawn by the page's
// own fonts, each letter as the Go fonts draw it; Japanese and Chinese are
// left to the system's font, and the cut fonts stay small.
func TestPageFontsDrawThePagesWordsInEveryLatinAndCyrillicLanguage(t *testing.T) {
	text := pageText()
	for _, w := range []string{"Wczytywanie gry", "zezwól", "odśwież ją", "Загрузка игры", "перезагрузи её", "Завантаження гри", "Перевір з'єднання", "дозволь"} {
		if !strings.Contains(text, w) {
			t.Fatalf("the page does not say %q", w)
		}
	}
	base := 0
	for name, ttf := range map[string][]byte{"Go Regular": goregular.TTF, "Go Bold": gobold.TTF} {
		sub, err := subsetTTF(ttf, pageRunes)
		if err != nil {
			t.Fatal(err)
		}
		latin, err := subsetTTF(ttf, latinRunes)
		if err != nil {
			t.Fatal(err)
		}
		base += len(latin)
		t.Logf("%s: Latin-1 %d bytes, with the page's Polish and Cyrillic %d (+%d)", name, len(latin), len(sub), len(sub)-len(latin))
		if len(sub) > len(latin)*3/2 {
			t.Errorf("%s: the page's letters take %d bytes, Latin-1 alone %d", name, len(sub), len(latin))
		}
		cut, err := sfnt.Parse(sub)
		if err != nil {
			t.Fatal(err)
		}
		var b sfnt.Buffer
		for _, r := range "ąćęłńóśźżĄĆĘŁŃÓŚŹŻЗагрузкаигрыёЁїЇієґ'" {
			if !strings.ContainsRune(text, r) {
				continue // not on the page: need not be kept
			}
			if g, err := cut.GlyphIndex(&b, r); err != nil || g == 0 {
				t.Errorf("%s: no glyph for %q, which the page writes", name, r)
				continue
			} else if segs, err := cut.LoadGlyph(&b, g, fixed.I(100), nil); err != nil || len(segs) == 0 {
				t.Errorf("%s: %q is empty in the cut font", name, r)
			}
		}
		for _, r := range "読遊" {
			if g, err := cut.GlyphIndex(&b, r); err == nil && g != 0 {
				t.Errorf("%s: the cut font maps %q, which the Go fonts do not draw", name, r)
			}
		}
	}
	css, err := pageFontFaces()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(css), "U+142") || !strings.Contains(string(css), "U+430-") {
		t.Errorf("unicode-range lacks ł or the Cyrillic а: %.300s", css)
	}
	t.Logf("the two fonts inline: %d bytes of CSS (base64)", len(css))
}
