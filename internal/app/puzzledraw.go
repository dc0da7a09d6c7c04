// The Puzzles screen's layout and drawing: the game's board and reserves,
// a top bar with the player's progress, and the puzzle's card (beside the
// board in a landscape window, under it in a portrait one).

package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// puzzleLayout is where the puzzle's card goes; the board's layout is the
// game scene's (gs.lay).
type puzzleLayout struct {
	card ui.Rect
}

// puzzleCardH is the card's height under the board in a portrait window.
const puzzleCardH = 196

// layout lays the board out for the window with room for the card: the
// desktop's side panel, or beside the board in a landscape window too
// small for one, else under the board. There is no status line: the card
// says everything.
func (ps *puzzlesScene) layout(a *App) {
	ps.label()
	u := a.U()
	gs := ps.gs
	v := gs.variant
	var l boardLayout
	card := ui.Rect{}
	if a.H <= a.W*1.1 {
		l = layoutBoard(a.W, a.H+statusH*u, u, v, 0)
		if l.Form == wide {
			card = l.Panel
		} else {
			cw := math.Min(360*u, a.W*0.42)
			l = layoutBoard(a.W-cw, a.H+statusH*u, u, v, 0)
			card = ui.R(a.W-cw, l.Top.H+12*u, cw-12*u, a.H-l.Top.H-24*u)
		}
	}
	// a landscape window's board beside the card may take rows of
	// reserves above and below it (as the lesson's does): under the card
	// it would be a third of the height
	if card.Empty() {
		ch := puzzleCardH * u
		l = layoutBoard(a.W, a.H-ch+statusH*u, u, v, 0)
		card = ui.R(8*u, a.H-ch, a.W-16*u, ch-8*u)
	}
	l.W, l.H = a.W, a.H
	l.Top.W = a.W
	l.Status, l.Panel, l.Sheet = ui.Rect{}, ui.Rect{}, ui.Rect{}
	gs.lay = l
	ps.lay.card = card
	ps.layoutButtons(a)
}

// cardButtons are the card's buttons at this stage.
func (ps *puzzlesScene) cardButtons() []*ui.Button {
	next := ps.nextB
	if ps.daily {
		next = ps.moreB
	}
	switch ps.stage {
	case puzzleNone:
		return nil
	case puzzleWrong:
		return []*ui.Button{ps.retryB, ps.solveB}
	case puzzleSolved:
		return []*ui.Button{next}
	case puzzleShowing, puzzleShown:
		return []*ui.Button{next, ps.retryB}
	}
	return []*ui.Button{ps.hintB, ps.solveB}
}

// layoutButtons places the top bar's Back and the card's buttons: in a row
// at the card's foot when two fit side by side, else in a column.
func (ps *puzzlesScene) layoutButtons(a *App) {
	u := a.U()
	t := ps.gs.lay.Top
	s := 44 * u
	fc := a.Face(ui.Medium, math.Min(ui.SizeBody, s/u*0.42))
	w := ui.TextWidth(ps.backB.Label, fc) + 40*u
	ps.backB.Rect = ui.R(t.W-w-12*u, t.Y+(t.H-s)/2, w, s)

	ps.shownBtn = ps.cardButtons()
	ps.hintB.Disabled = ps.stage != puzzleSolving && ps.stage != puzzleReplying || ps.hint >= 2 || ps.hintWait
	ps.solveB.Disabled = ps.stage == puzzleShowing || ps.stage == puzzleSolved
	ps.nextB.Disabled = false
	c := ps.lay.card
	pad := ps.pad(a)
	h := 48 * u
	n := float64(len(ps.shownBtn))
	if n == 0 {
		return
	}
	gap := 10 * u
	inner := c.W - 2*pad
	if (inner-gap*(n-1))/n >= 130*u {
		bw := (inner - gap*(n-1)) / n
		for i, b := range ps.shownBtn {
			b.Rect = ui.R(c.X+pad+float64(i)*(bw+gap), c.Y+c.H-pad-h, bw, h)
		}
		return
	}
	for i, b := range ps.shownBtn {
		b.Rect = ui.R(c.X+pad, c.Y+c.H-pad-h-float64(len(ps.shownBtn)-1-i)*(h+gap), inner, h)
	}
}

// pad is the card's inner margin.
func (ps *puzzlesScene) pad(a *App) float64 {
	if a.compact() {
		return 12 * a.U()
	}
	return 18 * a.U()
}

