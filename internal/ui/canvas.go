package ui

import (
	"github.com/gobblet-game/gobblet/internal/palette"

	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Canvas paints sprites on the CPU: anti-aliased circles and rounded
// rectangles, composited over one another, into an RGBA picture that then
// becomes an image once. Painting them with Ebitengine's paths cost
// hundreds of thousands of vertices on the menu's first frames, and
// Ebitengine keeps its largest vertex buffer for the life of the process
// (38 MB of the heap, issue 15). A rasterizer uses no vertices.
type Canvas struct {
	Img *image.RGBA
	z   vector.Rasterizer
}

// NewCanvas is a transparent canvas of w×h pixels (at least 1×1).
func NewCanvas(w, h int) *Canvas {
	return &Canvas{Img: image.NewRGBA(image.Rect(0, 0, max(1, w), max(1, h)))}
}

// kappa places the control points of a cubic Bézier that follows a quarter
// Circle to within 0.03 % of its radius.
const kappa = 0.5522847498

// Shape is a closed outline added to a rasterizer, offset by (ox, oy).
type Shape func(z *vector.Rasterizer, ox, oy float64)

// Fill paints the union of shapes, whose bounds are x0, y0, x1, y1, in c.
// The rasterizer covers only those bounds, so a small shape on a large
// Canvas costs only its own pixels.
func (cv *Canvas) Fill(x0, y0, x1, y1 float64, c color.Color, shapes ...Shape) {
	b := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(cv.Img.Rect)
	if b.Empty() {
		return
	}
	cv.z.Reset(b.Dx(), b.Dy())
	cv.z.DrawOp = draw.Over
	for _, s := range shapes {
		s(&cv.z, float64(b.Min.X), float64(b.Min.Y))
	}
	cv.z.Draw(cv.Img, b, image.NewUniform(c), image.Point{})
}

// circleShape is a circle; reverse winds it the other way, so that inside
// another circle it cuts a hole (the rasterizer adds signed areas).
func circleShape(x, y, r float64, reverse bool) Shape {
	return func(z *vector.Rasterizer, ox, oy float64) {
		cx, cy := float32(x-ox), float32(y-oy)
		rr, k := float32(r), float32(r*kappa)
		s := float32(1)
		if reverse {
			s = -1
		}
		z.MoveTo(cx+rr, cy)
		z.CubeTo(cx+rr, cy+s*k, cx+k, cy+s*rr, cx, cy+s*rr)
		z.CubeTo(cx-k, cy+s*rr, cx-rr, cy+s*k, cx-rr, cy)
		z.CubeTo(cx-rr, cy-s*k, cx-k, cy-s*rr, cx, cy-s*rr)
		z.CubeTo(cx+k, cy-s*rr, cx+rr, cy-s*k, cx+rr, cy)
		z.ClosePath()
	}
}

// roundRectShape is a rectangle with corners of radius rad (clamped to half
// its shorter side); reverse winds it the other way.
func roundRectShape(r Rect, rad float64, reverse bool) Shape {
	return func(z *vector.Rasterizer, ox, oy float64) {
		q := math.Max(0, math.Min(rad, math.Min(r.W, r.H)/2))
		x0, y0 := float32(r.X-ox), float32(r.Y-oy)
		x1, y1 := x0+float32(r.W), y0+float32(r.H)
		k := float32(q * (1 - kappa))
		qq := float32(q)
		// the corners, clockwise on screen from the top edge; each is the
		// start of a straight edge and the cubic that rounds the next corner
		pts := [4][8]float32{
			{x1 - qq, y0, x1 - k, y0, x1, y0 + k, x1, y0 + qq},
			{x1, y1 - qq, x1, y1 - k, x1 - k, y1, x1 - qq, y1},
			{x0 + qq, y1, x0 + k, y1, x0, y1 - k, x0, y1 - qq},
			{x0, y0 + qq, x0, y0 + k, x0 + k, y0, x0 + qq, y0},
		}
		if reverse {
			z.MoveTo(x0+qq, y0)
			for i := 3; i >= 0; i-- {
				p := pts[i]
				z.LineTo(p[6], p[7])
				z.CubeTo(p[4], p[5], p[2], p[3], p[0], p[1])
			}
			z.ClosePath()
			return
		}
		z.MoveTo(x0+qq, y0)
		for _, p := range pts {
			z.LineTo(p[0], p[1])
			z.CubeTo(p[2], p[3], p[4], p[5], p[6], p[7])
		}
		z.ClosePath()
	}
}

// Circle fills a disc.
func (cv *Canvas) Circle(x, y, r float64, c color.Color) {
	if r <= 0 {
		return
	}
	cv.Fill(x-r-1, y-r-1, x+r+1, y+r+1, c, circleShape(x, y, r, false))
}

// Ring fills a ring of width w centred on radius r.
func (cv *Canvas) Ring(x, y, r, w float64, c color.Color) {
	if r <= 0 || w <= 0 {
		return
	}
	out := r + w/2
	cv.Fill(x-out-1, y-out-1, x+out+1, y+out+1, c,
		circleShape(x, y, out, false), circleShape(x, y, math.Max(0, r-w/2), true))
}

// RoundRect fills a rounded rectangle.
func (cv *Canvas) RoundRect(r Rect, rad float64, c color.Color) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	cv.Fill(r.X-1, r.Y-1, r.X+r.W+1, r.Y+r.H+1, c, roundRectShape(r, rad, false))
}

// RoundRectEdge strokes a rounded rectangle's outline with width w, as a
// stroke with round joins would: the outline grown by w/2 less the outline
// shrunk by w/2.
func (cv *Canvas) RoundRectEdge(r Rect, rad, w float64, c color.Color) {
	if r.W <= 0 || r.H <= 0 || w <= 0 {
		return
	}
	out := r.Inset(-w / 2)
	shapes := []Shape{roundRectShape(out, rad+w/2, false)}
	if in := r.Inset(w / 2); in.W > 0 && in.H > 0 {
		shapes = append(shapes, roundRectShape(in, math.Max(0, rad-w/2), true))
	}
	cv.Fill(out.X-1, out.Y-1, out.X+out.W+1, out.Y+out.H+1, c, shapes...)
}

// SoftShadow paints a blurred-looking shadow under a rounded rectangle, as
// the path-drawn SoftShadow does.
func (cv *Canvas) SoftShadow(r Rect, rad, spread, dy, alpha float64) {
	for i := shadowSteps; i >= 1; i-- {
		d := spread * float64(i) / shadowSteps
		cv.RoundRect(Rect{r.X - d, r.Y - d + dy, r.W + 2*d, r.H + 2*d}, rad+d, palette.WithAlpha(palette.Black, alpha/shadowSteps))
	}
}
