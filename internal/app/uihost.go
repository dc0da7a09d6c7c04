package app

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The App is the widgets' host (ui.Host): what a button or a row of
// choices needs of the game around it.
var _ ui.Host = (*App)(nil)

// Colours is the theme in use.
func (a *App) Colours() *palette.Theme { return a.Theme }

// Size is the window's size in pixels.
func (a *App) Size() (w, h float64) { return a.W, a.H }

// Pointer is this tick's pointer.
func (a *App) Pointer() ui.Pointer {
	in := &a.In
	return ui.Pointer{X: in.X, Y: in.Y, Down: in.Down, Pressed: in.Pressed, Released: in.Released, Moved: in.PointerMoved, Wheel: in.Wheel}
}

// Key reports whether a key went down this tick (a pad's action too).
func (a *App) Key(k ebiten.Key) bool { return a.In.Key(k) }

// Shift reports whether Shift is held.
func (a *App) Shift() bool { return a.In.Shift }

// Play plays a sound effect.
func (a *App) Play(e sound.Effect) { a.play(e) }

// Redraw asks for a frame although no input came.
func (a *App) Redraw() { a.markDirty() }
