// Analyse: the computer goes through every move of a game in the
// background (a goroutine, as the brain's searches run; in a browser the
// search yields to the page through internal/coop), with a progress bar
// and Cancel, the game usable meanwhile. The analysis is kept in the
// game's file (analysis.Keep), so a second review is instant
// (analysis.Of).

package app

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"path/filepath"
	"runtime"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The analysis package's functions, through variables tests replace with
// fakes.
var (
	analyzeGame  = analysis.Analyze
	judgeMove    = analysis.Judge
	analysisOf   = analysis.Of
	keepAnalysis = analysis.Keep
)

// analysisState is a game's analysis: the one running (its generation
// ties its reports to it, as the brain's searches do) or the one done.
type analysisState struct {
	gen      uint64
	cancel   context.CancelFunc
	progress chan analysisProgress
	final    chan analysisDone
	running  bool
	done     int // positions analysed so far, of total
	total    int
	game     *analysis.Game // the analysis done, of the game's first len(game.Plies) moves
	problem  string         // why the last analysis failed, for the player
	// humans are the colours a person played: Learn from your mistakes
	// asks about their moves
	humans [2]bool
	// the saved game under review, whose file keeps the analysis once done
	rec  *record.Record
	path string
	// the buttons: Analyse (Cancel while it runs), and Learn from your
	// mistakes once done; in the review's card and on the result card
	analyse, learn *ui.Button
	card           *ui.Button // the result card's: Analyse, Cancel, then Learn from mistakes or Review marks
}

type analysisProgress struct {
	gen         uint64
	done, total int
}

type analysisDone struct {
	gen uint64
	res *analysis.Game
	err error
}

// The analysis buttons' words, in the language in use.
func analyseLabel() string  { return locale.T("ReviewAnalyse") }
func cancelLabel() string   { return locale.T("Cancel") }
func learnLabel() string    { return locale.T("ReviewLearnFromMistakes") }
func retryLabel() string    { return locale.T("ReviewRetryMistakes") } // the same, where a button is narrow
func mistakesLabel() string { return locale.T("ReviewMistakes") }      // and narrower
func marksLabel() string    { return locale.T("ReviewMarks") }

// analysisButtons makes the analysis buttons once.
func (gs *gameScene) analysisButtons() {
	if gs.an.analyse != nil {
		return
	}
	gs.an.analyse = &ui.Button{Label: analyseLabel(), Tip: locale.T("ReviewTipAnalyse")}
	gs.an.learn = &ui.Button{Label: learnLabel(), Tip: locale.T("ReviewTipLearn")}
	if gs.an.rec == nil { // a saved game's people are known from its file
		for c := 0; c < 2; c++ {
			gs.an.humans[c] = gs.setup.Players[c].Human
		}
	}
}

// startAnalysis analyses the game's moves so far in a goroutine; any
// analysis running is cancelled first.
func (gs *gameScene) startAnalysis(a *App) {
	gs.stopAnalysis()
	gs.analysisButtons()
	gs.an.running, gs.an.done, gs.an.total, gs.an.problem = true, 0, gs.game.Plies(), ""
	ctx, cancel := context.WithCancel(context.Background())
	gs.an.cancel = cancel
	gen := gs.an.gen
	progress := make(chan analysisProgress, 8)
	final := make(chan analysisDone, 1)
	gs.an.progress, gs.an.final = progress, final
	clone := gs.game.Clone()
	report := func(done, total int) {
		select {
		case progress <- analysisProgress{gen, done, total}:
		default: // the window is behind; a later report will do
		}
	}
	a.debugf("analysis start %d plies", clone.Plies())
	analyze := analyzeGame
	go func() {
		runtime.LockOSThread() // a thread of its own, at a lower priority: the window keeps its frame rate
		coop.Background()
		res, err := analyze(ctx, clone, analysis.Options{Progress: report})
		final <- analysisDone{gen, res, err}
	}()
	a.redraw()
}

// stopAnalysis cancels the running analysis; its answer will be dropped.
func (gs *gameScene) stopAnalysis() {
	if gs.an.cancel != nil {
		gs.an.cancel()
		gs.an.cancel = nil
	}
	gs.an.gen++
	gs.an.running = false
}

