package app

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// fakeThinker answers only when the test says so, or, once cancelled, with
// a legal move of the position it was given (as a real engine returns its
// best move so far): the answer a stale search would bring back.
type fakeThinker struct {
	mu      sync.Mutex
	ctxs    []context.Context
	answers chan rules.Move
	note    string // said before every search, as the perfect player without its table does (Fallback)
}

func (f *fakeThinker) Think(ctx context.Context, g *rules.Game, cfg ai.Config, report func(ai.Info)) (rules.Move, error) {
	f.mu.Lock()
	f.ctxs = append(f.ctxs, ctx)
	note := f.note
	f.mu.Unlock()
	if note != "" {
		report(ai.Info{Note: note, Fallback: true})
	}
	report(ai.Info{Depth: 3, Score: ai.Score{Value: 12}})
	select {
	case m := <-f.answers:
		return m, nil
	case <-ctx.Done():
		p := g.Position()
		var buf [rules.MaxMoves]rules.Move
		return p.LegalMoves(buf[:0])[0], nil
	}
}

func (f *fakeThinker) searches() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.ctxs)
}

func (f *fakeThinker) lastCtx() context.Context {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ctxs[len(f.ctxs)-1]
}

// table is a game scene under test, with a script of input frames.
type table struct {
	t   *testing.T
	a   *App
	src *scriptSource
	gs  *gameScene
	ai  *fakeThinker
}

func newTable(t *testing.T, s setup) *table {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	f := &fakeThinker{answers: make(chan rules.Move, 1)}
	a.NewThinker = func() Thinker { return f }
	gs := newGameScene(a, s, nil)
	a.scenes = sceneManager{current: gs}
	return &table{t: t, a: a, src: src, gs: gs, ai: f}
}

func twoPlayers(v rules.Variant) setup {
	return setup{Variant: v, Mode: modeTwoPlayers, Players: [2]playerChoice{{Human: true}, {Human: true}}}
}

func vsAI(v rules.Variant) setup {
	return setup{Variant: v, Mode: modeHumanVsAI, Players: [2]playerChoice{{Human: true}, {Level: "easy"}}}
}

// run plays the queued frames plus a few idle ticks.
func (tb *table) run() {
	tb.t.Helper()
	for len(tb.src.frames) > 0 {
		tb.tick()
	}
	tb.tick()
}

func (tb *table) tick() {
	tb.t.Helper()
	if err := tb.a.Update(); err != nil {
		tb.t.Fatalf("update: %v", err)
	}
}

// until ticks until cond holds (goroutines answer in real time).
func (tb *table) until(what string, cond func() bool) {
	tb.t.Helper()
	deadline := time.Now().Add(time.Minute) // a wait, not a speed goal: the AI's thread runs at nice 10, which a busy machine starves
	for !cond() {
		if time.Now().After(deadline) {
			tb.t.Fatalf("timed out waiting for %s", what)
		}
		tb.tick()
		time.Sleep(time.Millisecond)
	}
}

func (tb *table) drag(x0, y0, x1, y1 float64) {
	f := []Frame{{X: x0, Y: y0, Down: true, Pressed: true, PointerMoved: true}}
	for i := 1; i <= 5; i++ {
		t := float64(i) / 5
		f = append(f, Frame{X: x0 + (x1-x0)*t, Y: y0 + (y1-y0)*t, Down: true, PointerMoved: true})
	}
	f = append(f, Frame{X: x1, Y: y1, Released: true})
	tb.src.frames = append(tb.src.frames, f...)
	tb.run()
}

func (tb *table) click(x, y float64) {
	tb.src.frames = append(tb.src.frames, Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true}, Frame{X: x, Y: y, Released: true})
	tb.run()
}

func (tb *table) key(k ebiten.Key, ctrl bool) {
	tb.src.frames = append(tb.src.frames, Frame{X: tb.src.last.X, Y: tb.src.last.Y, Keys: []ebiten.Key{k}, Ctrl: ctrl})
	tb.run()
}

func (tb *table) square(name string) (float64, float64) {
	sq, err := rules.ParseSquare(tb.gs.variant, name)
	if err != nil {
		tb.t.Fatal(err)
	}
	return tb.gs.lay.SquareCenter(tb.gs.variant, sq)
}

func (tb *table) slot(colour, i int) (float64, float64) {
	return tb.gs.lay.SlotRect(colour, i).Center()
}

func (tb *table) moves() string {
	var s []string
	for _, m := range tb.gs.game.Moves() {
		s = append(s, m.Notation(tb.gs.variant))
	}
	return strings.Join(s, " ")
}

