package app

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	xvector "golang.org/x/image/vector"
)

var black = color.RGBA{0, 0, 0, 255}
var white = color.RGBA{255, 255, 255, 255}

// fillRoundRect fills a rounded rectangle from a white sprite painted once
// (tinted, shapes.go): Ebitengine's paths hold their vertex buffers and
// the GL driver's stencil memory for the life of the process.
func fillRoundRect(dst *ebiten.Image, r Rect, rad float64, c color.Color) {
	tintRoundRect(dst, r, rad, c)
}

// softShadow draws a blurred-looking shadow under a rounded rectangle, from
// a sprite painted once (shadowSprite, shapes.go).
func softShadow(dst *ebiten.Image, r Rect, rad, spread, dy float64, alpha float64) {
	shadowSprite(dst, r, rad, spread, dy, alpha)
}

// shadowSteps is how many growing, faint rounded rectangles make a shadow.
const shadowSteps = 10

// pixel is a white pixel for drawing plain rectangles as scaled images,
// far cheaper than a path (a full-screen path costs a stencil pass).
var pixel *ebiten.Image

func initPixel() {
	if pixel == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(white)
		pixel = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
}

func fillRect(dst *ebiten.Image, r Rect, c color.Color) {
	initPixel()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(r.W, r.H)
	op.GeoM.Translate(r.X, r.Y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(pixel, op)
}

// line draws a segment with round ends from sprites.
func line(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.Color) {
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
	fillCircle(dst, x0, y0, w/2, c)
	fillCircle(dst, x1, y1, w/2, c)
}

// pieceLook says how to draw one piece.
type pieceLook struct {
	Covered []int   // colours of the covered pieces, bottom first: a thin ring each
	Alpha   float64 // 0 means 1
	Lifted  bool    // held: bigger shadow
	Dim     bool    // not part of a winning line
}

// paintPiece draws a round gobbler seen from above: a soft shadow, a darker
// rim, a dome lit from the top left, and on the blue side an inner ring so
// the two sides differ in shape as well as colour. It paints on the CPU:
// drawPiece draws the covered pieces' rings over the sprite.
func paintPiece(cv *canvas, th *Theme, x, y, r float64, colour int, look pieceLook) {
	a := look.Alpha
	if a == 0 {
		a = 1
	}
	base := th.Player[colour]
	if look.Dim {
		base = mix(base, th.Background, 0.45)
	}
	// shadow
	dx, dy, blur := 0.05*r, 0.10*r, 0.10*r
	if look.Lifted {
		dx, dy, blur = 0.14*r, 0.24*r, 0.2*r
	}
	for i := 4; i >= 1; i-- {
		cv.circle(x+dx, y+dy, r+blur*float64(i)/4, withAlpha(black, 0.10*a))
	}
	rim := shade(base, 0.62)
	cv.circle(x, y, r, withAlpha(rim, a))
	// the dome: layers shifted towards the light get lighter
	body := r * 0.88
	cv.circle(x, y, body, withAlpha(shade(base, 0.86), a))
	const layers = 6
	for i := 1; i <= layers; i++ {
		t := float64(i) / layers
		rr := body * (1 - 0.55*t)
		off := body * 0.28 * t
		cv.circle(x-off*0.8, y-off, rr, withAlpha(mix(base, white, 0.05+0.26*t*t), a))
	}
	// specular glint
	cv.circle(x-0.36*r, y-0.42*r, 0.11*r, withAlpha(white, 0.45*a))
	if colour == 1 {
		// the mark: an inner ring
		cv.ring(x, y, r*0.45, math.Max(1.5, r*0.09), withAlpha(shade(base, 0.45), a))
		cv.ring(x, y, r*0.45, math.Max(1, r*0.03), withAlpha(mix(base, white, 0.55), 0.8*a))
	}
}

// drawRings draws a thin ring at the rim per covered piece, in that piece's colour.
func drawRings(dst *ebiten.Image, th *Theme, x, y, r float64, look pieceLook, a float64) {
	w := math.Max(1, r*0.03)
	for i, c := range look.Covered {
		rr := r*0.955 - float64(len(look.Covered)-1-i)*r*0.045
		strokeCircle(dst, x, y, rr, w, withAlpha(mix(th.Player[c], white, 0.45), a))
	}
}

type spriteKey struct {
	colour, r   int
	dim, lifted bool
	theme       string
}

// sprites caches pieces drawn once with paths: a board redraws them every
// frame, and images are cheap where paths are not.
var sprites = map[spriteKey]*ebiten.Image{}

// spriteRadii are the radii pieces are painted at; a piece is drawn from
// the smallest that is at least as large, scaled down (or the largest,
// scaled up), so a whole game needs a handful of sprites.
var spriteRadii = [...]int{40, 80, 160}

// pieceReach is how far from its centre a piece of radius r draws: its
// sprite (shadow included) is 1.5 r across each way and two sprite pixels,
// scaled by at most two (spriteRadii); a tenth more to spare.
func pieceReach(r float64) float64 { return 1.5*r*1.1 + 6 }

// pieceSprite returns a piece's sprite, painting it the first time.
func pieceSprite(th *Theme, k spriteKey) *ebiten.Image {
	img, ok := sprites[k]
	if !ok {
		half := int(math.Ceil(float64(k.r)*1.5)) + 2
		cv := newCanvas(2*half, 2*half)
		paintPiece(cv, th, float64(half), float64(half), float64(k.r), k.colour, pieceLook{Dim: k.dim, Lifted: k.lifted})
		img = ebiten.NewImageFromImage(cv.img)
		sprites[k] = img
	}
	return img
}

// warmUp paints one not yet painted piece sprite of the theme and reports
// whether there was one: the menus call it once a frame, so the game's
// first frame does not have to paint them all at once (slow on software
// renderers).
func warmUp(th *Theme) bool {
	for _, r := range spriteRadii[:2] {
		for c := 0; c < 2; c++ {
			for _, lifted := range []bool{false, true} {
				k := spriteKey{c, r, false, lifted, th.Name}
				if _, ok := sprites[k]; !ok {
					pieceSprite(th, k)
					return true
				}
			}
		}
	}
	return false
}

// drawPiece draws a piece from the sprite cache, then its rings.
func drawPiece(dst *ebiten.Image, th *Theme, x, y, r float64, colour int, look pieceLook) {
	if r < 1 {
		return
	}
	pr := spriteRadii[len(spriteRadii)-1]
	for _, c := range spriteRadii {
		if float64(c) >= r {
			pr = c
			break
		}
	}
	k := spriteKey{colour, pr, look.Dim, look.Lifted, th.Name}
	img := pieceSprite(th, k)
	a := look.Alpha
	if a == 0 {
		a = 1
	}
	half := float64(img.Bounds().Dx()) / 2
	s := r / float64(k.r)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-half, -half)
	op.GeoM.Scale(s, s)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleAlpha(float32(a))
	dst.DrawImage(img, op)
	drawRings(dst, th, x, y, r, look, a)
}

