//go:build e2e

package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestRoundingIsNotAMissedPart: the partial frames' check compares two
// screenshots; a channel a level or two off (the same piece sampled from
// another place in the atlas) is the same picture, a piece left undrawn
// is not.
func TestRoundingIsNotAMissedPart(t *testing.T) {
	background := color.RGBA{0x25, 0x2b, 0x36, 0xff}
	piece := color.RGBA{0xe7, 0xa5, 0x11, 0xff}
	draw := func(withPiece bool, off uint8) []byte {
		m := image.NewRGBA(image.Rect(0, 0, 64, 48))
		for y := 0; y < 48; y++ {
			for x := 0; x < 64; x++ {
				c := background
				if withPiece && (x-30)*(x-30)+(y-20)*(y-20) < 64 {
					c = piece
					if x == 30 && y < 16 {
						c.R -= off
						c.B += off
					}
				}
				m.Set(x, y, c)
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, m); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	whole := draw(true, 0)
	for _, tc := range []struct {
		name  string
		built []byte
		want  int
	}{
		{"the same picture", draw(true, 0), 0},
		{"a piece's edge a level off", draw(true, 1), 0},
		{"a piece's edge as many levels off as rounding allows", draw(true, roundingLevels), 0},
		{"a piece's edge a level more off than rounding", draw(true, roundingLevels+1), 3},
		{"a piece not drawn", draw(false, 0), 193},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, where := differentPixels(t, tc.built, whole)
			if n != tc.want {
				t.Errorf("%d pixels differ (within %v), want %d", n, where, tc.want)
			}
		})
	}
}
