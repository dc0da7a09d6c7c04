// The side panel: the move list and the AI status card with its eval bar.

package app

import (
	"fmt"
	"image"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// moveList lays out the move list: the card, the visible move cells and
// the move numbers (with their row centres). The slices are the scene's,
// good until the next call. A row is a finger high wherever it can be
// pressed (44 units beside the board, 48 on a phone's sheet).
func (gs *gameScene) moveList(a *App) (list ui.Rect, cells []moveCell, numbers [][2]float64) {
	cells, numbers = gs.cells[:0], gs.numbers[:0]
	defer func() { gs.cells, gs.numbers = cells, numbers }()
	u := a.U()
	list, _, _ = gs.panelParts(a)
	if list.Empty() {
		return list, cells, numbers
	}
	moves := gs.game.Moves()
	rowH := 44 * u
	if gs.lay.Form != wide {
		rowH = 48 * u // the list over the board is for fingers
	}
	top := list.Y + 44*u
	rows := max(1, int((list.H-50*u)/rowH))
	// the first mover is x; rows are full moves
	nRows := (len(moves) + 1) / 2
	cur := gs.currentPly()
	first := 0
	if nRows > rows {
		first = max(0, min(nRows-rows, cur/2-rows/2))
		if gs.review < 0 {
			first = nRows - rows
		}
	}
	colW := (list.W - 60*u) / 2
	for r := first; r < nRows && r < first+rows; r++ {
		y := top + float64(r-first)*rowH
		numbers = append(numbers, [2]float64{float64(r + 1), y + rowH/2})
		for k := 0; k < 2; k++ {
			i := 2*r + k
			if i >= len(moves) {
				break
			}
			x := list.X + 50*u + float64(k)*colW
			cells = append(cells, moveCell{i, ui.R(x-4*u, y, colW-6*u, rowH)})
		}
	}
	return list, cells, numbers
}

// panelParts divides the side panel (or the sheet over the board): the
// move list, the review's analysis card under it (empty outside a review),
// and the status card at the foot (none on the sheet in a review: the
// status line says the same). On a phone on its side the sheet is too
// low for both: the card goes beside the list.
func (gs *gameScene) panelParts(a *App) (list, card, status ui.Rect) {
	u := a.U()
	pr := gs.lay.Panel
	if pr.Empty() {
		return ui.Rect{}, ui.Rect{}, ui.Rect{}
	}
	statusH := 150 * u
	if gs.setup.Mode == modeAIvsAI {
		statusH = 200 * u
	}
	cardH := gs.analysisCardH(a)
	if gs.review >= 0 && (gs.lay.Form == narrow || gs.lay.Form == tall && gs.reviewMarkWords() == "") {
		statusH = 0 // the status line says the same; a mark's words it has no room for
	}
	bottom := pr.Y + pr.H
	if statusH > 0 {
		status = ui.R(pr.X, bottom-statusH, pr.W, statusH)
		bottom = status.Y - 12*u
	}
	if cardH > 0 && gs.lay.Form == narrow {
		w := math.Min(gs.lay.W-20*u, 2*pr.W)
		pr = ui.R((gs.lay.W-w)/2, pr.Y, w, bottom-pr.Y)
		half := (pr.W - 12*u) / 2
		return ui.R(pr.X, pr.Y, half, pr.H), ui.R(pr.X+half+12*u, pr.Y, half, pr.H), status
	}
	if cardH > 0 {
		card = ui.R(pr.X, bottom-cardH, pr.W, cardH)
		bottom = card.Y - 12*u
	}
	return ui.R(pr.X, pr.Y, pr.W, bottom-pr.Y), card, status
}

// currentPly is the index of the move shown last (-1 before the first).
func (gs *gameScene) currentPly() int {
	if gs.review >= 0 {
		return gs.review - 1
	}
	return gs.game.Plies() - 1
}

// drawPanel draws the side panel: the move list, scrolled to the current
// ply, and the AI status card under it.
func (gs *gameScene) drawPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	list, cells, numbers := gs.moveList(a)
	ui.Panel(a, dst, list)
	ui.DrawText(dst, locale.T("PlayMovesTitle"), a.Face(ui.Bold, ui.SizeBody), list.X+18*u, list.Y+24*u, ui.Left, th.Text)
	moves := gs.game.Moves()
	fc := a.Face(ui.Regular, ui.SizeBody-2)
	fm := a.Face(ui.Medium, ui.SizeBody-2)
	if len(moves) == 0 {
		ui.DrawText(dst, locale.T("PlayNoMovesYet"), fc, list.X+18*u, list.Y+64*u, ui.Left, th.TextDim)
	} else if gs.review < 0 && len(moves) > 0 && gs.reviewBack == nil {
		ui.DrawText(dst, gs.tapOr(locale.T("PlayClickMoveToReview"), locale.T("PlayTapMoveToReview")), a.Face(ui.Regular, ui.SizeSmall-2), list.X+list.W-18*u, list.Y+24*u, ui.Right, th.TextDim)
	}
	for _, n := range numbers {
		ui.DrawText(dst, fmt.Sprintf("%d.", int(n[0])), fc, list.X+40*u, n[1], ui.Right, th.TextDim)
	}
	cur := gs.currentPly()
	for _, mc := range cells {
		i, cell := mc.ply, mc.r
		shade := ui.R(cell.X, cell.Y+3*u, cell.W, cell.H-6*u)
		if i == cur {
			ui.TintRoundRect(dst, shade, 6*u, palette.WithAlpha(th.Accent, 0.25))
		} else if cell.Contains(a.In.X, a.In.Y) {
			ui.TintRoundRect(dst, shade, 6*u, palette.WithAlpha(th.Text, 0.08))
		}
		if p, ok := gs.plyAnalysis(i); ok && p.Mark.Symbol() != "" {
			ui.DrawText(dst, p.Mark.Symbol(), a.Face(ui.Bold, ui.SizeBody-2), cell.X+cell.W-8*u, cell.Y+cell.H/2, ui.Right, markColour(th, p.Mark))
		}
		// the piece moved, a small disc of its size and colour, then where
		// it went: "b2" from the reserve, "a3 → b1" on the board
		pl := gs.game.PositionAt(i)
		c := gs.setup.colourOf(pl.SideToMove())
		x := cell.X + 4*u
		y := cell.Y + cell.H/2
		rad := 10 * u * pieceRadius(gs.variant, pl.MovedSize(moves[i])) / pieceRadius(gs.variant, gs.variant.Sizes())
		drawPiece(dst, th, x+11*u, y, rad, c, pieceLook{})
		face := fc
		if i == cur {
			face = fm
		}
		ui.DrawText(dst, moveSquares(gs.variant, moves[i]), face, x+26*u, y, ui.Left, th.Text)
	}
	if _, card, _ := gs.panelParts(a); !card.Empty() {
		gs.drawAnalysisCard(a, dst, card)
	}
	if st := gs.statusCard(a); !st.Empty() {
		ui.Panel(a, dst, st)
		gs.drawAIStatus(a, dst, st)
	}
}

