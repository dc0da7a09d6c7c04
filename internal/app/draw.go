package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/ui"
)

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
func paintPiece(cv *ui.Canvas, th *palette.Theme, x, y, r float64, colour int, look pieceLook) {
	a := look.Alpha
	if a == 0 {
		a = 1
	}
	base := th.Player[colour]
	if look.Dim {
		base = palette.Mix(base, th.Background, 0.45)
	}
	// shadow
	dx, dy, blur := 0.05*r, 0.10*r, 0.10*r
	if look.Lifted {
		dx, dy, blur = 0.14*r, 0.24*r, 0.2*r
	}
	for i := 4; i >= 1; i-- {
		cv.Circle(x+dx, y+dy, r+blur*float64(i)/4, palette.WithAlpha(palette.Black, 0.10*a))
	}
	rim := palette.Shade(base, 0.62)
	cv.Circle(x, y, r, palette.WithAlpha(rim, a))
	// the dome: layers shifted towards the light get lighter
	body := r * 0.88
	cv.Circle(x, y, body, palette.WithAlpha(palette.Shade(base, 0.86), a))
	const layers = 6
	for i := 1; i <= layers; i++ {
		t := float64(i) / layers
		rr := body * (1 - 0.55*t)
		off := body * 0.28 * t
		cv.Circle(x-off*0.8, y-off, rr, palette.WithAlpha(palette.Mix(base, palette.White, 0.05+0.26*t*t), a))
	}
	// specular glint
	cv.Circle(x-0.36*r, y-0.42*r, 0.11*r, palette.WithAlpha(palette.White, 0.45*a))
	if colour == 1 {
		// the mark: an inner ring
		cv.Ring(x, y, r*0.45, math.Max(1.5, r*0.09), palette.WithAlpha(palette.Shade(base, 0.45), a))
		cv.Ring(x, y, r*0.45, math.Max(1, r*0.03), palette.WithAlpha(palette.Mix(base, palette.White, 0.55), 0.8*a))
	}
}

// drawRings draws a thin ring at the rim per covered piece, in that piece's colour.
func drawRings(dst *ebiten.Image, th *palette.Theme, x, y, r float64, look pieceLook, a float64) {
	w := math.Max(1, r*0.03)
	for i, c := range look.Covered {
		rr := r*0.955 - float64(len(look.Covered)-1-i)*r*0.045
		ui.StrokeCircle(dst, x, y, rr, w, palette.WithAlpha(palette.Mix(th.Player[c], palette.White, 0.45), a))
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
func pieceSprite(th *palette.Theme, k spriteKey) *ebiten.Image {
	img, ok := sprites[k]
	if !ok {
		half := int(math.Ceil(float64(k.r)*1.5)) + 2
		cv := ui.NewCanvas(2*half, 2*half)
		paintPiece(cv, th, float64(half), float64(half), float64(k.r), k.colour, pieceLook{Dim: k.dim, Lifted: k.lifted})
		img = ebiten.NewImageFromImage(cv.Img)
		sprites[k] = img
	}
	return img
}

// warmUp paints one not yet painted piece sprite of the theme and reports
// whether there was one: the menus call it once a frame, so the game's
// first frame does not have to paint them all at once (slow on software
// renderers).
func warmUp(th *palette.Theme) bool {
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
func drawPiece(dst *ebiten.Image, th *palette.Theme, x, y, r float64, colour int, look pieceLook) {
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