// pollAnalysis takes in the running analysis's progress and its end: the
// analysis is then shown, and kept in the game's file.
func (gs *gameScene) pollAnalysis(a *App) {
	if !gs.an.running {
		return
	}
	for {
		select {
		case p := <-gs.an.progress:
			if p.gen == gs.an.gen && (p.done != gs.an.done || p.total != gs.an.total) {
				gs.an.done, gs.an.total = p.done, p.total
				a.redraw()
			}
			continue
		default:
		}
		break
	}
	select {
	case d := <-gs.an.final:
		if d.gen != gs.an.gen {
			return
		}
		gs.an.running = false
		gs.an.cancel = nil
		a.redraw()
		switch {
		case d.err != nil || d.res == nil:
			gs.an.problem = analysisProblem(d.err)
			a.debugf("analysis: %v", d.err)
			gs.say(gs.an.problem, true)
		case !gs.matches(d.res):
			gs.an.problem = locale.T("ReviewGameChanged")
		default:
			gs.an.game = d.res
			a.debugf("analysis done %s", analysisLine(d.res))
			gs.keepAnalysis(a)
		}
	default:
	}
}

// analysisProblem says why an analysis failed, in a sentence.
func analysisProblem(err error) string {
	switch {
	case errors.Is(err, analysis.ErrNoSolution):
		return locale.T("ReviewNoSolutionYet")
	case err == nil:
		return locale.T("ReviewCouldNotAnalyse")
	}
	return locale.F("ReviewCouldNotAnalyseWhy", "Error", plain(err).Error())
}

// analysisLine is an analysis in brief for the debug log: the marks'
// symbols, one a ply ("-" for none), and the accuracies.
func analysisLine(g *analysis.Game) string {
	s := ""
	for _, p := range g.Plies {
		sym := p.Mark.Symbol()
		if sym == "" {
			sym = "-"
		}
		s += sym + " "
	}
	return fmt.Sprintf("%saccuracy %.0f %.0f", s, g.Accuracy[rules.X], g.Accuracy[rules.O])
}

// matches reports whether an analysis is of this game's moves (its first
// ones, for a game played on since).
func (gs *gameScene) matches(g *analysis.Game) bool {
	if g == nil || g.Variant != gs.variant || len(g.Plies) > gs.game.Plies() || len(g.Plies) == 0 && gs.game.Plies() > 0 {
		return false
	}
	moves := gs.game.Moves()
	for i, p := range g.Plies {
		if p.Move != moves[i] {
			return false
		}
	}
	return true
}

// analysed is the game's analysis when there is one of its moves (nil
// otherwise: none yet, or the game was undone under it).
func (gs *gameScene) analysed() *analysis.Game {
	if gs.an.game != nil && !gs.matches(gs.an.game) {
		gs.an.game = nil
	}
	return gs.an.game
}

// plyAnalysis is the analysis of move i, if the game has one.
func (gs *gameScene) plyAnalysis(i int) (analysis.Ply, bool) {
	g := gs.analysed()
	if g == nil || i < 0 || i >= len(g.Plies) {
		return analysis.Ply{}, false
	}
	return g.Plies[i], true
}

// keepAnalysis writes the analysis into the game's file: the saved game
// under review, the finished game kept at its end, or the autosave of a
// game not over. A failure is said; the analysis stays on screen.
func (gs *gameScene) keepAnalysis(a *App) {
	g := gs.an.game
	var err error
	switch {
	case gs.an.rec != nil:
		rec := *gs.an.rec
		keepAnalysis(&rec, g)
		var path string
		if path, err = replaceSaved(a, gs.an.path, &rec); err == nil {
			gs.an.rec, gs.an.path = &rec, path
			if ss, ok := gs.reviewBack.(*savedScene); ok {
				ss.reload(a)
			}
		}
	case gs.over && gs.ending.kept != "":
		err = gs.keepInKept(a, g)
	case !gs.over && gs.reviewBack == nil && gs.net == nil:
		rec := gs.setup.gameRecord(gs.game)
		if r := gs.reservesText(); r != "" {
			rec.Tags = append(rec.Tags, record.Tag{Name: reservesTag, Value: r})
		}
		keepAnalysis(rec, g)
		err = a.Store.SaveGame(rec)
	}
	if err != nil {
		a.debugf("keep analysis: %v", err)
		gs.say(locale.F("ReviewCouldNotKeep", "Error", plain(err).Error()), true)
	}
}

// keepInKept writes the analysis into the finished game's file, found by
// the name it was kept under.
func (gs *gameScene) keepInKept(a *App, g *analysis.Game) error {
	games, err := a.Store.Records()
	if err != nil {
		return err
	}
	for _, f := range games {
		if filepath.Base(f.Path) != gs.ending.kept || f.Record == nil {
			continue
		}
		rec := *f.Record
		keepAnalysis(&rec, g)
		path, err := replaceSaved(a, f.Path, &rec)
		if err == nil {
			gs.ending.kept = filepath.Base(path)
		}
		return err
	}
	return nil // deleted meanwhile: nothing to keep it in
}

