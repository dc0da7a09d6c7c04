package app

import (
	"bytes"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
)

// Weight picks one of the Go fonts.
type Weight int

const (
	Regular Weight = iota
	Medium
	Bold
)

// The type scale at 1×: small, body, heading, title, display.
const (
	sizeSmall   = 15
	sizeBody    = 19
	sizeHeading = 25
	sizeTitle   = 38
	sizeDisplay = 72
)

type fonts struct {
	src    [3]*text.GoTextFaceSource
	parsed chan struct{} // closed once src is filled
	faces  map[[2]int]*text.GoTextFace
}

// loadFonts reads the three Go fonts in the background: parsing them takes
// a few milliseconds that the window's opening need not wait for; the
// first face asked for waits for them.
func loadFonts() *fonts {
	f := &fonts{faces: map[[2]int]*text.GoTextFace{}, parsed: make(chan struct{})}
	go func() {
		defer close(f.parsed)
		for i, ttf := range [][]byte{goregular.TTF, gomedium.TTF, gobold.TTF} {
			s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
			if err != nil {
				panic("embedded Go font: " + err.Error()) // the bytes are compiled in
			}
			f.src[i] = s
		}
	}()
	return f
}

// face returns a face of a size in pixels, rounded so a resize does not
// fill the glyph cache with every fraction.
func (f *fonts) face(w Weight, px float64) *text.GoTextFace {
	k := [2]int{int(w), int(math.Max(6, math.Round(px)))}
	if fc, ok := f.faces[k]; ok {
		return fc
	}
	<-f.parsed
	fc := &text.GoTextFace{Source: f.src[w], Size: float64(k[1])}
	f.faces[k] = fc
	return fc
}

// Align places text relative to its anchor point.
type Align int

const (
	Left Align = iota
	Center
	Right
)

// smallestText is the size in pixels of the smallest text drawn since the
// layout log last started counting (0: none); the log reports it, so that
// tests see every screen's text is readable (debuglayout.go).
var smallestText float64

// drawText draws one line with its vertical centre at y.
func drawText(dst *ebiten.Image, s string, fc *text.GoTextFace, x, y float64, a Align, c color.Color) {
	if s != "" && (smallestText == 0 || fc.Size < smallestText) {
		smallestText = fc.Size
	}
	noteDrawn(dst, s, fc, x, a) // the layout log's check of text cut off
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.Align(a)
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, fc, op)
}

// textWidth measures one line.
func textWidth(s string, fc *text.GoTextFace) float64 { return text.AdvanceAt(s, len(s), fc) }

// wrap breaks a paragraph into lines no wider than w.
func wrap(s string, fc *text.GoTextFace, w float64) []string {
	var lines []string
	line := ""
	word := ""
	flush := func() {
		if word == "" {
			return
		}
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && textWidth(try, fc) > w {
			lines = append(lines, line)
			line = word
		} else {
			line = try
		}
		word = ""
	}
	for _, r := range s {
		if r == ' ' {
			flush()
			continue
		}
		if r == '\n' {
			flush()
			lines = append(lines, line)
			line = ""
			continue
		}
		word += string(r)
	}
	flush()
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// fontFace is the face type the scenes pass around.
type fontFace = *text.GoTextFace

// fitText shortens a line with an ellipsis until it fits in w pixels.
func fitText(s string, fc *text.GoTextFace, w float64) string {
	if textWidth(s, fc) <= w {
		return s
	}
	noteCut(s) // the layout log's check of text cut
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; textWidth(t, fc) <= w {
			return t
		}
	}
	return string(r)
}
