package ui

import (
	"github.com/gobblet-game/gobblet/internal/palette"

	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	xvector "golang.org/x/image/vector"
)

// FillRoundRect fills a rounded rectangle from a white sprite painted once
// (tinted, shapes.go): Ebitengine's paths hold their vertex buffers and
// the GL driver's stencil memory for the life of the process.
func FillRoundRect(dst *ebiten.Image, r Rect, rad float64, c color.Color) {
	TintRoundRect(dst, r, rad, c)
}

// SoftShadow draws a blurred-looking shadow under a rounded rectangle, from
// a sprite painted once (ShadowSprite, shapes.go).
func SoftShadow(dst *ebiten.Image, r Rect, rad, spread, dy float64, alpha float64) {
	ShadowSprite(dst, r, rad, spread, dy, alpha)
}

// shadowSteps is how many growing, faint rounded rectangles make a shadow.
const shadowSteps = 10

// pixel is a white pixel for drawing plain rectangles as scaled images,
// far cheaper than a path (a full-screen path costs a stencil pass).
var pixel *ebiten.Image

func initPixel() {
	if pixel == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(palette.White)
		pixel = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
}

// FillRect fills a rectangle in c.
func FillRect(dst *ebiten.Image, r Rect, c color.Color) {
	initPixel()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(r.W, r.H)
	op.GeoM.Translate(r.X, r.Y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(pixel, op)
}

// Line draws a segment with round ends from sprites.
func Line(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.Color) {
	initPixel()
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(l, w)
	op.GeoM.Translate(0, -w/2)
	op.GeoM.Rotate(math.Atan2(dy, dx))
	op.GeoM.Translate(x0, y0)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(pixel, op)
	FillCircle(dst, x0, y0, w/2, c)
	FillCircle(dst, x1, y1, w/2, c)
}

// NewScreenSized makes an image as large as the screen (a layer, a
// cross-fade's picture) on a texture of its own. Ebitengine moves an image
// that has been only read for a while onto its shared atlas of sprites; a
// screen-sized one then makes that atlas grow to 8192×4096 (128 MB) in one
// frame, clearing and copying it: a frame of 300-500 ms with a software
// renderer, seen two seconds into the first game.
func NewScreenSized(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// Layer is an image drawn once and reused while its key holds: the board,
// a menu's backdrop.
type Layer struct {
	Key string
	Img *ebiten.Image
}

// Get returns the layer's image for a key, painting it when the key changed.
func (l *Layer) Get(key string, w, h int, paint func(img *ebiten.Image)) *ebiten.Image {
	if l.Img != nil && l.Key == key {
		return l.Img
	}
	if l.Img != nil {
		l.Img.Deallocate()
	}
	l.Img = NewScreenSized(max(1, w), max(1, h))
	l.Key = key
	paint(l.Img)
	return l.Img
}

// DrawArrow draws an arrow from (x0,y0) to (x1,y1).
func DrawArrow(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.Color) {
	ang := math.Atan2(y1-y0, x1-x0)
	head := w * 3.2
	bx, by := x1-math.Cos(ang)*head*0.8, y1-math.Sin(ang)*head*0.8
	Line(dst, x0, y0, bx, by, w, c)
	DrawArrowHead(dst, x1, y1, ang, head, c)
	FillCircle(dst, x0, y0, w*0.9, c)
}

var arrowHead *ebiten.Image

// DrawArrowHead draws an anti-aliased arrowhead sprite with its tip at (x, y).
func DrawArrowHead(dst *ebiten.Image, x, y, ang, size float64, c color.Color) {
	const n = 128
	if arrowHead == nil {
		cv := NewCanvas(n, n)
		cv.Fill(0, 0, n, n, palette.White, func(z *xvector.Rasterizer, _, _ float64) {
			z.MoveTo(n-4, n/2)
			z.LineTo(float32(n-4-math.Cos(0.5)*(n-8)), float32(n/2-math.Sin(0.5)*(n-8)))
			z.LineTo(float32(n-4-math.Cos(0.5)*(n-8)), float32(n/2+math.Sin(0.5)*(n-8)))
			z.ClosePath()
		})
		arrowHead = ebiten.NewImageFromImage(cv.Img)
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-(n - 4), -n/2)
	op.GeoM.Scale(size/(n-8), size/(n-8))
	op.GeoM.Rotate(ang)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(arrowHead, op)
}

// DrawBackground paints a vertical gradient over a screen of w×h (given,
// not read from dst: a frame may draw only a part of the screen, dst).
func DrawBackground(dst *ebiten.Image, th *palette.Theme, w, h float64) {
	const bands = 24
	for i := 0; i < bands; i++ {
		t := float64(i) / (bands - 1)
		FillRect(dst, Rect{0, h * float64(i) / bands, w, h/bands + 1}, palette.Mix(th.BackTop, th.Background, t))
	}
}

// EaseOut is the cubic ease-out curve on [0,1].
func EaseOut(t float64) float64 {
	t = math.Max(0, math.Min(1, t))
	return 1 - (1-t)*(1-t)*(1-t)
}
