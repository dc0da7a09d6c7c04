package app

import "testing"

// On a phone the New game form scrolls: a tap on a segment chooses it, on
// its release; a finger that starts on a segment and drags scrolls the
// form and chooses nothing, and a press alone chooses nothing yet.
func TestScrollingFormChoosesOnATapNotOnADrag(t *testing.T) {
	d := newNG(t, 720, 1040) // a phone, 360×520 CSS px at device scale 2
	d.a.scale = 2
	d.tick()
	if d.setup().area.Empty() {
		t.Fatal("at 360×520 the New game form should scroll")
	}
	r, i, x, y := d.segment("Moves first", "Blue")
	if r.Sel == i {
		t.Fatalf("the test wants Moves first not on Blue (it is %d)", r.Sel)
	}
	// a press alone chooses nothing
	d.frames(Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true})
	if r.Sel == i {
		t.Fatal("a press on Blue chose it before its release")
	}
	d.frames(Frame{X: x, Y: y, Released: true})
	if r.Sel != i {
		t.Fatal("a tap on Blue (pressed and released in place) did not choose it")
	}

	// a drag up from the other segment scrolls, and chooses nothing
	_, j, x2, y2 := d.segment("Moves first", "Orange")
	before := d.setup().scroll.Y
	f := []Frame{{X: x2, Y: y2, Down: true, Pressed: true, PointerMoved: true}}
	for k := 1; k <= 6; k++ {
		f = append(f, Frame{X: x2, Y: y2 - float64(k)*12, Down: true, PointerMoved: true})
	}
	f = append(f, Frame{X: x2, Y: y2 - 72, Released: true})
	d.frames(f...)
	if r.Sel == j {
		t.Error("a drag that started on Orange chose it")
	}
	if d.setup().scroll.Y == before && d.setup().scroll.Max > 0 {
		t.Error("the drag did not scroll the form")
	}
}

// Where the form does not scroll (a desktop window), a press chooses.
func TestFormThatFitsChoosesOnThePress(t *testing.T) {
	d := newNG(t, 1280, 800)
	if !d.setup().area.Empty() {
		t.Fatal("at 1280×800 the New game form should not scroll")
	}
	r, i, x, y := d.segment("Moves first", "Blue")
	d.frames(Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true})
	if r.Sel != i {
		t.Error("a press on Blue did not choose it")
	}
}