// drawSheet draws the move list and the status card opened over the
// board (narrow and tall forms), the board dimmed under it.
func (gs *gameScene) drawSheet(a *App, dst *ebiten.Image) {
	l := &gs.lay
	ui.FillRect(dst, ui.R(0, l.Top.H, a.W, l.Status.Y-l.Top.H), palette.WithAlpha(palette.Black, 0.45))
	gs.drawPanel(a, dst)
}

// moveSquares is a move as the move list shows it beside the piece: the
// square a reserve piece went to, or the squares a board piece went from
// and to.
func moveSquares(v rules.Variant, m rules.Move) string {
	if m.IsDrop() {
		return m.To.Name(v)
	}
	return m.From.Name(v) + " → " + m.To.Name(v)
}

// moveTip is the move list's tooltip for one move: the move in words, then
// in the engine's notation ("Orange: giant from the reserve to b2 · 4@b2").
func (gs *gameScene) moveTip(ply int) string {
	return gs.moveWords(ply) + "  ·  " + gs.game.Moves()[ply].Notation(gs.variant)
}

// moveWords is one move of the game in words ("Orange: giant from the
// reserve to b2").
func (gs *gameScene) moveWords(ply int) string {
	m := gs.game.Moves()[ply]
	p := gs.game.PositionAt(ply)
	c := gs.setup.colourOf(p.SideToMove())
	sizes := sizeNames(gs.variant)
	what := sizes[p.MovedSize(m)-1]
	name, to := gs.setup.name(c), m.To.Name(gs.variant)
	under, over := p.Top(m.To)
	switch {
	case m.IsDrop() && over:
		return locale.F("PlayMoveWordsDropOver", "Name", name, "Size", what, "To", to, "Colour", colourName(gs.setup.colourOf(under.Player)), "UnderSize", sizes[under.Size-1])
	case m.IsDrop():
		return locale.F("PlayMoveWordsDrop", "Name", name, "Size", what, "To", to)
	case over:
		return locale.F("PlayMoveWordsMoveOver", "Name", name, "Size", what, "From", m.From.Name(gs.variant), "To", to, "Colour", colourName(gs.setup.colourOf(under.Player)), "UnderSize", sizes[under.Size-1])
	}
	return locale.F("PlayMoveWordsMove", "Name", name, "Size", what, "From", m.From.Name(gs.variant), "To", to)
}

