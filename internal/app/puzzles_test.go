package app

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// settle ticks the App until the puzzle screen rests: no move being
// judged, none waiting to play itself, no hint being looked for (the
// checks run in goroutines, in real time).
func settlePuzzle(a *App, ps *puzzlesScene) bool {
	deadline := time.Now().Add(time.Minute) // a wait, not a speed goal: the 3×3 table loads on first use
	for time.Now().Before(deadline) {
		a.Update()
		if ps.stage != puzzleChecking && ps.stage != puzzleShowing && len(ps.queue) == 0 && !ps.hintWait {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return false
}

// playPuzzleMove plays m as the player's move and waits for the verdict
// and the reply.
func playPuzzleMove(a *App, ps *puzzlesScene, m rules.Move) {
	ps.gs.commit(a, m, 0, 0, -1)
	ps.judge(a)
	settlePuzzle(a, ps)
}

// solvePuzzle plays the solution's moves, the replies coming by themselves.
func solvePuzzle(a *App, ps *puzzlesScene) {
	for ps.stage == puzzleSolving {
		m, ok := ps.mainMove()
		if !ok {
			panic("the board left the main line")
		}
		playPuzzleMove(a, ps, m)
	}
}

// wrongMove is a legal move of the puzzle's first position that is not
// correct.
func wrongMove(pz puzzle.Puzzle) rules.Move {
	var buf [rules.MaxMoves]rules.Move
	for _, m := range pz.Position.LegalMoves(buf[:0]) {
		if v, err := puzzle.Check(context.Background(), pz, 0, pz.Position, m); err == nil && !v.Correct {
			return m
		}
	}
	panic("every move of " + pz.ID + " is correct")
}

// puzzleIn opens the Puzzles screen (the daily puzzle) over Learn, then
// does something in it.
func puzzleIn(daily bool, then func(a *App, ps *puzzlesScene)) func(a *App) Scene {
	return func(a *App) Scene {
		ps := newPuzzlesScene(a, newLearnScene(a, newMenuScene(a)), daily).(*puzzlesScene)
		a.scenes = sceneManager{current: ps}
		a.Update()
		if then != nil {
			then(a, ps)
		}
		return ps
	}
}

// puzzleCases are the Learn and Puzzles screens in their states, for the
// finger-size test and the screenshots.
var puzzleCases = []screenCase{
	{"learn", func(a *App) Scene { return newLearnScene(a, newMenuScene(a)) }},
	{"learn-daily-solved", func(a *App) Scene {
		p := settings.NewPuzzles()
		p.Rating, p.Solved, p.Streak, p.Daily = 1287, []string{"g0001", "g0002"}, 2, time.Now().Format(settings.DateLayout)
		a.savePuzzleProgress(p)
		return newLearnScene(a, newMenuScene(a))
	}},
	{"puzzles", puzzleIn(false, nil)},
	{"puzzles-hint", puzzleIn(false, func(a *App, ps *puzzlesScene) {
		ps.askHint(a)
		ps.askHint(a)
		settlePuzzle(a, ps)
	})},
	{"puzzles-wrong", puzzleIn(false, func(a *App, ps *puzzlesScene) {
		playPuzzleMove(a, ps, wrongMove(ps.pz))
		ps.gs.ending.ticks = 100 // the refutation's line drawn whole
	})},
	{"puzzles-solved", puzzleIn(false, func(a *App, ps *puzzlesScene) {
		solvePuzzle(a, ps)
		ps.gs.ending.ticks = 100
	})},
	{"puzzles-solution", puzzleIn(false, func(a *App, ps *puzzlesScene) {
		ps.showSolution(a)
		settlePuzzle(a, ps)
	})},
	{"puzzles-daily", puzzleIn(true, nil)},
	{"puzzles-4x4", puzzleIn(false, func(a *App, ps *puzzlesScene) {
		for _, pz := range puzzle.All() {
			if pz.Variant == rules.Classic {
				ps.start(a, pz)
				break
			}
		}
		ps.askHint(a)
		a.Update()
	})},
}

func init() { screenCases = append(screenCases, puzzleCases...) }

// newPuzzleTable opens the Puzzles screen on a table whose clicks, drags
// and keys reach it.
func newPuzzleTable(t *testing.T, daily bool) (*table, *puzzlesScene) {
	t.Helper()
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	ps := puzzleIn(daily, nil)(a).(*puzzlesScene)
	if ps.stage == puzzleNone {
		t.Fatal("no puzzle to show")
	}
	return &table{t: t, a: a, src: src, gs: ps.gs}, ps
}

// pressShown lays the puzzle screen out and clicks one of its buttons.
func (tb *table) pressShown(b *ui.Button) {
	tb.t.Helper()
	tb.tick()
	if b.Rect.Empty() {
		tb.t.Fatalf("the button %q is not shown", b.Label)
	}
	tb.click(b.Rect.Center())
}

// playByTaps plays m with two taps: the piece (on its square or in the
// reserve), then its square.
func (tb *table) playByTaps(m rules.Move) {
	gs := tb.gs
	if m.IsDrop() {
		tb.click(gs.lay.SlotRect(0, gs.slotFor(0, int(m.Size))).Center())
	} else {
		tb.click(gs.lay.SquareCenter(gs.variant, m.From))
	}
	tb.click(gs.lay.SquareCenter(gs.variant, m.To))
}

func TestAPuzzleSolvedByTapsRaisesTheRatingAndTheStreak(t *testing.T) {
	tb, ps := newPuzzleTable(t, false)
	id := ps.pz.ID
	for ps.stage == puzzleSolving {
		m, _ := ps.mainMove()
		tb.playByTaps(m)
		if !settlePuzzle(tb.a, ps) {
			t.Fatal("the move was not judged")
		}
	}
	if ps.stage != puzzleSolved {
		t.Fatalf("after the solution's moves the puzzle is %s, want solved", ps.stage)
	}
	if got := tb.gs.game.Moves(); !slices.Equal(got, ps.pz.Solution) {
		t.Errorf("the board played %v, want the solution %v with its replies", got, ps.pz.Solution)
	}
	p, _ := tb.a.Store.(puzzleKeeper).Puzzles()
	if p.Rating <= puzzle.StartRating || p.Streak != 1 || p.Best != 1 || !slices.Contains(p.Solved, id) {
		t.Errorf("progress after a first clean solve: %+v, want a rating over %d, streak 1, %s solved", p, puzzle.StartRating, id)
	}
	if w, _ := ps.words(tb.a); !strings.Contains(w, "rating goes up") {
		t.Errorf("the card says %q", w)
	}
	if !slices.Contains(ps.shownBtn, ps.nextB) {
		t.Fatal("a solved puzzle offers Next puzzle")
	}
	tb.pressShown(ps.nextB)
	if ps.pz.ID == id || ps.stage != puzzleSolving || ps.gs.game.Plies() != 0 {
		t.Errorf("Next should open another puzzle at its start: %s %s, %d plies", ps.pz.ID, ps.stage, ps.gs.game.Plies())
	}
}

func TestAWrongMoveIsRefutedSaysWhyAndCanBeTriedAgain(t *testing.T) {
	tb, ps := newPuzzleTable(t, false)
	id := ps.pz.ID
	wrong := wrongMove(ps.pz)
	tb.playByTaps(wrong)
	settlePuzzle(tb.a, ps)
	if ps.stage != puzzleWrong {
		t.Fatalf("after a wrong move the puzzle is %s, want wrong", ps.stage)
	}
	w, warn := ps.words(tb.a)
	if !warn || !strings.HasPrefix(w, "Not the winning move") || ps.whyWords() == "" || !strings.Contains(w, ps.whyWords()) || strings.Contains(w, " x ") || strings.Contains(w, " o ") {
		t.Errorf("the card should say why the move fails: %q (why %+v)", w, ps.why)
	}
	if n := tb.gs.game.Plies(); n != 2 || tb.gs.game.Moves()[0] != wrong {
		t.Errorf("the board should show the wrong move and its refutation: %d plies", n)
	}
	p, _ := tb.a.Store.(puzzleKeeper).Puzzles()
	if p.Rating >= puzzle.StartRating || p.Streak != 0 || !slices.Contains(p.Failed, id) {
		t.Errorf("progress after a failed first try: %+v", p)
	}
	failedRating := p.Rating
	tb.pressShown(ps.retryB)
	if ps.stage != puzzleSolving || tb.gs.game.Plies() != 0 {
		t.Fatalf("Try again should put the position back: %s, %d plies", ps.stage, tb.gs.game.Plies())
	}
	solvePuzzle(tb.a, ps)
	p, _ = tb.a.Store.(puzzleKeeper).Puzzles()
	if ps.stage != puzzleSolved || p.Rating != failedRating || !slices.Contains(p.Solved, id) || slices.Contains(p.Failed, id) || p.Streak != 0 {
		t.Errorf("solved after a wrong try: %s, %+v: solved, rating kept at %d, streak 0", ps.stage, p, failedRating)
	}
}

func TestAHintRingsThePieceThenDrawsTheMove(t *testing.T) {
	tb, ps := newPuzzleTable(t, false)
	first := ps.pz.Solution[0]
	tb.key(ebiten.KeyH, false)
	if ps.hint != 1 || ps.hintMove != first || !tb.gs.hintMove.IsNone() {
		t.Fatalf("a first hint should ring the piece of %s and draw no arrow: level %d, %v, arrow %v", first.Notation(ps.pz.Variant), ps.hint, ps.hintMove, tb.gs.hintMove)
	}
	tb.pressShown(ps.hintB)
	if ps.hint != 2 || tb.gs.hintMove != first || !ps.hintB.Disabled {
		t.Fatalf("a second hint should draw the move's arrow: level %d, arrow %v", ps.hint, tb.gs.hintMove)
	}
	solvePuzzle(tb.a, ps)
	p, _ := tb.a.Store.(puzzleKeeper).Puzzles()
	if p.Rating != 0 || p.Streak != 0 || len(p.Solved) != 1 {
		t.Errorf("a puzzle solved with a hint counts as solved and leaves the rating and the streak: %+v", p)
	}
}

func TestShowSolutionPlaysTheMainLineAndCountsAsFailed(t *testing.T) {
	tb, ps := newPuzzleTable(t, false)
	tb.key(ebiten.KeyS, false)
	settlePuzzle(tb.a, ps)
	if ps.stage != puzzleShown || !slices.Equal(tb.gs.game.Moves(), ps.pz.Solution) {
		t.Fatalf("Solution should play the main line: %s, %v", ps.stage, tb.gs.game.Moves())
	}
	if w, _ := ps.words(tb.a); !strings.Contains(w, ps.solutionText()) {
		t.Errorf("the card should name the solution's moves: %q", w)
	}
	p, _ := tb.a.Store.(puzzleKeeper).Puzzles()
	if !slices.Contains(p.Failed, ps.pz.ID) || p.Rating >= puzzle.StartRating {
		t.Errorf("a puzzle whose solution was seen counts as failed: %+v", p)
	}
	tb.pressShown(ps.retryB)
	if ps.stage != puzzleSolving || tb.gs.game.Plies() != 0 {
		t.Errorf("Try again after the solution starts the puzzle over: %s, %d plies", ps.stage, tb.gs.game.Plies())
	}
}

func TestTheDailyPuzzleIsMarkedSolvedForTheDay(t *testing.T) {
	tb, ps := newPuzzleTable(t, true)
	if want := puzzle.Daily(time.Now()); ps.pz.ID != want.ID {
		t.Fatalf("the daily puzzle is %s, want today's %s", ps.pz.ID, want.ID)
	}
	solvePuzzle(tb.a, ps)
	p, _ := tb.a.Store.(puzzleKeeper).Puzzles()
	if !dailySolved(p) {
		t.Fatalf("today's puzzle solved should be marked for today: %+v", p)
	}
	if !slices.Contains(ps.shownBtn, ps.moreB) {
		t.Fatal("the daily puzzle solved should lead on to more puzzles")
	}
	tb.key(ebiten.KeyEscape, false)
	l, ok := tb.a.scenes.current.(*learnScene)
	if !ok {
		t.Fatalf("Esc should go back to Learn, not %T", tb.a.scenes.current)
	}
	if d := l.describe("Daily puzzle"); !strings.HasPrefix(d, "Solved today") {
		t.Errorf("Learn should say the daily puzzle is solved today: %q", d)
	}
	if d := l.describe("Puzzles"); !strings.Contains(d, "rating") {
		t.Errorf("Learn should show the puzzle rating: %q", d)
	}
}

func TestTheNextPuzzleIsNewAndNearTheRating(t *testing.T) {
	all := puzzle.All()
	if len(all) < 3 {
		t.Skip("too few puzzles")
	}
	ps := &puzzlesScene{seen: map[string]bool{}, progress: settings.NewPuzzles()}
	for _, rating := range []int{600, 1200, 1800} {
		ps.progress.Rating = rating
		got := ps.pick()
		for _, p := range all {
			if max(p.Rating-rating, rating-p.Rating) < max(got.Rating-rating, rating-got.Rating) {
				t.Errorf("at rating %d the pick %s (%d) is farther than %s (%d)", rating, got.ID, got.Rating, p.ID, p.Rating)
				break
			}
		}
	}
	ps.progress.Solved = []string{all[0].ID}
	ps.progress.Rating = all[0].Rating
	if got := ps.pick(); got.ID == all[0].ID {
		t.Errorf("a solved puzzle came back while others are new")
	}
	ps.seen[all[1].ID] = true
	if got := ps.pick(); got.ID == all[1].ID {
		t.Errorf("a puzzle shown in this visit came back while others are new")
	}
}

func TestAPuzzleIsPlayedByKeysAndByDrag(t *testing.T) {
	tb, ps := newPuzzleTable(t, false)
	m, _ := ps.mainMove()
	gs := tb.gs
	if m.IsDrop() {
		tb.key(ebiten.Key1+ebiten.Key(m.Size-1), false)
	} else {
		tb.key(ebiten.KeyRight, false) // the cursor shows
		for gs.hand.cursor != m.From {
			tb.key(ebiten.KeyRight, false)
			if gs.hand.cursor.File(gs.variant) == 0 {
				tb.key(ebiten.KeyUp, false)
			}
		}
		tb.key(ebiten.KeyEnter, false)
	}
	for gs.hand.cursor != m.To {
		tb.key(ebiten.KeyRight, false)
		if gs.hand.cursor.File(gs.variant) == 0 {
			tb.key(ebiten.KeyUp, false)
		}
	}
	tb.key(ebiten.KeyEnter, false)
	settlePuzzle(tb.a, ps)
	if gs.game.Plies() == 0 || gs.game.Moves()[0] != m {
		t.Fatalf("the keys should have played %s: %v", m.Notation(gs.variant), gs.game.Moves())
	}
	if ps.stage == puzzleSolving {
		next, _ := ps.mainMove()
		var x0, y0 float64
		if next.IsDrop() {
			x0, y0 = gs.lay.SlotRect(0, gs.slotFor(0, int(next.Size))).Center()
		} else {
			x0, y0 = gs.lay.SquareCenter(gs.variant, next.From)
		}
		x1, y1 := gs.lay.SquareCenter(gs.variant, next.To)
		tb.drag(x0, y0, x1, y1)
		settlePuzzle(tb.a, ps)
		if gs.game.Plies() < 3 || gs.game.Moves()[2] != next {
			t.Fatalf("the drag should have played %s: %v", next.Notation(gs.variant), gs.game.Moves())
		}
	}
}

// The progress is kept in a file of its own across runs; a file that
// cannot be read is set aside, said once, and the progress starts again.
func TestPuzzleProgressIsKeptAcrossRuns(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gobblet")
	fs, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.Store = fs
	ps := puzzleIn(false, nil)(a).(*puzzlesScene)
	solvePuzzle(a, ps)
	fs.Flush()

	again, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, notice := again.Puzzles()
	if notice != nil || !slices.Contains(p.Solved, ps.pz.ID) || p.Rating == 0 {
		t.Fatalf("the next run reads %+v %q", p, notice)
	}
	again.Flush()

	if err := os.WriteFile(filepath.Join(dir, settings.PuzzlesFile), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	third, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer third.Flush()
	b := newHeadless(&scriptSource{}, 1280, 800)
	b.Store = third
	l := newLearnScene(b, newMenuScene(b))
	if len(b.notices) != 1 || !strings.Contains(b.notices[0], "puzzle progress could not be read") {
		t.Errorf("the notices say %q", b.notices)
	}
	if l.progress.Rating != 0 || len(l.progress.Solved) != 0 {
		t.Errorf("the progress should start again: %+v", l.progress)
	}
	if _, err := os.Stat(filepath.Join(dir, settings.PuzzlesFile+".corrupt")); err != nil {
		t.Errorf("the unreadable file should be kept aside: %v", err)
	}
}
