// The status line under the board: whose turn, messages, review position.

package app

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

func (gs *gameScene) drawStatus(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	st := gs.lay.Status
	ui.FillRect(dst, st, palette.WithAlpha(th.Panel, 0.85))
	ui.FillRect(dst, ui.R(0, st.Y, st.W, math.Max(1, u)), th.PanelEdge)
	fc := a.Face(ui.Regular, ui.SizeBody)
	msg, warn := gs.statusLine(a)
	col := th.Text
	if warn {
		col = palette.Mix(th.Warn, palette.White, 0.25)
		if th.Name == "light" {
			col = th.Warn
		}
	}
	switch {
	case gs.net != nil && gs.net.drawOffered && !gs.over && gs.review < 0:
		gs.net.drawM.Draw(a, dst)
	case gs.review >= 0:
		for _, b := range gs.reviewMenu.Buttons {
			b.Draw(a, dst, false)
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
	if ui.TextWidth(msg, fc) > room {
		fc = a.Face(ui.Regular, ui.SizeSmall)
	}
	// still too long (a phone's result, a longer language): two lines
	// if they fit the bar's height, else one shortened
	if lines := ui.Wrap(msg, fc, room); len(lines) == 2 && 2*ui.LineHeight(fc) <= st.H-4*u {
		lh := ui.LineHeight(fc)
		for i, ln := range lines {
			ui.DrawText(dst, ln, fc, x, st.Y+st.H/2+(float64(i)-0.5)*lh, ui.Left, col)
		}
		return
	}
	ui.DrawText(dst, ui.FitText(msg, fc, room), fc, x, st.Y+st.H/2, ui.Left, col)
}

// statusLine is what the status line says, and whether it warns: a draw
// offered, the review's move, a message for a while, else statusText.
func (gs *gameScene) statusLine(a *App) (string, bool) {
	switch {
	case gs.net != nil && gs.net.drawOffered && !gs.over && gs.review < 0:
		return locale.T("PlayOpponentOffersDraw"), false
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
func (gs *gameScene) statusButtons() []*ui.Button {
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
		return disconnectedText(*gs.net.gone)
	}
	if gs.waitsForConnection() {
		return locale.T("PlayConnectionLost")
	}
	c := gs.toMove()
	h := gs.hand.hold
	keys := gs.hand.cursorOn // the keyboard was used last: name its keys
	switch {
	case gs.setup.human(c) && h != nil && h.locked && keys:
		return locale.T("PlayTouchMoveKeys")
	case gs.setup.human(c) && h != nil && h.locked:
		return gs.tapOr(locale.T("PlayTouchMoveClick"), locale.T("PlayTouchMoveTap"))
	case gs.setup.human(c) && h != nil && gs.values.ready && gs.variant == rules.Gobblers && gs.showingValues:
		return locale.T("PlayMoveValuesExplained")
	case gs.setup.human(c) && h != nil:
		if gs.variant == rules.Classic && h.from == rules.NoSquare && gs.pos().LineOfThreeSquares() != 0 {
			return locale.T("PlayMarkedThree")
		}
		if keys {
			return locale.T("PlayDropKeys")
		}
		return gs.tapOr(locale.T("PlayDropClick"), locale.T("PlayDropTap"))
	case gs.setup.human(c):
		how := gs.tapOr(locale.T("PlayHowClick"), locale.T("PlayHowTap"))
		switch {
		case gs.pad:
			how = locale.T("PadGameHint")
		case keys:
			how = locale.F("PlayHowKeys", "Keys", sizeKeys(gs.variant))
		}
		if gs.setup.humanColour() >= 0 {
			return locale.F("PlayYourTurnHow", "How", how)
		}
		return locale.F("PlayColourToMoveHow", "Colour", colourName(c), "How", how)
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
		return locale.T("PlayOpponentThinking")
	case gs.pause.open:
		return locale.F("PlayPausedWaits", "Name", gs.setup.name(c))
	case gs.setup.Mode == modeAIvsAI && !gs.demo.running:
		return locale.T("PlayDemoPaused")
	case gs.thinkingShown():
		return locale.F("PlayNameThinking", "Name", gs.setup.name(c))
	}
	return locale.F("PlayNameMovesSoon", "Name", gs.setup.name(c))
}

// tapOr is the words for a mouse, or those for a finger when the player
// uses one.
func (gs *gameScene) tapOr(click, tap string) string {
	if gs.touch {
		return tap
	}
	return click
}