// drawMoveTip draws the tooltip of the move under the pointer, over
// everything but the overlays.
func (gs *gameScene) drawMoveTip(a *App, dst *ebiten.Image) {
	if gs.hand.hold != nil {
		return
	}
	_, cells, _ := gs.moveList(a)
	for _, c := range cells {
		if !c.r.Contains(a.In.X, a.In.Y) {
			continue
		}
		u := a.U()
		fc := a.Face(ui.Regular, ui.SizeSmall)
		tip := gs.moveTip(c.ply)
		w := ui.TextWidth(tip, fc) + 20*u
		h := 30 * u
		x := math.Max(4, math.Min(c.r.X+c.r.W/2-w/2, a.W-w-4))
		r := ui.R(x, c.r.Y+c.r.H+4*u, w, h)
		ui.RoundRectSpriteA(dst, r, 6*u, a.Theme.Panel, a.Theme.PanelEdge, 1, 5*u, a.Theme.Shadow)
		ui.DrawText(dst, tip, fc, r.X+w/2, r.Y+h/2, ui.Center, a.Theme.Text)
		return
	}
}

// statusCard is the card under the move list that says who thinks, or
// whose turn it is (empty on the sheet in a review).
func (gs *gameScene) statusCard(a *App) ui.Rect {
	_, _, st := gs.panelParts(a)
	return st
}

// cardText is where the status card's first line starts and its two faces.
type cardText struct {
	x, y        float64
	head, small ui.Face
}

func newCardText(a *App, r ui.Rect) cardText {
	u := a.U()
	return cardText{x: r.X + 18*u, y: r.Y + 26*u, head: a.Face(ui.Bold, ui.SizeBody), small: a.Face(ui.Regular, ui.SizeSmall)}
}