// Draw draws the board and reserves as a game does, the hint, the top
// bar and the card.
func (ps *puzzlesScene) Draw(a *App, dst *ebiten.Image) {
	gs := ps.gs
	if gs.lay.W != a.W || gs.lay.H != a.H || gs.lay.U != a.U() {
		ps.layout(a)
	}
	dst.DrawImage(ps.boardLayer(a), nil)
	p := gs.pos()
	for c := 0; c < 2; c++ {
		gs.drawReserve(a, dst, &p, c, true)
	}
	gs.drawBoard(a, dst, &p, true)
	ps.drawHintRing(a, dst)
	if gs.hand.hold == nil && a.Settings.ShowCovered {
		gs.drawPeek(a, dst, &p)
	}
	ps.drawTopBar(a, dst)
	ps.drawCard(a, dst)
	ps.backB.DrawTip(a, dst)
	for _, b := range ps.shownBtn {
		b.DrawTip(a, dst)
	}
}

// puzzleBoards keep each variant's board as the puzzle screen lays it out.
var puzzleBoards [2]ui.Layer

// boardLayer is the background and the board for the window and layout.
func (ps *puzzlesScene) boardLayer(a *App) *ebiten.Image {
	l := ps.gs.lay
	v := ps.gs.variant
	key := fmt.Sprintf("%v %v %v %s %v", a.W, a.H, a.U(), a.Theme.Name, l.Frame)
	return puzzleBoards[v&1].Get(key, int(a.W), int(a.H), func(img *ebiten.Image) {
		paintBoard(a, img, &l, v)
	})
}

// drawHintRing rings, pulsing, the piece the hint says to move: on its
// square, or in the reserve.
func (ps *puzzlesScene) drawHintRing(a *App, dst *ebiten.Image) {
	gs := ps.gs
	if ps.hint < 1 || ps.hintMove.IsNone() || ps.stage != puzzleSolving {
		return
	}
	u := a.U()
	var r ui.Rect
	if ps.hintMove.IsDrop() {
		slot := gs.slotFor(0, int(ps.hintMove.Size))
		if slot < 0 {
			return
		}
		r = gs.lay.SlotRect(0, slot)
	} else {
		r = gs.lay.SquareRect(gs.variant, ps.hintMove.From)
	}
	x, y := r.Center()
	rad := math.Min(r.W, r.H) * 0.5
	pulse := a.pulse(0.45, 8)
	ui.StrokeCircle(dst, x, y, rad, 4*u, palette.WithAlpha(a.Theme.Good, 0.95*pulse))
}

// drawTopBar draws the bar: the screen's name and the player's progress at
// the left, Back at the right.
func (ps *puzzlesScene) drawTopBar(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	t := ps.gs.lay.Top
	ui.FillRect(dst, t, palette.WithAlpha(th.Panel, 0.85))
	ui.FillRect(dst, ui.R(0, t.Y+t.H-1, t.W, math.Max(1, u)), th.PanelEdge)
	title := locale.T("PuzzleTitle")
	if ps.daily {
		title = locale.T("PuzzleDailyTitle")
	}
	room := ps.backB.Rect.X - 28*u
	ft := a.Face(ui.Bold, ui.SizeHeading)
	fs := a.Face(ui.Regular, ui.SizeSmall)
	x := 16 * u
	if a.compact() {
		x = 12 * u
		ft = a.Face(ui.Bold, ui.SizeBody)
	}
	ui.DrawText(dst, ui.FitText(title, ft, room), ft, x, t.Y+t.H*0.34, ui.Left, th.Text)
	words := ps.progressWords()
	if ui.TextWidth(words, fs) > room { // a phone: the rating and the solved count only
		words = locale.F("PuzzleProgressShort", "Rating", strconv.Itoa(ps.rating()), "Solved", locale.Num(len(ps.progress.Solved)))
	}
	ui.DrawText(dst, ui.FitText(words, fs, room), fs, x, t.Y+t.H*0.72, ui.Left, th.TextDim)
	ps.backB.Draw(a, dst, false)
}

// progressWords are the player's progress in one line.
func (ps *puzzlesScene) progressWords() string {
	p := ps.progress
	return locale.F("PuzzleProgress", "Rating", strconv.Itoa(ps.rating()), "Solved", locale.Num(len(p.Solved)), "Streak", locale.Num(p.Streak))
}

