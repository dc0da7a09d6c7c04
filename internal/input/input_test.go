package input

import (
	"slices"
	"testing"
	"time"
)

// fakePad plays a script of pad states, one per tick of 1/60 s.
type step struct {
	at   time.Duration
	held []Button
	x, y float64
	want []Action
}

func run(t *testing.T, name string, steps []step) {
	t.Helper()
	var p Pad
	for i, s := range steps {
		var st PadState
		for _, b := range s.held {
			st.Held[b] = true
		}
		st.StickX, st.StickY = s.x, s.y
		got := p.Update(s.at, st, nil)
		if !slices.Equal(got, s.want) {
			t.Errorf("%s: step %d at %v: %v, want %v", name, i, s.at, got, s.want)
		}
	}
}

const tick = time.Second / 60

func TestPadButtonsActOnceWhenPressed(t *testing.T) {
	run(t, "A held", []step{
		{0, nil, 0, 0, nil},
		{tick, []Button{South}, 0, 0, []Action{Confirm}},
		{2 * tick, []Button{South}, 0, 0, nil},
		{time.Second, []Button{South}, 0, 0, nil}, // a button does not repeat
		{time.Second + tick, nil, 0, 0, nil},
		{time.Second + 2*tick, []Button{South}, 0, 0, []Action{Confirm}},
	})
	run(t, "each button", []step{
		{0, []Button{East}, 0, 0, []Action{Back}},
		{tick, []Button{West}, 0, 0, []Action{Undo}},
		{2 * tick, []Button{North}, 0, 0, []Action{Hint}},
		{3 * tick, []Button{LeftShoulder}, 0, 0, []Action{PrevStack}},
		{4 * tick, []Button{RightShoulder}, 0, 0, []Action{NextStack}},
		{5 * tick, []Button{Start}, 0, 0, []Action{Pause}},
		{6 * tick, []Button{Select}, 0, 0, nil},
	})
	run(t, "two at once", []step{
		{0, []Button{South, West}, 0, 0, []Action{Confirm, Undo}},
	})
}

func TestPadHeldDirectionsRepeatOnTheClock(t *testing.T) {
	run(t, "D-pad down held", []step{
		{0, []Button{DpadDown}, 0, 0, []Action{Down}},
		{tick, []Button{DpadDown}, 0, 0, nil},
		{RepeatDelay - tick, []Button{DpadDown}, 0, 0, nil},
		{RepeatDelay, []Button{DpadDown}, 0, 0, []Action{Down}},
		{RepeatDelay + tick, []Button{DpadDown}, 0, 0, nil},
		{RepeatDelay + RepeatEvery, []Button{DpadDown}, 0, 0, []Action{Down}},
		// a tick a second late sends one move, not nine
		{RepeatDelay + RepeatEvery + time.Second, []Button{DpadDown}, 0, 0, []Action{Down}},
		{RepeatDelay + RepeatEvery + time.Second + tick, nil, 0, 0, nil},
		{RepeatDelay + RepeatEvery + time.Second + 2*tick, []Button{DpadDown}, 0, 0, []Action{Down}},
	})
	run(t, "changing direction acts at once", []step{
		{0, []Button{DpadLeft}, 0, 0, []Action{Left}},
		{tick, []Button{DpadUp}, 0, 0, []Action{Up}},
	})
}

func TestPadStickPastItsDeadzoneIsADirection(t *testing.T) {
	run(t, "stick", []step{
		{0, nil, 0.3, -0.4, nil},                   // resting
		{tick, nil, 0.2, -0.9, []Action{Up}},       // up (y negative)
		{2 * tick, nil, 0.1, -0.8, nil},            // still up: no repeat yet
		{3 * tick, nil, 0.9, 0.6, []Action{Right}}, // the larger axis wins
		{4 * tick, nil, -0.7, 0.2, []Action{Left}},
		{5 * tick, nil, 0, 0.55, []Action{Down}},
		{6 * tick, nil, 0, 0, nil},
	})
	run(t, "the D-pad wins over the stick", []step{
		{0, []Button{DpadRight}, 0, -1, []Action{Right}},
	})
}

func TestPadSaysWhenItWasUsed(t *testing.T) {
	var p Pad
	var s PadState
	p.Update(0, s, nil)
	if p.Used {
		t.Error("a pad at rest was used")
	}
	s.StickX = 1
	p.Update(tick, s, nil)
	if !p.Used {
		t.Error("a stick pushed was not use")
	}
	p.Update(2*tick, s, nil)
	if p.Used {
		t.Error("a stick held still counts as used on every tick")
	}
	s.Held[Select] = true
	p.Update(3*tick, s, nil)
	if !p.Used {
		t.Error("a button with no action pressed was not use")
	}
}

func TestActionNames(t *testing.T) {
	for a := None; a < numActions; a++ {
		if a.String() == "action?" || a.String() == "" {
			t.Errorf("action %d has no name", a)
		}
	}
}
