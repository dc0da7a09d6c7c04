// Package input is the layer of actions between the player's devices and
// the game's screens: a keyboard, a mouse, a finger and a gamepad each say
// what the player asks for (up, confirm, back, undo…), and the screens
// answer actions, not keys or buttons.
//
// The package reads no device itself (the GUI does, through Ebitengine,
// and hands it what it read), so that every rule here is tested through a
// fake: Pad turns a gamepad's buttons and stick, as Ebitengine's standard
// layout names them, into actions, with held directions repeating.
package input

import "time"

// Action is one thing the player asks for.
type Action uint8

const (
	None Action = iota
	Up
	Down
	Left
	Right
	Confirm   // pick up, put down, press the focused button (A, Enter, Space)
	Back      // cancel, let go, go back (B, Backspace)
	Pause     // the pause menu (Start, Esc)
	Undo      // take back a move (X, Ctrl+Z)
	Hint      // show the best move (Y, H)
	PrevStack // the reserve stack to the left (LB)
	NextStack // the reserve stack to the right (RB)
	numActions
)

var actionNames = [...]string{"none", "up", "down", "left", "right", "confirm", "back", "pause", "undo", "hint", "prev-stack", "next-stack"}

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return "action?"
}

// Device is what the player last used; the screens name its keys or
// buttons in their hints (a finger's screens name none).
type Device uint8

const (
	Mouse Device = iota
	Keyboard
	Touch
	Gamepad
)

// Button is a gamepad button in the standard layout (the W3C Gamepad
// standard mapping, which Ebitengine follows): the face buttons by their
// place, so an Xbox A, a PlayStation ✕ and a Switch B are all South.
type Button uint8

const (
	South Button = iota // A on an Xbox pad
	East                // B
	West                // X
	North               // Y
	LeftShoulder
	RightShoulder
	Select // Back, Share, −
	Start  // Menu, Options, +
	DpadUp
	DpadDown
	DpadLeft
	DpadRight
	numButtons
)

// PadState is what a pad shows in one tick: its buttons held down and its
// left stick (each axis from -1 to 1, down and right positive).
type PadState struct {
	Held           [numButtons]bool
	StickX, StickY float64
}

// Repeat timing of a held direction: the first repeat after RepeatDelay,
// then one every RepeatEvery, as a keyboard's auto-repeat.
const (
	RepeatDelay = 400 * time.Millisecond
	RepeatEvery = 110 * time.Millisecond
	// StickDeadzone: a stick pushed less far than this is at rest;
	// a direction is the stick's larger axis past it.
	StickDeadzone = 0.5
)

// buttonAction is what each button asks for.
var buttonAction = [numButtons]Action{
	South:         Confirm,
	East:          Back,
	West:          Undo,
	North:         Hint,
	LeftShoulder:  PrevStack,
	RightShoulder: NextStack,
	Select:        None,
	Start:         Pause,
	DpadUp:        Up,
	DpadDown:      Down,
	DpadLeft:      Left,
	DpadRight:     Right,
}

// Pad turns one gamepad's states, tick by tick, into actions: a button
// acts when it goes down; a direction (D-pad or stick) acts when it goes
// down and again while held, on the clock (not per tick, so a slow
// machine repeats at the same pace).
type Pad struct {
	// Used: this tick a button went down or a direction began (the GUI
	// then names the pad's buttons in its hints).
	Used bool

	was    PadState
	dir    Action        // the direction held (None: none)
	since  time.Duration // when dir went down
	repeat time.Duration // when it acts next
}

// Update reads the pad's state at time now (any monotonic clock) and
// returns the actions it asks for this tick, appended to acts.
func (p *Pad) Update(now time.Duration, s PadState, acts []Action) []Action {
	p.Used = false
	for b := Button(0); b < numButtons; b++ {
		if s.Held[b] && !p.was.Held[b] {
			p.Used = true
		}
	}
	for b := Button(0); b < numButtons; b++ {
		if b >= DpadUp {
			break // directions below
		}
		if s.Held[b] && !p.was.Held[b] && buttonAction[b] != None {
			acts = append(acts, buttonAction[b])
		}
	}
	dir := direction(s)
	switch {
	case dir == None:
		p.dir = None
	case dir != p.dir:
		p.Used = true
		p.dir, p.since, p.repeat = dir, now, now+RepeatDelay
		acts = append(acts, dir)
	case now >= p.repeat:
		acts = append(acts, dir)
		// One repeat per tick at most: a tick late by a second does
		// not send nine moves at once.
		p.repeat = now + RepeatEvery
	}
	p.was = s
	return acts
}

// Holding reports whether a direction is held since the last Update: it
// acts again on the clock (RepeatDelay, then RepeatEvery), so a loop that
// runs only when asked (a browser's) must keep running ticks meanwhile.
func (p *Pad) Holding() bool { return p.dir != None }

// direction is the direction the D-pad or the stick holds (the D-pad
// first; the stick's larger axis past the dead zone).
func direction(s PadState) Action {
	switch {
	case s.Held[DpadUp]:
		return Up
	case s.Held[DpadDown]:
		return Down
	case s.Held[DpadLeft]:
		return Left
	case s.Held[DpadRight]:
		return Right
	}
	x, y := s.StickX, s.StickY
	ax, ay := abs(x), abs(y)
	switch {
	case ax < StickDeadzone && ay < StickDeadzone:
		return None
	case ay >= ax && y < 0:
		return Up
	case ay >= ax:
		return Down
	case x < 0:
		return Left
	default:
		return Right
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
