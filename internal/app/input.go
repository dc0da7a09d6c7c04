package app

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
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
		len(f.Keys) > 0 || len(f.Chars) > 0 || f.CloseRequest
}

// pointerOnly reports whether the only thing the player did this tick is
// move the pointer (a button may be held down).
func (f *Frame) pointerOnly() bool {
	return f.PointerMoved && !f.Pressed && !f.Released && !f.RightPressed && f.Wheel == 0 &&
		len(f.Keys) == 0 && len(f.Chars) == 0 && !f.CloseRequest
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
	case len(a.In.Keys) > 0 && a.byTouch:
		a.byTouch = false
		a.redraw()
	}
}

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
