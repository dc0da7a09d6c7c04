package ui

import (
	"github.com/gobblet-game/gobblet/internal/palette"

	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// A frame redraws the same cards and buttons again and again; paths are
// costly (each is a stencil pass, slow on software renderers), images are
// cheap. So every rounded shape is painted once, on the CPU (canvas.go),
// into an image and reused.

type shapeKey struct {
	w, h, rad, shadow, stroke int
	Fill, edge                color.RGBA
	alpha                     int
}

var shapes = map[shapeKey]*ebiten.Image{}

// RoundRectSprite draws a rounded rectangle with an optional soft shadow
// (spread in pixels) and edge (stroke width in pixels), from the cache.
func RoundRectSprite(dst *ebiten.Image, r Rect, rad float64, fill, edge color.RGBA, stroke, shadow float64) {
	RoundRectSpriteA(dst, r, rad, fill, edge, stroke, shadow, 0.35)
}

// RoundRectSpriteA is RoundRectSprite with a shadow strength.
func RoundRectSpriteA(dst *ebiten.Image, r Rect, rad float64, fill, edge color.RGBA, stroke, shadow, alpha float64) {
	k := shapeKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), int(math.Round(shadow)), int(math.Round(stroke * 2)), fill, edge, int(alpha * 100)}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	pad := k.shadow*2 + 2
	img, ok := shapes[k]
	if !ok {
		if len(shapes) > 300 {
			EmptyCache(shapes)
		}
		cv := NewCanvas(k.w+2*pad, k.h+2*pad)
		rr := Rect{float64(pad), float64(pad), float64(k.w), float64(k.h)}
		if k.shadow > 0 {
			cv.SoftShadow(rr, float64(k.rad), float64(k.shadow), float64(k.shadow)/2.5, alpha)
		}
		if fill.A > 0 {
			cv.RoundRect(rr, float64(k.rad), fill)
		}
		if k.stroke > 0 && edge.A > 0 {
			sw := float64(k.stroke) / 2
			cv.RoundRectEdge(rr.Inset(sw/2), math.Max(0, float64(k.rad)-sw/2), sw, edge)
		}
		img = ebiten.NewImageFromImage(cv.Img)
		shapes[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X)-float64(pad), math.Round(r.Y)-float64(pad))
	dst.DrawImage(img, op)
}

// discs are white anti-aliased discs of a few radii; tinted and scaled they
// are every dot and round marker of a frame.
var discs = map[int]*ebiten.Image{}

// rings are white rings keyed by radius and inner/outer ratio (in 64ths).
var rings = map[[2]int]*ebiten.Image{}

func spriteRadius(r float64) int {
	for _, c := range [...]int{16, 64, 256} {
		if float64(c) >= r {
			return c
		}
	}
	return 256
}

// DrawCentred draws a white sprite centred on (x, y), scaled and tinted to c.
func DrawCentred(dst, img *ebiten.Image, x, y, scale float64, c color.Color) {
	half := float64(img.Bounds().Dx()) / 2
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-half, -half)
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(img, op)
}

// FillCircle draws a filled circle from a sprite.
func FillCircle(dst *ebiten.Image, x, y, r float64, c color.Color) {
	if r <= 0 {
		return
	}
	sr := spriteRadius(r)
	img, ok := discs[sr]
	if !ok {
		cv := NewCanvas(2*sr+4, 2*sr+4)
		cv.Circle(float64(sr+2), float64(sr+2), float64(sr), palette.White)
		img = ebiten.NewImageFromImage(cv.Img)
		discs[sr] = img
	}
	DrawCentred(dst, img, x, y, r/float64(sr), c)
}

