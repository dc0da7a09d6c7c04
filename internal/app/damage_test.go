package app

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// aiPlays has the computer (3×3, animations on) think, with Hint
// disabled, and then play move; the tick the move is played must be drawn
// whole.
func (s *screen) aiPlays(move string) *gameScene {
	s.t.Helper()
	s.a.Settings.AnimationSpeed = 1
	f := s.aiThinking()
	gs := s.game()
	if !gs.buttons.hint.Disabled {
		s.t.Fatal("Hint is enabled while the computer thinks")
	}
	f.answers <- mustMove(s.t, rules.Gobblers, move)
	if !s.until("the AI's move", func() bool { return gs.game.Plies() == 1 }) || !s.whole() {
		s.t.Fatal("the tick the AI's move was played was not drawn whole")
	}
	return gs
}

// A glide draws only its path: the tick a move is played is drawn whole
// (the move list, the reserves, the status change), each tick of the glide
// only the part between its start and its square, the tick it lands too,
// and nothing after.
func TestAGlideDrawsOnlyItsPath(t *testing.T) {
	s := newScreen(t)
	gs := s.aiPlays("3@a1")
	if len(gs.glides) != 1 {
		t.Fatalf("%d glides after the move, want 1", len(gs.glides))
	}
	g := gs.glides[0]
	path := gs.glidePath(g)
	x1, y1 := gs.lay.SquareCenter(gs.variant, g.to)
	reach := pieceRadius(gs.variant, g.size) * gs.lay.Cell()
	for _, must := range []ui.Rect{around(g.x0, g.y0, reach), around(x1, y1, reach), gs.lay.SquareRect(gs.variant, g.to)} {
		if !path.Holds(must) {
			t.Fatalf("the glide's path %v does not hold %v", path, must)
		}
	}
	ticks := 0
	sprite := spriteReach(pieceRadius(gs.variant, g.size) * gs.lay.Cell())
	at := func(g glide) ui.Rect {
		t := ui.EaseOut(float64(g.t) / float64(g.n))
		return around(g.x0+(x1-g.x0)*t, g.y0+(y1-g.y0)*t, sprite)
	}
	was := at(gs.glides[0])
	for len(gs.glides) > 0 {
		ticks++
		if !s.frame() {
			t.Fatalf("tick %d of the glide was not drawn", ticks)
		}
		now := around(x1, y1, sprite) // landed
		if len(gs.glides) > 0 {
			now = at(gs.glides[0])
		}
		if s.whole() || !s.part.Holds(was) || !s.part.Holds(now) {
			t.Fatalf("tick %d of the glide drew %v, want only a part holding the piece's sprite where it was, %v, and is, %v", ticks, s.part, was, now)
		}
		was = now
	}
	if ticks < 2 {
		t.Fatalf("the glide lasted %d ticks", ticks)
	}
	if got := s.idle(30); got != 0 {
		t.Errorf("%d frames drawn after the glide landed, with nothing moving", got)
	}
}

// The status card alone is drawn while the computer thinks, at the
// spinner's steps; anything else that changes meanwhile draws the whole
// screen.
func TestOnlyTheStatusCardIsDrawnWhileTheComputerThinks(t *testing.T) {
	s := newScreen(t)
	s.aiThinking()
	gs := s.game()
	card := gs.statusCard(s.a)
	steps := 0
	for range 2 * 60 {
		if s.frame() {
			steps++
			if s.part != card {
				t.Fatalf("a frame while the computer thinks drew %v, want its status card %v", s.part, card)
			}
		}
	}
	if want := 2 * 60 / spinnerTicks; steps != want {
		t.Errorf("%d frames in 2 s of thinking, want the spinner's %d steps", steps, want)
	}
	x, y := gs.lay.SquareRect(gs.variant, 0).Center()
	if !s.input(Frame{X: x, Y: y, PointerMoved: true}) || !s.whole() {
		t.Error("the pointer coming onto a square while the computer thinks is not drawn whole")
	}
	gs.say("A word for the player.", false)
	if !s.frame() || !s.whole() {
		t.Error("a status message while the computer thinks is not drawn whole")
	}
}