// drawAIStatus draws the status card under the move list: who is thinking
// (with a spinner and the search's depth and score), or the review's, the
// result's or the turn's words; then the connection and the demo's series.
func (gs *gameScene) drawAIStatus(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	u := a.U()
	c := newCardText(a, r)
	// the computer's move, chosen, waits a moment for its turn on screen:
	// to the player it is still thinking
	if gs.thinkingShown() {
		gs.drawThinking(a, dst, r, c, gs.moveWaits())
	} else {
		title, words := gs.statusCardWords()
		ui.DrawText(dst, title, c.head, c.x, c.y, ui.Left, th.Text)
		// the lines that fit above the card's foot (the connection online,
		// the series in AI vs AI)
		end := r.Y + r.H - 14*u
		switch {
		case gs.net != nil:
			end -= 34 * u
		case gs.setup.Mode == modeAIvsAI:
			end -= 70 * u
		}
		for i, ln := range ui.Wrap(words, c.small, r.W-36*u) {
			y := c.y + 30*u + float64(i)*20*u
			if y > end {
				break
			}
			ui.DrawText(dst, ln, c.small, c.x, y, ui.Left, th.TextDim)
		}
	}
	gs.drawCardFooter(a, dst, r)
}

// drawThinking fills the status card while a search runs: who thinks, a
// spinner, the time, depth and score, and the eval bar.
func (gs *gameScene) drawThinking(a *App, dst *ebiten.Image, r ui.Rect, c cardText, aiMove bool) {
	th := a.Theme
	u := a.U()
	x, y, fh, fs := c.x, c.y, c.head, c.small
	b := gs.brain
	title := locale.T("PlayHintIsThinking")
	if b.purpose == forMove || aiMove {
		title = locale.F("PlayNameIsThinking", "Name", gs.setup.name(gs.toMove()))
	}
	// the spinner takes the right of the line: the words fit before it
	if ui.TextWidth(title, fh) > r.W-80*u {
		title = locale.F("PlayNameIsThinking", "Name", colourName(gs.toMove()))
		if b.purpose != forMove && !aiMove {
			title = locale.T("PlayHintThinking")
		}
	}
	if ui.TextWidth(title, fh) > r.W-80*u {
		fh = a.Face(ui.Bold, ui.SizeSmall)
	}
	ui.DrawText(dst, title, fh, x, y, ui.Left, th.Text)
	// the spinner: eight dots, the brightest one a step further round at
	// each spinnerTicks
	sx, sy := r.X+r.W-30*u, y
	ang := float64(a.Tick/spinnerTicks) * math.Pi / 4
	for i := 0; i < 8; i++ {
		t := ang + float64(i)*math.Pi/4
		al := 0.15 + 0.85*float64(i)/8
		ui.FillCircle(dst, sx+math.Cos(t)*10*u, sy+math.Sin(t)*10*u, 2.6*u, palette.WithAlpha(th.Accent, al))
	}
	ui.DrawText(dst, gs.thinkingLine(a, time.Since(b.since).Seconds()), fs, x, y+30*u, ui.Left, th.TextDim)
	if b.hasInfo {
		bar := ui.R(x, y+54*u, r.W-36*u, 10*u)
		gs.drawEvalBar(a, dst, bar, b.colour, b.info.Score)
		// what the bar means, at its two ends
		fc := a.Face(ui.Regular, ui.SizeSmall-2)
		ly := bar.Y + bar.H + 14*u
		ui.DrawText(dst, locale.F("PlayAheadLeft", "Colour", colourName(0)), fc, bar.X, ly, ui.Left, th.TextDim)
		ui.DrawText(dst, locale.F("PlayAheadRight", "Colour", colourName(1)), fc, bar.X+bar.W, ly, ui.Right, th.TextDim)
	}
}

// thinkingLine is the status card's line under "… is thinking": the time
// it has thought, and the search's depth and score when the player asked
// for the engine's details in Options.
func (gs *gameScene) thinkingLine(a *App, secs float64) string {
	b := gs.brain
	switch {
	case b.hasInfo && a.Settings.EngineDetails:
		return locale.F("PlayThinkingDetails", "Depth", locale.Num(b.info.Depth), "Score", scoreWords(b.info.Score), "Seconds", locale.Dec(secs, 1))
	case secs >= 0.5:
		return locale.F("PlaySeconds", "Seconds", locale.Dec(secs, 1))
	}
	return ""
}

