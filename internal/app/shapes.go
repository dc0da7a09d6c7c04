package app

import (
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
	fill, edge                color.RGBA
	alpha                     int
}

var shapes = map[shapeKey]*ebiten.Image{}

// roundRectSprite draws a rounded rectangle with an optional soft shadow
// (spread in pixels) and edge (stroke width in pixels), from the cache.
func roundRectSprite(dst *ebiten.Image, r Rect, rad float64, fill, edge color.RGBA, stroke, shadow float64) {
	roundRectSpriteA(dst, r, rad, fill, edge, stroke, shadow, 0.35)
}

// roundRectSpriteA is roundRectSprite with a shadow strength.
func roundRectSpriteA(dst *ebiten.Image, r Rect, rad float64, fill, edge color.RGBA, stroke, shadow, alpha float64) {
	k := shapeKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), int(math.Round(shadow)), int(math.Round(stroke * 2)), fill, edge, int(alpha * 100)}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	pad := k.shadow*2 + 2
	img, ok := shapes[k]
	if !ok {
		if len(shapes) > 300 {
			emptyCache(shapes)
		}
		cv := newCanvas(k.w+2*pad, k.h+2*pad)
		rr := Rect{float64(pad), float64(pad), float64(k.w), float64(k.h)}
		if k.shadow > 0 {
			cv.softShadow(rr, float64(k.rad), float64(k.shadow), float64(k.shadow)/2.5, alpha)
		}
		if fill.A > 0 {
			cv.roundRect(rr, float64(k.rad), fill)
		}
		if k.stroke > 0 && edge.A > 0 {
			sw := float64(k.stroke) / 2
			cv.roundRectEdge(rr.Inset(sw/2), math.Max(0, float64(k.rad)-sw/2), sw, edge)
		}
		img = ebiten.NewImageFromImage(cv.img)
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

func drawCentred(dst, img *ebiten.Image, x, y, scale float64, c color.Color) {
	half := float64(img.Bounds().Dx()) / 2
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-half, -half)
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(img, op)
}

// fillCircle draws a filled circle from a sprite.
func fillCircle(dst *ebiten.Image, x, y, r float64, c color.Color) {
	if r <= 0 {
		return
	}
	sr := spriteRadius(r)
	img, ok := discs[sr]
	if !ok {
		cv := newCanvas(2*sr+4, 2*sr+4)
		cv.circle(float64(sr+2), float64(sr+2), float64(sr), white)
		img = ebiten.NewImageFromImage(cv.img)
		discs[sr] = img
	}
	drawCentred(dst, img, x, y, r/float64(sr), c)
}

// strokeCircle draws a ring of width w centred on radius r, from a sprite.
func strokeCircle(dst *ebiten.Image, x, y, r, w float64, c color.Color) {
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
			emptyCache(rings)
		}
		cv := newCanvas(2*sr+4, 2*sr+4)
		in := float64(sr) * float64(ratio) / 64
		cv.ring(float64(sr+2), float64(sr+2), (float64(sr)+in)/2, float64(sr)-in, white)
		img = ebiten.NewImageFromImage(cv.img)
		rings[k] = img
	}
	drawCentred(dst, img, x, y, outer/float64(sr), c)
}

// tintRoundRect fills a rounded rectangle in any colour from a white sprite.
func tintRoundRect(dst *ebiten.Image, r Rect, rad float64, c color.Color) {
	tinted(dst, r, rad, 0, c)
}

// tintRoundRectEdge strokes a rounded rectangle's edge from a white sprite.
func tintRoundRectEdge(dst *ebiten.Image, r Rect, rad, w float64, c color.Color) {
	tinted(dst, r, rad, w, c)
}

func tinted(dst *ebiten.Image, r Rect, rad, w float64, c color.Color) {
	k := shapeKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), -1, int(math.Round(w * 2)), white, white, 0}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	img, ok := shapes[k]
	if !ok {
		cv := newCanvas(k.w+2, k.h+2)
		rr := Rect{1, 1, float64(k.w), float64(k.h)}
		if k.stroke == 0 {
			cv.roundRect(rr, float64(k.rad), white)
		} else {
			sw := float64(k.stroke) / 2
			cv.roundRectEdge(rr.Inset(sw/2), math.Max(0, float64(k.rad)-sw/2), sw, white)
		}
		img = ebiten.NewImageFromImage(cv.img)
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

// shadowSprite draws the soft shadow of a rounded rectangle r: spread
// pixels wide, dy pixels lower, alpha at its darkest, from the cache.
func shadowSprite(dst *ebiten.Image, r Rect, rad, spread, dy, alpha float64) {
	k := shadowKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), int(math.Round(spread)), int(math.Round(dy)), int(math.Round(alpha * 1000))}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	pad := k.spread + 2
	img, ok := shadows[k]
	if !ok {
		if len(shadows) > 20 {
			emptyCache(shadows)
		}
		cv := newCanvas(k.w+2*pad, k.h+2*pad+max(0, k.dy))
		cv.softShadow(Rect{float64(pad), float64(pad), float64(k.w), float64(k.h)}, float64(k.rad), float64(k.spread), float64(k.dy), float64(k.alpha)/1000)
		img = ebiten.NewImageFromImage(cv.img)
		shadows[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X)-float64(pad), math.Round(r.Y)-float64(pad))
	dst.DrawImage(img, op)
}

type iconKey struct {
	ic   icon
	size int
}

var icons = map[iconKey]*ebiten.Image{}

// drawIconCached draws a white icon sprite tinted to c.
func drawIconCached(dst *ebiten.Image, ic icon, x, y, s float64, c color.Color) {
	k := iconKey{ic, int(math.Round(s))}
	img, ok := icons[k]
	if !ok {
		n := k.size*2 + 4
		cv := newCanvas(n, n)
		paintIcon(cv, ic, float64(n)/2, float64(n)/2, float64(k.size), white)
		img = ebiten.NewImageFromImage(cv.img)
		icons[k] = img
	}
	drawCentred(dst, img, x, y, 1, c)
}

// emptyCache gives back every image of a sprite cache that grew past its
// bound (the window was resized many times, say).
func emptyCache[K comparable](cache map[K]*ebiten.Image) {
	for key, im := range cache {
		im.Deallocate()
		delete(cache, key)
	}
}