func TestDragFromReserveToSquarePlaysTheDrop(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	x0, y0 := tb.slot(0, 0)
	x1, y1 := tb.square("b2")
	tb.drag(x0, y0, x1, y1)
	if got := tb.moves(); got != "4@b2" {
		t.Fatalf("moves after dragging orange's first stack to b2: %q, want 4@b2", got)
	}
	if h := tb.gs.slots[0]; h[0] != 3 || h[1] != 4 || h[2] != 4 {
		t.Errorf("orange's reserve stacks after the drop: %v, want the dragged stack shorter in place [3 4 4]", h)
	}
}

func TestClickThenClickPlaysAShift(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	tb.drag(tb.slotXY(0, 2, "a1")) // orange small to a1
	tb.drag(tb.slotXY(1, 0, "c3")) // blue large to c3
	tb.click(tb.square("a1"))      // pick up
	tb.click(tb.square("b2"))      // put down
	if got := tb.moves(); got != "1@a1 3@c3 a1-b2" {
		t.Fatalf("moves %q, want 1@a1 3@c3 a1-b2", got)
	}
}

func (tb *table) slotXY(colour, slot int, sq string) (float64, float64, float64, float64) {
	x0, y0 := tb.slot(colour, slot)
	x1, y1 := tb.square(sq)
	return x0, y0, x1, y1
}

func TestIllegalDropChangesNothing(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "b2")) // orange giant on b2
	tb.drag(tb.slotXY(1, 0, "c3")) // blue giant on c3
	before := tb.gs.pos()
	// orange may not drop onto blue's giant (nor could anything cover it)
	tb.drag(tb.slotXY(0, 1, "c3"))
	after := tb.gs.pos()
	if !before.Equal(&after) || tb.gs.game.Plies() != 2 {
		t.Fatalf("an illegal drop changed the game: %s -> %s", before.String(), after.String())
	}
	if tb.gs.msgT == 0 || !strings.Contains(tb.gs.msg, "cover") {
		t.Errorf("the status line should say why; it says %q", tb.gs.msg)
	}
	if tb.gs.hand.hold != nil {
		t.Errorf("a reserve piece dropped illegally should go back to the reserve")
	}
}

func TestTouchMoveHoldsALiftedPiece(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.a.Settings.TouchMove = true
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1"))
	tb.drag(tb.slotXY(1, 0, "d4"))
	tb.click(tb.square("a1")) // lift orange's piece
	if tb.gs.hand.hold == nil || tb.gs.hand.hold.from != rules.SquareAt(rules.Classic, 0, 0) {
		t.Fatalf("clicking a1 should lift orange's piece")
	}
	tb.click(tb.square("a1")) // try to put it back
	if tb.gs.hand.hold == nil {
		t.Fatalf("touch-move: clicking the lifted piece again must not put it back")
	}
	if tb.gs.msgT == 0 || !strings.Contains(tb.gs.msg, "must be moved") {
		t.Errorf("touch-move: clicking the piece again should say why it stays held; the status says %q", tb.gs.msg)
	}
	tb.gs.msgT = 0
	tb.key(ebiten.KeyEscape, false) // the keyboard's way to put it back
	if tb.gs.pause.open || tb.gs.hand.hold == nil || !strings.Contains(tb.gs.msg, "Esc again") {
		t.Fatalf("touch-move: a first Esc should say why the piece stays held (paused %v, status %q)", tb.gs.pause.open, tb.gs.msg)
	}
	tb.key(ebiten.KeyEscape, false)
	if !tb.gs.pause.open {
		t.Fatalf("touch-move: a second Esc should open the menu")
	}
	tb.key(ebiten.KeyEscape, false)
	x, y := tb.square("a1")
	tb.drag(x, y, 5, 5) // drag it off the board
	if tb.gs.hand.hold == nil {
		t.Fatalf("touch-move: dropping the piece off the board must not release it")
	}
	tb.src.frames = append(tb.src.frames, Frame{X: x, Y: y, RightPressed: true})
	tb.run()
	if tb.gs.hand.hold == nil {
		t.Fatalf("touch-move: a right click must not release it")
	}
	if tb.gs.msgT == 0 || !strings.Contains(tb.gs.msg, "Touch-move is on (Options)") {
		t.Errorf("touch-move: a right click should say why the piece stays held; the status says %q", tb.gs.msg)
	}
	tb.click(tb.square("b1"))
	if got := tb.moves(); got != "4@a1 4@d4 a1-b1" {
		t.Fatalf("moves %q, want the held piece played: 4@a1 4@d4 a1-b1", got)
	}

	// with touch-move off the same click puts the piece back
	tb.a.Settings.TouchMove = false
	tb.drag(tb.slotXY(1, 1, "c4"))
	tb.click(tb.square("b1"))
	tb.click(tb.square("b1"))
	if tb.gs.hand.hold != nil {
		t.Errorf("touch-move off: clicking the lifted piece again should put it back")
	}
}