// The game asks for every frame it needs: after an input the screen is
// drawn at that tick and the next, not for settleTicks just in case as on
// the menus.
func TestTheGameIsNotDrawnJustInCaseAfterAnInput(t *testing.T) {
	s := newScreen(t)
	gameWith(twoPlayers(rules.Classic), nil, nil)(s)
	s.idle(settle)
	if !s.input(Frame{Keys: []ebiten.Key{ebiten.KeyQ}}) {
		t.Fatal("a key is not drawn")
	}
	if got := s.idle(settleTicks); got != selfSettleTicks-1 {
		t.Errorf("%d frames drawn after a key over the game, want %d", got, selfSettleTicks-1)
	}

	s.a.scenes.GoTo(newMenuScene(s.a))
	s.idle(settle)
	s.input(Frame{X: 5, Y: 700, PointerMoved: true})
	if got := s.idle(settleTicks); got < settleTicks-1 {
		t.Errorf("%d frames drawn after an input on the menu, want the %d that let it settle", got, settleTicks)
	}
}

// A tooltip shows in the game without another input.
func TestAGameTooltipShowsWithoutInput(t *testing.T) {
	s := newScreen(t)
	gameWith(twoPlayers(rules.Classic), nil, nil)(s)
	gs := s.game()
	s.idle(settle)
	b := gs.top[0]
	x, y := b.Rect.Center()
	s.input(Frame{X: x, Y: y, PointerMoved: true})
	drawn := 0
	for range ui.TipDelay + 5 {
		if s.frame() {
			drawn++
		}
	}
	if drawn != 1 || b.HoverFor < ui.TipDelay {
		t.Errorf("%d frames drawn while the pointer rested on %q for %d ticks, want the one that shows its tooltip", drawn, b.Tip, b.HoverFor)
	}
}

// In a browser the loop runs the next tick at once only when the picture
// moves at every tick or a screen settles: the spinner waits for the beat.
func TestTheBrowsersLoopWaitsForTheBeatWhileTheComputerThinks(t *testing.T) {
	s := newScreen(t)
	s.a.Settings.AnimationSpeed = 1
	f := s.aiThinking()
	for range 30 {
		s.frame()
		if s.a.wantsNextTick() {
			t.Fatal("the loop wants every tick while only the spinner moves")
		}
	}
	f.answers <- mustMove(t, rules.Gobblers, "3@a1")
	s.until("the AI's move", func() bool { return s.game().game.Plies() == 1 })
	if !s.a.wantsNextTick() {
		t.Error("the loop does not want the next tick while a piece glides")
	}
	for len(s.game().glides) > 0 {
		s.frame()
	}
	if !s.a.wantsNextTick() {
		t.Error("the loop does not want the tick after the glide's last, when it lands")
	}
	s.idle(2)
	if s.a.wantsNextTick() {
		t.Error("the loop wants every tick after the glide landed")
	}
	s.a.scenes.GoTo(newMenuScene(s.a))
	s.idle(settle)
	s.input(Frame{Keys: []ebiten.Key{ebiten.KeyDown}})
	if !s.a.wantsNextTick() {
		t.Error("the menu does not get the ticks that let it settle after an input")
	}
}

// An overlay opened by an input is drawn at that very tick with its
// buttons in place: the game draws no frames after an input just in case.
func TestAnOverlayIsLaidOutTheTickItOpens(t *testing.T) {
	s := newScreen(t)
	g := mustGame(t, rules.Gobblers, "3@a1", "3@b1")
	gameWith(twoPlayers(rules.Gobblers), g, nil)(s)
	gs := s.game()
	s.idle(settle)
	if !s.input(Frame{Keys: []ebiten.Key{ebiten.KeyEscape}}) || !gs.pause.open {
		t.Fatal("Esc did not open the pause card, drawn")
	}
	for _, b := range gs.pause.menu.Buttons {
		if b.Rect.Empty() || !gs.pauseRect(s.a).Holds(b.Rect) {
			t.Errorf("the pause card's %q is at %v on the tick it opens, want inside the card %v", b.Label, b.Rect, gs.pauseRect(s.a))
		}
	}
	s.input(Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
	s.idle(settle)
	_, cells, _ := gs.moveList(s.a)
	if len(cells) == 0 {
		t.Fatal("the move list shows no moves")
	}
	x, y := cells[0].r.Center()
	if !s.input(Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true}) || gs.review < 0 {
		t.Fatal("a click on the first move did not open the review, drawn")
	}
	for _, b := range gs.reviewMenu.Buttons {
		if b.Rect.Empty() || !gs.lay.Status.Holds(b.Rect) {
			t.Errorf("the review's button %q is at %v on the tick it opens, want in the status bar %v", b.Label+b.Tip, b.Rect, gs.lay.Status)
		}
	}
}

