package palette

import (
	"image/color"
	"testing"
)

// Mixing goes from one colour to the other, shading scales the channels
// (clipped at 255) and keeps the alpha, and a colour with alpha is
// premultiplied, as Ebitengine blends it.
func TestColourHelpers(t *testing.T) {
	a, b := RGB(0x000000), RGB(0xffffff)
	tests := []struct {
		name      string
		got, want color.RGBA
	}{
		{"RGB reads 0xRRGGBB", RGB(0x123456), color.RGBA{0x12, 0x34, 0x56, 0xff}},
		{"mix at 0 is the first", Mix(a, b, 0), a},
		{"mix at 1 is the second", Mix(a, b, 1), b},
		{"mix at a half is between", Mix(RGB(0x204060), RGB(0x6080a0), 0.5), RGB(0x406080)},
		{"shade darkens", Shade(RGB(0x804020), 0.5), RGB(0x402010)},
		{"shade clips at white", Shade(RGB(0xc0c0c0), 2), RGB(0xffffff)},
		{"shade keeps the alpha", Shade(color.RGBA{100, 100, 100, 128}, 0.5), color.RGBA{50, 50, 50, 128}},
		{"alpha premultiplies", WithAlpha(RGB(0xc86432), 0.5), color.RGBA{100, 50, 25, 127}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

// Every theme is found by its settings name; an unknown name (a settings
// file from elsewhere) gives the first, slate.
func TestThemesByName(t *testing.T) {
	for i := range Themes {
		if got := ByName(Themes[i].Name); got != &Themes[i] {
			t.Errorf("ByName(%q) = %q", Themes[i].Name, got.Name)
		}
	}
	if got := ByName("neon"); got != &Themes[0] || got.Name != "slate" {
		t.Errorf("an unknown theme gives %q, want slate", got.Name)
	}
}

// A player's colour as text is darker than the colour on a light theme
// and lighter on a dark one.
func TestPlayerTextReadsOnTheTheme(t *testing.T) {
	sum := func(c color.RGBA) int { return int(c.R) + int(c.G) + int(c.B) }
	for i := range Themes {
		th := &Themes[i]
		for c := 0; c < 2; c++ {
			got, base := sum(th.PlayerText(c)), sum(th.Player[c])
			if th.Light && got >= base || !th.Light && got <= base {
				t.Errorf("%s: player %d's text %v against its colour %v", th.Name, c, th.PlayerText(c), th.Player[c])
			}
		}
	}
}