// A click is not a touch: a first start plays with touch-move off.
func TestTouchMoveIsOffAtFirst(t *testing.T) {
	if settings.Default().TouchMove {
		t.Fatal("touch-move should be off in the settings of a first start")
	}
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1"))
	tb.drag(tb.slotXY(1, 0, "d4"))
	tb.click(tb.square("a1"))
	tb.click(tb.square("a1"))
	if tb.gs.hand.hold != nil {
		t.Errorf("with the first start's settings a lifted piece is put back by a second click")
	}
}

func TestTheOpponentsPieceCannotBePickedUp(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1"))
	tb.click(tb.square("a1")) // blue to move: orange's piece is not blue's
	if tb.gs.hand.hold != nil {
		t.Fatalf("blue picked up orange's piece")
	}
}

func TestAPieceWithNoLegalMoveCannotBePickedUp(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	// every square is covered, so orange's small piece on a1 and its last
	// small reserve piece have nowhere to go
	p := mustPos("gobblers:o1,x2,o2/x3,o3,x3/x1,o1,x2:x")
	tb.gs = newGameScene(tb.a, twoPlayers(rules.Gobblers), rules.NewGameFrom(p))
	tb.a.scenes = sceneManager{current: tb.gs}
	tb.tick()
	tb.click(tb.square("a1"))
	if tb.gs.hand.hold != nil {
		t.Fatalf("a piece with no legal move was picked up")
	}
	if !strings.Contains(tb.gs.msg, "nowhere") {
		t.Errorf("the status line should say the piece has nowhere to go: %q", tb.gs.msg)
	}
	tb.click(tb.slot(0, 2))
	if tb.gs.hand.hold != nil {
		t.Fatalf("a reserve piece with no legal move was picked up")
	}
}

// humanMovesAndAIThinks plays orange's drop and waits until the AI searches.
func humanMovesAndAIThinks(tb *table, n int) {
	tb.t.Helper()
	tb.drag(tb.slotXY(0, 0, "b2"))
	tb.until("the AI to start thinking", func() bool { return tb.ai.searches() >= n && tb.gs.brain.thinking })
}

func TestUndoAgainstTheAITakesBackTwoPlies(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	tb.ai.answers <- rules.Drop(4, rules.SquareAt(rules.Classic, 3, 3))
	tb.until("the AI's move", func() bool { return tb.gs.game.Plies() == 2 })
	tb.key(ebiten.KeyZ, true)
	if n := tb.gs.game.Plies(); n != 0 {
		t.Fatalf("after undo against the AI %d plies remain (%s), want 0", n, tb.moves())
	}
	if !tb.gs.humanToMove() {
		t.Fatalf("after undo it should be the human's turn")
	}
	tb.key(ebiten.KeyY, true)
	if got := tb.moves(); got != "4@b2 4@d4" {
		t.Errorf("redo should bring back both plies, got %q", got)
	}
}

func TestStaleAIAnswerAfterUndoIsDropped(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	ctx := tb.ai.lastCtx()
	tb.key(ebiten.KeyZ, true) // undo while the AI thinks
	if tb.gs.game.Plies() != 0 {
		t.Fatalf("undo while the AI thinks should take back the human's move; moves %q", tb.moves())
	}
	select {
	case <-ctx.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("undo did not cancel the search")
	}
	// the cancelled search answers for the old position; that answer must be dropped
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		tb.tick()
		time.Sleep(time.Millisecond)
	}
	if tb.gs.game.Plies() != 0 {
		t.Fatalf("a stale AI answer was played: %q", tb.moves())
	}
	if len(tb.gs.brain.busy) != 0 {
		t.Errorf("the stale answer was not drained")
	}
	// nor is it kept for later: after the human's next move the AI thinks anew
	tb.drag(tb.slotXY(0, 0, "c3"))
	tb.until("a fresh search", func() bool { return tb.ai.searches() == 2 })
	if got := tb.moves(); got != "4@c3" {
		t.Fatalf("the AI answered without a fresh search: %q", got)
	}
	tb.ai.answers <- rules.Drop(4, rules.SquareAt(rules.Classic, 3, 3))
	tb.until("the AI's move", func() bool { return tb.gs.game.Plies() == 2 })
	if got := tb.moves(); got != "4@c3 4@d4" {
		t.Fatalf("moves %q, want the fresh answer 4@c3 4@d4", got)
	}
}

