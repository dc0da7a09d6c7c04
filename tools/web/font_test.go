package main

import (
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
