// The Puzzles screen (issue 23): one puzzle at a time on the game's own
// board, reserves and hand (a gameScene whose commit leaves each move to
// this screen to judge). The opponent's replies play themselves; a wrong
// move is refuted on the board and said why; a hint shows the piece to
// move, then the move; the solution plays itself out. The player's puzzle
// rating, solved count and streak are kept across runs (puzzlestore.go),
// and the daily puzzle is marked solved for the day.

package app

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// puzzleStage is where the player is in a puzzle.
type puzzleStage int

const (
	puzzleSolving  puzzleStage = iota // the player's move
	puzzleChecking                    // the player's move is being judged
	puzzleReplying                    // a move was right: the opponent answers
	puzzleRefuting                    // a move was wrong: the opponent shows why
	puzzleWrong                       // refuted: try again, or see the solution
	puzzleSolved
	puzzleShowing // the solution plays itself out
	puzzleShown   // the solution was shown
	puzzleNone    // there is no puzzle to show
)

var puzzleStageNames = [...]string{"solving", "checking", "replying", "refuting", "wrong", "solved", "showing", "shown", "none"}

func (s puzzleStage) String() string { return puzzleStageNames[s] }

// firstPuzzleRating is a player's puzzle rating before their first puzzle
// (puzzle.Rate starts them there).
const firstPuzzleRating = puzzle.StartRating

// puzzlesScene is the Puzzles screen, or the daily puzzle.
type puzzlesScene struct {
	back  Scene
	daily bool
	today string // the date the daily puzzle is of (settings.DateLayout)
	pz    puzzle.Puzzle
	gs    *gameScene // the board: orange is always the solver, nearest the player
	stage puzzleStage
	step  int // the solver's moves judged right so far
	base  int // the plies on the board when this step began: a wrong try goes back here
	// why the last wrong move was wrong (Why NoReason: none shown), said in
	// the player's language when drawn
	why puzzle.Verdict

	// a goroutine judges a move or looks for a hint; gen drops a stale answer
	answers chan puzzleAnswer
	cancel  context.CancelFunc
	gen     int

	queue  []rules.Move // moves that play themselves: a reply, the solution
	then   puzzleStage  // the stage once they are played
	nextAt int          // the tick the next of them plays

	hint     int // 0: none; 1: the piece to move is ringed; 2: the move's arrow
	hintMove rules.Move
	hintWait bool // a hint is being looked for (off the main line)

	mistake bool // this puzzle: a wrong move played, or the solution seen
	helped  bool // a hint taken
	counted bool // the puzzle's outcome is in the progress
	change  int  // what it did to the rating
	fresh   bool // the puzzle was new to the player: its outcome rates them

	progress settings.Puzzles
	seen     map[string]bool // puzzles shown this visit: Next finds another

	lay      puzzleLayout
	backB    *ui.Button
	hintB    *ui.Button
	solveB   *ui.Button
	retryB   *ui.Button
	nextB    *ui.Button
	moreB    *ui.Button // the daily puzzle solved: on to the other puzzles
	shownBtn []*ui.Button
}

// puzzleAnswer is a goroutine's answer: a move's verdict, or a hint.
type puzzleAnswer struct {
	gen     int
	verdict puzzle.Verdict
	err     error
	hint    bool
	move    rules.Move // the hint: a move that wins fastest (NoMove: none found)
}

// newPuzzlesScene opens the puzzles (daily: the daily puzzle); back is
// where leaving returns.
func newPuzzlesScene(a *App, back Scene, daily bool) Scene {
	ps := &puzzlesScene{
		back: back, daily: daily, today: time.Now().Format(settings.DateLayout),
		answers: make(chan puzzleAnswer, 4), seen: map[string]bool{},
		backB:  &ui.Button{},
		hintB:  &ui.Button{Icon: ui.IconHint},
		solveB: &ui.Button{},
		retryB: &ui.Button{Primary: true},
		nextB:  &ui.Button{Primary: true},
		moreB:  &ui.Button{Primary: true},
	}
	ps.label()
	ps.progress = a.puzzleProgress()
	if daily {
		ps.start(a, puzzle.Daily(time.Now()))
	} else {
		ps.start(a, ps.pick())
	}
	return ps
}

