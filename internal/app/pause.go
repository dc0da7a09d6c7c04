// The pause menu: resume, save, restart, rules, options, main menu.

package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/ui"
)

func (gs *gameScene) openPause(a *App) {
	a.debugf("overlay pause")
	gs.pause.open = true
	gs.pause.menu.Focus = 0
	gs.brain.stop() // the AI stops thinking while the game is paused
	gs.pending = nil
	if gs.hand.hold != nil && !gs.hand.hold.locked {
		gs.hand.hold = nil
	}
}

// pauseRect is the pause card, tall enough for its buttons: one above
// the other, or in two columns in a short window (pauseCols).
func (gs *gameScene) pauseRect(a *App) ui.Rect {
	u := a.U()
	n := len(gs.pause.menu.Buttons)
	if cols := gs.pauseCols(a); cols == 2 {
		w := math.Min(600*u, a.W-20*u)
		h := 80*u + float64((n+1)/2)*62*u
		return ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
	}
	w := math.Min(360*u, a.W-20*u)
	h := 90*u + float64(n)*66*u
	return ui.R(a.W/2-w/2, a.H/2-h/2, w, h)
}

// pauseCols is how many columns of buttons the pause card has.
func (gs *gameScene) pauseCols(a *App) int {
	u := a.U()
	if 90*u+float64(len(gs.pause.menu.Buttons))*66*u > a.H-20*u && a.W > a.H {
		return 2
	}
	return 1
}

// layoutPause places the pause card's buttons.
func (gs *gameScene) layoutPause(a *App) {
	u := a.U()
	r := gs.pauseRect(a)
	n := len(gs.pause.menu.Buttons)
	if gs.pauseCols(a) == 2 {
		rows := (n + 1) / 2
		w := (r.W - 60*u) / 2
		left := column(ui.R(r.X+20*u, r.Y+66*u, w, r.H-76*u), rows, w, 52*u, 10*u)
		right := column(ui.R(r.X+40*u+w, r.Y+66*u, w, r.H-76*u), rows, w, 52*u, 10*u)
		for i, b := range gs.pause.menu.Buttons {
			if i < rows {
				b.Rect = left[i]
			} else {
				b.Rect = right[i-rows]
			}
		}
		return
	}
	bs := column(ui.R(r.X, r.Y+70*u, r.W, r.H-80*u), n, math.Min(260*u, r.W-40*u), 52*u, 14*u)
	for i, b := range gs.pause.menu.Buttons {
		b.Rect = bs[i]
	}
}

func (gs *gameScene) updatePause(a *App) error {
	gs.layoutPause(a)
	if a.In.Key(ebiten.KeyEscape) {
		gs.pause.open = false
		return nil
	}
	i := gs.pause.menu.Update(a)
	if i < 0 {
		return nil
	}
	switch gs.pauseActions()[min(i, len(gs.pauseActions())-1)] {
	case "resume":
		gs.pause.open = false
	case "save":
		gs.saveRecord(a)
	case "restart":
		if !makeRoom(a, true) {
			return nil
		}
		gs.brain.stop()
		a.scenes.GoTo(newGameScene(a, gs.setup, nil))
	case "rules":
		a.scenes.GoTo(newRulesScene(a, gs))
	case "options":
		a.scenes.GoTo(newOptionsScene(a, gs))
	case "resign": // chosen in a menu: no second click asked
		gs.pause.open = false
		gs.resignAt = a.Tick
		gs.resign(a)
	case "menu", "leave":
		gs.leave(a)
		a.scenes.GoTo(newMenuScene(a))
	}
	return nil
}

// leave stops the AI and closes an online session; the autosave keeps the
// game for Continue.
func (gs *gameScene) leave(a *App) {
	gs.brain.stop()
	gs.pending = nil
	if gs.net != nil {
		if !gs.over && gs.net.gone == nil {
			gs.autosave(a)
		}
		gs.net.close()
	}
}

// drawPause dims the game and draws the pause menu on top.
func (gs *gameScene) drawPause(a *App, dst *ebiten.Image) {
	ui.FillRect(dst, ui.R(0, 0, a.W, a.H), palette.WithAlpha(palette.Black, 0.55))
	r := gs.pauseRect(a)
	ui.Panel(a, dst, r)
	ui.DrawText(dst, locale.T("MenuPaused"), a.Face(ui.Bold, ui.SizeTitle), r.X+r.W/2, r.Y+44*a.U(), ui.Center, a.Theme.Text)
	gs.pause.menu.Draw(a, dst)
}

// pauseActions are what the pause menu's buttons do, in their order (their
// words are the language's, so they are told apart by place): Resume, Save
// game, Restart, Rules, Options, Main menu; online no Restart, and Leave
// game; Resign, when a portrait window adds it, before the last.
func (gs *gameScene) pauseActions() []string {
	acts := []string{"resume", "save", "restart", "rules", "options", "menu"}
	if gs.setup.Mode == modeOnline {
		acts = []string{"resume", "save", "rules", "options", "leave"}
	}
	if len(gs.pause.menu.Buttons) == len(acts)+1 {
		acts = append(acts[:len(acts)-1:len(acts)-1], "resign", acts[len(acts)-1])
	}
	return acts
}
