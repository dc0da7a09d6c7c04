package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/ui"
)

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

// wholeWords fails the test when a row's segment cuts its words.
func wholeWords(t *testing.T, a *App, where string, rows []*ui.Choice) {
	t.Helper()
	for _, r := range rows {
		for i, o := range r.Options {
			lines, _ := ui.SegmentText(a, o, a.Face(ui.Medium, ui.SizeBody-1), r.Segs[i])
			if got := strings.Join(lines, " "); got != o {
				t.Errorf("%s: the %q row shows %q as %q in a segment %.0f wide", where, r.Label, o, got, r.Segs[i].W)
			}
		}
	}
}

// Options in two columns (a desktop window) and on a phone, and New game
// in every mode on a phone, show every segment's words whole.
func TestSegmentsShowTheirWordsWhole(t *testing.T) {
	for _, size := range [][2]float64{{1280, 800}, {1920, 1080}, {900, 640}} {
		a := newHeadless(&scriptSource{}, size[0], size[1])
		o := newOptionsScene(a, nil)
		a.scenes = sceneManager{current: o}
		a.Update()
		wholeWords(t, a, fmt.Sprintf("Options at %v", size), o.form.Rows)
	}
	for _, size := range [][2]float64{{360, 640}, {390, 844}, {844, 390}} {
		a := newHeadless(&scriptSource{}, 2*size[0], 2*size[1])
		a.scale = 2
		o := newOptionsScene(a, nil)
		a.scenes = sceneManager{current: o}
		a.Update()
		wholeWords(t, a, fmt.Sprintf("Options at %v", size), o.form.Rows)
		for _, mode := range []string{"You vs AI", "Two players", "AI vs AI", "Online"} {
			d := newNG(t, 2*size[0], 2*size[1])
			d.a.scale = 2
			d.tick()
			d.pick("Players", mode)
			wholeWords(t, d.a, fmt.Sprintf("New game, %s, at %v", mode, size), d.setup().form.Rows)
		}
	}
}