// label names the buttons in the player's language (again at each layout:
// the language may change).
func (ps *puzzlesScene) label() {
	ps.backB.Label, ps.backB.Tip = locale.T("Back"), locale.T("PuzzleBackTip")
	ps.hintB.Label, ps.hintB.Tip = locale.T("PuzzleHint"), locale.T("PuzzleHintTip")
	ps.solveB.Label, ps.solveB.Tip = locale.T("PuzzleSolution"), locale.T("PuzzleSolutionTip")
	ps.retryB.Label, ps.retryB.Tip = locale.T("PuzzleTryAgain"), locale.T("PuzzleTryAgainTip")
	ps.nextB.Label, ps.nextB.Tip = locale.T("PuzzleNext"), locale.T("PuzzleNextTip")
	ps.moreB.Label, ps.moreB.Tip = locale.T("PuzzleMore"), locale.T("PuzzleMoreTip")
}

// start sets up a puzzle on a fresh board (a zero puzzle: none to show).
func (ps *puzzlesScene) start(a *App, pz puzzle.Puzzle) {
	ps.stop()
	ps.pz = pz
	ps.step, ps.base, ps.why = 0, 0, puzzle.Verdict{}
	ps.queue, ps.hint, ps.hintMove, ps.hintWait = nil, 0, rules.NoMove, false
	ps.mistake, ps.helped, ps.counted, ps.change = false, false, false, 0
	ps.stage = puzzleSolving
	if pz.ID == "" {
		ps.stage = puzzleNone
		pz.Variant, pz.Position = rules.Gobblers, rules.Start(rules.Gobblers)
	}
	ps.seen[pz.ID] = true
	ps.fresh = !slices.Contains(ps.progress.Solved, pz.ID) && !slices.Contains(ps.progress.Failed, pz.ID)
	// orange plays the side to move, and sits nearest the player
	first := 0
	if pz.Position.SideToMove() == rules.O {
		first = 1
	}
	s := setup{Variant: pz.Variant, Mode: modeTwoPlayers, First: first,
		Players: [2]playerChoice{{Human: true}, {Human: true}}, Names: [2]string{locale.T("PuzzleYou"), colourName(1)}}
	ps.gs = newGameScene(a, s, rules.NewGameFrom(pz.Position))
	ps.gs.puzzle = true
	ps.gs.over = false
	if pz.Variant == rules.Gobblers && a.Prepare != nil && ps.stage != puzzleNone {
		a.Prepare(rules.Gobblers, "perfect") // the 3×3 table the checks read
	}
	a.debugf("puzzle %s %s", pz.ID, pz.Position.String())
	a.redraw()
}

// pick chooses the next puzzle: the one nearest the player's rating among
// those they have not played, else among those they failed, else among
// all; never one shown in this visit while another is left.
func (ps *puzzlesScene) pick() puzzle.Puzzle {
	all := puzzle.All()
	rating := ps.rating()
	played := func(id string) bool {
		return slices.Contains(ps.progress.Solved, id) || slices.Contains(ps.progress.Failed, id)
	}
	for _, keep := range []func(puzzle.Puzzle) bool{
		func(p puzzle.Puzzle) bool { return !played(p.ID) && !ps.seen[p.ID] },
		func(p puzzle.Puzzle) bool { return slices.Contains(ps.progress.Failed, p.ID) && !ps.seen[p.ID] },
		func(p puzzle.Puzzle) bool { return !ps.seen[p.ID] },
		func(p puzzle.Puzzle) bool { return p.ID != ps.pz.ID },
	} {
		best, gap := -1, math.MaxInt
		for i, p := range all {
			if d := max(p.Rating-rating, rating-p.Rating); keep(p) && d < gap {
				best, gap = i, d
			}
		}
		if best >= 0 {
			return all[best]
		}
	}
	if len(all) > 0 {
		return all[0]
	}
	return puzzle.Puzzle{}
}

