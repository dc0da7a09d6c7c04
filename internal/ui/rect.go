package ui

import (
	"image"
	"math"
)

// Rect is an axis-aligned rectangle in screen pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether the point lies inside the rectangle.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Center returns the rectangle's centre.
func (r Rect) Center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Inset shrinks the rectangle by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Empty reports whether the rectangle has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Union is the smallest rectangle holding both (an empty one adds nothing).
func (r Rect) Union(o Rect) Rect {
	switch {
	case o.Empty():
		return r
	case r.Empty():
		return o
	}
	x0, y0 := math.Min(r.X, o.X), math.Min(r.Y, o.Y)
	x1, y1 := math.Max(r.X+r.W, o.X+o.W), math.Max(r.Y+r.H, o.Y+o.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Holds reports whether o lies wholly inside r.
func (r Rect) Holds(o Rect) bool {
	return o.X >= r.X && o.Y >= r.Y && o.X+o.W <= r.X+r.W && o.Y+o.H <= r.Y+r.H
}

// Pixels is the rectangle of whole pixels that holds r, one more on each
// side for the anti-aliased edges.
func (r Rect) Pixels() image.Rectangle {
	return image.Rect(int(math.Floor(r.X))-1, int(math.Floor(r.Y))-1, int(math.Ceil(r.X+r.W))+1, int(math.Ceil(r.Y+r.H))+1)
}

// R is the rectangle at x, y, w wide and h high: Rect{x, y, w, h}, which
// outside this package is to be written with its fields' names.
func R(x, y, w, h float64) Rect { return Rect{x, y, w, h} }
