// The review overlay: stepping through the moves of a game.

package app

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// layoutReview places the review's buttons in the status bar.
func (gs *gameScene) layoutReview(a *App) {
	u := a.U()
	st := gs.lay.Status
	// from the right: Done or Back, Play on (a saved unfinished game),
	// then the two arrows
	x := st.X + st.W - 62*u
	fc := a.Face(Medium, sizeBody)
	if gs.lay.Form != wide {
		x = st.X + st.W - 10*u
	}
	for i := len(gs.reviewMenu.Buttons) - 1; i >= 0; i-- {
		b := gs.reviewMenu.Buttons[i]
		w := 54 * u
		switch {
		case b.Label != "" && gs.lay.Form != wide:
			w = textWidth(b.Label, fc) + 28*u
		case b.Label != "":
			w = 120 * u
		}
		x -= w
		b.Rect = Rect{x, st.Y + (st.H-44*u)/2, w, 44 * u}
		x -= 8 * u
	}
}

// updateReview steps through the moves shown in review: the buttons (back,
// forward, Play on, Done or Back) and the arrow, Home, End and Esc keys.
func (gs *gameScene) updateReview(a *App) error {
	gs.layoutReview(a)
	if a.In.Pressed {
		_, cells, _ := gs.moveList(a)
		for _, c := range cells {
			if c.r.Contains(a.In.X, a.In.Y) {
				gs.review = c.ply + 1
				return nil
			}
		}
	}
	for i, b := range gs.reviewMenu.Buttons {
		if b.update(a) {
			switch {
			case i == 0:
				gs.review = max(0, gs.review-1)
			case i == 1:
				gs.review = min(gs.game.Plies(), gs.review+1)
			case b.Label == playOnLabel:
				gs.playOn(a)
			default:
				gs.endReview(a)
			}
			return nil
		}
	}
	if gs.playOnGame != nil && (a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter)) {
		gs.playOn(a)
		return nil
	}
	switch {
	case a.In.Key(ebiten.KeyLeft):
		gs.review = max(0, gs.review-1)
	case a.In.Key(ebiten.KeyRight):
		gs.review = min(gs.game.Plies(), gs.review+1)
	case a.In.Key(ebiten.KeyHome):
		gs.review = 0
	case a.In.Key(ebiten.KeyEnd):
		gs.review = gs.game.Plies()
	case a.In.Key(ebiten.KeyEscape):
		gs.endReview(a)
	}
	return nil
}

// endReview goes back to the game, or to the saved games a record came from.
func (gs *gameScene) endReview(a *App) {
	if gs.reviewBack != nil {
		a.scenes.GoTo(gs.reviewBack)
		return
	}
	gs.review = -1
}

// reviewWords says which move review shows, numbered as in the move list
// (a number per pair of moves, "…" before the second's).
func (gs *gameScene) reviewWords() string {
	i := gs.review - 1
	if i < 0 {
		return "Reviewing: the start" + gs.reviewKeys()
	}
	dots := "."
	if i%2 == 1 {
		dots = "…"
	}
	return fmt.Sprintf("Reviewing %d%s %s", i/2+1, dots, gs.moveWords(i)) + gs.reviewKeys()
}

// reviewKeys names the review's keys after its words, unless the player
// uses a finger.
func (gs *gameScene) reviewKeys() string {
	if gs.touch {
		return ""
	}
	return "  (← →)"
}

// shownWinLine is the winning line drawn over the board: once the game is
// won, live or in review at its last move.
func (gs *gameScene) shownWinLine(p *rules.Position) uint16 {
	if !gs.over || gs.review >= 0 && gs.review != gs.game.Plies() {
		return 0
	}
	if result := gs.result(); result.Status == rules.Win {
		return p.WinningLine(result.Winner)
	}
	return 0
}