// rating is the player's puzzle rating as shown.
func (ps *puzzlesScene) rating() int {
	if ps.progress.Rating <= 0 {
		return firstPuzzleRating
	}
	return ps.progress.Rating
}

// stop cancels the goroutine at work, whose answer is then dropped.
func (ps *puzzlesScene) stop() {
	if ps.cancel != nil {
		ps.cancel()
		ps.cancel = nil
	}
	ps.gen++
}

// Update runs one tick: the board's glides, the goroutine's answer, the
// moves that play themselves, then the buttons, the keys and the hand.
func (ps *puzzlesScene) Update(a *App) error {
	ps.update(a)
	ps.layout(a) // the buttons of the stage this tick led to, drawn this tick
	return nil
}

func (ps *puzzlesScene) update(a *App) {
	gs := ps.gs
	gs.anim = a.Settings.AnimationSpeed
	gs.touch = !a.keysShown()
	ps.layout(a)
	gs.stepGlides(a.steps)
	if gs.msgT > 0 {
		gs.msgT--
	}
	if gs.hand.flashT > 0 {
		gs.hand.flashT = max(0, gs.hand.flashT-a.steps)
	}
	if gs.over {
		gs.ending.ticks += a.steps // the winning line grows
	}
	ps.poll(a)
	ps.playQueued(a)
	if ps.updateButtons(a) || ps.updateKeys(a) {
		return
	}
	in := &a.In
	if ps.stage == puzzleSolving && gs.toMove() == 0 {
		plies := gs.game.Plies()
		gs.updateHand(a)
		if gs.game.Plies() > plies {
			ps.judge(a)
		}
	} else {
		gs.hand.hold = nil
	}
	gs.hand.hover = rules.NoSquare
	if gs.hand.hold == nil {
		gs.hand.hover = gs.lay.SquareAt(gs.variant, in.X, in.Y)
	}
	gs.updatePeek()
}

// updateButtons handles the top bar's and the card's buttons; true when
// one was pressed.
func (ps *puzzlesScene) updateButtons(a *App) bool {
	if ps.backB.Update(a) {
		ps.leave(a)
		return true
	}
	for _, b := range ps.shownBtn {
		if b.Update(a) {
			ps.press(a, b)
			return true
		}
	}
	return false
}

// press does what a card's button says.
func (ps *puzzlesScene) press(a *App, b *ui.Button) {
	switch b {
	case ps.hintB:
		ps.askHint(a)
	case ps.solveB:
		ps.showSolution(a)
	case ps.retryB:
		ps.retry(a)
	case ps.nextB:
		ps.start(a, ps.pick())
	case ps.moreB:
		ps.daily = false
		ps.start(a, ps.pick())
	}
}

// updateKeys handles the screen's keys (the hand has the arrows, Enter,
// Space, P and the sizes while the player is to move); true when one
// acted.
func (ps *puzzlesScene) updateKeys(a *App) bool {
	in := &a.In
	solving := ps.stage == puzzleSolving
	keys := []struct {
		key ebiten.Key
		b   *ui.Button
	}{{ebiten.KeyH, ps.hintB}, {ebiten.KeyS, ps.solveB}, {ebiten.KeyR, ps.retryB}, {ebiten.KeyN, ps.nextB}, {ebiten.KeyN, ps.moreB}}
	for _, k := range keys {
		if in.Key(k.key) && slices.Contains(ps.shownBtn, k.b) && !k.b.Disabled {
			a.play(sound.MenuClick)
			ps.press(a, k.b)
			return true
		}
	}
	switch {
	case in.Key(ebiten.KeyEscape):
		if h := ps.gs.hand.hold; h != nil && !h.locked {
			ps.gs.dropHeld()
			return true
		}
		ps.leave(a)
		return true
	case !solving && (in.Key(ebiten.KeyEnter) || in.Key(ebiten.KeyNumpadEnter)):
		// Enter presses the card's first button: Next, Try again
		for _, b := range ps.shownBtn {
			if b.Primary && !b.Disabled {
				a.play(sound.MenuClick)
				ps.press(a, b)
				return true
			}
		}
	}
	return false
}

