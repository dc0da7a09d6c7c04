// Package icon draws the game's icon — a large orange gobbler covering a
// smaller blue one on a slate tile — at any size, in plain Go, so the window
// icon and the platform icons of the release archives all come from code.
package icon

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"

	"golang.org/x/image/vector"
)

// Sizes are the square sizes the platforms ask for, smallest first.
var Sizes = []int{16, 24, 32, 48, 64, 128, 256, 512, 1024}

var (
	slateTop    = color.RGBA{0x3a, 0x46, 0x55, 0xff}
	slateBottom = color.RGBA{0x22, 0x2a, 0x34, 0xff}
	orange      = color.RGBA{0xe6, 0x9f, 0x00, 0xff}
	blue        = color.RGBA{0x00, 0x72, 0xb2, 0xff}
)

// Draw returns the icon at size×size pixels, anti-aliased, with a
// transparent margin outside the rounded tile.
func Draw(size int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float32(size)
	// The tile: a rounded square with a vertical gradient.
	fill(img, roundedRect(s, s*0.04, s*0.96, s*0.2), gradient{slateTop, slateBottom, 0, s})
	// The small blue piece peeking out at the lower right, under the big one.
	piece(img, s*0.68, s*0.68, s*0.22, blue)
	// The big orange piece on top.
	piece(img, s*0.44, s*0.44, s*0.34, orange)
	return img
}

// PNG encodes the icon at a size.
func PNG(size int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, Draw(size)); err != nil {
		panic(err) // encoding an in-memory RGBA image cannot fail
	}
	return b.Bytes()
}

// piece draws a gobbler seen from above: a soft shadow, a darker rim, the
// body, an inner ring and a highlight towards the top left.
func piece(img *image.RGBA, cx, cy, r float32, c color.RGBA) {
	shadow := color.RGBA{0, 0, 0, 0x60}
	fill(img, circle(img, cx+r*0.08, cy+r*0.12, r*1.02), flat(shadow))
	fill(img, circle(img, cx, cy, r), flat(shade(c, 0.62)))
	fill(img, circle(img, cx, cy, r*0.86), radial{shade(c, 1.18), c, cx - r*0.35, cy - r*0.35, r * 1.3})
	ring(img, cx, cy, r*0.56, r*0.07, shade(c, 0.8))
	fill(img, circle(img, cx-r*0.32, cy-r*0.34, r*0.2), radial{color.RGBA{0xff, 0xff, 0xff, 0x90}, color.RGBA{0xff, 0xff, 0xff, 0}, cx - r*0.32, cy - r*0.34, r * 0.2})
}

func ring(img *image.RGBA, cx, cy, r, w float32, c color.RGBA) {
	z := vector.NewRasterizer(img.Bounds().Dx(), img.Bounds().Dy())
	addCircle(z, cx, cy, r+w/2, false)
	addCircle(z, cx, cy, r-w/2, true)
	z.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
}

func circle(img *image.RGBA, cx, cy, r float32) *vector.Rasterizer {
	z := vector.NewRasterizer(img.Bounds().Dx(), img.Bounds().Dy())
	addCircle(z, cx, cy, r, false)
	return z
}

// addCircle appends a circle of four cubic arcs; reverse winds it the other
// way so that, inside a larger circle, it cuts a hole.
func addCircle(z *vector.Rasterizer, cx, cy, r float32, reverse bool) {
	const k = 0.5522848 // control-point distance for a quarter circle
	dir := float32(1)
	if reverse {
		dir = -1
	}
	z.MoveTo(cx+r, cy)
	for i := 0; i < 4; i++ {
		a0 := float64(i) * math.Pi / 2 * float64(dir)
		a1 := float64(i+1) * math.Pi / 2 * float64(dir)
		x0, y0 := cx+r*float32(math.Cos(a0)), cy+r*float32(math.Sin(a0))
		x1, y1 := cx+r*float32(math.Cos(a1)), cy+r*float32(math.Sin(a1))
		// Tangents at the ends.
		tx0, ty0 := -float32(math.Sin(a0))*dir, float32(math.Cos(a0))*dir
		tx1, ty1 := -float32(math.Sin(a1))*dir, float32(math.Cos(a1))*dir
		z.CubeTo(x0+tx0*r*k, y0+ty0*r*k, x1-tx1*r*k, y1-ty1*r*k, x1, y1)
	}
	z.ClosePath()
}