// replaceSaved keeps rec in place of the saved game at path: written anew
// first, the old copy deleted once the new one is there (as Rename does),
// so a failure loses nothing. It returns the new copy's path.
func replaceSaved(a *App, path string, rec *record.Record) (string, error) {
	name, err := a.Store.SaveRecord(rec)
	if err != nil {
		return "", err
	}
	if rm, ok := a.Store.(recordRemover); ok && path != "" {
		if err := rm.RemoveRecord(path); err != nil {
			a.debugf("keep analysis: the old copy stays: %v", err)
		}
	}
	if path == "" {
		return name, nil
	}
	return filepath.Join(filepath.Dir(path), name), nil
}

// analysisWords says where the analysis stands, in one line: its
// progress, its problem, or each player's accuracy.
func (gs *gameScene) analysisWords() string {
	switch g := gs.analysed(); {
	case gs.an.running && gs.an.total > 0:
		return locale.P("ReviewAnalysingProgress", gs.an.total, "Done", locale.Num(min(gs.an.done, gs.an.total)))
	case gs.an.running:
		return locale.T("ReviewAnalysing")
	case g != nil:
		return gs.accuracyWords(g)
	case gs.an.problem != "":
		return gs.an.problem
	}
	return ""
}

// accuracyWords names each player's accuracy: "Accuracy: You 92%, Hard AI 71%".
func (gs *gameScene) accuracyWords(g *analysis.Game) string {
	acc := func(pl rules.Player) string {
		if v := g.Accuracy[pl]; v >= 0 {
			return locale.F("ReviewPercent", "Percent", locale.Dec(v, 0))
		}
		return "–"
	}
	x, o := rules.X, rules.O
	return locale.F("ReviewAccuracy", "First", gs.who(gs.setup.colourOf(x)), "FirstAccuracy", acc(x), "Second", gs.who(gs.setup.colourOf(o)), "SecondAccuracy", acc(o))
}

// analysisFraction is the running analysis's progress, 0–1.
func (gs *gameScene) analysisFraction() float64 {
	if gs.an.total <= 0 {
		return 0
	}
	return float64(min(gs.an.done, gs.an.total)) / float64(gs.an.total)
}

// mistakes are the plies Learn from your mistakes goes back to: the
// people's mistakes and blunders, in order.
func (gs *gameScene) mistakes() []int {
	g := gs.analysed()
	if g == nil {
		return nil
	}
	gs.analysisButtons() // and the people's colours
	var out []int
	for i, p := range g.Plies {
		pos := gs.game.PositionAt(i)
		if c := gs.setup.colourOf(pos.SideToMove()); gs.an.humans[c] && (p.Mark == analysis.Mistake || p.Mark == analysis.Blunder) {
			out = append(out, i)
		}
	}
	return out
}

// syncAnalysisButtons names the analysis buttons after the analysis's
// state: Analyse, Cancel while it runs; once done, Learn from your
// mistakes when there are some.
func (gs *gameScene) syncAnalysisButtons() {
	gs.analysisButtons()
	b := gs.an.analyse
	switch {
	case gs.an.running:
		b.Label, b.Tip = cancelLabel(), locale.T("ReviewTipStop")
	case gs.analysed() != nil:
		b.Label, b.Tip = marksLabel(), locale.T("ReviewTipMarks")
	default:
		b.Label, b.Tip = analyseLabel(), locale.T("ReviewTipAnalyse")
	}
	gs.an.learn.Disabled = len(gs.mistakes()) == 0
}

// pressAnalyse answers the Analyse button: start, or cancel.
func (gs *gameScene) pressAnalyse(a *App) {
	if gs.an.running {
		gs.stopAnalysis()
		gs.say(locale.T("ReviewCancelled"), false)
		a.redraw()
		return
	}
	gs.startAnalysis(a)
}

// markColour is a mark's colour in the move list and the graph.
func markColour(th *palette.Theme, m analysis.Mark) color.RGBA {
	light := th.Light
	switch m {
	case analysis.Inaccuracy:
		if light {
			return palette.RGB(0x8a6d00)
		}
		return palette.RGB(0xF0E442)
	case analysis.Mistake:
		if light {
			return palette.RGB(0xb35900)
		}
		return palette.RGB(0xF5A742)
	case analysis.Blunder:
		if light {
			return palette.RGB(0xc0262d)
		}
		return palette.RGB(0xFF6161)
	}
	return th.TextDim
}
