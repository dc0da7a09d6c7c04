package app

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/gobblet-game/gobblet/internal/input"
)

// Frame is everything the player did during one tick, read once and handed
// to the scenes. It is the seam where tests feed fake input: a scene never
// asks Ebitengine directly.
type Frame struct {
	X, Y         float64 // pointer (mouse or first touch), screen pixels
	Down         bool    // primary button or touch held
	Pressed      bool    // primary button went down this tick
	Released     bool    // primary button went up this tick
	RightPressed bool
	Wheel        float64
	Keys         []ebiten.Key // keys that went down this tick
	Chars        []rune       // characters typed this tick (text fields)
	Ctrl, Shift  bool
	PointerMoved bool
	CloseRequest bool
	TouchActive  bool
	// Acts are the actions a gamepad asked for this tick (internal/input).
	// Each also stands in Keys as the key that does the same (Confirm as
	// Enter, Back and Pause as Esc, Undo as Ctrl+Z, Hint as H, the
	// directions as the arrows), so that every screen a keyboard plays
	// is played with a pad; PrevStack and NextStack have no key.
	Acts []input.Action
	// PadUsed: a pad's button went down or its stick moved this tick.
	PadUsed bool
	// PadHeld: a pad's direction is held; it repeats on the clock
	// (internal/input), so the next tick must come at once (pace.go).
	PadHeld bool
}

// Act reports whether the player asked for an action this tick.
func (f *Frame) Act(x input.Action) bool {
	for _, a := range f.Acts {
		if a == x {
			return true
		}
	}
	return false
}

// padKeys is the key each pad action stands in as.
var padKeys = map[input.Action]ebiten.Key{
	input.Up:      ebiten.KeyUp,
	input.Down:    ebiten.KeyDown,
	input.Left:    ebiten.KeyLeft,
	input.Right:   ebiten.KeyRight,
	input.Confirm: ebiten.KeyEnter,
	input.Back:    ebiten.KeyEscape,
	input.Pause:   ebiten.KeyEscape,
	input.Undo:    ebiten.KeyZ, // with Ctrl
	input.Hint:    ebiten.KeyH,
}

// addPad puts a pad's actions into the frame, each with its key.
func (f *Frame) addPad(acts []input.Action, used bool) {
	f.Acts = acts
	f.PadUsed = used
	for _, x := range acts {
		k, ok := padKeys[x]
		if !ok || f.Key(k) {
			continue
		}
		f.Keys = append(f.Keys, k)
		if x == input.Undo {
			f.Ctrl = true
		}
	}
}

// Key reports whether k went down this tick.
func (f *Frame) Key(k ebiten.Key) bool {
	for _, x := range f.Keys {
		if x == k {
			return true
		}
	}
	return false
}

// active reports whether the player did anything this tick that the screen
// may answer: a move of the pointer, a button, the wheel, a key, a character.
// A button merely held down changes nothing.
func (f *Frame) active() bool {
	return f.PointerMoved || f.Pressed || f.Released || f.RightPressed || f.Wheel != 0 ||
		len(f.Keys) > 0 || len(f.Chars) > 0 || f.CloseRequest || len(f.Acts) > 0 || f.PadUsed
}

// pointerOnly reports whether the only thing the player did this tick is
// move the pointer (a button may be held down).
func (f *Frame) pointerOnly() bool {
	return f.PointerMoved && !f.Pressed && !f.Released && !f.RightPressed && f.Wheel == 0 &&
		len(f.Keys) == 0 && len(f.Chars) == 0 && !f.CloseRequest && len(f.Acts) == 0
}

// Source produces one Frame per tick.
type Source interface {
	Poll() Frame
}

// ebitenSource reads the mouse, touches and keyboard.
type ebitenSource struct {
	keys    []ebiten.Key
	chars   []rune
	touches []ebiten.TouchID
	touch   ebiten.TouchID
	touchOn bool
	lastX   float64
	lastY   float64

	pads []ebiten.GamepadID
	pad  padReader
}

// padReader turns a pad's state into a frame's actions: the one path of
// a real pad (ebitenSource) and a test's fake.
type padReader struct {
	pad   input.Pad
	acts  []input.Action
	start time.Time
}

// read adds what the pad's state st asks for this tick to the frame.
func (r *padReader) read(f *Frame, st input.PadState) {
	if r.start.IsZero() {
		r.start = time.Now()
	}
	r.acts = r.pad.Update(time.Since(r.start), st, r.acts[:0])
	f.addPad(r.acts, r.pad.Used)
	f.PadHeld = r.pad.Holding()
}