func TestEscOpensPauseAndStopsTheSearch(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	ctx := tb.ai.lastCtx()
	tb.key(ebiten.KeyEscape, false)
	if !tb.gs.pause.open {
		t.Fatal("Esc did not open the pause overlay")
	}
	select {
	case <-ctx.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("pausing did not stop the search")
	}
	for i := 0; i < 30; i++ {
		tb.tick()
	}
	if tb.gs.game.Plies() != 1 {
		t.Fatalf("the AI moved while paused: %q", tb.moves())
	}
	tb.key(ebiten.KeyEscape, false)
	if tb.gs.pause.open {
		t.Fatal("Esc again should resume")
	}
	tb.until("a new search after resuming", func() bool { return tb.ai.searches() == 2 })
}

// winOnTheDiagonal plays a 3×3 game to orange's win by dragging its
// medium onto c3, completing the diagonal a1-b2-c3.
func (tb *table) winOnTheDiagonal() {
	tb.t.Helper()
	if err := tb.gs.game.PlayNotation([]string{"3@a1", "1@a3", "3@b2", "1@c1"}); err != nil {
		tb.t.Fatal(err)
	}
	tb.gs.syncSlots()
	tb.tick()
	tb.drag(tb.slotXY(0, 1, "c3"))
	if !tb.gs.over {
		tb.t.Fatalf("the game should be over after %q", tb.moves())
	}
}

func TestResultOverlayAppearsOnAWin(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.winOnTheDiagonal()
	for i := 0; i < resultDelay+25; i++ {
		tb.tick()
	}
	title, reason := tb.gs.resultTitle()
	if title != "Orange wins!" || spaced(reason) != "Orange lined up three on the diagonal a1–c3." {
		t.Errorf("result card says %q %q", title, reason)
	}
	// the card's first button is Rematch: the other colour moves first
	x, y := tb.gs.ending.menu.Buttons[0].Rect.Center()
	tb.click(x, y)
	for i := 0; i < fadeTicks+2; i++ {
		tb.tick()
	}
	ng, ok := tb.a.scenes.current.(*gameScene)
	if !ok || ng == tb.gs || ng.setup.First != 1 || ng.game.Plies() != 0 {
		t.Fatalf("Rematch should start a new game with blue moving first")
	}
	// and its first screen says so
	if _, words := ng.statusCardWords(); !strings.Contains(words, "Rematch: Blue moves first this time.") {
		t.Errorf("the rematch's status card says %q", words)
	}
}

// A rematch against the computer says on its first screen who moves
// first now, until the person's first move.
func TestRematchSaysWhoMovesFirst(t *testing.T) {
	s := vsAI(rules.Gobblers)
	s.Players[1].Level = "hard"
	tb := newTable(t, s)
	tb.winOnTheDiagonal()
	tb.gs.rematch(tb.a)
	for i := 0; i < fadeTicks+2; i++ {
		tb.tick()
	}
	ng := tb.a.scenes.current.(*gameScene)
	want := "Rematch: you play Orange again; Hard AI moves first this time."
	if ng.msg != want || ng.msgT == 0 {
		t.Errorf("the rematch's status line says %q, want %q", ng.msg, want)
	}
	// the computer's first move, then the person's turn: the card still says it
	ng.game.PlayNotation([]string{"3@b2"})
	ng.syncSlots()
	if _, words := ng.statusCardWords(); !strings.HasPrefix(words, want) {
		t.Errorf("on the person's first turn the card says %q", words)
	}
	ng.game.PlayNotation([]string{"3@a1", "1@c3"})
	if _, words := ng.statusCardWords(); strings.Contains(words, "Rematch") {
		t.Errorf("after the person's first move the card still says %q", words)
	}
}

func TestMenuToGameWithTheKeyboard(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	press := func(k ebiten.Key) {
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{k}})
		for i := 0; i < fadeTicks+3; i++ {
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	press(ebiten.KeyEnter) // New game
	if _, ok := a.scenes.current.(*setupScene); !ok {
		t.Fatalf("Enter on the menu should open New game, got %T", a.scenes.current)
	}
	press(ebiten.KeyEnter) // Start
	if _, ok := a.scenes.current.(*gameScene); !ok {
		t.Fatalf("Enter on New game should start a game, got %T", a.scenes.current)
	}
}