// leave goes back to where the screen was opened from, which shows the
// progress as it is now.
func (ps *puzzlesScene) leave(a *App) {
	ps.stop()
	if l, ok := ps.back.(*learnScene); ok {
		l.readProgress(a)
	}
	a.scenes.GoTo(ps.back)
}

// judge sends the move the player just played to be checked.
func (ps *puzzlesScene) judge(a *App) {
	gs := ps.gs
	n := gs.game.Plies()
	m := gs.game.Moves()[n-1]
	before := gs.game.PositionAt(n - 1)
	ps.stage = puzzleChecking
	ps.hint, ps.hintMove, ps.hintWait = 0, rules.NoMove, false
	gs.hintMove = rules.NoMove
	pz, step := ps.pz, ps.step
	ps.run(func(ctx context.Context) puzzleAnswer {
		v, err := puzzle.Check(ctx, pz, step, before, m)
		return puzzleAnswer{verdict: v, err: err}
	})
}

// run starts f in a goroutine with a context stop cancels; its answer
// comes back through ps.answers.
func (ps *puzzlesScene) run(f func(ctx context.Context) puzzleAnswer) {
	ps.stop()
	ctx, cancel := context.WithCancel(context.Background())
	ps.cancel = cancel
	gen, out := ps.gen, ps.answers
	go func() {
		ans := f(ctx)
		ans.gen = gen
		out <- ans
	}()
}

// poll takes the goroutine's answer, if it came.
func (ps *puzzlesScene) poll(a *App) {
	var ans puzzleAnswer
	select {
	case ans = <-ps.answers:
	default:
		return
	}
	if ans.gen != ps.gen {
		return // the position it was for is gone
	}
	ps.cancel = nil
	a.redraw()
	if ans.hint {
		ps.hintWait = false
		if ans.move.IsNone() {
			ps.gs.say(locale.T("PuzzleNoHint"), true)
			ps.hint = 0
			return
		}
		ps.hintMove = ans.move
		ps.showHint(a)
		return
	}
	ps.answer(a, ans.verdict, ans.err)
}

// none reports whether a verdict's reply is absent.
func none(m rules.Move) bool { return m.IsNone() || m == rules.Move{} }

// answer acts on the verdict on the player's move.
func (ps *puzzlesScene) answer(a *App, v puzzle.Verdict, err error) {
	gs := ps.gs
	if err != nil {
		a.debugf("puzzle check: %v", err)
		ps.takeBack(ps.base)
		ps.stage = puzzleSolving
		gs.say(locale.F("PuzzleCheckFailed", "Reason", reasonWords(err)), true)
		return
	}
	ps.queue = nil
	if !none(v.Reply) {
		ps.queue = []rules.Move{v.Reply}
	}
	ps.nextAt = a.Tick + gs.animTicks(450)
	switch {
	case v.Correct && v.Done:
		ps.stage, ps.then = puzzleReplying, puzzleSolved
	case v.Correct:
		ps.step++
		ps.stage, ps.then = puzzleReplying, puzzleSolving
	default:
		ps.why = v
		ps.mistake = true
		ps.record(a, false)
		ps.stage, ps.then = puzzleRefuting, puzzleWrong
		a.play(sound.Illegal)
	}
	a.debugf("puzzle %s verdict correct %v done %v reply %s", ps.pz.ID, v.Correct, v.Done, v.Reply.Notation(gs.variant))
	if len(ps.queue) == 0 {
		ps.arrive(a)
	}
}

// playQueued plays the next move that plays itself, once the glides
// before it are done and its moment came; after the last, the stage it
// leads to begins.
func (ps *puzzlesScene) playQueued(a *App) {
	gs := ps.gs
	if len(ps.queue) == 0 || len(gs.glides) > 0 || a.Tick < ps.nextAt {
		return
	}
	m := ps.queue[0]
	ps.queue = ps.queue[1:]
	if gs.pos().CheckMove(m) != nil {
		a.debugf("puzzle %s: %s is not legal here", ps.pz.ID, m.Notation(gs.variant))
		ps.queue = nil
	} else {
		gs.commit(a, m, math.NaN(), math.NaN(), -1)
	}
	ps.nextAt = a.Tick + gs.animTicks(650)
	a.redraw()
	if len(ps.queue) == 0 {
		ps.arrive(a)
	}
}

