package app

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// fakeAnalysis stands in for internal/analysis: Analyze marks the moves a
// test chose (the others best), reporting its progress, or waits for its
// context when block is set; Judge accepts the moves in good; Of and Keep
// keep the analysis in a record's tag.
type fakeAnalysis struct {
	mu      sync.Mutex
	marks   map[int]analysis.Mark
	best    map[int]string // a marked ply's best move
	good    map[string]bool
	block   bool
	started int
	kept    map[string]*analysis.Game
}

const fakeTag = "FakeAnalysis"

func installFake(t *testing.T, f *fakeAnalysis) {
	t.Helper()
	f.kept = map[string]*analysis.Game{}
	oa, oj, oo, ok := analyzeGame, judgeMove, analysisOf, keepAnalysis
	t.Cleanup(func() { analyzeGame, judgeMove, analysisOf, keepAnalysis = oa, oj, oo, ok })
	analyzeGame = f.analyze
	judgeMove = f.judge
	analysisOf = f.of
	keepAnalysis = f.keep
}

func (f *fakeAnalysis) analyze(ctx context.Context, g *rules.Game, opt analysis.Options) (*analysis.Game, error) {
	f.mu.Lock()
	f.started++
	block := f.block
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return f.of3(g, opt), nil
}

// of3 is the fake's analysis of g: chances 50 all along but for the marked
// moves, which lose 40 points.
func (f *fakeAnalysis) of3(g *rules.Game, opt analysis.Options) *analysis.Game {
	out := &analysis.Game{Variant: g.Variant(), Budget: "fake", Accuracy: [2]float64{90, 40}}
	v := g.Variant()
	for i, m := range g.Moves() {
		p := analysis.Ply{Move: m, Mark: analysis.Best, Before: 50, After: 50, Best: m}
		if mk, ok := f.marks[i]; ok {
			p.Mark, p.After = mk, 10
			p.Best, _ = rules.ParseMove(v, f.best[i])
			p.Note = "Allows a win in 1."
		}
		out.Plies = append(out.Plies, p)
		if opt.Progress != nil {
			opt.Progress(i+1, g.Plies())
		}
	}
	return out
}

func (f *fakeAnalysis) judge(ctx context.Context, p rules.Position, m rules.Move, best analysis.Ply, opt analysis.Options) (bool, analysis.Ply, error) {
	ok := f.good[m.Notation(p.Variant())]
	got := analysis.Ply{Move: m, Best: best.Best}
	if !ok {
		got.Mark, got.Note = analysis.Blunder, "Allows a win in 1."
	}
	return ok, got, nil
}

func (f *fakeAnalysis) keep(r *record.Record, g *analysis.Game) {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := analysisLine(g)
	f.kept[key] = g
	r.Tags = append(slicesWithout(r.Tags, fakeTag), record.Tag{Name: fakeTag, Value: key})
}

func slicesWithout(tags []record.Tag, name string) []record.Tag {
	var out []record.Tag
	for _, t := range tags {
		if t.Name != name {
			out = append(out, t)
		}
	}
	return out
}

func (f *fakeAnalysis) of(r *record.Record) (*analysis.Game, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, t := range r.Tags {
		if t.Name == fakeTag {
			g, ok := f.kept[t.Value]
			return g, ok
		}
	}
	return nil, false
}

// blunders marks the won game's (wonGame) second move of each side: orange's
// 2@a2 a mistake (best 2@b2), blue's 2@c2 a blunder (best 2@a3, which stops
// the column).
func blunders() *fakeAnalysis {
	return &fakeAnalysis{
		marks: map[int]analysis.Mark{2: analysis.Mistake, 3: analysis.Blunder},
		best:  map[int]string{2: "2@b2", 3: "2@a3"},
		good:  map[string]bool{"2@a3": true, "2@b2": true},
	}
}

// wonTable is a two players' 3×3 game won by orange, its result card shown.
func wonTable(t *testing.T) *table {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	wonGame(tb.a, tb.gs)
	tb.tick()
	return tb
}