func TestIllustrationsParse(t *testing.T) {
	// every picture's position is a constant; a typo would panic at start
	_ = rulePages()
	a := newHeadless(&scriptSource{}, 1280, 800)
	_ = newMenuScene(a)
	_ = newSetupScene(a)
	_ = newOptionsScene(a, nil)
}

func TestKeyboardPicksAndPlaces(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	// the cursor starts on a1 and shows once a key is used
	for _, k := range []ebiten.Key{ebiten.Key4, ebiten.KeyRight, ebiten.KeyUp, ebiten.KeyEnter} {
		tb.key(k, false)
	}
	if got := tb.moves(); got != "4@b2" {
		t.Fatalf("4, →, ↑, Enter should drop a giant on b2; moves %q", got)
	}
	// only a stack's top can be played: blue has no large piece on top
	tb.key(ebiten.Key3, false)
	if tb.gs.hand.hold != nil || !strings.Contains(tb.gs.msg, "no large piece") {
		t.Fatalf("3 picked up a covered reserve piece (message %q)", tb.gs.msg)
	}
	tb.key(ebiten.Key4, false)
	tb.key(ebiten.KeyLeft, false)
	tb.key(ebiten.KeyEnter, false)
	if got := tb.moves(); got != "4@b2 4@a2" {
		t.Fatalf("4, ←, Enter should drop blue's giant on a2; moves %q", got)
	}
}

func TestResultSaysWhy(t *testing.T) {
	hard := vsAI(rules.Gobblers) // the person plays orange
	hard.Players[1].Level = "hard"
	tests := []struct {
		name, pos, move, title, reason string
		s                              setup
	}{
		{"a row", "gobblers:.,.,./x1,x2,./o1,o2,.:x", "3@c2", "Orange wins!", "Orange lined up three in row 2.", twoPlayers(rules.Gobblers)},
		{"a column", "gobblers:x1,o1,./x2,o2,./.,.,.:o", "3@b1", "Blue wins!", "Blue lined up three in column b.", twoPlayers(rules.Gobblers)},
		{"the other diagonal", "gobblers:.,.,x1/.,x2,./.,o1,o2:x", "3@a1", "Orange wins!", "Orange lined up three on the diagonal a1–c3.", twoPlayers(rules.Gobblers)},
		{"lifting uncovers the opponent's line", "gobblers:.,.,./.,.,./o1,o2,o1x3:x", "c1-b3", "Blue wins!", "Orange lifted a piece and uncovered Blue's line.", twoPlayers(rules.Gobblers)},
		{"the person's line", "gobblers:.,.,./x1,x2,./o1,o2,.:x", "3@c2", "You win!", "You lined up three in row 2.", hard},
		{"the computer's line", "gobblers:x1,o1,./x2,o2,./.,.,.:o", "3@b1", "Hard AI wins.", "Hard AI lined up three in column b.", hard},
		{"the person uncovers the computer's line", "gobblers:.,.,./.,.,./o1,o2,o1x3:x", "c1-b3", "Hard AI wins.", "You lifted a piece and uncovered Hard AI's line.", hard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := newTable(t, tt.s)
			g := rules.NewGameFrom(mustPos(tt.pos))
			m, err := rules.ParseMove(rules.Gobblers, tt.move)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatal(err)
			}
			tb.gs = newGameScene(tb.a, tt.s, g)
			title, reason := tb.gs.resultTitle()
			if title != tt.title || spaced(reason) != tt.reason {
				t.Errorf("result %q %q, want %q %q", title, reason, tt.title, tt.reason)
			}
		})
	}
}

// spaced reads no-break spaces as spaces.
func spaced(s string) string { return strings.ReplaceAll(s, "\u00a0", " ") }

// A line's number stays with its word when the reason wraps: "in row 2."
// never leaves "2." alone on the card's next line.
func TestResultReasonKeepsTheNumberWithItsWord(t *testing.T) {
	tb := newTable(t, vsAI(rules.Gobblers))
	g := rules.NewGameFrom(mustPos("gobblers:.,.,./x1,x2,./o1,o2,.:x"))
	if err := g.PlayNotation([]string{"3@c2"}); err != nil {
		t.Fatal(err)
	}
	tb.gs = newGameScene(tb.a, vsAI(rules.Gobblers), g)
	_, reason := tb.gs.resultTitle()
	fs := tb.a.Face(ui.Regular, ui.SizeBody)
	for w := ui.TextWidth("You lined up", fs); w < ui.TextWidth(reason, fs)+10; w += 4 {
		for _, ln := range ui.Wrap(reason, fs, w) {
			if ln == "2." || strings.HasPrefix(ln, "2.") {
				t.Fatalf("at %.0f pixels the reason %q wraps with %q alone", w, spaced(reason), ln)
			}
		}
	}
}

