package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Touch-move on, a reserve piece held: clicking one of one's own board
// pieces where the held piece cannot go says why and keeps the reserve
// piece held, instead of swapping to the board piece and binding the
// player to it. With touch-move off the click takes the board piece.
func TestHeldReservePieceIsNotSwappedUnderTouchMove(t *testing.T) {
	for _, touch := range []bool{true, false} {
		tb := newTable(t, twoPlayers(rules.Classic))
		tb.a.Settings.TouchMove = touch
		tb.tick()
		tb.drag(tb.slotXY(0, 0, "a1")) // orange giant on a1
		tb.drag(tb.slotXY(1, 0, "d4")) // blue giant on d4
		tb.click(tb.slot(0, 0))        // orange takes a size-3 piece from the same stack
		if tb.gs.hand.hold == nil || tb.gs.hand.hold.from != rules.NoSquare {
			t.Fatalf("touch-move %v: clicking the reserve should hold its piece", touch)
		}
		tb.click(tb.square("a1")) // where it cannot go: onto orange's own giant
		h := tb.gs.hand.hold
		a1, _ := rules.ParseSquare(rules.Classic, "a1")
		switch {
		case touch && (h == nil || h.from != rules.NoSquare):
			t.Errorf("touch-move on: the click on a1 should keep the reserve piece held, got %+v", h)
		case touch && !strings.Contains(tb.gs.msg, "put this one back first"):
			t.Errorf("touch-move on: the status should say how to move the board piece instead: %q", tb.gs.msg)
		case !touch && (h == nil || h.from != a1):
			t.Errorf("touch-move off: the click on a1 should take the giant there, got %+v", h)
		}
		if got := tb.moves(); got != "4@a1 4@d4" {
			t.Errorf("touch-move %v: moves %q, nothing should have been played", touch, got)
		}
	}
}

// A refused drag under touch-move slides the piece back and keeps it held:
// while it slides it is drawn once (in flight), not also lifted at home.
func TestRefusedDragSlidesBackOnce(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.a.Settings.TouchMove = true
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1"))
	tb.drag(tb.slotXY(1, 0, "d4"))
	tb.a.Settings.AnimationSpeed = 1
	x, y := tb.square("a1")
	x1, y1 := tb.square("d4")
	tb.src.frames = append(tb.src.frames, Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true})
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		tb.src.frames = append(tb.src.frames, Frame{X: x + (x1-x)*f, Y: y + (y1-y)*f, Down: true, PointerMoved: true})
	}
	tb.src.frames = append(tb.src.frames, Frame{X: x1, Y: y1, Released: true})
	for len(tb.src.frames) > 0 {
		tb.tick()
	}
	h := tb.gs.hand.hold
	if h == nil || !h.locked {
		t.Fatalf("touch-move: the refused piece should stay held")
	}
	if !tb.gs.slidingBack(h) {
		t.Fatalf("the refused piece should be sliding back (glides %+v)", tb.gs.glides)
	}
	for i := 0; i < 60 && len(tb.gs.glides) > 0; i++ {
		tb.tick()
	}
	if tb.gs.slidingBack(h) || tb.gs.hand.hold == nil {
		t.Errorf("after the slide the piece should be held at home again")
	}
}

// The pieces under a stack are shown when the pointer rests on it a
// moment, not on the square a piece was just put on.
func TestPeekWaitsForTheRestingPointer(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	tb.tick()
	tb.drag(tb.slotXY(0, 2, "b2")) // orange's small piece on b2
	tb.drag(tb.slotXY(1, 0, "b2")) // blue's large piece gobbles it
	b2, _ := rules.ParseSquare(rules.Gobblers, "b2")
	for i := 0; i < 2*peekDelay; i++ {
		tb.tick()
	}
	if tb.gs.hand.peek != rules.NoSquare {
		t.Fatalf("the stack just played on opened up under the pointer")
	}
	x, y := tb.square("a1")
	bx, by := tb.square("b2")
	tb.src.frames = append(tb.src.frames, Frame{X: x, Y: y, PointerMoved: true}, Frame{X: bx, Y: by, PointerMoved: true})
	tb.run()
	if tb.gs.hand.peek != rules.NoSquare {
		t.Fatalf("the stack opened up the moment the pointer came onto it")
	}
	for i := 0; i < peekDelay; i++ {
		tb.src.frames = append(tb.src.frames, Frame{X: bx, Y: by})
		tb.tick()
	}
	if tb.gs.hand.peek != b2 {
		t.Errorf("the pointer rested on b2 for %d ticks and the stack did not open up (peek %v)", peekDelay, tb.gs.hand.peek)
	}
}

