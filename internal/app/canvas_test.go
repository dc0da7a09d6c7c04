package app

import (
	"image/color"
	"math"
	"testing"
)

// coverage sums the canvas's alpha in units of fully covered pixels.
func coverage(cv *canvas) float64 {
	sum := 0
	for i := 3; i < len(cv.img.Pix); i += 4 {
		sum += int(cv.img.Pix[i])
	}
	return float64(sum) / 255
}

func alphaAt(cv *canvas, x, y int) uint8 { return cv.img.RGBAAt(x, y).A }

// The CPU painter replaces Ebitengine's paths for sprites: its shapes must
// cover the areas they stand for, anti-aliased, with holes where a ring or
// an edge has them.
func TestCanvasShapesCoverTheirArea(t *testing.T) {
	tests := []struct {
		name  string
		paint func(cv *canvas)
		area  float64
	}{
		{"a disc covers pi r squared", func(cv *canvas) { cv.circle(50, 50, 30, white) }, math.Pi * 30 * 30},
		{"a ring covers the disc less its hole", func(cv *canvas) { cv.ring(50, 50, 30, 10, white) }, math.Pi * (35*35 - 25*25)},
		{"a rounded rectangle lacks its four corners", func(cv *canvas) { cv.roundRect(Rect{10, 20, 60, 40}, 10, white) }, 60*40 - (4-math.Pi)*100},
		{"a square corner rectangle is whole", func(cv *canvas) { cv.roundRect(Rect{10, 20, 60, 40}, 0, white) }, 60 * 40},
		{"an edge is the outline grown less the outline shrunk", func(cv *canvas) { cv.roundRectEdge(Rect{10, 20, 60, 40}, 10, 4, white) },
			(64*44 - (4-math.Pi)*144) - (56*36 - (4-math.Pi)*64)},
		{"a shape off the canvas paints nothing", func(cv *canvas) { cv.circle(-100, -100, 20, white) }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cv := newCanvas(100, 100)
			tt.paint(cv)
			if got := coverage(cv); math.Abs(got-tt.area) > 0.01*tt.area+1 {
				t.Errorf("covered %.1f pixels, want %.1f", got, tt.area)
			}
		})
	}
}

func TestCanvasRingHasAHole(t *testing.T) {
	cv := newCanvas(100, 100)
	cv.ring(50, 50, 30, 10, white)
	if a := alphaAt(cv, 50, 50); a != 0 {
		t.Errorf("centre alpha %d, want 0", a)
	}
	if a := alphaAt(cv, 80, 50); a != 255 {
		t.Errorf("alpha on the ring %d, want 255", a)
	}
}

func TestCanvasEdgesAreAntiAliased(t *testing.T) {
	cv := newCanvas(100, 100)
	cv.circle(50.5, 50.5, 20.25, white)
	partial := 0
	for i := 3; i < len(cv.img.Pix); i += 4 {
		p := cv.img.Pix[i]
		if p > 0 && p < 255 {
			partial++
		}
	}
	if partial < 50 {
		t.Errorf("%d partly covered pixels on a disc's rim, want a rim of them", partial)
	}
}

// Shapes painted one over another composite as Ebitengine draws them:
// source over, premultiplied.
func TestCanvasPaintsSourceOver(t *testing.T) {
	cv := newCanvas(20, 20)
	cv.roundRect(Rect{0, 0, 20, 20}, 0, color.RGBA{0, 0, 200, 255})
	cv.roundRect(Rect{0, 0, 20, 20}, 0, withAlpha(color.RGBA{200, 0, 0, 255}, 0.5))
	got := cv.img.RGBAAt(10, 10)
	want := color.RGBA{100, 0, 100, 255}
	for i, d := range []int{int(got.R) - int(want.R), int(got.G) - int(want.G), int(got.B) - int(want.B), int(got.A) - int(want.A)} {
		if d < -1 || d > 1 {
			t.Errorf("channel %d: got %v, want %v", i, got, want)
		}
	}
}

// The CPU painter runs on the first frames: a piece at the largest sprite
// radius, and a menu button with its shadow.
func BenchmarkPaintPieceSprite(b *testing.B) {
	th := &themes[0]
	for b.Loop() {
		cv := newCanvas(484, 484)
		paintPiece(cv, th, 242, 242, 160, 1, pieceLook{})
	}
}

func BenchmarkPaintButtonWithShadow(b *testing.B) {
	for b.Loop() {
		cv := newCanvas(340+40, 56+40)
		cv.softShadow(Rect{20, 20, 340, 56}, 10, 8, 3, 0.35)
		cv.roundRect(Rect{20, 20, 340, 56}, 10, white)
	}
}