func (tb *table) press(b *ui.Button) {
	tb.t.Helper()
	if b == nil || b.Rect.Empty() {
		tb.t.Fatalf("the button is not on the screen")
	}
	tb.click(b.Rect.Center())
}

// resultButton is the result card's button of that label.
func (tb *table) resultButton(label string) *ui.Button {
	tb.t.Helper()
	for _, b := range tb.gs.ending.menu.Buttons {
		if b.Label == label {
			return b
		}
	}
	tb.t.Fatalf("the result card has no %q", label)
	return nil
}

func TestAnalyseOnTheResultCardMarksTheMovesAndKeepsThem(t *testing.T) {
	f := blunders()
	installFake(t, f)
	tb := wonTable(t)
	tb.press(tb.resultButton(analyseLabel()))
	tb.until("the analysis", func() bool { return tb.gs.analysed() != nil })
	if got := tb.gs.analysisWords(); got != "Accuracy: Orange 90%, Blue 40%" {
		t.Errorf("the result card says %q", got)
	}
	// the card's button now leads to the mistakes
	tb.resultButton(learnLabel())
	// kept with the game: its saved file carries the analysis
	games, _ := tb.a.Store.Records()
	if len(games) != 1 {
		t.Fatalf("%d saved games, want the one game (its old copy replaced)", len(games))
	}
	if g, ok := f.of(games[0].Record); !ok || len(g.Plies) != 5 {
		t.Errorf("the saved game does not keep the analysis: %v", games[0].Record.Tags)
	}
	// the review's move list shows the marks
	tb.press(tb.resultButton("Review"))
	var b strings.Builder
	tb.gs.logAnalysis(tb.a, &b, func(string, ui.Rect) {})
	for _, want := range []string{"move 3 2@a2 ?\n", "move 4 2@c2 ??\n", "move 1 3@a1 -\n", "analysis done marks best best mistake blunder best accuracy 90 40"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the layout log lacks %q:\n%s", want, b.String())
		}
	}
}

func TestAnalysisCanBeCancelledAndTheGameStaysUsable(t *testing.T) {
	f := blunders()
	f.block = true
	installFake(t, f)
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1"))
	tb.drag(tb.slotXY(1, 0, "c3"))
	_, cells, _ := tb.gs.moveList(tb.a)
	tb.click(cells[0].r.Center())
	if tb.gs.review != 1 {
		t.Fatalf("review = %d", tb.gs.review)
	}
	tb.press(tb.gs.an.analyse)
	if !tb.gs.an.running || tb.gs.an.analyse.Label != cancelLabel() {
		t.Fatalf("Analyse should start the analysis and become Cancel")
	}
	// the review goes on meanwhile
	tb.key(ebiten.KeyRight, false)
	if tb.gs.review != 2 {
		t.Errorf("→ during the analysis: review = %d, want 2", tb.gs.review)
	}
	tb.press(tb.gs.an.analyse)
	if tb.gs.an.running || tb.gs.an.analyse.Label != analyseLabel() {
		t.Errorf("Cancel should stop the analysis")
	}
	// back to the game, which plays on
	tb.key(ebiten.KeyEscape, false)
	tb.drag(tb.slotXY(0, 0, "b2"))
	if tb.gs.game.Plies() != 3 {
		t.Errorf("the game should play on after a cancelled analysis: %q", tb.moves())
	}
}

func TestASavedGameShowsItsKeptAnalysisAtOnce(t *testing.T) {
	f := blunders()
	installFake(t, f)
	tb := wonTable(t)
	rec := tb.gs.setup.gameRecord(tb.gs.game)
	keepAnalysis(rec, f.of3(tb.gs.game, analysis.Options{}))
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	rs := newReviewScene(tb.a, rec, g, nil)
	if rs.analysed() == nil {
		t.Fatal("the kept analysis should show at once")
	}
	if f.started != 0 {
		t.Errorf("nothing should have been analysed again")
	}
	if m := rs.mistakes(); len(m) != 2 || m[0] != 2 || m[1] != 3 {
		t.Errorf("mistakes %v, want both people's: [2 3]", m)
	}
}