// StrokeCircle draws a ring of width w centred on radius r, from a sprite.
func StrokeCircle(dst *ebiten.Image, x, y, r, w float64, c color.Color) {
	if r <= 0 || w <= 0 {
		return
	}
	outer := r + w/2
	ratio := int(math.Round(math.Max(0, r-w/2) / outer * 64))
	sr := spriteRadius(outer)
	k := [2]int{sr, ratio}
	img, ok := rings[k]
	if !ok {
		if len(rings) > 200 {
			EmptyCache(rings)
		}
		cv := NewCanvas(2*sr+4, 2*sr+4)
		in := float64(sr) * float64(ratio) / 64
		cv.Ring(float64(sr+2), float64(sr+2), (float64(sr)+in)/2, float64(sr)-in, palette.White)
		img = ebiten.NewImageFromImage(cv.Img)
		rings[k] = img
	}
	DrawCentred(dst, img, x, y, outer/float64(sr), c)
}

// TintRoundRect fills a rounded rectangle in any colour from a white sprite.
func TintRoundRect(dst *ebiten.Image, r Rect, rad float64, c color.Color) {
	tinted(dst, r, rad, 0, c)
}

// TintRoundRectEdge strokes a rounded rectangle's edge from a white sprite.
func TintRoundRectEdge(dst *ebiten.Image, r Rect, rad, w float64, c color.Color) {
	tinted(dst, r, rad, w, c)
}

func tinted(dst *ebiten.Image, r Rect, rad, w float64, c color.Color) {
	k := shapeKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), -1, int(math.Round(w * 2)), palette.White, palette.White, 0}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	img, ok := shapes[k]
	if !ok {
		cv := NewCanvas(k.w+2, k.h+2)
		rr := Rect{1, 1, float64(k.w), float64(k.h)}
		if k.stroke == 0 {
			cv.RoundRect(rr, float64(k.rad), palette.White)
		} else {
			sw := float64(k.stroke) / 2
			cv.RoundRectEdge(rr.Inset(sw/2), math.Max(0, float64(k.rad)-sw/2), sw, palette.White)
		}
		img = ebiten.NewImageFromImage(cv.Img)
		shapes[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X)-1, math.Round(r.Y)-1)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(img, op)
}

type shadowKey struct {
	w, h, rad, spread, dy, alpha int
}

var shadows = map[shadowKey]*ebiten.Image{}

// ShadowSprite draws the soft shadow of a rounded rectangle r: spread
// pixels wide, dy pixels lower, alpha at its darkest, from the cache.
func ShadowSprite(dst *ebiten.Image, r Rect, rad, spread, dy, alpha float64) {
	k := shadowKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), int(math.Round(spread)), int(math.Round(dy)), int(math.Round(alpha * 1000))}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	pad := k.spread + 2
	img, ok := shadows[k]
	if !ok {
		if len(shadows) > 20 {
			EmptyCache(shadows)
		}
		cv := NewCanvas(k.w+2*pad, k.h+2*pad+max(0, k.dy))
		cv.SoftShadow(Rect{float64(pad), float64(pad), float64(k.w), float64(k.h)}, float64(k.rad), float64(k.spread), float64(k.dy), float64(k.alpha)/1000)
		img = ebiten.NewImageFromImage(cv.Img)
		shadows[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X)-float64(pad), math.Round(r.Y)-float64(pad))
	dst.DrawImage(img, op)
}

type iconKey struct {
	ic   Icon
	size int
}

var icons = map[iconKey]*ebiten.Image{}

// DrawIcon draws a white icon sprite tinted to c.
func DrawIcon(dst *ebiten.Image, ic Icon, x, y, s float64, c color.Color) {
	k := iconKey{ic, int(math.Round(s))}
	img, ok := icons[k]
	if !ok {
		n := k.size*2 + 4
		cv := NewCanvas(n, n)
		PaintIcon(cv, ic, float64(n)/2, float64(n)/2, float64(k.size), palette.White)
		img = ebiten.NewImageFromImage(cv.Img)
		icons[k] = img
	}
	DrawCentred(dst, img, x, y, 1, c)
}

// EmptyCache gives back every image of a sprite cache that grew past its
// bound (the window was resized many times, say).
func EmptyCache[K comparable](cache map[K]*ebiten.Image) {
	for key, im := range cache {
		im.Deallocate()
		delete(cache, key)
	}
}
