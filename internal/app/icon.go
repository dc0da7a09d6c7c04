package app

import (
	"image"
	"image/color"
	"math"
)

// appIcons draws the window icon in a few sizes: a large orange piece
// overlapping a blue one on a slate tile, the game in one glance.
func appIcons() []image.Image {
	var out []image.Image
	for _, n := range []int{16, 32, 48, 64, 128, 256} {
		out = append(out, paintIcon(n))
	}
	return out
}

func paintIcon(n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	s := float64(n)
	type disc struct {
		x, y, r float64
		c       color.RGBA
	}
	discs := []disc{
		{0.5, 0.5, 0.5, rgb(0x26303b)},                   // tile
		{0.66, 0.64, 0.27, shade(okabeBlue, 0.62)},       // blue rim
		{0.66, 0.64, 0.23, okabeBlue},                    // blue body
		{0.66, 0.64, 0.11, shade(okabeBlue, 0.5)},        // blue mark
		{0.66, 0.64, 0.08, okabeBlue},                    //
		{0.40, 0.38, 0.33, shade(okabeOrange, 0.62)},     // orange rim
		{0.40, 0.38, 0.285, okabeOrange},                 // orange body
		{0.33, 0.30, 0.12, mix(okabeOrange, white, .35)}, // highlight
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			var r, g, b, a float64
			for _, d := range discs {
				// coverage from 4×4 subsamples
				cov := 0.0
				for sy := 0; sy < 4; sy++ {
					for sx := 0; sx < 4; sx++ {
						px := (float64(x) + (float64(sx)+0.5)/4) / s
						py := (float64(y) + (float64(sy)+0.5)/4) / s
						if math.Hypot(px-d.x, py-d.y) <= d.r {
							cov++
						}
					}
				}
				cov /= 16
				r = r*(1-cov) + float64(d.c.R)*cov
				g = g*(1-cov) + float64(d.c.G)*cov
				b = b*(1-cov) + float64(d.c.B)*cov
				a = a*(1-cov) + 255*cov
			}
			img.SetRGBA(x, y, color.RGBA{uint8(r), uint8(g), uint8(b), uint8(a)}) // premultiplied
		}
	}
	return img
}