// padButtons are Ebitengine's standard-layout buttons for each of ours.
var padButtons = [...]struct {
	b input.Button
	e ebiten.StandardGamepadButton
}{
	{input.South, ebiten.StandardGamepadButtonRightBottom},
	{input.East, ebiten.StandardGamepadButtonRightRight},
	{input.West, ebiten.StandardGamepadButtonRightLeft},
	{input.North, ebiten.StandardGamepadButtonRightTop},
	{input.LeftShoulder, ebiten.StandardGamepadButtonFrontTopLeft},
	{input.RightShoulder, ebiten.StandardGamepadButtonFrontTopRight},
	{input.Select, ebiten.StandardGamepadButtonCenterLeft},
	{input.Start, ebiten.StandardGamepadButtonCenterRight},
	{input.DpadUp, ebiten.StandardGamepadButtonLeftTop},
	{input.DpadDown, ebiten.StandardGamepadButtonLeftBottom},
	{input.DpadLeft, ebiten.StandardGamepadButtonLeftLeft},
	{input.DpadRight, ebiten.StandardGamepadButtonLeftRight},
}

// readPads reads every gamepad with the standard layout as one (two pads
// both play the one player whose turn it is) into the pad's actions.
func (s *ebitenSource) readPads(f *Frame) {
	s.pads = ebiten.AppendGamepadIDs(s.pads[:0])
	if len(s.pads) == 0 && s.pad.start.IsZero() {
		return // no pad was ever seen
	}
	var st input.PadState
	for _, id := range s.pads {
		if !ebiten.IsStandardGamepadLayoutAvailable(id) {
			continue
		}
		for _, pb := range padButtons {
			if ebiten.IsStandardGamepadButtonPressed(id, pb.e) {
				st.Held[pb.b] = true
			}
		}
		x := ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisLeftStickHorizontal)
		y := ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisLeftStickVertical)
		if x*x+y*y > st.StickX*st.StickX+st.StickY*st.StickY {
			st.StickX, st.StickY = x, y
		}
	}
	s.pad.read(f, st)
}

// Poll reads this tick's mouse, touches and keys into a Frame. A touch acts
// as the left button (the first finger only); PointerMoved says whether the
// pointer moved since the last tick.
func (s *ebitenSource) Poll() Frame {
	var f Frame
	cx, cy := ebiten.CursorPosition()
	f.X, f.Y = float64(cx), float64(cy)
	f.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	f.Pressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	f.Released = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	f.RightPressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)

	// A touch acts as the primary button.
	s.touches = inpututil.AppendJustPressedTouchIDs(s.touches[:0])
	if !s.touchOn && len(s.touches) > 0 {
		s.touch, s.touchOn = s.touches[0], true
		f.Pressed = true
	}
	if s.touchOn {
		if inpututil.IsTouchJustReleased(s.touch) {
			s.touchOn = false
			f.Released = true
			x, y := inpututil.TouchPositionInPreviousTick(s.touch)
			f.X, f.Y = float64(x), float64(y)
		} else {
			x, y := ebiten.TouchPosition(s.touch)
			f.X, f.Y = float64(x), float64(y)
			f.Down = true
		}
		f.TouchActive = true
	}
	_, wy := ebiten.Wheel()
	f.Wheel = wy
	s.keys = inpututil.AppendJustPressedKeys(s.keys[:0])
	f.Keys = s.keys
	s.chars = ebiten.AppendInputChars(s.chars[:0])
	f.Chars = s.chars
	f.Ctrl = ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	f.Shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	f.PointerMoved = f.X != s.lastX || f.Y != s.lastY
	s.lastX, s.lastY = f.X, f.Y
	f.CloseRequest = ebiten.IsWindowBeingClosed()
	s.readPads(&f)
	return f
}

// noteInput keeps whether the player last used a finger: a touch hides
// the keyboard's hints and says "tap" for "click", a key brings them back.
func (a *App) noteInput() {
	switch {
	case a.In.TouchActive && !a.byTouch:
		// The first touch acts on the screen as the player saw it; the
		// layout follows the finger from the next tick (followTouch).
		a.touchSeen = true
	case a.In.PadUsed && !a.byPad:
		a.byPad, a.byTouch = true, false
		a.redraw()
	case a.byPad && !a.In.PadUsed && (len(a.In.Keys) > len(a.In.Acts) || a.In.Pressed):
		// a key of the keyboard (not one a pad stands in as) or a click
		a.byPad = false
		a.redraw()
	case len(a.In.Keys) > 0 && a.byTouch:
		a.byTouch = false
		a.redraw()
	}
}

// padShown reports whether the screens name the gamepad's buttons: the
// player last used a pad.
func (a *App) padShown() bool { return a.byPad }

// followTouch, at the end of a tick, turns to the finger's layouts after
// the tick of a first touch: that touch acted on what was shown.
func (a *App) followTouch() {
	if a.touchSeen {
		a.touchSeen, a.byTouch = false, true
		a.redraw()
	}
}

// keysShown reports whether the screens name their keys: not when the
// last input was a touch.
func (a *App) keysShown() bool { return !a.byTouch }
