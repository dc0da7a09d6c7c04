package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/input"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// padSource is a fake gamepad: each tick's buttons go through the same
// padReader a real pad's do.
type padSource struct {
	states []input.PadState
	mouse  []Frame // frames of the mouse after the pad's
	pad    padReader
}

func (s *padSource) Poll() Frame {
	var f Frame
	if len(s.states) == 0 {
		if len(s.mouse) > 0 {
			f, s.mouse = s.mouse[0], s.mouse[1:]
		}
		return f
	}
	st := s.states[0]
	s.states = s.states[1:]
	s.pad.read(&f, st)
	return f
}

// press queues a button pressed for a tick and let go for the next.
func (s *padSource) press(b input.Button) {
	var st input.PadState
	st.Held[b] = true
	s.states = append(s.states, st, input.PadState{})
}

func ticks(t *testing.T, a *App, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAGamepadWalksTheMenus: the D-pad moves the menu's focus, A presses
// the focused button, B goes back; the hints then name the pad's buttons,
// and a click brings back the mouse's.
func TestAGamepadWalksTheMenus(t *testing.T) {
	src := &padSource{}
	a := newHeadless(src, 1280, 800)
	m := newMenuScene(a)
	a.scenes = sceneManager{current: m}
	ticks(t, a, 3)
	want := -1
	for i, b := range m.list.Buttons {
		if b.Label == "New game" {
			want = i
		}
	}
	if want < 0 {
		t.Fatal("the menu has no New game")
	}
	// Down moves the focus to New game, from wherever it starts
	for i := 0; i < len(m.list.Buttons) && m.list.Focus != want; i++ {
		src.press(input.DpadDown)
		ticks(t, a, 2)
	}
	if m.list.Focus != want {
		t.Fatalf("the D-pad never brought the focus to New game (it is on %d)", m.list.Focus)
	}
	src.press(input.South)
	ticks(t, a, 5)
	if got := sceneName(a.scenes.current); got != "new-game" {
		t.Fatalf("A on the menu's New game opened %q, want new-game", got)
	}
	if !a.padShown() {
		t.Error("after the pad was used the hints do not name its buttons")
	}
	src.press(input.East)
	ticks(t, a, 30)
	if got := sceneName(a.scenes.current); got != "menu" {
		t.Fatalf("B on New game went to %q, want the menu", got)
	}
	src.mouse = []Frame{{X: 10, Y: 10, Pressed: true, Down: true, PointerMoved: true}, {X: 10, Y: 10, Released: true}}
	ticks(t, a, 4)
	if a.padShown() {
		t.Error("after a click the hints still name the pad's buttons")
	}
}

// TestAGamepadPlaysAMove: a shoulder button takes a piece from the
// reserve (the next size that can be played, round the sizes), the D-pad
// moves the cursor, A puts the piece down: the move is played.
func TestAGamepadPlaysAMove(t *testing.T) {
	src := &padSource{}
	a := newHeadless(src, 1280, 800)
	gs := newGameScene(a, twoPlayers(rules.Gobblers), nil)
	a.scenes = sceneManager{current: gs}
	ticks(t, a, 3)
	src.press(input.RightShoulder) // the smallest
	src.press(input.RightShoulder) // the next: medium
	src.press(input.LeftShoulder)  // back to the smallest
	src.press(input.RightShoulder) // medium again
	ticks(t, a, 10)
	h := gs.hand.hold
	if h == nil || h.from != rules.NoSquare || h.size != 2 {
		t.Fatalf("after RB, RB, LB, RB the hand holds %+v, want a medium piece from the reserve", h)
	}
	start := gs.hand.cursor
	src.press(input.DpadRight)
	src.press(input.DpadUp)
	ticks(t, a, 6)
	want := rules.SquareAt(rules.Gobblers, (start.File(rules.Gobblers)+1)%3, (start.Rank(rules.Gobblers)+1)%3)
	if gs.hand.cursor != want {
		t.Fatalf("after Right and Up the cursor is on %s, want %s", gs.hand.cursor.Name(rules.Gobblers), want.Name(rules.Gobblers))
	}
	src.press(input.South)
	ticks(t, a, 10)
	if got, w := (&table{gs: gs}).moves(), "2@"+want.Name(rules.Gobblers); got != w {
		t.Fatalf("A played %q, want %q", got, w)
	}
}
