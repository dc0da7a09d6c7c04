// The top bar: its buttons (pause, undo, redo, hint, demo controls) and title.

package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func (gs *gameScene) layoutButtons(a *App) {
	u := a.U()
	t := gs.lay.Top
	s := 44 * u
	x := t.W - 16*u
	fc := a.Face(Medium, math.Min(sizeBody, s/u*0.42))
	for _, b := range gs.top {
		w := s
		if b.Icon == iconNone && len(b.Label) > 3 {
			w = textWidth(b.Label, fc) + 32*u
		}
		x -= w
		b.Rect = Rect{x, t.Y + (t.H-s)/2, w, s}
		x -= 10 * u
	}
	gs.buttons.demoRun.Icon = iconPause
	if !gs.demo.running {
		gs.buttons.demoRun.Icon = iconPlay
	}
	gs.buttons.hint.Disabled = !gs.humanToMove() || gs.over
	gs.buttons.resign.Disabled = gs.over
	gs.buttons.resign.Active = gs.resignAt > 0 && a.Tick-gs.resignAt <= resignTicks
	if n := gs.net; n != nil {
		gs.buttons.resign.Disabled = gs.over || n.gone != nil
		gs.buttons.draw.Disabled = gs.over || n.gone != nil || n.myOffer || gs.humanToMove()
	}
}

func (gs *gameScene) drawTopBar(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	t := gs.lay.Top
	fillRect(dst, t, withAlpha(th.Panel, 0.85))
	fillRect(dst, Rect{0, t.Y + t.H - 1, t.W, math.Max(1, u)}, th.PanelEdge)
	title, sub := "Gobblet", "4×4"
	if gs.variant == rules.Gobblers {
		title, sub = "Gobblet Gobblers", "3×3"
	}
	ft := a.Face(Bold, sizeHeading)
	drawText(dst, title, ft, 24*u, t.H/2, Left, th.Text)
	drawText(dst, sub, a.Face(Medium, sizeBody), 24*u+textWidth(title, ft)+10*u, t.H/2+1*u, Left, th.TextDim)
	// players, centred
	fc := a.Face(Medium, sizeBody)
	n0, n1 := gs.setup.name(0), gs.setup.name(1)
	vs := "  vs  "
	w := textWidth(n0, fc) + textWidth(vs, fc) + textWidth(n1, fc) + 2*28*u
	x := a.W/2 - w/2
	cy := t.H / 2
	for c, n := range []string{n0, n1} {
		r := 9 * u
		drawPiece(dst, th, x+r, cy, r, c, pieceLook{})
		x += 28 * u
		col := th.Text
		if !gs.over && gs.toMove() == c {
			col = th.playerText(c)
		}
		drawText(dst, n, fc, x, cy, Left, col)
		x += textWidth(n, fc)
		if c == 0 {
			drawText(dst, vs, fc, x, cy, Left, th.TextDim)
			x += textWidth(vs, fc)
		}
	}
	for _, b := range gs.top {
		b.draw(a, dst, false)
	}
}

// toastY puts the toasts under the top bar, over the board's edge: the
// bar's title, players and buttons stay in sight.
func (gs *gameScene) toastY(a *App) float64 { return gs.lay.Top.Y + gs.lay.Top.H + 14*a.U() }