// arrive begins the stage the moves that played themselves led to.
func (ps *puzzlesScene) arrive(a *App) {
	gs := ps.gs
	ps.stage = ps.then
	switch ps.stage {
	case puzzleSolving:
		ps.base = gs.game.Plies()
		if ps.hint > 0 { // a hint asked for before the reply: for the new position
			ps.hint = 0
			ps.askHint(a)
		}
	case puzzleSolved:
		ps.record(a, true)
		gs.over, gs.ending.ticks = true, 0
		a.play(sound.WinFanfare)
	case puzzleWrong:
		if gs.game.Over() { // the refutation lined up: show its line
			gs.over, gs.ending.ticks = true, 0
		}
	case puzzleShown:
		gs.over, gs.ending.ticks = gs.game.Over(), 0
	}
	a.debugf("puzzle %s %s", ps.pz.ID, ps.stage)
	a.redraw()
}

// takeBack undoes the moves back to ply n.
func (ps *puzzlesScene) takeBack(n int) {
	gs := ps.gs
	for gs.game.Plies() > n {
		gs.step(false)
	}
	gs.syncSlots()
	gs.glides, gs.hand.hold, gs.over = nil, nil, false
	gs.hintMove = rules.NoMove
}

// retry puts the position back as it was before the wrong move (or, after
// the solution, at the start).
func (ps *puzzlesScene) retry(a *App) {
	ps.stop()
	ps.queue = nil
	if ps.stage == puzzleShown {
		ps.step, ps.base = 0, 0
	}
	ps.takeBack(ps.base)
	ps.stage, ps.why = puzzleSolving, puzzle.Verdict{}
	ps.hint, ps.hintMove = 0, rules.NoMove
	a.redraw()
}

// showSolution plays the main line from the puzzle's start; the puzzle
// counts as failed if it was not solved.
func (ps *puzzlesScene) showSolution(a *App) {
	ps.stop()
	if ps.stage != puzzleSolved {
		ps.mistake = true
		ps.record(a, false)
	}
	ps.takeBack(0)
	ps.step, ps.base = 0, 0
	ps.hint, ps.hintMove, ps.hintWait = 0, rules.NoMove, false
	ps.queue = slices.Clone(ps.pz.Solution)
	ps.stage, ps.then = puzzleShowing, puzzleShown
	ps.nextAt = a.Tick + ps.gs.animTicks(300)
	a.redraw()
}

// askHint rings the piece to move, and the second time draws the move.
// Off the main line the move is looked for in a goroutine: the first move
// the puzzle's checker accepts.
func (ps *puzzlesScene) askHint(a *App) {
	if ps.stage != puzzleSolving && ps.stage != puzzleReplying || ps.hint >= 2 || ps.hintWait {
		return
	}
	ps.hint++
	ps.helped = true
	a.play(sound.Hint)
	if ps.stage == puzzleReplying {
		return // shown once the reply is on the board
	}
	if ps.hint == 1 || ps.hintMove.IsNone() {
		ps.hintMove = rules.NoMove
		if m, ok := ps.mainMove(); ok {
			ps.hintMove = m
		}
	}
	if !ps.hintMove.IsNone() {
		ps.showHint(a)
		return
	}
	ps.hintWait = true
	gs := ps.gs
	pz, step, p := ps.pz, ps.step, gs.pos()
	ps.run(func(ctx context.Context) puzzleAnswer {
		var buf [rules.MaxMoves]rules.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			v, err := puzzle.Check(ctx, pz, step, p, m)
			if err != nil {
				break
			}
			if v.Correct {
				return puzzleAnswer{hint: true, move: m}
			}
		}
		return puzzleAnswer{hint: true, move: rules.NoMove}
	})
}