// drawCard draws the puzzle's card: who plays and what to find, which
// puzzle it is, what happened, and the buttons.
func (ps *puzzlesScene) drawCard(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	c := ps.lay.card
	ui.Panel(a, dst, c)
	pad := ps.pad(a)
	w := c.W - 2*pad
	y := c.Y + pad
	fh := a.Face(ui.Bold, ui.SizeHeading)
	for _, size := range []float64{ui.SizeBody + 2, ui.SizeBody} {
		if a.compact() && size == ui.SizeBody+2 || ui.TextWidth(ps.heading(), fh) > w {
			fh = a.Face(ui.Bold, size)
		}
	}
	hc := th.Text
	if ps.stage != puzzleNone {
		hc = th.PlayerText(0)
	}
	for _, ln := range ui.Wrap(ps.heading(), fh, w) {
		ui.DrawText(dst, ln, fh, c.X+pad, y+ui.LineHeight(fh)/2, ui.Left, hc)
		y += ui.LineHeight(fh)
	}
	if ps.stage != puzzleNone {
		fs := a.Face(ui.Regular, ui.SizeSmall)
		for _, ln := range ui.Wrap(ps.about(), fs, w) {
			ui.DrawText(dst, ln, fs, c.X+pad, y+ui.LineHeight(fs)/2, ui.Left, th.TextDim)
			y += ui.LineHeight(fs)
		}
	}
	y += 8 * u
	bottom := c.Y + c.H - pad
	if len(ps.shownBtn) > 0 {
		bottom = ps.shownBtn[0].Rect.Y - 6*u
	}
	if c.H >= 420*u && ps.stage != puzzleNone {
		bottom = ps.drawTally(a, dst, ui.R(c.X+pad, bottom-70*u, w, 64*u)) - 6*u
	}
	msg, warn := ps.words(a)
	col := th.Text
	switch {
	case warn && th.Light:
		col = th.Warn
	case warn:
		col = palette.Mix(th.Warn, palette.White, 0.25)
	case ps.stage == puzzleSolved:
		col = th.Good
		if th.Light {
			col = palette.Shade(th.Good, 0.6)
		}
	}
	fm := a.Face(ui.Regular, ui.SizeBody)
	lines := ui.Wrap(msg, fm, w)
	if y+float64(len(lines))*ui.LineHeight(fm) > bottom {
		fm = a.Face(ui.Regular, ui.SizeSmall)
		lines = ui.Wrap(msg, fm, w)
	}
	for _, ln := range lines {
		if y+ui.LineHeight(fm) > bottom+2*u {
			break
		}
		ui.DrawText(dst, ln, fm, c.X+pad, y+ui.LineHeight(fm)/2, ui.Left, col)
		y += ui.LineHeight(fm)
	}
	for _, b := range ps.shownBtn {
		b.Draw(a, dst, false)
	}
}

// drawTally draws the player's progress in three figures (rating, solved,
// streak) in r, when the card has room; it returns r's top.
func (ps *puzzlesScene) drawTally(a *App, dst *ebiten.Image, r ui.Rect) float64 {
	th := a.Theme
	u := a.U()
	ui.FillRect(dst, ui.R(r.X, r.Y-8*u, r.W, math.Max(1, u)), th.PanelEdge)
	fn := a.Face(ui.Bold, ui.SizeHeading)
	fl := a.Face(ui.Regular, ui.SizeSmall)
	p := ps.progress
	figures := []struct{ n, label string }{
		{strconv.Itoa(ps.rating()), locale.T("PuzzleTallyRating")},
		{locale.Num(len(p.Solved)), locale.T("PuzzleTallySolved")},
		{locale.Num(p.Streak), locale.T("PuzzleTallyStreak")},
	}
	cw := r.W / float64(len(figures))
	for i, f := range figures {
		x := r.X + cw*(float64(i)+0.5)
		ui.DrawText(dst, f.n, fn, x, r.Y+r.H*0.36, ui.Center, th.Text)
		ui.DrawText(dst, f.label, fl, x, r.Y+r.H*0.8, ui.Center, th.TextDim)
	}
	return r.Y - 8*u
}

// logLayout writes the puzzle screen's board, its puzzle and stage, the
// card's words and its buttons to the layout log; it returns the stage.
func (ps *puzzlesScene) logLayout(a *App, b *strings.Builder, buttons func([]*ui.Button)) string {
	gs := ps.gs
	if gs.lay.N == 0 {
		return "starting"
	}
	gs.logBoard(b)
	fmt.Fprintf(b, "puzzle %s variant %s rating %d win-in %d step %d daily %v\n", ps.pz.ID, ps.pz.Variant, ps.pz.Rating, ps.pz.WinIn, ps.step, ps.daily)
	msg, _ := ps.words(a)
	fmt.Fprintf(b, "puzzle-card %s | %s\n", ps.heading(), msg)
	if ps.stage == puzzleWrong {
		fmt.Fprintf(b, "why %s\n", ps.whyWords())
	}
	if ps.hint > 0 && !ps.hintMove.IsNone() {
		fmt.Fprintf(b, "hint %d %s\n", ps.hint, ps.hintMove.Notation(gs.variant))
	}
	p := ps.progress
	fmt.Fprintf(b, "progress rating %d solved %d failed %d streak %d daily-solved %v\n", ps.rating(), len(p.Solved), len(p.Failed), p.Streak, dailySolved(p))
	if gs.hand.hold != nil {
		from := "reserve"
		if gs.hand.hold.from != rules.NoSquare {
			from = gs.hand.hold.from.Name(gs.variant)
		}
		fmt.Fprintf(b, "held %s size %d\n", from, gs.hand.hold.size)
	}
	buttons(ps.shownBtn)
	buttons([]*ui.Button{ps.backB})
	return ps.stage.String()
}
