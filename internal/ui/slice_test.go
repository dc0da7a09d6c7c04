package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/palette"
)

// composeSliced builds on the CPU the picture that sliced.draw draws: the
// painting's nine parts, the stretched ones repeating their one line.
func composeSliced(small *image.RGBA, sp slices) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, sp.fw, sp.fh))
	b := small.Bounds()
	for _, p := range sliceParts(b.Dx(), b.Dy(), sp.fw, sp.fh, sp.mx, sp.my) {
		for y := p.dst.Min.Y; y < p.dst.Max.Y; y++ {
			sy := p.src.Min.Y + min(y-p.dst.Min.Y, p.src.Dy()-1)
			for x := p.dst.Min.X; x < p.dst.Max.X; x++ {
				sx := p.src.Min.X + min(x-p.dst.Min.X, p.src.Dx()-1)
				out.SetRGBA(x, y, small.RGBAAt(sx, sy))
			}
		}
	}
	return out
}

// sliceTolerance is how many levels of a channel a picture built from a
// small painting may differ from the painting at full size: the
// rasterizer sums a row's coverage in floats from its left end, and a
// long row's far corner rounds a level or two apart from a short row's.
// A wrong slice (a corner's line stretched) differs by tens of levels.
const sliceTolerance = 3

// slicedDiffer counts the channels in which two pictures differ by more
// than sliceTolerance, and at all, and says where the first few are.
func slicedDiffer(full, built *image.RGBA) (far, off int, where []string) {
	if full.Bounds() != built.Bounds() {
		return len(full.Pix), len(full.Pix), []string{fmt.Sprintf("built %v, painted %v", built.Bounds(), full.Bounds())}
	}
	for i := range full.Pix {
		d := int(full.Pix[i]) - int(built.Pix[i])
		if d != 0 {
			off++
		}
		if d > sliceTolerance || d < -sliceTolerance {
			far++
			if far <= 3 {
				x, y := i/4%full.Bounds().Dx(), i/4/full.Bounds().Dx()
				where = append(where, fmt.Sprintf("at %d,%d channel %d: painted %d, built %d", x, y, i%4, full.Pix[i], built.Pix[i]))
			}
		}
	}
	return far, off, where
}

// compareSliced fails when a picture built from a small painting is not
// the painting at full size.
func compareSliced(t *testing.T, full, built *image.RGBA) {
	t.Helper()
	if far, off, where := slicedDiffer(full, built); far > 0 {
		t.Errorf("%d channels differ by more than %d levels, %d at all, of %d: %s", far, sliceTolerance, off, len(full.Pix), strings.Join(where, "; "))
	}
}

// The comparison sees a wrong slice: a line of the corner stretched.
func TestAWrongSliceIsSeen(t *testing.T) {
	k := shapeKey{w: 300, h: 200, rad: 14, shadow: 12, stroke: 2, Fill: palette.White, edge: palette.White, alpha: 35}
	full := paintRoundRect(k, 0.35).Img
	sp := roundRectSlices(k)
	k.w, k.h = sp.w, sp.h
	small := paintRoundRect(k, 0.35).Img
	if far, _, _ := slicedDiffer(full, composeSliced(small, sp)); far != 0 {
		t.Fatalf("the right slices differ in %d channels", far)
	}
	for _, wrong := range []struct {
		name   string
		dx, dy int
	}{{"a column of the left corners", -straightRun - 8, 0}, {"a row of the top corners", 0, -straightRun - 8}} {
		bad := sp
		bad.mx += wrong.dx
		bad.my += wrong.dy
		if far, _, _ := slicedDiffer(full, composeSliced(small, bad)); far == 0 {
			t.Errorf("stretching %s went unseen", wrong.name)
		}
	}
}

// A rounded shape painted small and drawn in nine slices is the shape
// painted at its full size: every card, edge, tint and shadow, at sizes
// around the smallest that slices and far above it.
func TestSlicedShapesAreThePaintedShapes(t *testing.T) {
	card := color.RGBA{0x2e, 0x36, 0x44, 0xff}
	for _, size := range [][2]int{{20, 20}, {40, 30}, {41, 57}, {64, 64}, {300, 44}, {44, 300}, {937, 611}} {
		for _, tc := range []struct {
			name string
			k    shapeKey
		}{
			{"a card with a shadow", shapeKey{rad: 14, shadow: 12, Fill: card, alpha: 35}},
			{"a card with an edge", shapeKey{rad: 10, stroke: 3, Fill: card, edge: palette.White}},
			{"a button with a shadow and an edge", shapeKey{rad: 8, shadow: 4, stroke: 4, Fill: card, edge: palette.White, alpha: 50}},
			{"square corners", shapeKey{rad: 0, shadow: 6, Fill: card, alpha: 35}},
			{"an edge wider than its corners", shapeKey{rad: 2, stroke: 12, edge: palette.White}},
		} {
			t.Run(fmt.Sprintf("%s %d×%d", tc.name, size[0], size[1]), func(t *testing.T) {
				k := tc.k
				k.w, k.h = size[0], size[1]
				alpha := float64(k.alpha) / 100
				full := paintRoundRect(k, alpha).Img
				sp := roundRectSlices(k)
				k.w, k.h = sp.w, sp.h
				compareSliced(t, full, composeSliced(paintRoundRect(k, alpha).Img, sp))
			})
		}
		for _, tc := range []struct {
			name string
			k    shapeKey
		}{
			{"a white fill", shapeKey{rad: 12, shadow: -1}},
			{"a white edge", shapeKey{rad: 12, shadow: -1, stroke: 5}},
		} {
			t.Run(fmt.Sprintf("tinted, %s %d×%d", tc.name, size[0], size[1]), func(t *testing.T) {
				k := tc.k
				k.w, k.h = size[0], size[1]
				full := paintTinted(k).Img
				sp := tintedSlices(k)
				k.w, k.h = sp.w, sp.h
				compareSliced(t, full, composeSliced(paintTinted(k).Img, sp))
			})
		}
		for _, k := range []shadowKey{{rad: 16, spread: 18, dy: 6, alpha: 300}, {rad: 4, spread: 8, dy: -3, alpha: 500}, {rad: 30, spread: 24, alpha: 250}} {
			t.Run(fmt.Sprintf("a shadow %+v %d×%d", k, size[0], size[1]), func(t *testing.T) {
				k.w, k.h = size[0], size[1]
				full := paintShadow(k).Img
				sp := shadowSlices(k)
				k.w, k.h = sp.w, sp.h
				compareSliced(t, full, composeSliced(paintShadow(k).Img, sp))
			})
		}
	}
}

// A card's painting is small however big the card: the cost of a
// screen's first frame is its cards' corners, not their areas.
func TestBigCardsArePaintedSmall(t *testing.T) {
	k := shapeKey{w: 1200, h: 900, rad: 14, shadow: 12, stroke: 2, Fill: palette.White, edge: palette.White, alpha: 35}
	sp := roundRectSlices(k)
	if sp.w >= 100 || sp.h >= 100 {
		t.Errorf("a 1200×900 card is painted %d×%d", sp.w, sp.h)
	}
	if sp.fw != 1200+2*sp.pad || sp.fh != 900+2*sp.pad {
		t.Errorf("drawn %d×%d, want the card and its padding", sp.fw, sp.fh)
	}
}
