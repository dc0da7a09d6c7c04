// The review's analysis card (Analyse, its progress and Cancel; once done
// each player's accuracy, the evaluation graph and Learn from your
// mistakes) and the best move's arrow on the board.

package app

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// analysisCardH is the analysis card's height in the panel: none outside a
// review, a line and a button before the analysis, and room for the graph
// once done.
func (gs *gameScene) analysisCardH(a *App) float64 {
	if gs.review < 0 || gs.game.Plies() == 0 {
		return 0
	}
	if gs.analysed() != nil {
		return 178 * a.U()
	}
	return 118 * a.U()
}

// analysisCardParts lays the card out: where its words are (the first
// line's baseline centre) and their lines, the progress bar or the graph,
// and the button(s).
func (gs *gameScene) analysisCardParts(a *App, card ui.Rect) (wordsY float64, lines []string, graph ui.Rect, buttons []*ui.Button) {
	u := a.U()
	gs.syncAnalysisButtons()
	wordsY = card.Y + 24*u
	b := ui.R(card.X+16*u, card.Y+card.H-12*u-44*u, card.W-32*u, 44*u)
	if gs.analysed() != nil {
		top := card.Y + 42*u
		if gs.cardSaysMark() {
			top += 40 * u // two lines more: the mark's words
		}
		lines = gs.analysisLines(a, card, b.Y-10*u-top-20*u)
		if len(lines) == 2 {
			top += 20 * u // the words in two lines
		}
		graph = ui.R(card.X+16*u, top, card.W-32*u, math.Max(30*u, b.Y-10*u-top))
		gs.an.learn.Rect = b
		gs.an.analyse.Rect = ui.Rect{}
		return wordsY, lines, graph, []*ui.Button{gs.an.learn}
	}
	gs.an.analyse.Rect = b
	gs.an.learn.Rect = ui.Rect{}
	if gs.an.running {
		graph = ui.R(card.X+16*u, card.Y+44*u, card.W-32*u, 8*u) // the progress bar
	}
	return wordsY, []string{gs.cardWords()}, graph, []*ui.Button{gs.an.analyse}
}

// analysisFace is the analysis card's words' face: small, or a size
// smaller where the words are too wide for one line.
func (gs *gameScene) analysisFace(a *App, card ui.Rect) ui.Face {
	fs := a.Face(ui.Regular, ui.SizeSmall)
	if ui.TextWidth(gs.cardWords(), fs) > card.W-32*a.U() {
		fs = a.Face(ui.Regular, ui.SizeSmall-2)
	}
	return fs
}

// cardWords are the analysis card's words.
func (gs *gameScene) cardWords() string {
	if w := gs.analysisWords(); w != "" {
		return w
	}
	return locale.T("ReviewAnalyseExplained")
}

// analysisLines are the analysis card's words in one line, or in two
// where one is too wide and the graph keeps room under them (graphH: the
// graph's height if the words take two lines).
func (gs *gameScene) analysisLines(a *App, card ui.Rect, graphH float64) []string {
	u := a.U()
	words, fs := gs.cardWords(), gs.analysisFace(a, card)
	if ui.TextWidth(words, fs) <= card.W-32*u || graphH < 40*u {
		return []string{words}
	}
	if i := strings.LastIndex(words, ", "); i > 0 { // a colour and its accuracy together
		first, second := words[:i+1], words[i+2:]
		if ui.TextWidth(first, fs) <= card.W-32*u && ui.TextWidth(second, fs) <= card.W-32*u {
			return []string{first, second}
		}
	}
	if l := ui.Wrap(words, fs, card.W-32*u); len(l) == 2 {
		return l
	}
	return []string{words}
}

// drawAnalysisCard draws the review's analysis card.
func (gs *gameScene) drawAnalysisCard(a *App, dst *ebiten.Image, card ui.Rect) {
	th := a.Theme
	u := a.U()
	ui.Panel(a, dst, card)
	y, lines, graph, bs := gs.analysisCardParts(a, card)
	fs := gs.analysisFace(a, card)
	for i, ln := range lines {
		ui.DrawText(dst, ui.FitText(ln, fs, card.W-32*u), fs, card.X+16*u, y+float64(i)*20*u, ui.Left, th.Text)
	}
	y += float64(len(lines)-1) * 20 * u
	if gs.cardSaysMark() {
		// a phone on its side has no status card: the mark's words are here
		for i, ln := range ui.Wrap(gs.reviewMarkWords(), fs, card.W-32*u) {
			if i == 2 {
				break
			}
			ui.DrawText(dst, ln, fs, card.X+16*u, y+float64(i+1)*20*u, ui.Left, th.TextDim)
		}
	}
	switch {
	case gs.analysed() != nil:
		gs.drawEvalGraph(a, dst, graph)
	case gs.an.running:
		ui.TintRoundRect(dst, graph, graph.H/2, palette.WithAlpha(th.Text, 0.12))
		if f := gs.analysisFraction(); f > 0 {
			ui.TintRoundRect(dst, ui.R(graph.X, graph.Y, math.Max(graph.H, graph.W*f), graph.H), graph.H/2, th.Accent)
		}
	}
	for _, b := range bs {
		b.Draw(a, dst, false)
	}
}

// orangeChances are orange's winning chances (0–100) at the start and
// after every analysed move: the graph's points, whoever moved.
func (gs *gameScene) orangeChances(g *analysis.Game) []float64 {
	out := make([]float64, 0, len(g.Plies)+1)
	for i, p := range g.Plies {
		pos := gs.game.PositionAt(i)
		mover := gs.setup.colourOf(pos.SideToMove())
		before, after := float64(p.Before), float64(p.After)
		if mover != 0 {
			before, after = 100-before, 100-after
		}
		if i == 0 {
			out = append(out, before)
		}
		out = append(out, after)
	}
	return out
}

