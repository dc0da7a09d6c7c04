package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/ui"
)

// On a desktop with a touch screen, a window a mouse sees in the desktop
// layout turns to the finger's layout at the first touch: that touch acts
// on the button the player saw under the finger, and the layout changes
// after it.
func TestFirstTouchActsAndThenSwitchesTheLayout(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1200, 760)
	a.coarse, a.byTouch = false, false
	m := newMenuScene(a)
	a.scenes = sceneManager{current: m}
	a.Update()
	if a.compact() {
		t.Fatal("the test wants a window that is compact only for a finger; 1200×760 is compact for the mouse too")
	}
	var opts *ui.Button
	for _, b := range m.list.Buttons {
		if b.Label == "Options" {
			opts = b
		}
	}
	if opts == nil {
		t.Fatal("the menu has no Options")
	}
	// a point of Options as the mouse's layout shows it that the finger's
	// layout does not cover (its top edge), where a tap was lost
	fa := newHeadless(&scriptSource{}, 1200, 760)
	fa.coarse, fa.byTouch = false, true
	fm := newMenuScene(fa)
	fa.scenes = sceneManager{current: fm}
	fa.Update()
	var fr ui.Rect
	for _, b := range fm.list.Buttons {
		if b.Label == "Options" {
			fr = b.Rect
		}
	}
	x, y := opts.Rect.X+opts.Rect.W/2, opts.Rect.Y+1
	if fr.Contains(x, y) || !opts.Rect.Contains(x, y) {
		t.Fatalf("the test wants a point of Options %v outside the finger's Options %v", opts.Rect, fr)
	}
	src.frames = append(src.frames,
		Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true, TouchActive: true},
		Frame{X: x, Y: y, Released: true, TouchActive: true})
	for range 4 {
		a.Update()
	}
	if _, ok := a.scenes.current.(*optionsScene); !ok {
		t.Errorf("the first touch on Options left %T on the screen, want Options", a.scenes.current)
	}
	if !a.compact() {
		t.Error("after the first touch the window should be laid out for a finger")
	}
}
