// Package ui is what the game's screens are drawn with: rectangles, the
// drawing primitives and sprite caches, text (drawn, measured, fitted,
// wrapped), icons, and the widgets (buttons, menus, rows of choices,
// forms, scrolling). It knows nothing of the game: a widget is given a
// Host, which internal/app's App is.
package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// Host is what a widget needs of the game around it: the layout's unit,
// faces, the theme, the window's size, this tick's input, sound, and a
// way to ask for a frame.
type Host interface {
	// U is the layout's unit in pixels (1 at the reference window).
	U() float64
	// Face is a face of a size in units.
	Face(w Weight, size float64) Face
	// Colours is the theme in use.
	Colours() *palette.Theme
	// Size is the window's size in pixels.
	Size() (w, h float64)
	// Pointer is this tick's pointer (mouse or first touch).
	Pointer() Pointer
	// Key reports whether a key went down this tick.
	Key(k ebiten.Key) bool
	// Shift reports whether Shift is held.
	Shift() bool
	// Play plays a sound effect.
	Play(e sound.Effect)
	// Redraw asks for a frame although no input came.
	Redraw()
}

// Pointer is the pointer's state in a tick, in screen pixels.
type Pointer struct {
	X, Y     float64
	Down     bool    // the primary button or a touch is held
	Pressed  bool    // it went down this tick
	Released bool    // it went up this tick
	Moved    bool    // the pointer moved this tick
	Wheel    float64 // the wheel's turn this tick
}