// drawEvalGraph draws the evaluation graph: orange's chances from the
// foot, blue's from the top, the even line, each marked move's dot in its
// mark's colour and the move shown.
func (gs *gameScene) drawEvalGraph(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	u := a.U()
	g := gs.analysed()
	pts := gs.orangeChances(g)
	ui.TintRoundRect(dst, r, 6*u, palette.WithAlpha(th.Player[1], 0.55))
	n := len(pts) - 1
	xAt := func(k int) float64 {
		if n == 0 {
			return r.X
		}
		return r.X + r.W*float64(k)/float64(n)
	}
	yAt := func(v float64) float64 { return r.Y + r.H*(1-v/100) }
	// orange's area: columns two units wide under the line
	step := math.Max(1, 2*u)
	for x := r.X; x < r.X+r.W; x += step {
		f := 0.0
		if r.W > 0 {
			f = (x + step/2 - r.X) / r.W * float64(n)
		}
		k := min(int(f), max(n-1, 0))
		v := pts[k]
		if n > 0 {
			t := math.Max(0, math.Min(1, f-float64(k)))
			v = pts[k]*(1-t) + pts[k+1]*t
		}
		top := yAt(v)
		ui.FillRect(dst, ui.R(x, top, math.Min(step, r.X+r.W-x), r.Y+r.H-top), palette.WithAlpha(th.Player[0], 0.75))
	}
	ui.FillRect(dst, ui.R(r.X, yAt(50)-math.Max(1, u)/2, r.W, math.Max(1, u)), palette.WithAlpha(th.Text, 0.35))
	for k := 0; k < n; k++ {
		ui.Line(dst, xAt(k), yAt(pts[k]), xAt(k+1), yAt(pts[k+1]), math.Max(1.5, 2*u), th.Text)
	}
	if cur := gs.review; cur >= 0 && cur <= n {
		ui.FillRect(dst, ui.R(xAt(cur)-u, r.Y, math.Max(1, 2*u), r.H), th.Accent)
	}
	for i, p := range g.Plies {
		if p.Mark.Symbol() != "" {
			x, y := xAt(i+1), yAt(pts[i+1])
			ui.FillCircle(dst, x, y, 5*u, th.Panel)
			ui.FillCircle(dst, x, y, 4*u, markColour(th, p.Mark))
		}
	}
}

// graphPly is the move whose position a press on the graph at x shows.
func (gs *gameScene) graphPly(r ui.Rect, x float64) int {
	g := gs.analysed()
	if g == nil || r.W <= 0 {
		return 0
	}
	n := len(g.Plies)
	return max(0, min(n, int(math.Round((x-r.X)/r.W*float64(n)))))
}

// reviewedMark is the analysis of the move review shows, when it has a
// mark worth a word (an inaccuracy, a mistake, a blunder).
func (gs *gameScene) reviewedMark() (analysis.Ply, bool) {
	if gs.review <= 0 {
		return analysis.Ply{}, false
	}
	p, ok := gs.plyAnalysis(gs.review - 1)
	if !ok || p.Mark.Symbol() == "" || p.Best.IsNone() || p.Best == p.Move {
		return analysis.Ply{}, false
	}
	return p, true
}

// drawBestArrow draws, while review shows a marked move, the best move in
// its place: an arrow from the square it would have moved from, or, for a
// piece from the reserve, that piece faint on the square it would have
// gone to.
func (gs *gameScene) drawBestArrow(a *App, dst *ebiten.Image) {
	p, ok := gs.reviewedMark()
	if !ok {
		return
	}
	th := a.Theme
	l := &gs.lay
	cell := l.Cell()
	before := gs.game.PositionAt(gs.review - 1)
	c := gs.setup.colourOf(before.SideToMove())
	x1, y1 := l.SquareCenter(gs.variant, p.Best.To)
	col := palette.WithAlpha(th.Good, 0.9)
	if p.Best.IsDrop() {
		size := before.MovedSize(p.Best)
		drawPiece(dst, th, x1, y1, pieceRadius(gs.variant, size)*cell, c, pieceLook{Alpha: 0.45})
		ui.StrokeCircle(dst, x1, y1, cell*0.46, cell*0.04, col)
		return
	}
	x0, y0 := l.SquareCenter(gs.variant, p.Best.From)
	ui.DrawArrow(dst, x0, y0, x1, y1, cell*0.07, col)
}

// bestWords says the best move of a marked move in words: "Best was a
// large piece from the reserve to b2." or "Best was b3 → c1.".
func (gs *gameScene) bestWords(p analysis.Ply, before rules.Position) string {
	what := sizeNames(gs.variant)[before.MovedSize(p.Best)-1]
	if p.Best.IsDrop() {
		return locale.F("ReviewBestWasDrop", "Size", what, "To", p.Best.To.Name(gs.variant))
	}
	return locale.F("ReviewBestWasMove", "Size", what, "From", p.Best.From.Name(gs.variant), "To", p.Best.To.Name(gs.variant))
}

// cardSaysMark reports whether the analysis card says the marked move's
// words itself: on a phone on its side, whose sheet has no status card.
func (gs *gameScene) cardSaysMark() bool {
	return gs.lay.Form == narrow && gs.reviewMarkWords() != ""
}