// Only the person's own mistakes are asked about against the computer.
func TestLearnAsksOnlyAboutThePersonsMoves(t *testing.T) {
	f := blunders()
	installFake(t, f)
	tb := newTable(t, vsAI(rules.Gobblers))
	tb.tick()
	for _, mv := range []string{"3@a1", "3@c1", "2@a2", "2@c2"} {
		m, _ := rules.ParseMove(rules.Gobblers, mv)
		if err := tb.gs.game.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	tb.gs.syncSlots()
	tb.gs.startAnalysis(tb.a)
	tb.until("the analysis", func() bool { return tb.gs.analysed() != nil })
	if m := tb.gs.mistakes(); len(m) != 1 || m[0] != 2 {
		t.Errorf("mistakes %v, want the person's (orange's) only: [2]", m)
	}
}

func TestLearnFromMistakesAcceptsABetterMoveAndShowsTheBest(t *testing.T) {
	f := blunders()
	installFake(t, f)
	tb := wonTable(t)
	tb.gs.startAnalysis(tb.a)
	tb.until("the analysis", func() bool { return tb.gs.analysed() != nil })
	statsBefore := tb.a.Store.Stats()
	gamesBefore, _ := tb.a.Store.Records()
	tb.press(tb.resultButton(learnLabel()))
	for i := 0; i < fadeTicks+2; i++ {
		tb.tick()
	}
	cs, ok := tb.a.scenes.current.(*coachScene)
	if !ok {
		t.Fatalf("Learn from mistakes should open its screen, not %T", tb.a.scenes.current)
	}
	if cs.k != 0 || cs.gs.game.Plies() != 2 || !strings.Contains(cs.words, "2@a2") && !strings.Contains(cs.words, "a2?") {
		t.Fatalf("the first question: ply %d, %q", cs.gs.game.Plies(), cs.words)
	}
	// a wrong try is taken back, and the best move shown
	drag := func(colour, slot int, sq string) {
		x0, y0 := cs.gs.lay.SlotRect(colour, slot).Center()
		s, _ := rules.ParseSquare(rules.Gobblers, sq)
		x1, y1 := cs.gs.lay.SquareCenter(rules.Gobblers, s)
		tb.drag(x0, y0, x1, y1)
	}
	drag(0, 1, "c3")
	tb.until("the judgement", func() bool { return cs.state != coachJudging })
	if cs.state != coachShown || cs.gs.game.Plies() != 2 || cs.gs.hintMove.Notation(rules.Gobblers) != "2@b2" {
		t.Fatalf("a wrong try: state %v, plies %d, arrow %v; %q", cs.state, cs.gs.game.Plies(), cs.gs.hintMove, cs.words)
	}
	if !strings.HasPrefix(cs.words, "Not quite.") {
		t.Errorf("a wrong try says %q", cs.words)
	}
	// the best move is accepted
	drag(0, 1, "b2")
	tb.until("the judgement", func() bool { return cs.state != coachJudging })
	if cs.state != coachGood || !strings.HasPrefix(cs.words, "Good move!") {
		t.Fatalf("the best move: state %v, %q", cs.state, cs.words)
	}
	tb.press(cs.next)
	if cs.k != 1 || cs.gs.game.Plies() != 3 || cs.state != coachAsking {
		t.Fatalf("Next: mistake %d, plies %d", cs.k, cs.gs.game.Plies())
	}
	// Show, then Finish: back to the review at the last mistake
	tb.press(cs.show)
	if cs.state != coachShown || cs.gs.hintMove.Notation(rules.Gobblers) != "2@a3" {
		t.Errorf("Show: state %v, arrow %v", cs.state, cs.gs.hintMove)
	}
	if cs.next.Label != "Finish" {
		t.Errorf("the last mistake's Next says %q", cs.next.Label)
	}
	tb.press(cs.next)
	for i := 0; i < fadeTicks+2; i++ {
		tb.tick()
	}
	if tb.a.scenes.current != Scene(tb.gs) || tb.gs.review != 4 {
		t.Errorf("Finish should lead back to the review at the mistake: %T, review %d", tb.a.scenes.current, tb.gs.review)
	}
	// nothing of the questions was counted nor kept
	statsAfter := tb.a.Store.Stats()
	gamesAfter, _ := tb.a.Store.Records()
	if statsAfter.Total(rules.Gobblers) != statsBefore.Total(rules.Gobblers) || len(gamesAfter) != len(gamesBefore) {
		t.Errorf("the questions' moves were counted or kept: %+v, %d saved games", statsAfter.Total(rules.Gobblers), len(gamesAfter))
	}
}

func TestTheGraphJumpsToAMoveAndTheMarkShowsItsBest(t *testing.T) {
	f := blunders()
	installFake(t, f)
	tb := wonTable(t)
	tb.gs.startAnalysis(tb.a)
	tb.until("the analysis", func() bool { return tb.gs.analysed() != nil })
	tb.gs.review = 0
	tb.tick()
	_, card, _ := tb.gs.panelParts(tb.a)
	_, _, graph, _ := tb.gs.analysisCardParts(tb.a, card)
	if graph.Empty() {
		t.Fatal("no graph in the review's card")
	}
	// the fourth of five moves: four fifths along
	tb.click(graph.X+graph.W*4/5, graph.Y+graph.H/2)
	if tb.gs.review != 4 {
		t.Fatalf("a press on the graph at move 4 shows %d", tb.gs.review)
	}
	p, ok := tb.gs.reviewedMark()
	if !ok || p.Best.Notation(rules.Gobblers) != "2@a3" {
		t.Fatalf("the blunder's best move: %v %v", p.Best, ok)
	}
	title, words := tb.gs.statusCardWords()
	if title != "Blunder ??" || !strings.Contains(spaced(words), "Best was a medium piece from the reserve to a3.") {
		t.Errorf("the status card says %q %q", title, words)
	}
	if !strings.HasSuffix(strings.TrimSuffix(tb.gs.reviewWords(), tb.gs.reviewKeys()), "??") {
		t.Errorf("the status line says %q", tb.gs.reviewWords())
	}
}

// TestShotsOfTheReviewScreens draws the review's analysis screens (the
// card analysing and done, the result card with the accuracy, Learn from
// your mistakes) at the phone's and the desktop's windows into PNGs in
// $GOBBLET_SHOTS, to look at; without it the test does nothing (it needs a
// display: xvfb-run -a go test -run ShotsOfTheReview).
func TestShotsOfTheReviewScreens(t *testing.T) {
	dir := shotsDir(t, "the review screens")
	drawShots(t, func() error {
		return shotsOf(dir, func(name string) bool {
			return strings.Contains(name, "analys") || strings.Contains(name, "mistakes")
		})
	})
}

// A saved game analysed in its review keeps the analysis in its file: one
// copy, now with the analysis, and the list shows it.
func TestAnalysingASavedGameKeepsItInItsFile(t *testing.T) {
	f := blunders()
	installFake(t, f)
	tb := wonTable(t)
	rec := tb.gs.setup.gameRecord(tb.gs.game)
	ms := NewMemoryStore(tb.a.Settings)
	tb.a.Store = ms
	if _, err := ms.SaveRecord(rec); err != nil {
		t.Fatal(err)
	}
	ss := newSavedScene(tb.a)
	ss.open(tb.a, 0)
	rs, ok := tb.a.scenes.current.(*gameScene)
	if !ok {
		t.Fatalf("opening a saved game shows %T", tb.a.scenes.current)
	}
	tb.gs = rs
	tb.a.scenes = sceneManager{current: rs}
	tb.tick()
	tb.key(ebiten.KeyA, false)
	tb.until("the analysis", func() bool { return rs.analysed() != nil })
	games, _ := ms.Records()
	if len(games) != 1 {
		t.Fatalf("%d saved games after the analysis, want the one", len(games))
	}
	if _, ok := f.of(games[0].Record); !ok {
		t.Errorf("the saved game's file lacks the analysis: %v", games[0].Record.Tags)
	}
	if rs.an.path != games[0].Path || len(ss.games) != 1 || ss.games[0].Path != games[0].Path {
		t.Errorf("the review and the list should follow the new copy %q: %q, %v", games[0].Path, rs.an.path, ss.games)
	}
}