// Review names the move it shows in words, numbered as the move list
// numbers it.
func TestReviewNamesTheMoveAsTheListNumbersIt(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Gobblers))
	if err := tb.gs.game.PlayNotation([]string{"3@b2", "1@a1", "2@c3"}); err != nil {
		t.Fatal(err)
	}
	for review, want := range map[int]string{
		0: "Reviewing: the start  (← →)",
		1: "Reviewing 1. Orange: large from the reserve to b2  (← →)",
		2: "Reviewing 1… Blue: small from the reserve to a1  (← →)",
		3: "Reviewing 2. Orange: medium from the reserve to c3  (← →)",
	} {
		tb.gs.review = review
		if got := tb.gs.reviewWords(); got != want {
			t.Errorf("review %d says %q, want %q", review, got, want)
		}
	}
}

// Undo and redo put a 4×4 reserve piece back on, and take it again from,
// the stack it was played from: the reserve looks as it did.
func TestUndoRedoKeepTheReserveStacksInPlace(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1")) // orange from its first stack
	tb.drag(tb.slotXY(1, 2, "d4")) // blue from its last
	want := [2][]int{append([]int(nil), tb.gs.slots[0]...), append([]int(nil), tb.gs.slots[1]...)}
	if want[0][0] != 3 || want[1][2] != 3 {
		t.Fatalf("the drops should have come from orange's first and blue's last stack: %v", want)
	}
	tb.key(ebiten.KeyZ, true)
	tb.key(ebiten.KeyZ, true)
	tb.key(ebiten.KeyY, true)
	tb.key(ebiten.KeyY, true)
	if got := tb.moves(); got != "4@a1 4@d4" {
		t.Fatalf("moves after undo, undo, redo, redo: %q", got)
	}
	for c := 0; c < 2; c++ {
		if !slices.Equal(tb.gs.slots[c], want[c]) {
			t.Errorf("colour %d's reserve stacks are %v after undo and redo, were %v", c, tb.gs.slots[c], want[c])
		}
	}
}

// Continue brings the 4×4 reserve stacks back in the order the player
// left them, not tallest first.
func TestContinueKeepsTheReserveStacksInPlace(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	tb.drag(tb.slotXY(0, 0, "a1")) // orange from its first stack
	tb.drag(tb.slotXY(1, 0, "d4")) // blue from its first
	tb.drag(tb.slotXY(0, 0, "b2")) // orange again from the first
	want := [2][]int{append([]int(nil), tb.gs.slots[0]...), append([]int(nil), tb.gs.slots[1]...)}
	if !slices.Equal(want[0], []int{2, 4, 4}) || !slices.Equal(want[1], []int{3, 4, 4}) {
		t.Fatalf("the drops should have come from the first stacks: %v", want)
	}
	m := newMenuScene(tb.a)
	tb.a.scenes = sceneManager{current: m}
	if m.saved == nil || m.list.Buttons[0].Label != "Continue" {
		t.Fatal("the menu offers no Continue")
	}
	tb.key(ebiten.KeyEnter, false) // Continue, the menu's first button
	for i := 0; i < fadeTicks+2; i++ {
		tb.tick()
	}
	gs, ok := tb.a.scenes.current.(*gameScene)
	if !ok || gs == tb.gs {
		t.Fatalf("Continue opened %T", tb.a.scenes.current)
	}
	for c := 0; c < 2; c++ {
		if !slices.Equal(gs.slots[c], want[c]) {
			t.Errorf("after Continue colour %d's reserve stacks are %v, were %v", c, gs.slots[c], want[c])
		}
	}
}

// A 4×4 reserve stack names how many pieces it holds, as a 3×3 pair does:
// the layout log's count and the ×n badge come from slotPiece.
func TestReserveStacksCountTheirPieces(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	tb.drag(tb.slotXY(0, 1, "a1"))
	for i, want := range []int{4, 3, 4} {
		if size, n := tb.gs.slotPiece(0, i); n != want || size != want {
			t.Errorf("orange's stack %d: size %d, %d pieces, want %d of each", i, size, n, want)
		}
	}
}

