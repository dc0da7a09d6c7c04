// The pause menu: resume, save, restart, rules, options, main menu.

package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
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
func (gs *gameScene) pauseRect(a *App) Rect {
	u := a.U()
	n := len(gs.pause.menu.Buttons)
	if cols := gs.pauseCols(a); cols == 2 {
		w := math.Min(600*u, a.W-20*u)
		h := 80*u + float64((n+1)/2)*62*u
		return Rect{a.W/2 - w/2, a.H/2 - h/2, w, h}
	}
	w := math.Min(360*u, a.W-20*u)
	h := 90*u + float64(n)*66*u
	return Rect{a.W/2 - w/2, a.H/2 - h/2, w, h}
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
		left := column(Rect{r.X + 20*u, r.Y + 66*u, w, r.H - 76*u}, rows, w, 52*u, 10*u)
		right := column(Rect{r.X + 40*u + w, r.Y + 66*u, w, r.H - 76*u}, rows, w, 52*u, 10*u)
		for i, b := range gs.pause.menu.Buttons {
			if i < rows {
				b.Rect = left[i]
			} else {
				b.Rect = right[i-rows]
			}
		}
		return
	}
	bs := column(Rect{r.X, r.Y + 70*u, r.W, r.H - 80*u}, n, math.Min(260*u, r.W-40*u), 52*u, 14*u)
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
	i := gs.pause.menu.update(a)
	if i < 0 {
		return nil
	}
	switch gs.pause.menu.Buttons[i].Label {
	case locale.T("PlayResume"):
		gs.pause.open = false
	case locale.T("PlaySaveGame"):
		gs.saveRecord(a)
	case locale.T("PlayRestart"):
		if !makeRoom(a, true) {
			return nil
		}
		gs.brain.stop()
		a.scenes.GoTo(newGameScene(a, gs.setup, nil))
	case locale.T("PlayRules"):
		a.scenes.GoTo(newRulesScene(a, gs))
	case locale.T("PlayOptions"):
		a.scenes.GoTo(newOptionsScene(a, gs))
	case resignLabel: // chosen in a menu: no second click asked
		gs.pause.open = false
		gs.resignAt = a.Tick
		gs.resign(a)
	case locale.T("PlayMainMenu"), locale.T("PlayLeaveGame"):
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
	fillRect(dst, Rect{0, 0, a.W, a.H}, withAlpha(black, 0.55))
	r := gs.pauseRect(a)
	panel(a, dst, r)
	drawText(dst, "Paused", a.Face(Bold, sizeTitle), r.X+r.W/2, r.Y+44*a.U(), Center, a.Theme.Text)
	gs.pause.menu.draw(a, dst)
}
