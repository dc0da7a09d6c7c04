package ui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// host is a Host without a window: one tick's pointer and keys, and what
// the widgets asked of it.
type host struct {
	p       Pointer
	keys    []ebiten.Key
	shift   bool
	played  []sound.Effect
	redraws int
}

func (h *host) U() float64                     { return 1 }
func (h *host) Face(w Weight, px float64) Face { return testFonts.Face(w, px) }

var testFonts = LoadFonts()

func (h *host) Colours() *palette.Theme  { return &palette.Themes[0] }
func (h *host) Size() (float64, float64) { return 1280, 800 }
func (h *host) Pointer() Pointer         { return h.p }
func (h *host) Shift() bool              { return h.shift }
func (h *host) Play(e sound.Effect)      { h.played = append(h.played, e) }
func (h *host) Redraw()                  { h.redraws++ }
func (h *host) Key(k ebiten.Key) bool {
	for _, x := range h.keys {
		if x == k {
			return true
		}
	}
	return false
}

// A button reports a press on it, not one beside it nor on it disabled;
// the pointer coming over it plays the hover sound once, and resting
// there TipDelay ticks asks for one frame, for its tooltip.
func TestButtonPressHoverAndTooltip(t *testing.T) {
	b := &Button{Rect: R(100, 100, 200, 50), Label: "New game", Tip: "N"}
	h := &host{p: Pointer{X: 50, Y: 50, Pressed: true}}
	if b.Update(h) {
		t.Error("a press beside the button pressed it")
	}
	h = &host{p: Pointer{X: 150, Y: 120, Moved: true}}
	if b.Update(h) || !b.Hover || len(h.played) != 1 || h.played[0] != sound.MenuHover {
		t.Fatalf("the pointer coming over: hover %v, sounds %v", b.Hover, h.played)
	}
	h.p.Moved = false
	for i := 1; i < TipDelay; i++ {
		b.Update(h)
	}
	if h.redraws != 1 || len(h.played) != 1 {
		t.Errorf("resting %d ticks: %d redraws (want 1, for the tooltip), sounds %v", TipDelay, h.redraws, h.played)
	}
	b.Update(h)
	if h.redraws != 1 {
		t.Error("the tooltip asked for a frame again")
	}
	h.p.Pressed = true
	if !b.Update(h) || h.played[len(h.played)-1] != sound.MenuClick {
		t.Error("a press on the button did not press it with a click")
	}
	b.Disabled = true
	if b.Update(h) || b.Hover {
		t.Error("a disabled button was pressed or hovered")
	}
}

// A menu's focus moves with the arrows and Tab, skipping disabled
// buttons and wrapping; Enter presses the focused one.
func TestMenuListKeys(t *testing.T) {
	m := &MenuList{Buttons: []*Button{{Label: "a"}, {Label: "b", Disabled: true}, {Label: "c"}}}
	press := func(k ebiten.Key, shift bool) int {
		return m.Update(&host{keys: []ebiten.Key{k}, shift: shift, p: Pointer{X: -1, Y: -1}})
	}
	steps := []struct {
		key   ebiten.Key
		shift bool
		focus int
	}{
		{ebiten.KeyDown, false, 2}, // past the disabled b
		{ebiten.KeyDown, false, 0}, // wraps
		{ebiten.KeyUp, false, 2},
		{ebiten.KeyTab, true, 0},
		{ebiten.KeyTab, false, 2},
	}
	for i, s := range steps {
		if got := press(s.key, s.shift); got != -1 || m.Focus != s.focus {
			t.Fatalf("step %d: pressed %d, focus %d, want focus %d", i, got, m.Focus, s.focus)
		}
	}
	if got := press(ebiten.KeyEnter, false); got != 2 {
		t.Errorf("Enter pressed %d, want 2", got)
	}
}

// In a scrolling area a press released without moving is a tap where it
// began; a drag scrolls (within the content) and is no tap; the wheel
// scrolls too.
func TestScrollerTapsAndDrags(t *testing.T) {
	area := R(0, 100, 400, 300)
	var s Scroller
	tick := func(p Pointer) { s.Update(&host{p: p}, area, 1000) }
	tick(Pointer{X: 50, Y: 200, Pressed: true, Down: true})
	tick(Pointer{X: 50, Y: 203, Down: true}) // a finger's tremor
	tick(Pointer{X: 50, Y: 203, Released: true})
	if !s.Tap || s.PressX != 50 || s.PressY != 200 || s.Y != 0 {
		t.Fatalf("a still press: tap %v at %v,%v, scrolled %v", s.Tap, s.PressX, s.PressY, s.Y)
	}
	tick(Pointer{X: 50, Y: 300, Pressed: true, Down: true})
	tick(Pointer{X: 50, Y: 200, Down: true})
	tick(Pointer{X: 50, Y: 200, Released: true})
	if s.Tap || s.Y != 100 {
		t.Errorf("a drag of 100 up: tap %v, scrolled %v, want 100", s.Tap, s.Y)
	}
	tick(Pointer{Wheel: -100})
	if s.Y != s.Max || s.Max != 700 {
		t.Errorf("the wheel scrolled to %v of %v, want the end, 700", s.Y, s.Max)
	}
	s.Show(area, R(0, 150, 400, 40))
	if s.Y != 50 {
		t.Errorf("showing a row at 150 scrolled to %v, want 50", s.Y)
	}
}