// The status line names the keys once the keyboard was used, and the
// pointer's ways once the pointer was; a keyboard player is never told to
// click.
func TestStatusLineSpeaksToTheLastInput(t *testing.T) {
	tb := newTable(t, twoPlayers(rules.Classic))
	tb.tick()
	if got := tb.gs.statusText(); !strings.Contains(got, "drag a piece") {
		t.Errorf("before any key the status line shows the pointer's ways: %q", got)
	}
	tb.key(ebiten.KeyRight, false)
	if got := tb.gs.statusText(); !strings.Contains(got, "arrows move the cursor") || !strings.Contains(got, "1–4") {
		t.Errorf("after an arrow key the status line should name the keys: %q", got)
	}
	tb.key(ebiten.Key4, false)
	if got := tb.gs.statusText(); strings.Contains(got, "click") || !strings.Contains(got, "Enter") {
		t.Errorf("a piece held by the keyboard: the status line says %q", got)
	}
	tb.key(ebiten.KeyEscape, false)
	tb.click(tb.slot(0, 0))
	if got := tb.gs.statusText(); !strings.Contains(got, "click it again") {
		t.Errorf("a piece held by the pointer: the status line says %q", got)
	}
}

// The status card does not repeat the status line's instruction: it says
// what happened last, and that the keyboard plays too.
func TestStatusCardDoesNotRepeatTheStatusLine(t *testing.T) {
	s := vsAI(rules.Gobblers)
	s.Players[1].Level = "hard"
	tb := newTable(t, s)
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"1@a1", "2@b2", "2@c3", "b2-a1"}); err != nil {
		t.Fatal(err)
	}
	tb.gs = newGameScene(tb.a, s, g)
	tb.a.scenes = sceneManager{current: tb.gs}
	tb.tick()
	title, words := tb.gs.statusCardWords()
	if title != "Your turn" || !strings.Contains(spaced(words), "Hard AI moved a medium piece from b2 to a1, over your small one.") {
		t.Errorf("the card should say the computer's last move: %q %q", title, words)
	}
	if strings.Contains(words, "Drag") || strings.Contains(words, "click") {
		t.Errorf("the card repeats the status line's instruction: %q", words)
	}
	if !strings.Contains(words, "Keyboard:") {
		t.Errorf("the card should say the keyboard plays too: %q", words)
	}
	tb.key(ebiten.KeyUp, false)
	if _, words := tb.gs.statusCardWords(); strings.Contains(words, "Keyboard:") {
		t.Errorf("once the keyboard is in use the status line names its keys, not the card: %q", words)
	}
}

// Undo against the computer says that it took back two moves.
func TestUndoSaysHowManyMovesWentBack(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	tb.ai.answers <- rules.Drop(4, rules.SquareAt(rules.Classic, 3, 3))
	tb.until("the AI's move", func() bool { return tb.gs.game.Plies() == 2 })
	tb.key(ebiten.KeyZ, true)
	if tb.gs.msg != "Two moves taken back: yours and Easy AI's." {
		t.Errorf("undo of a move and its answer says %q", tb.gs.msg)
	}
	humanMovesAndAIThinks(tb, 2)
	tb.key(ebiten.KeyZ, true) // the computer had not answered yet
	if tb.gs.msg != "Move taken back." {
		t.Errorf("undo of one move says %q", tb.gs.msg)
	}
}

// While the game is paused the status line and the card both say the
// computer waits; neither says it thinks.
func TestPausedComputerWaitsInEveryWord(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	tb.tick()
	humanMovesAndAIThinks(tb, 1)
	tb.key(ebiten.KeyEscape, false)
	line := tb.gs.statusText()
	_, card := tb.gs.statusCardWords()
	if !strings.Contains(line, "waits") || line != card {
		t.Errorf("paused: the status line says %q and the card %q", line, card)
	}
}

// In review the value of the next move says whose move it is and for whom
// it wins or loses.
func TestReviewValueSaysForWhom(t *testing.T) {
	fakeValues(t)
	tb := newTable(t, vsAI(rules.Gobblers))
	if err := tb.gs.game.PlayNotation([]string{"3@a1", "1@a3"}); err != nil {
		t.Fatal(err)
	}
	tb.gs.review = 1 // after 3@a1: the computer's 1@a3 comes next
	tb.until("the values", func() bool { return !strings.Contains(tb.gs.reviewValue(tb.a), "working") })
	want := "  ·  next, Easy AI plays small to a3: Easy AI loses in 2 (best: large to b2, wins in 7)"
	if got := tb.gs.reviewValue(tb.a); got != want {
		t.Errorf("review value\n got %q\nwant %q", got, want)
	}
	tb.gs.review = 0
	tb.until("the values", func() bool { return !strings.Contains(tb.gs.reviewValue(tb.a), "working") })
	if got := tb.gs.reviewValue(tb.a); !strings.HasPrefix(got, "  ·  next, you play large to a1: you lose in 2") {
		t.Errorf("review value of the person's move: %q", got)
	}
}
