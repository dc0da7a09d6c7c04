package ui

import (
	"github.com/gobblet-game/gobblet/internal/palette"

	"image/color"
	"math"
	"testing"
)

// coverage sums the Canvas's alpha in units of fully covered pixels.
func coverage(cv *Canvas) float64 {
	sum := 0
	for i := 3; i < len(cv.Img.Pix); i += 4 {
		sum += int(cv.Img.Pix[i])
	}
	return float64(sum) / 255
}

func alphaAt(cv *Canvas, x, y int) uint8 { return cv.Img.RGBAAt(x, y).A }

// The CPU painter replaces Ebitengine's paths for sprites: its shapes must
// cover the areas they stand for, anti-aliased, with holes where a ring or
// an edge has them.
func TestCanvasShapesCoverTheirArea(t *testing.T) {
	tests := []struct {
		name  string
		paint func(cv *Canvas)
		area  float64
	}{
		{"a disc covers pi r squared", func(cv *Canvas) { cv.Circle(50, 50, 30, palette.White) }, math.Pi * 30 * 30},
		{"a ring covers the disc less its hole", func(cv *Canvas) { cv.Ring(50, 50, 30, 10, palette.White) }, math.Pi * (35*35 - 25*25)},
		{"a rounded rectangle lacks its four corners", func(cv *Canvas) { cv.RoundRect(Rect{10, 20, 60, 40}, 10, palette.White) }, 60*40 - (4-math.Pi)*100},
		{"a square corner rectangle is whole", func(cv *Canvas) { cv.RoundRect(Rect{10, 20, 60, 40}, 0, palette.White) }, 60 * 40},
		{"an edge is the outline grown less the outline shrunk", func(cv *Canvas) { cv.RoundRectEdge(Rect{10, 20, 60, 40}, 10, 4, palette.White) },
			(64*44 - (4-math.Pi)*144) - (56*36 - (4-math.Pi)*64)},
		{"a Shape off the Canvas paints nothing", func(cv *Canvas) { cv.Circle(-100, -100, 20, palette.White) }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cv := NewCanvas(100, 100)
			tt.paint(cv)
			if got := coverage(cv); math.Abs(got-tt.area) > 0.01*tt.area+1 {
				t.Errorf("covered %.1f pixels, want %.1f", got, tt.area)
			}
		})
	}
}

func TestCanvasRingHasAHole(t *testing.T) {
	cv := NewCanvas(100, 100)
	cv.Ring(50, 50, 30, 10, palette.White)
	if a := alphaAt(cv, 50, 50); a != 0 {
		t.Errorf("centre alpha %d, want 0", a)
	}
	if a := alphaAt(cv, 80, 50); a != 255 {
		t.Errorf("alpha on the ring %d, want 255", a)
	}
}

func TestCanvasEdgesAreAntiAliased(t *testing.T) {
	cv := NewCanvas(100, 100)
	cv.Circle(50.5, 50.5, 20.25, palette.White)
	partial := 0
	for i := 3; i < len(cv.Img.Pix); i += 4 {
		p := cv.Img.Pix[i]
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
	cv := NewCanvas(20, 20)
	cv.RoundRect(Rect{0, 0, 20, 20}, 0, color.RGBA{0, 0, 200, 255})
	cv.RoundRect(Rect{0, 0, 20, 20}, 0, palette.WithAlpha(color.RGBA{200, 0, 0, 255}, 0.5))
	got := cv.Img.RGBAAt(10, 10)
	want := color.RGBA{100, 0, 100, 255}
	for i, d := range []int{int(got.R) - int(want.R), int(got.G) - int(want.G), int(got.B) - int(want.B), int(got.A) - int(want.A)} {
		if d < -1 || d > 1 {
			t.Errorf("channel %d: got %v, want %v", i, got, want)
		}
	}
}

// The CPU painter runs on the first frames: a menu button with its shadow
// (a piece's sprite: internal/app).
func BenchmarkPaintButtonWithShadow(b *testing.B) {
	for b.Loop() {
		cv := NewCanvas(340+40, 56+40)
		cv.SoftShadow(Rect{20, 20, 340, 56}, 10, 8, 3, 0.35)
		cv.RoundRect(Rect{20, 20, 340, 56}, 10, palette.White)
	}
}
