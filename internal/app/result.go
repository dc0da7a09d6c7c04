// The end of a game: the result card, its words and its buttons (rematch,
// review, save).

package app

import (
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// layoutResult places the result card's buttons, and names the first
// (Rematch, or Accept when the partner asked for one online).
func (gs *gameScene) layoutResult(a *App) {
	u := a.U()
	gs.resultAnalysisButton()
	card := gs.resultCard(a)
	cols, rows := gs.resultGrid(a)
	nb := float64(cols)
	w := (card.W - (nb+1)*16*u) / nb
	top := card.Y + card.H - float64(rows)*resultRow*u - 6*u
	if n := gs.net; n != nil {
		b := gs.ending.menu.Buttons[0]
		b.Disabled = n.gone != nil || n.rematchAsked
		b.Label = locale.T("PlayRematch")
		if n.rematchOffered && !n.rematchAsked {
			b.Label = locale.T("PlayAccept")
		}
	}
	for i, b := range gs.ending.menu.Buttons {
		b.Rect = ui.R(card.X+16*u+float64(i%cols)*(w+16*u), top+float64(i/cols)*resultRow*u, w, 50*u)
	}
	gs.fitAnalysisLabel(a)
}

// updateOver runs the ended game: it lays out the result card's buttons,
// starts the demo's next game, still allows undo, and answers the card's
// buttons (rematch, review, save, main menu).
func (gs *gameScene) updateOver(a *App) error {
	gs.ending.ticks += a.steps // by the clock (clock.go)
	gs.hand.hold = nil
	gs.layoutResult(a)
	if gs.setup.Mode == modeAIvsAI && gs.demo.running && a.Tick >= gs.demo.nextGame && gs.demo.nextGame > 0 {
		gs.nextInSeries(a)
		return nil
	}
	if gs.demoKeys(a) {
		return nil
	}
	for _, b := range gs.top {
		if b.Update(a) {
			switch b {
			case gs.buttons.pause:
				gs.openPause(a)
			case gs.buttons.undo:
				gs.undo(a)
			case gs.buttons.demoRun:
				gs.demo.running = !gs.demo.running
			}
			return nil
		}
	}
	if a.In.Ctrl && a.In.Key(ebiten.KeyZ) {
		gs.undo(a)
		return nil
	}
	if gs.ending.ticks < resultDelay {
		return nil
	}
	if a.In.Key(ebiten.KeyEscape) {
		gs.openPause(a)
		return nil
	}
	i := gs.ending.menu.Update(a)
	if i < 0 {
		return nil
	}
	if isResultSave(gs.ending.menu.Buttons[i]) { // by its ID: Save, Keep, Copy record
		gs.resultSave(a)
		return nil
	}
	switch gs.ending.menu.Buttons[i].Label {
	case locale.T("PlayRematch"), locale.T("PlayAccept"):
		gs.rematch(a)
	case locale.T("PlayReview"):
		gs.review = gs.game.Plies()
	case analyseLabel(), cancelLabel():
		gs.pressAnalyse(a)
	case marksLabel():
		gs.review = 0 // from the start, every move with its mark
	case learnLabel(), retryLabel(), mistakesLabel():
		gs.startLearning(a)
	case locale.T("PlayMainMenu"):
		gs.stopAnalysis()
		gs.leave(a)
		a.scenes.GoTo(newMenuScene(a))
	}
	return nil
}

// rematch starts a new game with the other colour moving first.
func (gs *gameScene) rematch(a *App) {
	if !makeRoom(a, false) {
		return
	}
	gs.stopAnalysis()
	if n := gs.net; n != nil {
		if n.gone == nil && !n.rematchAsked {
			n.rematchAsked = true
			n.sess.Rematch() // Started brings the new game once both agreed
		}
		return
	}
	s := gs.setup
	s.First = 1 - s.First
	ng := newGameScene(a, s, nil)
	ng.demo.score = gs.demo.score
	ng.tellRematch()
	a.scenes.GoTo(ng)
}

// tellRematch says, on a rematch's first screen, what changed: who plays
// which colour and who moves first (the status line until the first move,
// the status card until the person's first).
func (gs *gameScene) tellRematch() {
	s := &gs.setup
	first := gs.who(s.First)
	you := s.humanColour()
	switch {
	case s.Mode == modeAIvsAI:
		return
	case you < 0:
		gs.note = locale.F("PlayRematchFirst", "Name", first)
	case gs.net != nil && you == s.First:
		gs.note = locale.F("PlayRematchSwappedYouFirst", "Colour", colourName(you))
	case gs.net != nil:
		gs.note = locale.F("PlayRematchSwapped", "Colour", colourName(you), "First", colourName(s.First))
	case you == s.First:
		gs.note = locale.F("PlayRematchAgainYouFirst", "Colour", colourName(you))
	default:
		gs.note = locale.F("PlayRematchAgain", "Colour", colourName(you), "First", first)
	}
	gs.say(gs.note, false)
}

// endGame ends the game: the sound for the player, the demo's score, and,
// once, the result recorded in the statistics and the game kept.
func (gs *gameScene) endGame(a *App) {
	gs.over = true
	gs.ending.ticks = 0
	gs.msgT = 0 // the result says it all ("Click Resign again" is done)
	gs.brain.forget()
	gs.pending = nil
	r := gs.result()
	a.debugf("result %s", r)
	switch {
	case r.Status == rules.Draw:
		a.play(sound.DrawChord)
	case gs.setup.humanColour() >= 0 && gs.setup.colourOf(r.Winner) != gs.setup.humanColour():
		a.play(sound.LossSting)
	default:
		a.play(sound.WinFanfare)
	}
	if gs.setup.Mode == modeAIvsAI {
		if r.Status == rules.Draw {
			gs.demo.score[2]++
		} else {
			gs.demo.score[gs.setup.colourOf(r.Winner)]++
		}
		gs.demo.nextGame = a.Tick + 180
	}
	if !gs.ending.recorded {
		gs.ending.recorded = true
		rec := gs.setup.gameRecord(gs.game)
		rec.Redo = nil
		if gs.resigned != nil {
			rec.Result = *gs.resigned // the moves stop short of it
		}
		kept, err := gs.keepResult(a, rec)
		if err != nil {
			a.recordFailed(kept, err)
		}
		gs.ending.kept = kept
		if err == nil && gs.setup.Mode == modeHumanVsAI {
			ai := gs.setup.Players[1-gs.setup.humanColour()]
			st := a.Store.Stats()
			gs.ending.record = st.Tally(gs.variant, ai.Level)
		}
		if kept == "" && err != nil {
			gs.autosave(a) // the game's only copy, until it can be kept
		} else if err := a.Store.ClearGame(); err != nil {
			a.debugf("clear autosave: %v", err)
		}
	}
}

// resultWords says who won and why, in one sentence.
func (gs *gameScene) resultWords() string {
	title, reason := gs.resultTitle()
	return title + " " + reason
}

func (gs *gameScene) resultTitle() (string, string) {
	if t, why, ok := gs.onlineTitle(); ok {
		return t, why
	}
	r := gs.result()
	if r.Reason == rules.Resignation {
		c := gs.setup.colourOf(r.Winner)
		title := locale.F("PlayNameWins", "Name", gs.who(c))
		if gs.isYou(c) {
			title = locale.T("PlayYouWin")
		}
		if gs.isYou(1 - c) {
			return title, locale.T("PlayYouResigned")
		}
		return title, locale.F("PlayNameResigned", "Name", gs.who(1-c))
	}
	switch r.Status {
	case rules.Draw:
		if r.Reason == rules.MoveLimit {
			return locale.T("PlayDrawTitle"), locale.P("PlayMoveLimit", gs.game.MoveLimit)
		}
		return locale.T("PlayDrawTitle"), locale.T("PlayThreefold")
	case rules.Win:
		c := gs.setup.colourOf(r.Winner)
		title := locale.F("PlayColourWins", "Colour", colourName(c))
		switch name := gs.setup.name(c); {
		case name == "You" || name == locale.T("PlayYou"): // the game, or its review, against the computer
			title = locale.T("PlayYouWin")
		case gs.setup.humanColour() >= 0 || gs.setup.Mode == modeAIvsAI || name != colourNames[c] && name != colourName(c):
			title = locale.F("PlayNameWins", "Name", name)
		}
		p := gs.pos()
		mover := gs.setup.colourOf(p.SideToMove().Other())
		n := gs.variant.Size()
		if mover != c {
			return title, gs.uncoveredWords(mover, c)
		}
		return title, gs.linedUpWords(c, n, p.WinningLine(r.Winner))
	}
	return "", ""
}

// who names a colour's player in a sentence: "You" for the person
// playing the computer, the computer by its level ("Hard AI"), a reviewed
// record's players as the review names them, else the colour in the
// player's language (colourNames, English, is only for the records).
func (gs *gameScene) who(c int) string {
	if (gs.setup.Mode == modeHumanVsAI || gs.setup.Mode == modeOnline) && gs.setup.humanColour() >= 0 || gs.setup.Names[c] != "" {
		return gs.setup.name(c)
	}
	return colourName(c)
}

// uncoveredWords says that the mover lifted a piece and uncovered the
// winner's line: "Hard AI lifted a piece and uncovered your line."
func (gs *gameScene) uncoveredWords(mover, winner int) string {
	kv := []any{"Who", gs.who(mover), "Owner", gs.who(winner)}
	switch {
	case gs.isYou(mover):
		return locale.F("PlayYouUncovered", kv...)
	case gs.isYou(winner):
		return locale.F("PlayUncoveredYours", kv...)
	}
	return locale.F("PlayUncovered", kv...)
}

// linedUpWords says how the winner lined up its pieces: "You lined up
// three in row 2", "Blue lined up four on the diagonal a1–d4". A
// no-break space keeps the number with its word when the line wraps.
func (gs *gameScene) linedUpWords(c, n int, l uint16) string {
	v := gs.variant
	first := rules.Square(bits.TrailingZeros16(l))
	last := rules.Square(15 - bits.LeadingZeros16(l))
	count := locale.T("PlayThree")
	if n == 4 {
		count = locale.T("PlayFour")
	}
	kv := []any{"Who", gs.who(c), "N", count, "Row", locale.Num(first.Rank(v) + 1), "Column", string(rune('a' + first.File(v))), "From", first.Name(v), "To", last.Name(v)}
	you := gs.isYou(c)
	switch {
	case first.Rank(v) == last.Rank(v) && you:
		return locale.F("PlayYouLinedUpRow", kv...)
	case first.Rank(v) == last.Rank(v):
		return locale.F("PlayLinedUpRow", kv...)
	case first.File(v) == last.File(v) && you:
		return locale.F("PlayYouLinedUpColumn", kv...)
	case first.File(v) == last.File(v):
		return locale.F("PlayLinedUpColumn", kv...)
	case you:
		return locale.F("PlayYouLinedUpDiagonal", kv...)
	}
	return locale.F("PlayLinedUpDiagonal", kv...)
}

// resultCard is where the result card lies: in the side column, over the
// move list and the status card it replaces, so the board, its winning
// line and both reserves stay in sight (without a side column, over the
// board's lower part and the reserve nearest the player). It slides in
// from the right.
func (gs *gameScene) resultCard(a *App) ui.Rect {
	u := a.U()
	l := &gs.lay
	slide := ui.EaseOut(float64(gs.ending.ticks-resultDelay) / 20)
	r := gs.resultArea(a)
	r.X += (1 - slide) * (l.W - r.X)
	// the winner's piece sits on the card's top edge: leave it room
	r.Y += 14 * u
	r.H -= 14 * u
	return r
}

// resultArea is the result card's place when it has arrived.
func (gs *gameScene) resultArea(a *App) ui.Rect {
	l := &gs.lay
	if l.Form == wide {
		return l.Panel
	}
	u := a.U()
	m := 10 * u
	cols, rows := gs.resultGrid(a)
	w := math.Min(l.W-2*m, float64(cols)*150*u+80*u)
	// the title, the reason, the moves and the record (if any) take
	// resultHead in the side column; a card of its own needs less
	head := 180.0
	if gs.resultSummary() != nil {
		head += 70
	}
	h := (head+14+6)*u + float64(rows)*resultRow*u
	// at the foot of the window, over the status line that says the same,
	// hiding as little of the board as it can
	y := math.Max(m, l.H-m-h)
	return ui.R((l.W-w)/2, y, w, h)
}

// resultTitleLines sets the result card's title in w pixels: on one line,
// smaller if need be, else on two.
func resultTitleLines(a *App, title string, w float64) (ui.Face, []string) {
	tf := a.Face(ui.Bold, ui.SizeTitle)
	if ui.TextWidth(title, tf) > w {
		tf = a.Face(ui.Bold, ui.SizeHeading)
	}
	return tf, ui.Wrap(title, tf, w)
}

// resultSummary is what the result card says below the result: the
// player's record against this AI level, or the series so far. Its first
// line is a caption.
func (gs *gameScene) resultSummary() []string {
	switch {
	case gs.setup.Mode == modeHumanVsAI && gs.ending.record.Games() > 0:
		t := gs.ending.record
		return []string{locale.F("PlayYourGamesAgainst", "Level", levelName(t.Level)),
			locale.F("PlayWonDrawnLost", "Won", locale.Num(t.Won), "Drawn", locale.Num(t.Drawn), "Lost", locale.Num(t.Lost))}
	case gs.setup.Mode == modeAIvsAI:
		return []string{locale.T("PlaySeries"), gs.seriesScore()}
	}
	return nil
}

// resultGrid is how the result card's buttons are arranged: one above the
// other, or two to a row when the column is too short for that.
func (gs *gameScene) resultGrid(a *App) (cols, rows int) {
	u := a.U()
	n := len(gs.ending.menu.Buttons)
	switch l := &gs.lay; {
	case l.Form == wide && l.Panel.H-14*u >= resultHead*u+float64(n)*resultRow*u:
		return 1, n
	case l.Form == narrow:
		// a short window: as many buttons to a row as fit
		cols = max(2, min(n, int((l.W-20*u)/(140*u))))
		return cols, (n + cols - 1) / cols
	}
	return 2, (n + 1) / 2
}

// drawResult draws the result card sliding in over the side panel: the
// title, the reason, the player's record and the buttons.
func (gs *gameScene) drawResult(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	r := gs.resultCard(a)
	// The side panel fades under the card as it slides in over it.
	l := &gs.lay
	slide := math.Max(0, math.Min(1, float64(gs.ending.ticks-resultDelay)/20))
	if l.Form == wide {
		ui.FillRoundRect(dst, l.Panel.Inset(-2*u), 14*u, palette.WithAlpha(th.Background, 0.85*slide))
	}
	ui.Panel(a, dst, r)
	title, reason := gs.resultTitle()
	res := gs.result()
	if res.Status == rules.Win {
		c := gs.setup.colourOf(res.Winner)
		drawPiece(dst, th, r.X+r.W/2, r.Y, 22*u, c, pieceLook{})
	}
	tf, lines := resultTitleLines(a, title, r.W-32*u)
	y := r.Y + 62*u
	for i, ln := range lines {
		if i > 0 {
			y += 32 * u
		}
		ui.DrawText(dst, ln, tf, r.X+r.W/2, y, ui.Center, th.Text)
	}
	fs := a.Face(ui.Regular, ui.SizeBody)
	y += 46 * u
	for _, ln := range ui.Wrap(reason, fs, r.W-40*u) {
		ui.DrawText(dst, ln, fs, r.X+r.W/2, y, ui.Center, th.TextDim)
		y += 24 * u
	}
	small := a.Face(ui.Regular, ui.SizeSmall)
	if words := gs.analysisWords(); words != "" {
		// the analysis: its progress, then each player's accuracy
		fa := a.Face(ui.Medium, ui.SizeSmall)
		if ui.TextWidth(words, fa) > r.W-32*u {
			fa = a.Face(ui.Medium, ui.SizeSmall-2)
		}
		ui.DrawText(dst, ui.FitText(words, fa, r.W-32*u), fa, r.X+r.W/2, y+6*u, ui.Center, th.Text)
		if gs.an.running {
			bar := ui.R(r.X+40*u, y+20*u, r.W-80*u, 6*u)
			ui.TintRoundRect(dst, bar, bar.H/2, palette.WithAlpha(th.Text, 0.12))
			if f := gs.analysisFraction(); f > 0 {
				ui.TintRoundRect(dst, ui.R(bar.X, bar.Y, math.Max(bar.H, bar.W*f), bar.H), bar.H/2, th.Accent)
			}
		}
		y += 24 * u
	} else if n := gs.game.Plies(); n > 0 {
		ui.DrawText(dst, locale.P("PlayMovesPlayed", n), small, r.X+r.W/2, y+6*u, ui.Center, palette.WithAlpha(th.TextDim, 0.8))
		y += 24 * u
	}
	y += 18 * u
	if lines := gs.resultSummary(); len(lines) > 0 {
		y += 8 * u
		ui.FillRect(dst, ui.R(r.X+24*u, y-16*u, r.W-48*u, math.Max(1, u)), th.PanelEdge)
		ui.DrawText(dst, lines[0], a.Face(ui.Medium, ui.SizeSmall), r.X+r.W/2, y+4*u, ui.Center, th.TextDim)
		fb := a.Face(ui.Medium, ui.SizeBody-2)
		for _, ln := range lines[1:] {
			y += 26 * u
			f := fb
			if ui.TextWidth(ln, f) > r.W-24*u { // longer words than English's
				f = a.Face(ui.Medium, ui.SizeSmall)
			}
			ui.DrawText(dst, ln, f, r.X+r.W/2, y+4*u, ui.Center, th.Text)
		}
		y += 40 * u
	}
	if gs.setup.Mode == modeAIvsAI {
		for _, ln := range ui.Wrap(locale.T("PlayNextGameSoon"), small, r.W-40*u) {
			ui.DrawText(dst, ln, small, r.X+r.W/2, y, ui.Center, th.TextDim)
			y += 20 * u
		}
	}
	if n := gs.net; n != nil {
		note := ""
		switch {
		case n.gone != nil:
			note = locale.T("PlayOpponentLeft")
		case n.rematchAsked:
			note = locale.T("PlayWaitingRematch")
		case n.rematchOffered:
			note = locale.T("PlayOpponentWantsRematch")
		}
		fn := a.Face(ui.Medium, ui.SizeSmall)
		for _, ln := range ui.Wrap(note, fn, r.W-40*u) {
			ui.DrawText(dst, ln, fn, r.X+r.W/2, y, ui.Center, th.PlayerText(gs.setup.humanColour()))
			y += 20 * u
		}
	}
	gs.ending.menu.Draw(a, dst)
}

// resultHead is the height the result card's title and reason take above
// its buttons; resultRow the height of one row of buttons, at 1×.
const (
	resultHead = 230
	resultRow  = 62
)

// resultAnalysisButton puts the analysis's button on the result card,
// before Main menu (not in the computer's demos, which go on to their next
// game), and names it: Analyse, Cancel while it runs, then Learn from
// mistakes when the player made some, else Review marks.
func (gs *gameScene) resultAnalysisButton() {
	if gs.setup.Mode == modeAIvsAI || gs.game.Plies() == 0 {
		return
	}
	gs.syncAnalysisButtons()
	if gs.an.card == nil {
		gs.an.card = &ui.Button{}
		bs := gs.ending.menu.Buttons
		gs.ending.menu.Buttons = append(bs[:len(bs)-1:len(bs)-1], gs.an.card, bs[len(bs)-1])
	}
	b := gs.an.card
	b.Label, b.Tip = gs.an.analyse.Label, gs.an.analyse.Tip
	if gs.analysed() != nil && !gs.an.learn.Disabled {
		b.Label, b.Tip = learnLabel(), gs.an.learn.Tip
	}
}

// fitAnalysisLabel shortens the result card's Learn from mistakes where
// its button is too narrow for the words.
func (gs *gameScene) fitAnalysisLabel(a *App) {
	b := gs.an.card
	if b == nil || b.Label != learnLabel() {
		return
	}
	for _, l := range []string{learnLabel(), retryLabel(), mistakesLabel()} {
		b.Label = l
		if ui.TextWidth(l, a.Face(ui.Medium, ui.SizeBody)) <= b.Rect.W-16*a.U() {
			return
		}
	}
}
