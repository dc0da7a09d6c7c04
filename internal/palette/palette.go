// Package palette holds the game's colour schemes and the few colour
// helpers every screen mixes them with. It imports no Ebitengine: a theme
// is plain data, checked with plain go test.
package palette

import "image/color"

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

// PlayerText is a player's colour made readable as text on the theme.
func (th *Theme) PlayerText(c int) color.RGBA {
	if th.Light {
		return Shade(th.Player[c], 0.62)
	}
	return Mix(th.Player[c], White, 0.35)
}

// RGB is an opaque colour written 0xRRGGBB.
func RGB(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// The Okabe–Ito colour-blind-safe pair.
var (
	okabeOrange = RGB(0xE69F00)
	okabeBlue   = RGB(0x0072B2)
)

// Themes are the schemes the Options screen offers, in its order.
var Themes = []Theme{
	{
		Name: "slate", Background: RGB(0x1b2129), BackTop: RGB(0x26303b),
		Panel: RGB(0x232b35), PanelEdge: RGB(0x34404d),
		Board: RGB(0x2e3a47), BoardInner: RGB(0x27313c), SquareA: RGB(0x3a4756), SquareB: RGB(0x35414f),
		Text: RGB(0xeef2f6), TextDim: RGB(0xa8b5c2), Accent: RGB(0x56B4E9), Mark: RGB(0x56B4E9), Warn: RGB(0xD55E00), Good: RGB(0xF0E442),
		Button: RGB(0x303c4a), ButtonHi: RGB(0x3f4e60),
		Primary: RGB(0x56B4E9), PrimaryHi: RGB(0x7cc6ee), OnPrimary: RGB(0x0b1a26), Toggle: RGB(0x41728f),
		Player: [2]color.RGBA{okabeOrange, okabeBlue}, Shadow: 0.35,
	},
	{
		Name: "wood", Background: RGB(0x201812), BackTop: RGB(0x33261b),
		Panel: RGB(0x2b2119), PanelEdge: RGB(0x4a3a2a),
		Board: RGB(0x5c3f24), BoardInner: RGB(0x4b331d), SquareA: RGB(0xc49a6c), SquareB: RGB(0xb88d5f),
		// wood's choices are green as felt, not the slate's blue; its marks
		// are dark, to read on the light squares
		Text: RGB(0xf6eee4), TextDim: RGB(0xd0c1ae), Accent: RGB(0x9fd39a), Mark: RGB(0x17472c), Warn: RGB(0xD55E00), Good: RGB(0xF0E442),
		Button: RGB(0x4a3827), ButtonHi: RGB(0x5f4832),
		Primary: RGB(0x8cc788), PrimaryHi: RGB(0xa6d6a2), OnPrimary: RGB(0x10220f), Toggle: RGB(0x55704c),
		Player: [2]color.RGBA{okabeOrange, okabeBlue}, Shadow: 0.35,
	},
	{
		Name: "contrast", Background: RGB(0x000000), BackTop: RGB(0x000000),
		Panel: RGB(0x0a0a0a), PanelEdge: RGB(0xffffff),
		Board: RGB(0x262626), BoardInner: RGB(0xbdbdbd), SquareA: RGB(0x141414), SquareB: RGB(0x000000),
		Text: RGB(0xffffff), TextDim: RGB(0xdddddd), Accent: RGB(0x00ffff), Mark: RGB(0x00ffff), Warn: RGB(0xff5050), Good: RGB(0xffff00),
		Button: RGB(0x1a1a1a), ButtonHi: RGB(0x404040),
		Primary: RGB(0x00ffff), PrimaryHi: RGB(0x99ffff), OnPrimary: RGB(0x000000), Toggle: RGB(0x005a5a),
		Player: [2]color.RGBA{RGB(0xFFB000), RGB(0x3c8cff)}, Shadow: 0.35,
	},
	{
		Name: "light", Background: RGB(0xe9edf1), BackTop: RGB(0xf7f9fb),
		Panel: RGB(0xffffff), PanelEdge: RGB(0xc9d2dc),
		Board: RGB(0xcbd3dc), BoardInner: RGB(0xa9b6c3), SquareA: RGB(0xf4f6f8), SquareB: RGB(0xe6eaee),
		Text: RGB(0x1d2630), TextDim: RGB(0x3f4956), Accent: RGB(0x0072B2), Mark: RGB(0x0072B2), Warn: RGB(0xB34F00), Good: RGB(0x008762),
		Button: RGB(0xdde3ea), ButtonHi: RGB(0xc8d2dd),
		Primary: RGB(0x0072B2), PrimaryHi: RGB(0x00639b), OnPrimary: RGB(0xffffff), Toggle: RGB(0x7ab0d1),
		Player: [2]color.RGBA{okabeOrange, okabeBlue}, Shadow: 0.12, Light: true,
	},
}

// ByName returns the theme with a settings name, slate by default.
func ByName(name string) *Theme {
	for i := range Themes {
		if Themes[i].Name == name {
			return &Themes[i]
		}
	}
	return &Themes[0]
}

// WithAlpha is c at opacity a, premultiplied as Ebitengine draws it.
func WithAlpha(c color.RGBA, a float64) color.RGBA {
	// premultiplied alpha
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}

// Shade scales c's channels by f (darker under 1), keeping its alpha.
func Shade(c color.RGBA, f float64) color.RGBA {
	m := func(v uint8) uint8 {
		x := float64(v) * f
		if x > 255 {
			x = 255
		}
		return uint8(x)
	}
	return color.RGBA{m(c.R), m(c.G), m(c.B), c.A}
}

// Mix is the colour t of the way from a to b.
func Mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// Black and White are opaque black and white.
var (
	Black = color.RGBA{0, 0, 0, 255}
	White = color.RGBA{255, 255, 255, 255}
)
