// The pause menu: resume, save, restart, rules, options, main menu.

package app

import (
	"github.com/hajimehoshi/ebiten/v2"
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

// pauseRect is the pause card, tall enough for its buttons.
func (gs *gameScene) pauseRect(a *App) Rect {
	u := a.U()
	h := 90*u + float64(len(gs.pause.menu.Buttons))*66*u
	return Rect{a.W/2 - 180*u, a.H/2 - h/2, 360 * u, h}
}

// layoutPause places the pause card's buttons.
func (gs *gameScene) layoutPause(a *App) {
	u := a.U()
	r := gs.pauseRect(a)
	n := len(gs.pause.menu.Buttons)
	bs := column(Rect{r.X, r.Y + 70*u, r.W, r.H - 80*u}, n, 260*u, 52*u, 14*u)
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
	case "Resume":
		gs.pause.open = false
	case "Save game":
		gs.saveRecord(a)
	case "Restart":
		if !makeRoom(a, true) {
			return nil
		}
		gs.brain.stop()
		a.scenes.GoTo(newGameScene(a, gs.setup, nil))
	case "Rules":
		a.scenes.GoTo(newRulesScene(a, gs))
	case "Options":
		a.scenes.GoTo(newOptionsScene(a, gs))
	case "Main menu", "Leave game":
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