// A review of a saved game against the computer names the players as the
// game did: "You win!", not "Orange wins!".
func TestReviewNamesTheWinnerAsTheGameDid(t *testing.T) {
	tb := newTable(t, vsAI(rules.Gobblers))
	g := rules.NewGameFrom(mustPos("gobblers:.,.,./x1,x2,./o1,o2,.:x"))
	if err := g.PlayNotation([]string{"3@c2"}); err != nil {
		t.Fatal(err)
	}
	s := vsAI(rules.Gobblers)
	s.Players[1].Level = "hard"
	rec := s.gameRecord(g)
	rg, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	rs := newReviewScene(tb.a, rec, rg, nil)
	if title, reason := rs.resultTitle(); title != "You win!" || spaced(reason) != "You lined up three in row 2." {
		t.Errorf("the review of a won game says %q %q, want the game's \"You win!\" \"You lined up three in row 2.\"", title, spaced(reason))
	}
}

func TestDrawReasonsInWords(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	g := rules.NewGame(rules.Gobblers)
	// shuffle two pieces back and forth until the start of the cycle repeats three times
	if err := g.PlayNotation([]string{"1@a1", "1@c3", "a1-a2", "c3-c2", "a2-a1", "c2-c3", "a1-a2", "c3-c2", "a2-a1", "c2-c3"}); err != nil {
		t.Fatal(err)
	}
	tb.gs = newGameScene(tb.a, twoPlayers(rules.Gobblers), g)
	if title, reason := tb.gs.resultTitle(); title != "Draw." || !strings.Contains(reason, "third time") {
		t.Errorf("repetition: %q %q", title, reason)
	}
}

func TestClickingAMoveReviewsIt(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1"))
	tb.drag(tb.slotXY(1, 0, "c3"))
	tb.drag(tb.slotXY(0, 0, "b2"))
	_, cells, _ := tb.gs.moveList(tb.a)
	if len(cells) != 3 {
		t.Fatalf("the move list shows %d moves, want 3", len(cells))
	}
	tb.click(cells[0].r.Center())
	if tb.gs.review != 1 {
		t.Fatalf("clicking the first move should show the position after it; review = %d", tb.gs.review)
	}
	shown := tb.gs.shownPosition()
	want := tb.gs.game.PositionAt(1)
	if !shown.Equal(&want) {
		t.Errorf("review shows %s, want %s", shown.String(), want.String())
	}
	tb.key(ebiten.KeyRight, false)
	tb.key(ebiten.KeyEscape, false)
	if tb.gs.review != -1 || tb.gs.game.Plies() != 3 {
		t.Errorf("Esc should leave the review with the game unchanged (review %d, plies %d)", tb.gs.review, tb.gs.game.Plies())
	}
}

// Undo and redo are one path: whatever undo resets, redo resets too. A hint
// shown before a redo was for the other player's turn; its arrow must go.
func TestRedoClearsTheHintAsUndoDoes(t *testing.T) {
	for _, back := range []bool{true, false} {
		tb := newTable(t, twoPlayers(rules.Classic))
		tb.tick()
		tb.drag(tb.slotXY(0, 0, "b2"))
		if !back {
			tb.key(ebiten.KeyZ, true) // something to redo
		}
		tb.key(ebiten.KeyH, false)
		tb.until("the hint search", func() bool { return tb.ai.searches() == 1 })
		hint := rules.Drop(4, rules.SquareAt(rules.Classic, 3, 3))
		if back {
			hint = rules.Drop(4, rules.SquareAt(rules.Classic, 0, 0))
		}
		tb.ai.answers <- hint
		tb.until("the hint arrow", func() bool { return !tb.gs.hintMove.IsNone() })
		if back {
			tb.key(ebiten.KeyZ, true)
		} else {
			tb.key(ebiten.KeyY, true)
		}
		if !tb.gs.hintMove.IsNone() {
			t.Errorf("undo=%v: the hint arrow %s is still drawn after the move changed", back, tb.gs.hintMove.Notation(rules.Classic))
		}
		if strings.HasPrefix(tb.gs.msg, "Hint") && tb.gs.msgT > 0 {
			t.Errorf("undo=%v: the status line still says %q", back, tb.gs.msg)
		}
	}
}