func roundedRect(s, lo, hi, rad float32) *vector.Rasterizer {
	{
		z := vector.NewRasterizer(int(s), int(s))
		const k = 0.5522848
		z.MoveTo(lo+rad, lo)
		z.LineTo(hi-rad, lo)
		z.CubeTo(hi-rad+rad*k, lo, hi, lo+rad-rad*k, hi, lo+rad)
		z.LineTo(hi, hi-rad)
		z.CubeTo(hi, hi-rad+rad*k, hi-rad+rad*k, hi, hi-rad, hi)
		z.LineTo(lo+rad, hi)
		z.CubeTo(lo+rad-rad*k, hi, lo, hi-rad+rad*k, lo, hi-rad)
		z.LineTo(lo, lo+rad)
		z.CubeTo(lo, lo+rad-rad*k, lo+rad-rad*k, lo, lo+rad, lo)
		z.ClosePath()
		return z
	}
}

// fill composites src through the rasterized shape onto img (draw.Over,
// the rasterizer's default).
func fill(img *image.RGBA, z *vector.Rasterizer, src image.Image) {
	z.Draw(img, img.Bounds(), src, image.Point{})
}

func flat(c color.RGBA) image.Image { return image.NewUniform(c) }

// shade scales a colour's brightness (f > 1 lightens towards white).
func shade(c color.RGBA, f float64) color.RGBA {
	ch := func(v uint8) uint8 {
		x := float64(v) * f
		if f > 1 {
			x = float64(v) + (255-float64(v))*(f-1)
		}
		return uint8(math.Max(0, math.Min(255, x)))
	}
	return color.RGBA{ch(c.R), ch(c.G), ch(c.B), c.A}
}

// gradient is a vertical linear gradient from a (at y0) to b (at y1).
type gradient struct {
	a, b   color.RGBA
	y0, y1 float32
}

func (g gradient) ColorModel() color.Model { return color.RGBAModel }
func (g gradient) Bounds() image.Rectangle { return image.Rect(-1e9, -1e9, 1e9, 1e9) }
func (g gradient) At(x, y int) color.Color {
	return mix(g.a, g.b, (float32(y)-g.y0)/(g.y1-g.y0))
}

// radial goes from a at its centre to b at radius r.
type radial struct {
	a, b   color.RGBA
	cx, cy float32
	r      float32
}

func (g radial) ColorModel() color.Model { return color.RGBAModel }
func (g radial) Bounds() image.Rectangle { return image.Rect(-1e9, -1e9, 1e9, 1e9) }
func (g radial) At(x, y int) color.Color {
	dx, dy := float32(x)+0.5-g.cx, float32(y)+0.5-g.cy
	return mix(g.a, g.b, float32(math.Sqrt(float64(dx*dx+dy*dy)))/g.r)
}

// mix interpolates premultiplied colours.
func mix(a, b color.RGBA, t float32) color.RGBA {
	t = max(0, min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*t + 0.5) }
	pa, pb := premul(a), premul(b)
	return color.RGBA{l(pa.R, pb.R), l(pa.G, pb.G), l(pa.B, pb.B), l(pa.A, pb.A)}
}

func premul(c color.RGBA) color.RGBA {
	f := float32(c.A) / 255
	return color.RGBA{uint8(float32(c.R)*f + 0.5), uint8(float32(c.G)*f + 0.5), uint8(float32(c.B)*f + 0.5), c.A}
}