// newScreenSized makes an image as large as the screen (a layer, a
// cross-fade's picture) on a texture of its own. Ebitengine moves an image
// that has been only read for a while onto its shared atlas of sprites; a
// screen-sized one then makes that atlas grow to 8192×4096 (128 MB) in one
// frame, clearing and copying it: a frame of 300-500 ms with a software
// renderer, seen two seconds into the first game.
func newScreenSized(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// layer is an image drawn once and reused while its key holds: the board,
// a menu's backdrop.
type layer struct {
	key string
	img *ebiten.Image
}

// get returns the layer's image for a key, painting it when the key changed.
func (l *layer) get(key string, w, h int, paint func(img *ebiten.Image)) *ebiten.Image {
	if l.img != nil && l.key == key {
		return l.img
	}
	if l.img != nil {
		l.img.Deallocate()
	}
	l.img = newScreenSized(max(1, w), max(1, h))
	l.key = key
	paint(l.img)
	return l.img
}

// drawArrow draws an arrow from (x0,y0) to (x1,y1).
func drawArrow(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.Color) {
	ang := math.Atan2(y1-y0, x1-x0)
	head := w * 3.2
	bx, by := x1-math.Cos(ang)*head*0.8, y1-math.Sin(ang)*head*0.8
	line(dst, x0, y0, bx, by, w, c)
	drawArrowHead(dst, x1, y1, ang, head, c)
	fillCircle(dst, x0, y0, w*0.9, c)
}

var arrowHead *ebiten.Image

// drawArrowHead draws an anti-aliased arrowhead sprite with its tip at (x, y).
func drawArrowHead(dst *ebiten.Image, x, y, ang, size float64, c color.Color) {
	const n = 128
	if arrowHead == nil {
		cv := newCanvas(n, n)
		cv.fill(0, 0, n, n, white, func(z *xvector.Rasterizer, _, _ float64) {
			z.MoveTo(n-4, n/2)
			z.LineTo(float32(n-4-math.Cos(0.5)*(n-8)), float32(n/2-math.Sin(0.5)*(n-8)))
			z.LineTo(float32(n-4-math.Cos(0.5)*(n-8)), float32(n/2+math.Sin(0.5)*(n-8)))
			z.ClosePath()
		})
		arrowHead = ebiten.NewImageFromImage(cv.img)
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-(n - 4), -n/2)
	op.GeoM.Scale(size/(n-8), size/(n-8))
	op.GeoM.Rotate(ang)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(arrowHead, op)
}

// drawBackground paints a vertical gradient over a screen of w×h (given,
// not read from dst: a frame may draw only a part of the screen, dst).
func drawBackground(dst *ebiten.Image, th *Theme, w, h float64) {
	const bands = 24
	for i := 0; i < bands; i++ {
		t := float64(i) / (bands - 1)
		fillRect(dst, Rect{0, h * float64(i) / bands, w, h/bands + 1}, mix(th.BackTop, th.Background, t))
	}
}

// easeOut is the cubic ease-out curve on [0,1].
func easeOut(t float64) float64 {
	t = math.Max(0, math.Min(1, t))
	return 1 - (1-t)*(1-t)*(1-t)
}
