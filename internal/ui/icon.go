package ui

import (
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// PaintIcon paints a button's pictogram of size s centred on (x, y), on
// the CPU: drawn with Ebitengine's paths, the game's four top-bar icons
// made its vertex buffers grow to 150 MB (issue 15).
func PaintIcon(cv *Canvas, ic Icon, x, y, s float64, c color.Color) {
	w := math.Max(1.5, s*0.14)
	switch ic {
	case IconPause:
		cv.RoundRect(Rect{x - s*0.32, y - s*0.4, s * 0.22, s * 0.8}, s*0.05, c)
		cv.RoundRect(Rect{x + s*0.10, y - s*0.4, s * 0.22, s * 0.8}, s*0.05, c)
	case IconPlay, IconStep:
		cv.Polygon(c, x-s*0.3, y-s*0.4, x+s*0.4, y, x-s*0.3, y+s*0.4)
		if ic == IconStep {
			cv.RoundRect(Rect{x + s*0.38, y - s*0.4, s * 0.14, s * 0.8}, 0, c)
		}
	case IconUndo, IconRedo:
		dir := 1.0
		if ic == IconRedo {
			dir = -1
		}
		// a hook: a half ring over the top with round ends, an arrowhead
		// on the left (undo) or right (redo), and a short foot
		cy := y + s*0.05
		cv.ArcOverTop(x, cy, s*0.32, w, c)
		hx := x - dir*s*0.32
		cv.Polygon(c, hx-s*0.2, cy-s*0.02, hx+s*0.2, cy-s*0.02, hx, cy+s*0.3)
		cv.RoundRect(Rect{x - s*0.15 + dir*s*0.05, y + s*0.25, s * 0.3, w}, w/2, c)
	case IconHint:
		cv.Circle(x, y-s*0.1, s*0.3, c)
		cv.RoundRect(Rect{x - s*0.15, y + s*0.12, s * 0.3, s * 0.2}, s*0.04, c)
		cv.RoundRect(Rect{x - s*0.11, y + s*0.35, s * 0.22, s * 0.08}, s*0.04, c)
	case IconMenu:
		for i := -1; i <= 1; i++ {
			cv.RoundRect(Rect{x - s*0.36, y + float64(i)*s*0.28 - s*0.06, s * 0.72, s * 0.12}, s*0.06, c)
		}
	case IconList: // the move list: three lines, each after a dot
		for i := -1; i <= 1; i++ {
			yy := y + float64(i)*s*0.3
			cv.Circle(x-s*0.3, yy, s*0.08, c)
			cv.RoundRect(Rect{x - s*0.14, yy - s*0.06, s * 0.5, s * 0.12}, s*0.06, c)
		}
	case IconBack:
		cv.Segment(x+s*0.1, y-s*0.35, x-s*0.25, y, w*1.2, c)
		cv.Segment(x-s*0.25, y, x+s*0.1, y+s*0.35, w*1.2, c)
	case IconForward:
		cv.Segment(x-s*0.1, y-s*0.35, x+s*0.25, y, w*1.2, c)
		cv.Segment(x+s*0.25, y, x-s*0.1, y+s*0.35, w*1.2, c)
	}
}

// Polygon fills the polygon through the points x0, y0, x1, y1, ...
func (cv *Canvas) Polygon(c color.Color, xy ...float64) {
	if len(xy) < 6 {
		return
	}
	x0, y0, x1, y1 := xy[0], xy[1], xy[0], xy[1]
	for i := 2; i < len(xy); i += 2 {
		x0, x1 = math.Min(x0, xy[i]), math.Max(x1, xy[i])
		y0, y1 = math.Min(y0, xy[i+1]), math.Max(y1, xy[i+1])
	}
	cv.Fill(x0-1, y0-1, x1+1, y1+1, c, polygonShape(xy...))
}

// Segment fills a line of width w with round ends.
func (cv *Canvas) Segment(x0, y0, x1, y1, w float64, c color.Color) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		cv.Circle(x0, y0, w/2, c)
		return
	}
	// the normal, half the width long
	nx, ny := -(y1-y0)/l*w/2, (x1-x0)/l*w/2
	r := w / 2
	cv.Fill(math.Min(x0, x1)-r-1, math.Min(y0, y1)-r-1, math.Max(x0, x1)+r+1, math.Max(y0, y1)+r+1, c,
		polygonShape(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny),
		circleShape(x0, y0, r, false), circleShape(x1, y1, r, false))
}

// ArcOverTop fills the upper half of a ring of radius r and width w, with
// round ends: a stroked semicircle.
func (cv *Canvas) ArcOverTop(x, y, r, w float64, c color.Color) {
	const steps = 48
	out, in := r+w/2, math.Max(0, r-w/2)
	xy := make([]float64, 0, 4*(steps+1))
	for i := 0; i <= steps; i++ {
		a := math.Pi + math.Pi*float64(i)/steps
		xy = append(xy, x+out*math.Cos(a), y+out*math.Sin(a))
	}
	for i := steps; i >= 0; i-- {
		a := math.Pi + math.Pi*float64(i)/steps
		xy = append(xy, x+in*math.Cos(a), y+in*math.Sin(a))
	}
	cv.Fill(x-out-1, y-out-1, x+out+1, y+w/2+1, c,
		polygonShape(xy...), circleShape(x-r, y, w/2, false), circleShape(x+r, y, w/2, false))
}

// polygonShape is the polygon through the points x0, y0, x1, y1, ...
func polygonShape(xy ...float64) Shape {
	return func(z *vector.Rasterizer, ox, oy float64) {
		z.MoveTo(float32(xy[0]-ox), float32(xy[1]-oy))
		for i := 2; i < len(xy); i += 2 {
			z.LineTo(float32(xy[i]-ox), float32(xy[i+1]-oy))
		}
		z.ClosePath()
	}
}
