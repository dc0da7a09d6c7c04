package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Rounded shapes painted small and drawn at any size.
//
// A rounded rectangle, its soft shadow and its edge are the same along
// their straight sides: every column between the two corners of a side is
// the same column, every row between the top's and the bottom's corners
// the same row. So a card's sprite is painted only as large as its
// corners need, with a few pixels of straight side between them, and is
// drawn in nine slices: the corners as painted, the sides and the middle
// stretched from their middle line. Painting was the cost of a screen's
// first frame (ten rounded rectangles for each shadow, every pixel of the
// card's area: three quarters of a layout test's time, hundreds of
// milliseconds of a phone browser's first frame of a screen), and a big
// image is a big upload to the GPU; now a card of any size costs its
// corners, and a window being resized paints nothing new.

// straightRun is how many pixels of straight side a small painting keeps
// between its corners: the middle one stands for them all, with room on
// each side for the rasterizer's anti-aliasing at the ends of the curves.
const straightRun = 7

// sliceAxis says how a sprite of full size n (pixels) along one axis is
// painted: at paint pixels, its line mid standing for the straight run.
// lo is where the straight side begins in the sprite (the padding and the
// corner's radius, after a shadow's shift), hi the room the far corner and
// padding take from the far end. A shape too short to gain anything is
// painted whole (mid -1); one exactly as long as the small painting is
// painted as a sliced one, as the cache keys it by its painted size.
func sliceAxis(n, lo, hi int) (paint, mid int) {
	if small := lo + straightRun + hi; n >= small {
		return small, lo + straightRun/2
	}
	return n, -1
}

// A sliced sprite is a rounded shape painted small (full size when small
// enough), drawn at its full size in nine slices.
type sliced struct {
	img    *ebiten.Image
	w, h   int // painted size
	mx, my int // the middle column and row (-1: that axis is not stretched)
	parts  [9]*ebiten.Image
}

func newSliced(img *ebiten.Image, mx, my int) *sliced {
	b := img.Bounds()
	s := &sliced{img: img, w: b.Dx(), h: b.Dy(), mx: mx, my: my}
	for i, p := range sliceParts(s.w, s.h, s.w, s.h, mx, my) {
		if !p.src.Empty() {
			s.parts[i] = img.SubImage(p.src).(*ebiten.Image)
		}
	}
	return s
}

// slicePart is a part of a sliced sprite: from where in the painting to
// where in the full-size picture.
type slicePart struct{ src, dst image.Rectangle }

// sliceParts cuts a painting of pw×ph, stretched at column mx and row my
// (-1: not at all), into the nine parts of a picture of fw×fh.
func sliceParts(pw, ph, fw, fh, mx, my int) [9]slicePart {
	xs, xd := sliceLine(pw, fw, mx)
	ys, yd := sliceLine(ph, fh, my)
	var parts [9]slicePart
	for j := range 3 {
		for i := range 3 {
			parts[j*3+i] = slicePart{
				src: image.Rect(xs[i], ys[j], xs[i+1], ys[j+1]),
				dst: image.Rect(xd[i], yd[j], xd[i+1], yd[j+1]),
			}
		}
	}
	return parts
}

// sliceLine cuts one axis: the painting's bounds of its three parts and
// the picture's.
func sliceLine(p, f, mid int) (src, dst [4]int) {
	if mid < 0 {
		return [4]int{0, p, p, p}, [4]int{0, f, f, f}
	}
	return [4]int{0, mid, mid + 1, p}, [4]int{0, mid, mid + f - p + 1, f}
}

// draw draws the sprite stretched to fw×fh with its top left at (x, y),
// tinted by cs.
func (s *sliced) draw(dst *ebiten.Image, x, y float64, fw, fh int, cs ebiten.ColorScale) {
	if s.mx < 0 && s.my < 0 {
		op := &ebiten.DrawImageOptions{ColorScale: cs}
		op.GeoM.Translate(x, y)
		dst.DrawImage(s.img, op)
		return
	}
	for i, p := range sliceParts(s.w, s.h, fw, fh, s.mx, s.my) {
		if s.parts[i] == nil || p.dst.Empty() {
			continue
		}
		op := &ebiten.DrawImageOptions{ColorScale: cs}
		op.GeoM.Scale(float64(p.dst.Dx())/float64(p.src.Dx()), float64(p.dst.Dy())/float64(p.src.Dy()))
		op.GeoM.Translate(x+float64(p.dst.Min.X), y+float64(p.dst.Min.Y))
		dst.DrawImage(s.parts[i], op)
	}
}

func (s *sliced) deallocate() { s.img.Deallocate() }

// emptySliced gives back every sprite of a cache that grew past its bound.
func emptySliced[K comparable](cache map[K]*sliced) {
	for key, s := range cache {
		s.deallocate()
		delete(cache, key)
	}
}

// colorScale is a tint as a draw option's colour scale.
func colorScale(c color.Color) ebiten.ColorScale {
	var cs ebiten.ColorScale
	cs.ScaleWithColor(c)
	return cs
}

// ceil is math.Ceil as an int.
func ceil(f float64) int { return int(math.Ceil(f)) }
