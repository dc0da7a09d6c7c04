// The top bar: its buttons (pause, undo, redo, hint, demo controls) and title.

package app

import (
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

func (gs *gameScene) layoutButtons(a *App) {
	u := a.U()
	gs.showTop()
	t := gs.lay.Top
	s := 44 * u
	x := t.W - 16*u
	gap := 10 * u
	if gs.lay.Form != wide {
		x, gap = t.W-10*u, 8*u
	}
	fc := a.Face(ui.Medium, math.Min(ui.SizeBody, s/u*0.42))
	for _, b := range gs.top {
		w := s
		if b.Icon == ui.IconNone && len(b.Label) > 3 {
			w = ui.TextWidth(b.Label, fc) + 32*u
		}
		x -= w
		b.Rect = ui.R(x, t.Y+(t.H-s)/2, w, s)
		x -= gap
	}
	gs.buttons.demoRun.Icon = ui.IconPause
	if !gs.demo.running {
		gs.buttons.demoRun.Icon = ui.IconPlay
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
	ui.FillRect(dst, t, palette.WithAlpha(th.Panel, 0.85))
	ui.FillRect(dst, ui.R(0, t.Y+t.H-1, t.W, math.Max(1, u)), th.PanelEdge)
	title, sub := "Gobblet", "4×4"
	if gs.variant == rules.Gobblers {
		title, sub = "Gobblet Gobblers", "3×3"
	}
	ft := a.Face(ui.Bold, ui.SizeHeading)
	fc := a.Face(ui.Medium, ui.SizeBody)
	room := a.W - 16*u // the left of the leftmost button
	if len(gs.top) > 0 {
		room = gs.top[len(gs.top)-1].Rect.X - 16*u
	}
	if gs.lay.Form != wide {
		// the reserves name the players; the bar says which game it is
		if ui.TextWidth(title, ft)+24*u > room {
			title = "Gobblet"
		}
		if ui.TextWidth(title, ft)+24*u <= room {
			ui.DrawText(dst, title, ft, 16*u, t.H/2, ui.Left, th.Text)
			if x := 16*u + ui.TextWidth(title, ft) + 10*u; x+ui.TextWidth(sub, fc) <= room {
				ui.DrawText(dst, sub, fc, x, t.H/2+1*u, ui.Left, th.TextDim)
			}
		}
	} else {
		ui.DrawText(dst, title, ft, 24*u, t.H/2, ui.Left, th.Text)
		ui.DrawText(dst, sub, fc, 24*u+ui.TextWidth(title, ft)+10*u, t.H/2+1*u, ui.Left, th.TextDim)
		gs.drawPlayers(a, dst, fc)
	}
	for _, b := range gs.top {
		b.Draw(a, dst, false)
	}
}

// showTop chooses the top bar's buttons for the screen's form: without a
// side panel the Moves button opens the move list, and in a portrait
// window, against the computer, Resign waits in the menu (the bar has no
// room for its word).
func (gs *gameScene) showTop() {
	f := gs.lay.Form
	if gs.topForm == f && gs.top != nil {
		return
	}
	gs.topForm = f
	gs.top = nil
	for _, b := range gs.topAll {
		if b == gs.buttons.resign && f == tall && gs.net == nil {
			continue
		}
		gs.top = append(gs.top, b)
	}
	if f != wide && gs.lesson == nil {
		gs.top = append(gs.top, gs.buttons.moves)
	} else {
		gs.sheet = false
	}
	menu := gs.pause.menu.Buttons
	has := slices.Index(gs.pauseActions(), "resign")
	switch want := f == tall && gs.setup.Mode == modeHumanVsAI; {
	case want && has < 0:
		gs.pause.menu.Buttons = slices.Insert(menu, len(menu)-1, &ui.Button{Label: resignLabel(), Tip: locale.T("MenuResignTip")})
	case !want && has >= 0:
		gs.pause.menu.Buttons = slices.Delete(menu, has, has+1)
	}
}

// toastY puts the toasts under the top bar, over the board's edge: the
// bar's title, players and buttons stay in sight.
func (gs *gameScene) toastY(a *App) float64 { return gs.lay.Top.Y + gs.lay.Top.H + 14*a.U() }

// drawPlayers names the players in the middle of the top bar, each after
// a piece of their colour, the one to move in their colour.
func (gs *gameScene) drawPlayers(a *App, dst *ebiten.Image, fc ui.Face) {
	th := a.Theme
	u := a.U()
	t := gs.lay.Top
	n0, n1 := gs.setup.name(0), gs.setup.name(1)
	vs := "  vs  "
	w := ui.TextWidth(n0, fc) + ui.TextWidth(vs, fc) + ui.TextWidth(n1, fc) + 2*28*u
	x := a.W/2 - w/2
	cy := t.H / 2
	for c, n := range []string{n0, n1} {
		r := 9 * u
		drawPiece(dst, th, x+r, cy, r, c, pieceLook{})
		x += 28 * u
		col := th.Text
		if !gs.over && gs.toMove() == c {
			col = th.PlayerText(c)
		}
		ui.DrawText(dst, n, fc, x, cy, ui.Left, col)
		x += ui.TextWidth(n, fc)
		if c == 0 {
			ui.DrawText(dst, vs, fc, x, cy, ui.Left, th.TextDim)
			x += ui.TextWidth(vs, fc)
		}
	}
}

// resignLabel is the pause menu's Resign, in a portrait window.
func resignLabel() string { return locale.T("MenuResign") }
