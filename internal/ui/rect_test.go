package ui

import "testing"

// A part of the screen is whole pixels holding it, with one more around
// for anti-aliased edges; rectangles unite.
func TestRectPixelsAndUnion(t *testing.T) {
	r := Rect{10.5, 20.2, 30, 40}
	if got := r.Pixels(); got.Min.X != 9 || got.Min.Y != 19 || got.Max.X != 42 || got.Max.Y != 62 {
		t.Errorf("pixels of %v = %v", r, got)
	}
	u := r.Union(Rect{0, 0, 5, 5})
	if u != (Rect{0, 0, 40.5, 60.2}) {
		t.Errorf("union = %v", u)
	}
	if (Rect{}).Union(r) != r || r.Union(Rect{}) != r {
		t.Error("an empty rectangle adds something to a union")
	}
}

// A rectangle contains its top-left corner, not its far edges, and holds
// what lies inside it whole.
func TestRectContainsAndHolds(t *testing.T) {
	r := Rect{10, 20, 30, 40}
	tests := []struct {
		x, y float64
		in   bool
	}{{10, 20, true}, {39.9, 59.9, true}, {40, 30, false}, {20, 60, false}, {9.9, 30, false}}
	for _, tt := range tests {
		if got := r.Contains(tt.x, tt.y); got != tt.in {
			t.Errorf("Contains(%v, %v) = %v, want %v", tt.x, tt.y, got, tt.in)
		}
	}
	if !r.Holds(r.Inset(5)) || r.Holds(r.Inset(-1)) || !r.Holds(r) {
		t.Error("Holds is wrong about an inset rectangle")
	}
	if x, y := r.Center(); x != 25 || y != 40 {
		t.Errorf("Center = %v, %v", x, y)
	}
}