// mainMove is the solution's move here, when the board is on its main line.
func (ps *puzzlesScene) mainMove() (rules.Move, bool) {
	gs := ps.gs
	moves := gs.game.Moves()
	if len(moves) >= len(ps.pz.Solution) || !slices.Equal(moves, ps.pz.Solution[:len(moves)]) {
		return rules.NoMove, false
	}
	return ps.pz.Solution[len(moves)], true
}

// showHint shows the hint at its level: the second level draws the move's
// arrow (the game's own hint arrow).
func (ps *puzzlesScene) showHint(a *App) {
	if ps.hint >= 2 {
		ps.gs.hintMove = ps.hintMove
	}
	a.redraw()
}

// record counts the puzzle's outcome in the player's progress, read again
// first (another window may have solved puzzles meanwhile): a puzzle new to
// the player moves their rating (not when solved with a hint); solved
// clean it lengthens the streak, failed it ends it. The daily puzzle
// solved is marked for the day. Each puzzle counts once a visit, and a
// solve after a wrong try still counts as solved.
func (ps *puzzlesScene) record(a *App, solved bool) {
	if ps.stage == puzzleNone || ps.counted && !solved {
		return
	}
	p := a.puzzleProgress()
	id := ps.pz.ID
	before := p.Rating
	if before <= 0 {
		before = firstPuzzleRating
	}
	rated := ps.fresh && !ps.counted
	switch {
	case solved:
		p.Solved = append(p.Solved, id)
		p.Failed = slices.DeleteFunc(p.Failed, func(s string) bool { return s == id })
		if !ps.mistake && !ps.helped {
			p.Streak++
			p.Best = max(p.Best, p.Streak)
		}
		if rated && !ps.helped && !ps.mistake {
			p.Rating = puzzle.Rate(before, ps.pz.Rating, true)
		}
		if ps.daily {
			p.Daily = ps.today
		}
	default:
		if !slices.Contains(p.Solved, id) {
			p.Failed = append(p.Failed, id)
		}
		p.Streak = 0
		if rated {
			p.Rating = puzzle.Rate(before, ps.pz.Rating, false)
		}
	}
	p.Solved, p.Failed = sortedIDs(p.Solved), sortedIDs(p.Failed)
	if rated && p.Rating > 0 {
		ps.change += p.Rating - before
	}
	ps.counted = true
	ps.progress = p
	a.savePuzzleProgress(p)
	a.debugf("puzzle progress rating %d solved %d streak %d", p.Rating, len(p.Solved), p.Streak)
}

// sortedIDs sorts ids and drops repeats.
func sortedIDs(ids []string) []string {
	slices.Sort(ids)
	return slices.Compact(ids)
}

// dailySolved reports whether today's daily puzzle is solved.
func dailySolved(p settings.Puzzles) bool {
	return p.Daily == time.Now().Format(settings.DateLayout)
}

// Animating: a piece glides, a square flashes, the winning line grows, the
// hint pulses, or a move waits to play itself.
func (ps *puzzlesScene) Animating(a *App) bool {
	return ps.gs.continuous(a) || len(ps.queue) > 0 || ps.hint == 1 && a.pulsing()
}

// heading says who plays and what to find: "Orange to play: win in 2".
func (ps *puzzlesScene) heading() string {
	if ps.stage == puzzleNone {
		return locale.T("PuzzleNoPuzzles")
	}
	return locale.P("PuzzleHeading", ps.pz.WinIn)
}

// about names the puzzle: its number or day, its board and its rating
// (an Elo number, written without a thousands separator in every
// language, as ratings are).
func (ps *puzzlesScene) about() string {
	board := "4×4"
	if ps.pz.Variant == rules.Gobblers {
		board = "3×3"
	}
	rating := strconv.Itoa(ps.pz.Rating)
	if ps.daily {
		// the day's layout is the language's (time.Format's), in the catalog
		day := time.Now().Format(locale.T("PuzzleDayLayout"))
		return locale.F("PuzzleAboutDaily", "Date", day, "Board", board, "Rating", rating)
	}
	return locale.F("PuzzleAbout", "ID", ps.pz.ID, "Board", board, "Rating", rating)
}