// The top bar shows the state the tick left: the tick the computer's move
// is played, Hint is enabled for the human (and drawn so).
func TestTheTopBarFollowsTheComputersMove(t *testing.T) {
	s := newScreen(t)
	gs := s.aiPlays("3@a1")
	if gs.buttons.hint.Disabled {
		t.Error("the tick the computer's move is played is drawn with Hint still disabled")
	}
}

// A pulse (the held piece's ring) goes on while a piece glides: those
// frames draw the whole screen, not only the glide's path.
func TestAPulseAndAGlideDrawWhole(t *testing.T) {
	s := newScreen(t)
	gs := s.aiPlays("3@a1")
	s.input(Frame{Keys: []ebiten.Key{ebiten.Key2}})
	if gs.hand.hold == nil || len(gs.glides) == 0 {
		t.Fatalf("no piece held (%v) while the computer's glides (%d)", gs.hand.hold, len(gs.glides))
	}
	for i := 0; len(gs.glides) > 0; i++ {
		if !s.frame() || !s.whole() {
			t.Fatalf("tick %d of a glide with the held piece's ring pulsing drew %v, want the whole screen", i, s.part)
		}
	}
}

// The tick a cross-fade ends is drawn: the new scene alone.
func TestTheEndOfAFadeIsDrawn(t *testing.T) {
	s := newScreen(t)
	s.idle(settle)
	s.a.scenes.GoTo(newGameScene(s.a, twoPlayers(rules.Gobblers), nil))
	for s.a.scenes.fade > 0 {
		s.frame()
	}
	if !s.whole() || s.a.drew == false {
		t.Error("the tick the cross-fade ended was not drawn whole")
	}
}

// The tick the computer's answer comes is drawn whole (the reserves stop
// saying "thinking…"), though the card goes on thinking until the move is
// shown, a moment later.
func TestTheComputersAnswerIsDrawnWhole(t *testing.T) {
	s := newScreen(t)
	s.a.Settings.AnimationSpeed = 1
	f := &fakeThinker{answers: make(chan rules.Move, 1)}
	f.answers <- mustMove(t, rules.Gobblers, "3@a1")
	s.a.NewThinker = func() Thinker { return f }
	gameWith(setup{Variant: rules.Gobblers, Mode: modeHumanVsAI, First: 1, Players: [2]playerChoice{{Human: true}, {Level: "easy"}}}, nil, nil)(s)
	gs := s.game()
	if !s.until("the answer", func() bool { return gs.pending != nil }) || !s.whole() {
		t.Fatal("the tick the computer's answer came was not drawn whole")
	}
	for gs.pending != nil {
		if s.frame() && !s.whole() && s.part != gs.statusCard(s.a) {
			t.Fatalf("while the answer waits a frame drew %v, want the status card or the whole screen", s.part)
		}
	}
}

// spriteReach is how far from its centre drawPiece draws a piece of radius
// r: its sprite, picked and scaled as drawPiece does.
func spriteReach(r float64) float64 {
	pr := spriteRadii[len(spriteRadii)-1]
	for _, c := range spriteRadii {
		if float64(c) >= r {
			pr = c
			break
		}
	}
	half := math.Ceil(float64(pr)*1.5) + 2
	return half * r / float64(pr)
}

// In a browser the search worker, which also renders the page's sounds,
// starts at the player's first click, tap or key (the input that opens
// the page's sound), once; a pointer that only moves does not start it.
func TestTheSearchWorkerStartsAtTheFirstClickOrKey(t *testing.T) {
	s := newScreen(t)
	s.idle(settle)
	begun := 0
	s.a.beginWorker = func() { begun++ }
	s.input(Frame{X: 5, Y: 700, PointerMoved: true})
	s.idle(2)
	if begun != 0 {
		t.Fatal("a move of the pointer started the search worker")
	}
	s.input(Frame{X: 5, Y: 700, Pressed: true})
	s.input(Frame{X: 5, Y: 700, Released: true})
	s.input(Frame{Keys: []ebiten.Key{ebiten.KeyDown}})
	if begun != 1 {
		t.Errorf("a press, a release and a key started the worker %d times, want once", begun)
	}
}
