package ui

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/gobblet-game/gobblet/internal/font"
)

// Weight picks one of the Go fonts (internal/font).
type Weight = font.Weight

const (
	Regular = font.Regular
	Medium  = font.Medium
	Bold    = font.Bold
)

// The type scale at 1×: small, body, heading, title, display.
const (
	SizeSmall   = 15
	SizeBody    = 19
	SizeHeading = 25
	SizeTitle   = 38
	SizeDisplay = 72
)

// Fonts are the game's faces; the CJK font behind the Go fonts comes only
// once Japanese or Chinese is to be drawn (internal/font).
type Fonts struct {
	set *font.Set
	gen int // font.Generation when last drawn
}

// Changed tells, once, that a CJK font arrived since the last call: the
// screen, drawn with boxes, is to be drawn again whole.
func (f *Fonts) Changed() bool {
	g := font.Generation()
	if g == f.gen {
		return false
	}
	f.gen = g
	return true
}

// LoadFonts reads the Go fonts in the background (font.Load).
func LoadFonts() *Fonts { return &Fonts{set: font.Load()} }

// Face returns a face of a size in pixels, rounded so a resize does not
// fill the glyph cache with every fraction.
func (f *Fonts) Face(w Weight, px float64) Face { return f.set.Face(w, px) }

// Align places text relative to its anchor point.
type Align int

const (
	Left Align = iota
	Center
	Right
)

// SmallestText is the size in pixels of the smallest text drawn since the
// layout log last started counting (0: none); the log reports it, so that
// tests see every screen's text is readable (debuglayout.go).
var SmallestText float64

// DrawText draws one line with its vertical centre at y. Text with CJK
// characters in a game that has not loaded the CJK font (a language's
// name, a player's) asks for it (font.NeedFor): drawn in boxes until it is
// there.
func DrawText(dst *ebiten.Image, s string, fc Face, x, y float64, a Align, c color.Color) {
	if s != "" && (SmallestText == 0 || fc.Size < SmallestText) {
		SmallestText = fc.Size
	}
	noteDrawn(dst, s, fc, x, a) // the layout log's check of text cut off
	if !font.Loaded() {
		font.NeedFor(s)
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.Align(a)
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, fc, op)
}

// TextWidth measures one line.
func TextWidth(s string, fc Face) float64 { return font.Width(s, fc) }

// Wrap breaks a paragraph into lines no wider than w: at spaces, and
// between CJK characters (font.Wrap).
func Wrap(s string, fc Face, w float64) []string { return font.Wrap(s, fc, w) }

// Face is the face type the scenes pass around: a text.Face with its
// Size in pixels.
type Face = *font.Face

// FitText shortens a line with an ellipsis until it fits in w pixels.
func FitText(s string, fc Face, w float64) string {
	if TextWidth(s, fc) > w {
		noteCut(s) // the layout log's check of text cut
	}
	return font.Fit(s, fc, w)
}

// LineHeight is the height of one line of a face, ascent to descent.
func LineHeight(fc Face) float64 {
	m := fc.Metrics()
	return m.HAscent + m.HDescent
}
