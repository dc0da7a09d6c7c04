//go:build !js

package font

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gotext "github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// An English game does not load the CJK font (it is the first test: the
// others load it).
func TestFontEnglishLoadsNoCJK(t *testing.T) {
	locale.Use("en")
	s := Load()
	fc := s.Face(Regular, 19)
	if Loaded() {
		t.Fatal("an English face loaded the CJK font")
	}
	if _, ok := fc.Face.(*text.GoTextFace); !ok {
		t.Errorf("an English face is a %T, not the Go font alone", fc.Face)
	}
}

// The languages' names draw in an English game from the tiny font, with no
// load of the big one.
func TestFontLanguageNamesAlone(t *testing.T) {
	locale.Use("en")
	s := Load()
	fc := s.Face(Regular, 20)
	for _, name := range []string{"日本語", "简体中文"} {
		NeedFor(name)
		s.Face(Regular, 20) // the faces take the fallback as the next frame asks
		if w, n := Width(name, fc), float64(len([]rune(name))); w < n*20-1 || w > n*20+1 {
			t.Errorf("%s at 20 px: %v px wide, want %v", name, w, n*20)
		}
	}
	NeedFor("Deutsch")
	if Loaded() {
		t.Fatal("the languages' names loaded the whole CJK font")
	}
}

// Japanese or Chinese faces fall back on the CJK font, keep the Go font's
// metrics, and the faces made before follow.
func TestFontCJKFallback(t *testing.T) {
	locale.Use("en")
	s := Load()
	before := s.Face(Bold, 25)
	m := before.Metrics()
	w := Width("漢字を", before)
	defer locale.Use("en")
	locale.Use("ja")
	fc := s.Face(Regular, 25)
	if !Loaded() {
		t.Fatal("a Japanese face did not load the CJK font")
	}
	if fc.Size != 25 {
		t.Errorf("Size %v, want 25", fc.Size)
	}
	if before.Metrics() != m {
		t.Errorf("metrics changed with the fallback: %+v, then %+v", m, before.Metrics())
	}
	if w2 := Width("漢字を", before); w2 < 70 || w2 > 80 {
		t.Errorf("漢字を at 25 px: %v px wide before the CJK font, %v after (3 em: 75)", w, w2)
	}
	locale.Use("zh-Hans")
	if w := Width("简体中文", s.Face(Medium, 20)); w < 75 || w > 85 {
		t.Errorf("简体中文 at 20 px: %v px wide, want 4 em", w)
	}
}

// Every character of every Japanese and Chinese message has a glyph in
// the Go font or in the CJK font: a new message with a character the
// subset lacks fails here, named; go run ./tools/cjkfont makes the subset
// again.
func TestCatalogGlyphs(t *testing.T) {
	goFace, err := gotext.ParseTTF(bytes.NewReader(goregular.TTF))
	if err != nil {
		t.Fatal(err)
	}
	cjkFace, err := gotext.ParseTTF(bytes.NewReader(cjkOTF))
	if err != nil {
		t.Fatal(err)
	}
	has := func(r rune) bool {
		if _, ok := goFace.NominalGlyph(r); ok {
			return true
		}
		_, ok := cjkFace.NominalGlyph(r)
		return ok
	}
	var names []string
	for _, pat := range []string{"*.ja.toml", "*.zh-Hans.toml"} {
		m, err := filepath.Glob(filepath.Join("..", "locale", "catalog", pat))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, m...)
	}
	if len(names) < 2 {
		t.Fatalf("catalogs: %v", names)
	}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			for _, r := range line {
				if r > ' ' && !has(r) {
					t.Errorf("%s:%d: %q (%U) has no glyph: run go run ./tools/cjkfont", filepath.Base(n), i+1, r, r)
				}
			}
		}
	}
	namesFace, err := gotext.ParseTTF(bytes.NewReader(namesOTF))
	if err != nil {
		t.Fatal(err)
	}
	for r := range nameRunes {
		if _, ok := namesFace.NominalGlyph(r); !ok {
			t.Errorf("NotoSansCJK-names.otf lacks %q (%U), of a language's name: run go run ./tools/cjkfont", r, r)
		}
	}
	// and the kana, the CJK punctuation and the safety set's sample
	for _, r := range "あいうえおアイウエオ、。「」ー・一二三日本語简体中文们这个说时" {
		if !has(r) {
			t.Errorf("%q (%U) has no glyph", r, r)
		}
	}
}

func ExampleWrap() {
	locale.Use("ja")
	defer locale.Use("en")
	fc := Load().Face(Regular, 20)
	for _, l := range Wrap("「ゲーム」を始めます。", fc, 20*4.5) {
		fmt.Println(l)
	}
	// Output:
	// 「ゲー
	// ム」を始
	// めます。
}
