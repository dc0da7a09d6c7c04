package app

import (
	"image/color"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// Theme is a colour scheme. Players are told apart by colour and by a mark
// (the blue side carries an inner ring), so every theme also reads in grey.
type Theme struct {
	Name       string
	Background color.RGBA
	BackTop    color.RGBA // gradient top of the background
	Panel      color.RGBA
	PanelEdge  color.RGBA
	Board      color.RGBA // board frame
	BoardInner color.RGBA
	SquareA    color.RGBA
	SquareB    color.RGBA
	Text       color.RGBA
	TextDim    color.RGBA
	Accent     color.RGBA // focus, highlights
	Mark       color.RGBA // on the board's squares: legal moves, the last move, the cursor
	Warn       color.RGBA // illegal flash
	Good       color.RGBA // line-of-three marker, winning line glow
	Button     color.RGBA
	ButtonHi   color.RGBA
	Primary    color.RGBA    // fill of a primary button and of a selected segment
	PrimaryHi  color.RGBA    // the same, hovered or focused
	OnPrimary  color.RGBA    // text and icons on Primary and PrimaryHi
	Toggle     color.RGBA    // fill of a toggle that is on (its text: Text)
	Player     [2]color.RGBA // by colour index: 0 orange, 1 blue
	Shadow     float64       // strength of drop shadows
	Light      bool          // a light background: darker accents for text
}

// playerText is a player's colour made readable as text on the theme.
func (th *Theme) playerText(c int) color.RGBA {
	if th.Light {
		return shade(th.Player[c], 0.62)
	}
	return mix(th.Player[c], white, 0.35)
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// The Okabe–Ito colour-blind-safe pair.
var (
	okabeOrange = rgb(0xE69F00)
	okabeBlue   = rgb(0x0072B2)
)

var themes = []Theme{
	{
		Name: "slate", Background: rgb(0x1b2129), BackTop: rgb(0x26303b),
		Panel: rgb(0x232b35), PanelEdge: rgb(0x34404d),
		Board: rgb(0x2e3a47), BoardInner: rgb(0x27313c), SquareA: rgb(0x3a4756), SquareB: rgb(0x35414f),
		Text: rgb(0xeef2f6), TextDim: rgb(0xa8b5c2), Accent: rgb(0x56B4E9), Mark: rgb(0x56B4E9), Warn: rgb(0xD55E00), Good: rgb(0xF0E442),
		Button: rgb(0x303c4a), ButtonHi: rgb(0x3f4e60),
		Primary: rgb(0x56B4E9), PrimaryHi: rgb(0x7cc6ee), OnPrimary: rgb(0x0b1a26), Toggle: rgb(0x41728f),
		Player: [2]color.RGBA{okabeOrange, okabeBlue}, Shadow: 0.35,
	},
	{
		Name: "wood", Background: rgb(0x201812), BackTop: rgb(0x33261b),
		Panel: rgb(0x2b2119), PanelEdge: rgb(0x4a3a2a),
		Board: rgb(0x5c3f24), BoardInner: rgb(0x4b331d), SquareA: rgb(0xc49a6c), SquareB: rgb(0xb88d5f),
		// wood's choices are green as felt, not the slate's blue; its marks
		// are dark, to read on the light squares
		Text: rgb(0xf6eee4), TextDim: rgb(0xd0c1ae), Accent: rgb(0x9fd39a), Mark: rgb(0x17472c), Warn: rgb(0xD55E00), Good: rgb(0xF0E442),
		Button: rgb(0x4a3827), ButtonHi: rgb(0x5f4832),
		Primary: rgb(0x8cc788), PrimaryHi: rgb(0xa6d6a2), OnPrimary: rgb(0x10220f), Toggle: rgb(0x55704c),
		Player: [2]color.RGBA{okabeOrange, okabeBlue}, Shadow: 0.35,
	},
	{
		Name: "contrast", Background: rgb(0x000000), BackTop: rgb(0x000000),
		Panel: rgb(0x0a0a0a), PanelEdge: rgb(0xffffff),
		Board: rgb(0x262626), BoardInner: rgb(0xbdbdbd), SquareA: rgb(0x141414), SquareB: rgb(0x000000),
		Text: rgb(0xffffff), TextDim: rgb(0xdddddd), Accent: rgb(0x00ffff), Mark: rgb(0x00ffff), Warn: rgb(0xff5050), Good: rgb(0xffff00),
		Button: rgb(0x1a1a1a), ButtonHi: rgb(0x404040),
		Primary: rgb(0x00ffff), PrimaryHi: rgb(0x99ffff), OnPrimary: rgb(0x000000), Toggle: rgb(0x005a5a),
		Player: [2]color.RGBA{rgb(0xFFB000), rgb(0x3c8cff)}, Shadow: 0.35,
	},
	{
		Name: "light", Background: rgb(0xe9edf1), BackTop: rgb(0xf7f9fb),
		Panel: rgb(0xffffff), PanelEdge: rgb(0xc9d2dc),
		Board: rgb(0xcbd3dc), BoardInner: rgb(0xa9b6c3), SquareA: rgb(0xf4f6f8), SquareB: rgb(0xe6eaee),
		Text: rgb(0x1d2630), TextDim: rgb(0x3f4956), Accent: rgb(0x0072B2), Mark: rgb(0x0072B2), Warn: rgb(0xB34F00), Good: rgb(0x008762),
		Button: rgb(0xdde3ea), ButtonHi: rgb(0xc8d2dd),
		Primary: rgb(0x0072B2), PrimaryHi: rgb(0x00639b), OnPrimary: rgb(0xffffff), Toggle: rgb(0x7ab0d1),
		Player: [2]color.RGBA{okabeOrange, okabeBlue}, Shadow: 0.12, Light: true,
	},
}

// themeNames are the Options screen's names, in the order of themes, in
// the language in use.
func themeNames() []string {
	return []string{locale.T("OptionsThemeSlate"), locale.T("OptionsThemeWood"), locale.T("OptionsThemeContrast"), locale.T("OptionsThemeLight")}
}

// themeByName returns the theme with a settings name, slate by default.
func themeByName(name string) *Theme {
	for i := range themes {
		if themes[i].Name == name {
			return &themes[i]
		}
	}
	return &themes[0]
}

// colourNames name the two colours in sentences.
var colourNames = [2]string{"Orange", "Blue"}

func withAlpha(c color.RGBA, a float64) color.RGBA {
	// premultiplied alpha
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}

func shade(c color.RGBA, f float64) color.RGBA {
	m := func(v uint8) uint8 {
		x := float64(v) * f
		if x > 255 {
			x = 255
		}
		return uint8(x)
	}
	return color.RGBA{m(c.R), m(c.G), m(c.B), c.A}
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}
