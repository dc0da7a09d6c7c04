// The status line under the board: whose turn, messages, review position.

package app

import (
	"fmt"
	"math"
	"strings"

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
	msg, warn := gs.statusLine(a)
	col := th.Text
	if warn {
		col = mix(th.Warn, white, 0.25)
		if th.Name == "light" {
			col = th.Warn
		}
	}
	switch {
	case gs.net != nil && gs.net.drawOffered && !gs.over && gs.review < 0:
		gs.net.drawM.draw(a, dst)
	case gs.review >= 0:
		for _, b := range gs.reviewMenu.Buttons {
			b.draw(a, dst, false)
		}
	}
	// the line ends before the buttons at its right (review, a draw offer)
	room := st.W - 48*u
	for _, b := range gs.statusButtons() {
		room = math.Min(room, b.Rect.X-34*u)
	}
	x := 24 * u
	if gs.lay.Form != wide {
		x = 12 * u
		room = st.W - 24*u
		for _, b := range gs.statusButtons() {
			room = math.Min(room, b.Rect.X-20*u)
		}
	}
	if textWidth(msg, fc) > room {
		fc = a.Face(Regular, sizeSmall)
	}
	drawText(dst, fitText(msg, fc, room), fc, x, st.Y+st.H/2, Left, col)
}

// statusLine is what the status line says, and whether it warns: a draw
// offered, the review's move, a message for a while, else statusText.
func (gs *gameScene) statusLine(a *App) (string, bool) {
	switch {
	case gs.net != nil && gs.net.drawOffered && !gs.over && gs.review < 0:
		return "Your opponent offers a draw.", false
	case gs.review >= 0:
		return gs.reviewWords() + gs.reviewValue(a), false
	case gs.msgT > 0:
		if w, ok := strings.CutPrefix(gs.msg, "⚠ "); ok {
			return w, true
		}
		return gs.msg, false
	}
	return gs.statusText(), false
}

// statusButtons are the buttons the status line shows at its right.
func (gs *gameScene) statusButtons() []*button {
	switch {
	case gs.net != nil && gs.net.drawOffered && !gs.over && gs.review < 0:
		return gs.net.drawM.Buttons
	case gs.review >= 0:
		return gs.reviewMenu.Buttons
	}
	return nil
}

func (gs *gameScene) statusText() string {
	if gs.over {
		return gs.resultWords()
	}
	if gs.net != nil && gs.net.gone != nil {
		return gs.net.gone.Reason
	}
	if gs.waitsForConnection() {
		return "Connection lost: reconnecting… The board is kept; you can move again once the connection is back."
	}
	c := gs.toMove()
	h := gs.hand.hold
	keys := gs.hand.cursorOn // the keyboard was used last: name its keys
	switch {
	case gs.setup.human(c) && h != nil && h.locked && keys:
		return "Touch-move: this piece must be moved. Move the cursor to a highlighted square and press Enter."
	case gs.setup.human(c) && h != nil && h.locked:
		return "Touch-move: this piece must be moved. " + gs.verb("Click") + " a highlighted square."
	case gs.setup.human(c) && h != nil && gs.values.ready && gs.variant == rules.Gobblers && gs.showingValues:
		return "Move values: “win 6” wins within 6 moves, “loss 6” loses within 6, with best play on both sides."
	case gs.setup.human(c) && h != nil:
		if gs.variant == rules.Classic && h.from == rules.NoSquare && gs.pos().LineOfThreeSquares() != 0 {
			return "Marked 3: you may cover that piece, it is in a line of three."
		}
		if keys {
			return "Move the cursor to a highlighted square and press Enter; Esc puts the piece back."
		}
		return "Drop it on a highlighted square, or " + gs.verb("click") + " it again to put it back."
	case gs.setup.human(c):
		how := "drag a piece, or click it and then a square."
		if gs.touch {
			how = "tap a piece, then a square."
		}
		if keys {
			how = "arrows move the cursor, Enter picks up and puts down, " + sizeKeys(gs.variant) + " take a piece from your reserve."
		}
		if gs.setup.humanColour() >= 0 {
			return "Your turn: " + how
		}
		return colourNames[c] + " to move: " + how
	}
	return gs.waitWords(c)
}

// sizeKeys names the keys that take a reserve piece by its size: "1–4".
func sizeKeys(v rules.Variant) string {
	return fmt.Sprintf("1–%d", v.Sizes())
}

// waitWords say what the computer (or the partner online) to move does:
// the status line and the status card say the same.
func (gs *gameScene) waitWords(c int) string {
	switch {
	case gs.net != nil:
		return "Your opponent is thinking…"
	case gs.pause.open:
		return "Paused: " + gs.setup.name(c) + " waits until you resume."
	case gs.setup.Mode == modeAIvsAI && !gs.demo.running:
		return "Demo paused: Space plays, S steps one move."
	case gs.thinkingShown():
		return gs.setup.name(c) + " is thinking…"
	}
	return gs.setup.name(c) + " moves in a moment…"
}

// verb is "click" (or "Click"), or "tap" when the player uses a finger.
func (gs *gameScene) verb(click string) string {
	if !gs.touch {
		return click
	}
	return map[string]string{"Click": "Tap", "click": "tap"}[click]
}
