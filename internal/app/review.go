// The review overlay: stepping through the moves of a game.

package app

import (
	"regexp"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// layoutReview places the review's buttons in the status bar.
func (gs *gameScene) layoutReview(a *App) {
	u := a.U()
	st := gs.lay.Status
	// from the right: Done or Back, Play on (a saved unfinished game),
	// then the two arrows
	x := st.X + st.W - 62*u
	fc := a.Face(ui.Medium, ui.SizeBody)
	if gs.lay.Form != wide {
		x = st.X + st.W - 10*u
	}
	for i := len(gs.reviewMenu.Buttons) - 1; i >= 0; i-- {
		b := gs.reviewMenu.Buttons[i]
		w := 54 * u
		switch {
		case b.Label != "" && gs.lay.Form != wide:
			w = ui.TextWidth(b.Label, fc) + 28*u
		case b.Label != "":
			w = 120 * u
		}
		x -= w
		b.Rect = ui.R(x, st.Y+(st.H-44*u)/2, w, 44*u)
		x -= 8 * u
	}
}

// updateReview steps through the moves shown in review: the buttons (back,
// forward, Play on, Done or Back) and the arrow, Home, End and Esc keys.
func (gs *gameScene) updateReview(a *App) error {
	gs.layoutReview(a)
	if gs.updateReviewPanel(a) {
		return nil
	}
	for i, b := range gs.reviewMenu.Buttons {
		if b.Update(a) {
			switch {
			case i == 0:
				gs.review = max(0, gs.review-1)
			case i == 1:
				gs.review = min(gs.game.Plies(), gs.review+1)
			case b.Label == playOnLabel():
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
	case a.In.Key(ebiten.KeyM) && gs.lay.Form != wide:
		gs.toggleSheet(a)
	case a.In.Key(ebiten.KeyA) && gs.game.Plies() > 0 && gs.analysed() == nil:
		gs.pressAnalyse(a)
	case a.In.Key(ebiten.KeyL) && len(gs.mistakes()) > 0:
		gs.startLearning(a)
	case a.In.Key(ebiten.KeyEscape):
		gs.endReview(a)
	}
	return nil
}

// updateReviewPanel answers the review's move list and analysis card (on
// a phone, the sheet the Moves button opens): a move pressed is shown, the
// card's buttons analyse, cancel or start Learn from your mistakes, and a
// press on the graph shows its move. It reports whether it took the input.
func (gs *gameScene) updateReviewPanel(a *App) bool {
	in := &a.In
	for _, b := range gs.top {
		if b == gs.buttons.moves && b.Update(a) {
			gs.toggleSheet(a)
			return true
		}
	}
	if gs.lay.Panel.Empty() {
		return false
	}
	list, card, status := gs.panelParts(a)
	if !card.Empty() {
		_, _, graph, bs := gs.analysisCardParts(a, card)
		for _, b := range bs {
			was := b.Hover
			pressed := b.Update(a)
			if b.Hover != was {
				a.redraw() // the game's look does not know the card's buttons
			}
			if !pressed {
				continue
			}
			switch b {
			case gs.an.analyse:
				gs.pressAnalyse(a)
			case gs.an.learn:
				gs.startLearning(a)
			}
			return true
		}
		if in.Pressed && gs.analysed() != nil && graph.Inset(-6*a.U()).Contains(in.X, in.Y) {
			gs.review = gs.graphPly(graph, in.X)
			return true
		}
	}
	if !in.Pressed {
		return false
	}
	_, cells, _ := gs.moveList(a)
	for _, c := range cells {
		if c.r.Contains(in.X, in.Y) {
			gs.review = c.ply + 1
			return true
		}
	}
	// on a phone, a press beside the sheet (not on the status line's
	// buttons) closes it
	if gs.sheet && !list.Contains(in.X, in.Y) && !card.Contains(in.X, in.Y) && !status.Contains(in.X, in.Y) && !gs.lay.Status.Contains(in.X, in.Y) && !gs.lay.Top.Contains(in.X, in.Y) {
		gs.closeSheet()
		return true
	}
	return false
}

// endReview goes back to the game, or to the saved games a record came from.
func (gs *gameScene) endReview(a *App) {
	if gs.reviewBack != nil {
		gs.stopAnalysis() // the game's screen is left: nobody would see it end
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
		return locale.T("ReviewTheStart") + gs.reviewKeys()
	}
	dots := "."
	if i%2 == 1 {
		dots = "…"
	}
	s := locale.F("ReviewMoveN", "Number", locale.Num(i/2+1)+dots, "Move", gs.moveWords(i))
	if p, ok := gs.plyAnalysis(i); ok && p.Mark.Symbol() != "" {
		s += " " + p.Mark.Symbol()
	}
	return s + gs.reviewKeys()
}

// reviewMarkWords says what the analysis found of the move review shows:
// its note ("Missed a win in 3.") and the best move ("" for a move without
// a mark).
func (gs *gameScene) reviewMarkWords() string {
	p, ok := gs.reviewedMark()
	if !ok {
		return ""
	}
	best := gs.bestWords(p, gs.game.PositionAt(gs.review-1))
	if p.Note != "" {
		return noteWords(p.Note) + " " + best
	}
	return best
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

// showSheet opens the move list over the board in a phone's forms (beside
// the board it shows already).
func (gs *gameScene) showSheet(a *App) {
	gs.layout(a)
	if gs.lay.Form != wide && !gs.sheet {
		gs.toggleSheet(a)
	}
}

// The analysis's notes, as its package writes them in English.
var (
	noteStillWins   = regexp.MustCompile(`^Still wins, but a win in (\d+) was there\.$`)
	noteMissedLoses = regexp.MustCompile(`^Missed a win in (\d+), and now the opponent wins\.$`)
	noteMissed      = regexp.MustCompile(`^Missed a win in (\d+)\.$`)
	noteFaster      = regexp.MustCompile(`^Loses faster than it had to: the opponent now wins in (\d+)\.$`)
	noteAllows      = regexp.MustCompile(`^Allows a win in (\d+)\.$`)
)

// noteWords says an analysis's note about a move in the language in use
// (a note it does not know stays as it is).
func noteWords(note string) string {
	if note == "Loses at once: it shows the opponent's line." {
		return locale.T("ReviewNoteLosesAtOnce")
	}
	for _, n := range []struct {
		re *regexp.Regexp
		id string
	}{{noteStillWins, "ReviewNoteStillWins"}, {noteMissedLoses, "ReviewNoteMissedLoses"}, {noteMissed, "ReviewNoteMissed"}, {noteFaster, "ReviewNoteFaster"}, {noteAllows, "ReviewNoteAllows"}} {
		if m := n.re.FindStringSubmatch(note); m != nil {
			k, _ := strconv.Atoi(m[1])
			switch n.id {
			case "ReviewNoteStillWins":
				return locale.P("ReviewNoteStillWins", k)
			case "ReviewNoteMissedLoses":
				return locale.P("ReviewNoteMissedLoses", k)
			case "ReviewNoteMissed":
				return locale.P("ReviewNoteMissed", k)
			case "ReviewNoteFaster":
				return locale.P("ReviewNoteFaster", k)
			}
			return locale.P("ReviewNoteAllows", k)
		}
	}
	return note
}
