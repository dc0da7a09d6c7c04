// The status line under the board: whose turn, messages, review position.

package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func (gs *gameScene) drawStatus(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	st := gs.lay.Status
	fillRect(dst, st, withAlpha(th.Panel, 0.85))
	fillRect(dst, Rect{0, st.Y, st.W, math.Max(1, u)}, th.PanelEdge)
	fc := a.Face(Regular, sizeBody)
	msg, col := gs.statusText(), th.Text
	if gs.msgT > 0 {
		msg = gs.msg
		if len(msg) > 4 && msg[:4] == "⚠ " {
			msg = msg[4:]
			col = mix(th.Warn, white, 0.25)
			if th.Name == "light" {
				col = th.Warn
			}
		}
	}
	if gs.review >= 0 {
		msg = gs.reviewWords() + gs.reviewValue(a)
		col = th.Text
		for _, b := range gs.reviewMenu.Buttons {
			b.draw(a, dst, false)
		}
	}
	if n := gs.net; n != nil && n.drawOffered && !gs.over && gs.review < 0 {
		msg, col = "Your opponent offers a draw.", th.Text
		n.drawM.draw(a, dst)
	}
	drawText(dst, msg, fc, 24*u, st.Y+st.H/2, Left, col)
}

func (gs *gameScene) statusText() string {
	if gs.over {
		return gs.resultWords()
	}
	if gs.net != nil && gs.net.gone != nil {
		return gs.net.gone.Reason
	}
	c := gs.toMove()
	h := gs.hand.hold
	switch {
	case gs.setup.human(c) && h != nil && h.locked:
		return "Touch-move: this piece must be moved. Click a highlighted square."
	case gs.setup.human(c) && h != nil && gs.values.ready && gs.variant == rules.Gobblers && gs.showingValues:
		return "Move values: “win 6” wins within 6 moves, “loss 6” loses within 6, with best play on both sides."
	case gs.setup.human(c) && h != nil:
		if gs.variant == rules.Classic && h.from == rules.NoSquare && gs.pos().LineOfThreeSquares() != 0 {
			return "Marked 3: you may cover that piece, it is in a line of three."
		}
		return "Drop it on a highlighted square, or click it again to put it back."
	case gs.setup.humanColour() >= 0 && gs.setup.human(c):
		return "Your turn: drag a piece, or click it and then a square."
	case gs.setup.human(c):
		return colourNames[c] + " to move: drag a piece, or click it and then a square."
	case gs.setup.Mode == modeAIvsAI && !gs.demo.running:
		return "Demo paused: Space plays, S steps one move."
	}
	return gs.setup.name(c) + " is thinking…"
}