// statusCardWords are the status card's title and words when nothing thinks:
// the review's, the result's, or whose turn it is.
func (gs *gameScene) statusCardWords() (title, words string) {
	switch {
	case gs.review >= 0 && gs.reviewMarkWords() != "":
		p, _ := gs.reviewedMark()
		return markTitle(p.Mark), gs.reviewMarkWords()
	case gs.review >= 0 && !gs.over:
		title = locale.T("ReviewReviewing")
		words = locale.T("ReviewStepDone")
		switch {
		case gs.playOnGame != nil:
			words = locale.T("ReviewStepPlayOn")
		case gs.reviewBack != nil:
			words = locale.T("ReviewStepBack")
		}
		return title, words
	case gs.over:
		return gs.resultTitle()
	case gs.waitsForConnection():
		return locale.T("PlayReconnecting"), strings.TrimSpace(gs.net.reconnecting + " " + locale.T("PlayGoesOnWhenBack"))
	default:
		c := gs.toMove()
		who := locale.F("PlayNameToMove", "Name", gs.setup.name(c))
		if gs.setup.humanColour() == c {
			who = locale.T("PlayYourTurn")
		}
		if !gs.setup.human(c) {
			return who, gs.waitWords(c)
		}
		// the status line says what to do; the card says what happened and
		// that the keyboard plays too
		words = gs.lastMoveWords()
		if gs.note != "" && !gs.humanHasMoved() {
			return who, strings.TrimSpace(gs.note + " " + words)
		}
		if !gs.hand.cursorOn && !gs.touch {
			words += "\n" + locale.F("PlayKeyboardHint", "Keys", sizeKeys(gs.variant))
		}
		return who, strings.TrimPrefix(words, "\n")
	}
}

// lastMoveWords says the last move in a sentence: "Hard AI put a giant
// piece on b3, over your small one." ("" before the first move).
func (gs *gameScene) lastMoveWords() string {
	i := gs.game.Plies() - 1
	if i < 0 {
		return ""
	}
	m := gs.game.Moves()[i]
	p := gs.game.PositionAt(i)
	c := gs.setup.colourOf(p.SideToMove())
	sizes := sizeNames(gs.variant)
	// the values of the sentences; no-break spaces keep a square with its
	// word when the card wraps (the catalogs write "on\u00a0{{.To}}")
	kv := []any{"Who", gs.who(c), "Size", sizes[p.MovedSize(m)-1], "From", m.From.Name(gs.variant), "To", m.To.Name(gs.variant)}
	you := gs.isYou(c)
	under, over := p.Top(m.To)
	if !over {
		switch {
		case m.IsDrop() && you:
			return locale.F("PlayLastYouPut", kv...)
		case m.IsDrop():
			return locale.F("PlayLastPut", kv...)
		case you:
			return locale.F("PlayLastYouMoved", kv...)
		}
		return locale.F("PlayLastMoved", kv...)
	}
	oc := gs.setup.colourOf(under.Player)
	kv = append(kv, "UnderSize", sizes[under.Size-1], "Owner", gs.who(oc))
	// whose piece it covered: the mover's own, the person's, another's
	own := oc == c
	yours := !own && gs.isYou(oc)
	switch {
	case m.IsDrop() && you && own:
		return locale.F("PlayLastYouPutOverOwn", kv...)
	case m.IsDrop() && you:
		return locale.F("PlayLastYouPutOver", kv...)
	case m.IsDrop() && own:
		return locale.F("PlayLastPutOverOwn", kv...)
	case m.IsDrop() && yours:
		return locale.F("PlayLastPutOverYours", kv...)
	case m.IsDrop():
		return locale.F("PlayLastPutOver", kv...)
	case you && own:
		return locale.F("PlayLastYouMovedOverOwn", kv...)
	case you:
		return locale.F("PlayLastYouMovedOver", kv...)
	case own:
		return locale.F("PlayLastMovedOverOwn", kv...)
	case yours:
		return locale.F("PlayLastMovedOverYours", kv...)
	}
	return locale.F("PlayLastMovedOver", kv...)
}

