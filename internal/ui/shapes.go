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

// shapes are the rounded rectangles painted, keyed by their painted size
// (sliced: every card taller and wider than its corners need shares one).
var shapes = map[shapeKey]*sliced{}

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
	sp := roundRectSlices(k)
	k.w, k.h = sp.w, sp.h
	drawCached(dst, shapes, shapesMax, k, sp, r, ebiten.ColorScale{}, func() *Canvas { return paintRoundRect(k, alpha) })
}

// shapesMax and shadowsMax bound the caches: past them (a window resized
// many times) they are emptied.
const (
	shapesMax  = 300
	shadowsMax = 20
)

// drawCached draws the shape keyed k (its painted size in it) at r, from
// cache, painting it first if it is not there; sp is how it is painted
// and drawn, cs its tint.
func drawCached[K comparable](dst *ebiten.Image, cache map[K]*sliced, limit int, k K, sp slices, r Rect, cs ebiten.ColorScale, paint func() *Canvas) {
	img, ok := cache[k]
	if !ok {
		if len(cache) > limit {
			emptySliced(cache)
		}
		img = newSliced(ebiten.NewImageFromImage(paint().Img), sp.mx, sp.my)
		cache[k] = img
	}
	img.draw(dst, math.Round(r.X)-float64(sp.pad), math.Round(r.Y)-float64(sp.pad), sp.fw, sp.fh, cs)
}

// slices says how a rounded shape is painted and drawn: its padding (for
// a shadow), its full picture's size, and its painting's (sliceAxis): the
// shape's own size w×h in it, and the middle column and row.
type slices struct {
	pad, fw, fh, w, h, mx, my int
}

// roundRectSlices is how RoundRectSpriteA paints and draws the shape k.
func roundRectSlices(k shapeKey) slices {
	pad := k.shadow*2 + 2
	// the corners' room: the radius, or an edge's width when wider
	corner := pad + k.rad + ceil(float64(k.stroke)/2) + 1
	sp := slices{pad: pad, fw: k.w + 2*pad, fh: k.h + 2*pad}
	var pw, ph int
	pw, sp.mx = sliceAxis(sp.fw, corner, corner)
	ph, sp.my = sliceAxis(sp.fh, corner+ceil(float64(k.shadow)/2.5), corner)
	sp.w, sp.h = pw-2*pad, ph-2*pad
	return sp
}

// paintRoundRect paints RoundRectSpriteA's shape k (w×h its size in the
// painting), its shadow alpha strong.
func paintRoundRect(k shapeKey, alpha float64) *Canvas {
	pad := k.shadow*2 + 2
	cv := NewCanvas(k.w+2*pad, k.h+2*pad)
	rr := Rect{float64(pad), float64(pad), float64(k.w), float64(k.h)}
	if k.shadow > 0 {
		cv.SoftShadow(rr, float64(k.rad), float64(k.shadow), float64(k.shadow)/2.5, alpha)
	}
	if k.Fill.A > 0 {
		cv.RoundRect(rr, float64(k.rad), k.Fill)
	}
	if k.stroke > 0 && k.edge.A > 0 {
		sw := float64(k.stroke) / 2
		cv.RoundRectEdge(rr.Inset(sw/2), math.Max(0, float64(k.rad)-sw/2), sw, k.edge)
	}
	return cv
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
	sp := tintedSlices(k)
	k.w, k.h = sp.w, sp.h
	drawCached(dst, shapes, shapesMax, k, sp, r, colorScale(c), func() *Canvas { return paintTinted(k) })
}

// tintedSlices is how tinted paints and draws the white shape k.
func tintedSlices(k shapeKey) slices {
	corner := 1 + k.rad + ceil(float64(k.stroke)/2) + 1
	sp := slices{pad: 1, fw: k.w + 2, fh: k.h + 2}
	var pw, ph int
	pw, sp.mx = sliceAxis(sp.fw, corner, corner)
	ph, sp.my = sliceAxis(sp.fh, corner, corner)
	sp.w, sp.h = pw-2, ph-2
	return sp
}

// paintTinted paints tinted's white shape k (w×h its size in the painting).
func paintTinted(k shapeKey) *Canvas {
	cv := NewCanvas(k.w+2, k.h+2)
	rr := Rect{1, 1, float64(k.w), float64(k.h)}
	if k.stroke == 0 {
		cv.RoundRect(rr, float64(k.rad), palette.White)
	} else {
		sw := float64(k.stroke) / 2
		cv.RoundRectEdge(rr.Inset(sw/2), math.Max(0, float64(k.rad)-sw/2), sw, palette.White)
	}
	return cv
}

type shadowKey struct {
	w, h, rad, spread, dy, alpha int
}

var shadows = map[shadowKey]*sliced{}

// ShadowSprite draws the soft shadow of a rounded rectangle r: spread
// pixels wide, dy pixels lower, alpha at its darkest, from the cache.
func ShadowSprite(dst *ebiten.Image, r Rect, rad, spread, dy, alpha float64) {
	k := shadowKey{int(math.Round(r.W)), int(math.Round(r.H)), int(math.Round(rad)), int(math.Round(spread)), int(math.Round(dy)), int(math.Round(alpha * 1000))}
	if k.w <= 0 || k.h <= 0 {
		return
	}
	sp := shadowSlices(k)
	k.w, k.h = sp.w, sp.h
	drawCached(dst, shadows, shadowsMax, k, sp, r, ebiten.ColorScale{}, func() *Canvas { return paintShadow(k) })
}

// shadowSlices is how ShadowSprite paints and draws the shadow k.
func shadowSlices(k shadowKey) slices {
	pad := k.spread + 2
	corner := pad + k.rad + 1
	sp := slices{pad: pad, fw: k.w + 2*pad, fh: k.h + 2*pad + max(0, k.dy)}
	var pw, ph int
	pw, sp.mx = sliceAxis(sp.fw, corner, corner)
	ph, sp.my = sliceAxis(sp.fh, corner+max(0, k.dy), corner+max(0, -k.dy))
	sp.w, sp.h = pw-2*pad, ph-2*pad-max(0, k.dy)
	return sp
}

// paintShadow paints ShadowSprite's shadow k (w×h the shape's size in the
// painting).
func paintShadow(k shadowKey) *Canvas {
	pad := k.spread + 2
	cv := NewCanvas(k.w+2*pad, k.h+2*pad+max(0, k.dy))
	cv.SoftShadow(Rect{float64(pad), float64(pad), float64(k.w), float64(k.h)}, float64(k.rad), float64(k.spread), float64(k.dy), float64(k.alpha)/1000)
	return cv
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