// Esc on the main menu never quits: it only moves the focus to Quit, so
// quitting takes a second, deliberate key.
func TestEscOnTheMenuDoesNotQuit(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	m := a.scenes.current.(*menuScene)
	for range 3 {
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
		if err := a.Update(); err != nil {
			t.Fatalf("Esc on the menu ended the game: %v", err)
		}
	}
	if a.quit {
		t.Fatal("Esc on the menu asked to quit")
	}
	if got := m.list.Buttons[m.list.Focus].Label; got != "Quit" {
		t.Errorf("Esc should move the focus to Quit, it is on %q", got)
	}
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	a.Update()
	if err := a.Update(); err == nil {
		t.Error("Enter on Quit should quit")
	}
}

// A menu shows one chosen button: the pointer resting on one while the
// keys move the focus on leaves only the focus looking chosen.
func TestAMenuShowsOneSelectedButton(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	m := a.scenes.current.(*menuScene)
	m.layout(a)
	rules := m.list.Buttons[3]
	x, y := rules.Rect.Center()
	src.frames = append(src.frames, Frame{X: x, Y: y, PointerMoved: true}, Frame{X: x, Y: y, Keys: []ebiten.Key{ebiten.KeyDown}})
	a.Update()
	a.Update()
	if !rules.Hover {
		t.Fatal("the pointer should rest on Rules")
	}
	n := 0
	for i := range m.list.Buttons {
		if m.list.Selected(i) {
			n++
			if m.list.Buttons[i] == rules {
				t.Error("the button under the pointer still looks chosen after the keys moved on")
			}
		}
	}
	if n != 1 {
		t.Errorf("%d buttons look chosen, want 1", n)
	}
}

// Enter turns the rules' pages (Next is the default) and, on the last
// page, is Done.
func TestEnterTurnsTheRulesPages(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	menu := a.scenes.current
	rs := newRulesScene(a, menu)
	a.scenes = sceneManager{current: rs}
	a.Update()
	if !rs.next.Primary || rs.done.Primary {
		t.Error("on the first page Next should be the default, not Done")
	}
	for i := 1; i < len(rs.pages); i++ {
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
		a.Update()
		if rs.page != i {
			t.Fatalf("Enter %d: page %d", i, rs.page)
		}
	}
	a.Update()
	if rs.next.Primary || !rs.done.Primary {
		t.Error("on the last page Done should be the default")
	}
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	a.Update()
	if a.scenes.current != menu {
		t.Errorf("Enter on the last page should close the rules, the scene is %T", a.scenes.current)
	}
}

// The pause menu opens the rules, and their Done comes back to the pause.
func TestThePauseMenuReachesTheRules(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	tb.key(ebiten.KeyEscape, false)
	var rulesB *ui.Button
	for _, b := range tb.gs.pause.menu.Buttons {
		if b.Label == "Rules" {
			rulesB = b
		}
	}
	if rulesB == nil {
		t.Fatal("the pause menu has no Rules")
	}
	tb.click(rulesB.Rect.Center())
	rs, ok := tb.a.scenes.current.(*rulesScene)
	if !ok {
		t.Fatalf("Rules opened %T", tb.a.scenes.current)
	}
	tb.key(ebiten.KeyEscape, false)
	if tb.a.scenes.current != Scene(tb.gs) || !tb.gs.pause.open || rs.back != Scene(tb.gs) {
		t.Error("Done in the rules should come back to the paused game")
	}
}

// Going full screen says how to leave it, once a run.
func TestFullScreenSaysHowToLeaveItOnce(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.Settings.Fullscreen = true
	a.applySettings()
	if a.toastMsg != leaveFullscreenWords() || a.toastT == 0 {
		t.Fatalf("full screen said %q", a.toastMsg)
	}
	a.toastMsg, a.toastT = "", 0
	a.Settings.Fullscreen = false
	a.applySettings()
	a.Settings.Fullscreen = true
	a.applySettings()
	if a.toastMsg != "" {
		t.Errorf("full screen again said %q; once is enough", a.toastMsg)
	}
}

// The thinking card shows the search's depth and score only to a player
// who asked for the engine's details in Options.
func TestEngineDetailsOnlyWhenAsked(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	tb.until("the search's first report", func() bool { return tb.gs.brain.hasInfo })
	if got := tb.gs.thinkingLine(tb.a, 1.25); got != "1.2 s" {
		t.Errorf("engine details off: the card says %q, want only the time", got)
	}
	tb.a.Settings.EngineDetails = true
	if got := tb.gs.thinkingLine(tb.a, 1.25); !strings.Contains(got, "depth 3") {
		t.Errorf("engine details on: the card says %q, want the depth and score", got)
	}
}