// drawCardFooter draws the status card's foot: the connection online, the
// series' score in AI vs AI.
func (gs *gameScene) drawCardFooter(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	u := a.U()
	x := r.X + 18*u
	fs := a.Face(ui.Regular, ui.SizeSmall)
	if gs.net != nil {
		yy := r.Y + r.H - 24*u
		col := th.Good
		if gs.net.gone != nil {
			col = th.Warn
		}
		ui.FillCircle(dst, x+5*u, yy, 5*u, col)
		ui.DrawText(dst, gs.netStatus(), fs, x+18*u, yy, ui.Left, th.TextDim)
	}
	if gs.setup.Mode == modeAIvsAI {
		yy := r.Y + r.H - 60*u
		ui.FillRect(dst, ui.R(x, yy-16*u, r.W-36*u, math.Max(1, u)), th.PanelEdge)
		ui.DrawText(dst, locale.T("PlaySeries"), a.Face(ui.Medium, ui.SizeSmall), x, yy, ui.Left, th.TextDim)
		s := gs.seriesScore()
		ui.DrawText(dst, s, a.Face(ui.Medium, ui.SizeBody-2), x, yy+24*u, ui.Left, th.Text)
	}
}

// scoreWords prints an evaluation for people: "+0.4", "wins in 5", "loses in 4".
func scoreWords(s ai.Score) string {
	switch s.Kind {
	case ai.WinIn:
		return locale.P("PlayWinsIn", (s.Value+1)/2)
	case ai.LossIn:
		return locale.P("PlayLosesIn", (s.Value+1)/2)
	}
	v := float64(s.Value) / 100
	if math.Abs(v) < 0.05 {
		return locale.T("PlayEven")
	}
	if v > 0 {
		return "+" + locale.Dec(v, 1)
	}
	return locale.Dec(v, 1)
}

// drawEvalBar shows who stands better in the computer's eyes: orange from
// the left, blue from the right, half each when even.
func (gs *gameScene) drawEvalBar(a *App, dst *ebiten.Image, r ui.Rect, mover int, s ai.Score) {
	th := a.Theme
	v := 0.0
	switch s.Kind {
	case ai.WinIn:
		v = 1
	case ai.LossIn:
		v = -1
	default:
		v = math.Tanh(float64(s.Value) / 400)
	}
	if mover == 1 {
		v = -v
	}
	share := 0.5 + v/2 // orange's share
	ui.TintRoundRect(dst, r, r.H/2, th.Player[1])
	// orange's part: the same bar, clipped (a sprite for every width the
	// score gives would be a new image at every change of the score)
	cut := image.Rect(int(math.Floor(r.X))-1, int(math.Floor(r.Y))-1, int(math.Round(r.X+r.W*share)), int(math.Ceil(r.Y+r.H))+1)
	if part := dst.SubImage(cut.Intersect(dst.Bounds())).(*ebiten.Image); !part.Bounds().Empty() {
		ui.TintRoundRect(part, r, r.H/2, th.Player[0])
	}
}

// moveCell is one move in the move list: its ply index and rectangle.
type moveCell struct {
	ply int
	r   ui.Rect
}

// markTitle names a mark for the status card's title.
func markTitle(m analysis.Mark) string {
	switch m {
	case analysis.Inaccuracy:
		return locale.T("ReviewInaccuracy")
	case analysis.Mistake:
		return locale.T("ReviewMistake")
	case analysis.Blunder:
		return locale.T("ReviewBlunder")
	}
	return locale.T("ReviewReviewing")
}
