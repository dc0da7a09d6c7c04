package app

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ui"
)

// Drawing only what changed.
//
// The screen keeps its picture between frames (SetScreenClearedEveryFrame
// is off), so a frame in which only a small part moves by itself (the
// computer's spinner, a piece gliding) need not draw the whole screen
// again: Draw runs the whole scene onto the part that moved, and drawing
// onto a part of an image draws nothing outside it. With no GPU (a
// browser's software WebGL) a whole frame costs the renderer as much as
// three or four times the screen's pixels, a spinner's frame a card's.
//
// The rule that keeps it right: a part drawn alone must hold every pixel
// that differs from the last frame. Input, App.redraw, a scene switch, a
// cross-fade, a resize or a scene that cannot tell draw the whole screen.

// A damager is a scene that can say which part of the screen moves this
// tick. ok is false when it cannot tell (the whole screen is drawn); an
// empty r with ok says nothing moved.
type damager interface {
	Damage(a *App) (r ui.Rect, ok bool)
}

// A selfDrawn scene asks for every frame it needs after an input (by its
// look, App.redraw or Animating), and redraws by itself what a move of the
// pointer changes (what is hovered, a dragged piece): the frames that
// follow an input just in case are two for it (selfSettleTicks), not
// settleTicks, and a move of the pointer that changes nothing of what it
// shows draws nothing.
type selfDrawn interface {
	drawsOnlyWhenAsked() bool
}

// damageMoving notes that this tick's picture moves: only the part the
// scene names, or the whole screen.
func (a *App) damageMoving() {
	if r, ok := a.scenes.Damage(a); ok {
		a.damage(r)
		return
	}
	a.redraw() // the debug log names damageMoving: a scene moves that cannot tell where
}

// damage asks for a part of the screen to be drawn at the next frame.
func (a *App) damage(r ui.Rect) {
	a.damaged = a.damaged.Union(r)
}

// around is the rectangle holding a disc of radius r at (x, y).
func around(x, y, r float64) ui.Rect { return ui.R(x-r, y-r, 2*r, 2*r) }

// onScreen is the screen's pixels that a part of it holds (the screen is
// a.W×a.H whole pixels: Layout); empty when the part lies off the screen.
func (a *App) onScreen(part ui.Rect) image.Rectangle {
	return part.Pixels().Intersect(image.Rect(0, 0, int(a.W), int(a.H)))
}

// clipTo is the part of the screen to draw on: the screen itself when the
// part covers it.
func clipTo(screen *ebiten.Image, part ui.Rect) *ebiten.Image {
	b := screen.Bounds()
	p := part.Pixels().Intersect(b)
	if p == b || p.Empty() {
		return screen
	}
	return screen.SubImage(p).(*ebiten.Image)
}

// drawnShare is the share of a w×h screen that dst (the screen or a part
// of it) covers: the debug log's "screens drawn" a second add them up.
func drawnShare(dst *ebiten.Image, w, h float64) float64 {
	b := dst.Bounds()
	if w <= 0 || h <= 0 {
		return 0
	}
	return min(1, float64(b.Dx()*b.Dy())/(w*h))
}