// The move list shows the piece and its squares; the tooltip says the move
// in words and keeps the engine's notation.
func TestMoveListShowsSquaresAndTipsTheNotation(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	if err := tb.gs.game.PlayNotation([]string{"1@a1", "3@c3", "1@b2", "c3-a1"}); err != nil {
		t.Fatal(err)
	}
	if got := moveSquares(rules.Gobblers, tb.gs.game.Moves()[3]); got != "c3 → a1" {
		t.Errorf("a board move in the list: %q", got)
	}
	if got := moveSquares(rules.Gobblers, tb.gs.game.Moves()[0]); got != "a1" {
		t.Errorf("a drop in the list: %q", got)
	}
	if got, want := tb.gs.moveTip(0), "Orange: small from the reserve to a1  ·  1@a1"; got != want {
		t.Errorf("tip %q, want %q", got, want)
	}
	if got, want := tb.gs.moveTip(3), "Blue: large from c3 to a1, over Orange's small  ·  c3-a1"; got != want {
		t.Errorf("tip %q, want %q", got, want)
	}
}

// Against the computer a person may resign: two clicks on Resign end the
// game, lost; it counts in the statistics and is kept as resigned, and its
// review says so.
func TestResignToTheComputer(t *testing.T) {
	s := vsAI(rules.Classic)
	s.Players[1].Level = "hard"
	tb := newTable(t, s)
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	tb.ai.answers <- rules.Drop(4, rules.SquareAt(rules.Classic, 3, 3))
	tb.until("the AI's move", func() bool { return tb.gs.game.Plies() == 2 })
	x, y := tb.gs.buttons.resign.Rect.Center()
	if tb.gs.buttons.resign.Rect.W == 0 {
		t.Fatal("a game against the computer shows no Resign button")
	}
	tb.click(x, y)
	if tb.gs.over || !strings.Contains(tb.gs.msg, "again") {
		t.Fatalf("one click on Resign should ask again (over %v, status %q)", tb.gs.over, tb.gs.msg)
	}
	tb.click(x, y)
	if !tb.gs.over {
		t.Fatal("a second click on Resign should end the game")
	}
	if title, why := tb.gs.resultTitle(); title != "Hard AI wins." || why != "You resigned." {
		t.Errorf("the result says %q %q", title, why)
	}
	if line, _ := tb.gs.statusLine(tb.a); line != "Hard AI wins. You resigned." {
		t.Errorf("after the resignation the status line says %q", line)
	}
	st := tb.a.Store.Stats()
	if got := st.Tally(rules.Classic, "hard"); got.Lost != 1 || got.Games() != 1 {
		t.Errorf("a resignation should count as one loss: %+v", got)
	}
	recs, err := tb.a.Store.Records()
	if err != nil || len(recs) != 1 {
		t.Fatalf("the resigned game should be kept: %v %d", err, len(recs))
	}
	rec := recs[0].Record
	if rec.Result.Reason != rules.Resignation || rec.Result.Winner != rules.O {
		t.Errorf("the kept game's result: %+v", rec.Result)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	rs := newReviewScene(tb.a, rec, g, nil)
	if title, why := rs.resultTitle(); !rs.over || title != "Hard AI wins." || why != "You resigned." {
		t.Errorf("the review of a resigned game says %q %q (over %v)", title, why, rs.over)
	}
	if len(rs.reviewMenu.Buttons) != 3 {
		t.Errorf("a resigned game cannot be played on; the review offers %d buttons", len(rs.reviewMenu.Buttons))
	}
}

// A toast in the game comes under the top bar, whose title, players and
// buttons it would hide.
func TestGameToastLeavesTheTopBarInSight(t *testing.T) {
	for _, size := range [][2]float64{{1280, 800}, {800, 520}, {1920, 1080}} {
		a := newHeadless(&scriptSource{}, size[0], size[1])
		gs := newGameScene(a, vsAI(rules.Classic), nil)
		gs.lay = newBoardLayout(size[0], size[1], rules.Classic)
		if y, top := gs.toastY(a), gs.lay.Top; y < top.Y+top.H {
			t.Errorf("%v: the toast at y %.0f covers the top bar (to %.0f)", size, y, top.Y+top.H)
		}
	}
}