// words are what the card says now, and whether it warns.
func (ps *puzzlesScene) words(a *App) (string, bool) {
	gs := ps.gs
	switch ps.stage {
	case puzzleNone:
		return locale.T("PuzzleNotInBuild"), false
	case puzzleChecking:
		return locale.T("PuzzleChecking"), false
	case puzzleReplying:
		if ps.then == puzzleSolved {
			return locale.T("PuzzleThatWins"), false
		}
		return locale.T("PuzzleGoodMove"), false
	case puzzleRefuting:
		return locale.T("PuzzleWatch"), true
	case puzzleWrong:
		if why := ps.whyWords(); why != "" {
			return locale.F("PuzzleWrongWhy", "Why", why), true
		}
		return locale.T("PuzzleWrong"), true
	case puzzleSolved:
		return ps.solvedWords(), false
	case puzzleShowing:
		return locale.T("PuzzleShowing"), false
	case puzzleShown:
		return locale.F("PuzzleShown", "Moves", ps.solutionText()), false
	}
	if gs.msgT > 0 || gs.hand.hold != nil {
		return gs.statusLine(a)
	}
	switch {
	case ps.hintWait:
		return locale.T("PuzzleLookingHint"), false
	case ps.hint == 1:
		return locale.T("PuzzleHintPiece"), false
	case ps.hint == 2:
		return locale.T("PuzzleHintMove"), false
	case ps.step > 0:
		return locale.T("PuzzleKeepGoing"), false
	case !gs.touch && gs.hand.cursorOn:
		return locale.T("PuzzleFindKeys"), false
	case gs.touch:
		return locale.T("PuzzleFindTouch"), false
	}
	return locale.T("PuzzleFindMouse"), false
}

// whyWords say why the last wrong move was wrong, in the player's words
// ("" when there is nothing to say). The opponent is always Blue: orange
// is the solver.
func (ps *puzzlesScene) whyWords() string {
	v := ps.why
	vr := ps.pz.Variant
	reply := ""
	if !none(v.Reply) {
		reply = v.Reply.Notation(vr)
	}
	line := "–"
	if f, l, ok := v.LineEnds(vr); ok {
		line = f.Name(vr) + "–" + l.Name(vr)
	}
	switch v.Why {
	case puzzle.LinesUp:
		if v.InRow == 4 {
			return locale.F("PuzzleWhyLinesUpFour", "Reply", reply, "Line", line)
		}
		return locale.F("PuzzleWhyLinesUpThree", "Reply", reply, "Line", line)
	case puzzle.Uncovers:
		return locale.F("PuzzleWhyUncovers", "Line", line)
	case puzzle.SlowerWin:
		return locale.F("PuzzleWhySlowerWin", "Reply", reply)
	case puzzle.NoWin:
		return locale.F("PuzzleWhyNoWin", "Reply", reply)
	case puzzle.TheyAttack:
		return locale.F("PuzzleWhyTheyAttack", "Reply", reply)
	case puzzle.NoQuickWin:
		return locale.F("PuzzleWhyNoQuickWin", "Reply", reply)
	}
	return ""
}

// solvedWords say the puzzle is solved, and what it did to the rating.
func (ps *puzzlesScene) solvedWords() string {
	r := ps.progress.Rating
	switch {
	case ps.daily:
		return locale.T("PuzzleSolvedDaily")
	case ps.change > 0:
		return locale.F("PuzzleSolvedUp", "Change", strconv.Itoa(ps.change), "Rating", strconv.Itoa(r))
	case ps.helped && ps.fresh:
		return locale.T("PuzzleSolvedHint")
	case ps.mistake:
		return locale.T("PuzzleSolvedAfterWrong")
	}
	return locale.T("PuzzleSolved")
}

// solutionText is the main line in the game's notation.
func (ps *puzzlesScene) solutionText() string {
	var out []string
	for _, m := range ps.pz.Solution {
		out = append(out, m.Notation(ps.pz.Variant))
	}
	return strings.Join(out, ", ")
}
