package app

import (
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// screen drives a headless App frame by frame as Ebitengine does (Update,
// then Draw) and records which frames were drawn.
type screen struct {
	t    *testing.T
	a    *App
	src  *scriptSource
	part ui.Rect // the part of the screen the last drawn frame drew
}

func newScreen(t *testing.T) *screen {
	src := &scriptSource{}
	return &screen{t: t, a: newHeadless(src, 1280, 800), src: src}
}

// frame runs one tick and reports whether its frame is drawn.
func (s *screen) frame() bool {
	s.t.Helper()
	if err := s.a.Update(); err != nil {
		s.t.Fatalf("update: %v", err)
	}
	drawn, part := s.a.takeFrame()
	s.a.firstFrameSeen = true
	if drawn {
		s.part = part
	}
	return drawn
}

// whole reports whether the last drawn frame drew the whole screen.
func (s *screen) whole() bool { return s.part == ui.R(0, 0, s.a.W, s.a.H) }

// input runs one tick with f as its input and reports whether it is drawn.
func (s *screen) input(f Frame) bool {
	s.src.frames = append(s.src.frames, f)
	return s.frame()
}

// idle runs n ticks without input and returns how many were drawn.
func (s *screen) idle(n int) int {
	drawn := 0
	for range n {
		if s.frame() {
			drawn++
		}
	}
	return drawn
}

// until runs ticks (in real time: goroutines answer) until cond holds, and
// reports whether the tick that made it hold was drawn.
func (s *screen) until(what string, cond func() bool) bool {
	s.t.Helper()
	deadline := time.Now().Add(time.Minute) // a wait, not a speed goal (a busy machine starves the nice-10 threads)
	for {
		drawn := s.frame()
		if cond() {
			return drawn
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// game is the game scene on screen, or nil.
func (s *screen) game() *gameScene {
	gs, _ := s.a.scenes.current.(*gameScene)
	return gs
}

// settle is long enough for every scene to come to rest: the scene
// switch's fade, the settling after input, a pulse, a result card.
const settle = pulseTicks + 60

// sceneCase puts a screen into one state of one scene; it returns the most
// frames a second that state may still draw when left alone (a blinking
// caret, a spinner), and a cleanup.
type sceneCase struct {
	name string
	open func(s *screen) (perSecond int)
}

func gameWith(s setup, g *rules.Game, then func(*screen, *gameScene)) func(*screen) int {
	return func(sc *screen) int {
		gs := newGameScene(sc.a, s, g)
		sc.a.scenes.GoTo(gs)
		sc.frame()
		if then != nil {
			then(sc, gs)
		}
		return 0
	}
}

func aiVsAI() setup {
	return setup{Variant: rules.Classic, Mode: modeAIvsAI, Players: [2]playerChoice{{Level: "easy"}, {Level: "easy"}}}
}

func sceneCases(t *testing.T) []sceneCase {
	won := mustGame(t, rules.Gobblers, "3@a1", "3@b1", "2@a2", "2@b2", "1@a3")
	to := func(mk func(a *App) Scene) func(*screen) int {
		return func(s *screen) int { s.a.scenes.GoTo(mk(s.a)); return 0 }
	}
	return []sceneCase{
		{"menu", to(func(a *App) Scene { return newMenuScene(a) })},
		{"new game", to(func(a *App) Scene { return newSetupScene(a) })},
		{"options", to(func(a *App) Scene { return newOptionsScene(a, newMenuScene(a)) })},
		{"rules", to(func(a *App) Scene { return newRulesScene(a, newMenuScene(a)) })},
		{"saved games", to(func(a *App) Scene { return newSavedScene(a) })},
		{"statistics", to(func(a *App) Scene { return newStatsScene(a) })},
		{"online join (the caret blinks)", func(s *screen) int {
			s.a.scenes.GoTo(newJoinScene(s.a, nil))
			return 2
		}},
		{"online host (waiting: the spinner turns slowly)", func(s *screen) int {
			ls := newHostScene(s.a, rules.Gobblers, rules.X, "127.0.0.1:0")
			if ls.sess != nil {
				s.t.Cleanup(func() { ls.sess.Close() })
			}
			s.a.scenes.GoTo(ls)
			s.idle(600)
			return 10
		}},
		{"game, two players", gameWith(twoPlayers(rules.Classic), nil, nil)},
		{"game, the human's turn against the AI", gameWith(vsAI(rules.Classic), nil, nil)},
		{"game, a piece held", gameWith(twoPlayers(rules.Gobblers), nil, func(s *screen, gs *gameScene) {
			s.input(Frame{Keys: []ebiten.Key{ebiten.Key3}})
			if gs.hand.hold == nil {
				s.t.Fatal("key 3 took no piece")
			}
		})},
		{"game, paused", gameWith(twoPlayers(rules.Classic), nil, func(s *screen, gs *gameScene) { gs.openPause(s.a) })},
		{"game, result", gameWith(twoPlayers(rules.Gobblers), won, nil)},
		{"game, review", gameWith(twoPlayers(rules.Gobblers), won, func(s *screen, gs *gameScene) { gs.review = 2 })},
		{"game, AI vs AI paused", func(s *screen) int {
			gs := newGameScene(s.a, aiVsAI(), nil)
			gs.demo.running = false
			s.a.scenes.GoTo(gs)
			return 0
		}},
	}
}

// A screen left alone draws nothing (or, where something shows that it
// waits, only as often as that needs): an idle game costs no CPU.
func TestAQuietScreenIsNotDrawn(t *testing.T) {
	for _, c := range sceneCases(t) {
		t.Run(c.name, func(t *testing.T) {
			s := newScreen(t)
			s.a.NewThinker = func() Thinker { return &fakeThinker{answers: make(chan rules.Move)} }
			most := c.open(s)
			s.idle(settle)
			if got := s.idle(120); got > 2*most {
				t.Errorf("%d of 120 quiet ticks were drawn, want at most %d", got, 2*most)
			}
		})
	}
}

// Whatever the player does is drawn at once, on every screen: the App
// takes input in one place.
func TestEveryInputIsDrawnAtOnce(t *testing.T) {
	inputs := []struct {
		name string
		f    Frame
	}{
		{"pointer move", Frame{X: 3, Y: 5, PointerMoved: true}},
		{"click", Frame{X: 3, Y: 5, Down: true, Pressed: true}},
		{"release", Frame{X: 3, Y: 5, Released: true}},
		{"right click", Frame{X: 3, Y: 5, RightPressed: true}},
		{"wheel", Frame{X: 3, Y: 5, Wheel: -1}},
		{"key", Frame{X: 3, Y: 5, Keys: []ebiten.Key{ebiten.KeyDown}}},
		{"typed character", Frame{X: 3, Y: 5, Chars: []rune{'a'}}},
	}
	for _, c := range sceneCases(t) {
		t.Run(c.name, func(t *testing.T) {
			for _, in := range inputs {
				s := newScreen(t)
				s.a.NewThinker = func() Thinker { return &fakeThinker{answers: make(chan rules.Move)} }
				c.open(s)
				s.input(Frame{X: 3, Y: 5, PointerMoved: true}) // the pointer rests in a corner
				s.idle(settle)
				if in.f.pointerOnly() && s.a.scenes.watchesPointer() {
					continue // drawn when it changes what the pointer chooses: TestAPointerMoveOverTheGame
				}
				if !s.input(in.f) {
					t.Errorf("%s: not drawn", in.name)
				}
			}
		})
	}
}

// A move of the pointer over the game is drawn when it changes what the
// pointer chooses (a square, a move in the list, a button, a dragged
// piece), and not when it changes nothing on screen.
func TestAPointerMoveOverTheGame(t *testing.T) {
	s := newScreen(t)
	s.aiThinking()
	gs := s.game()
	s.input(Frame{X: 3, Y: 700, PointerMoved: true})
	s.idle(settle)
	if s.input(Frame{X: 4, Y: 701, PointerMoved: true}) && s.whole() {
		t.Error("a move of the pointer that changes nothing was drawn")
	}
	sq := gs.lay.SquareRect(gs.variant, 4)
	x, y := sq.Center()
	if !s.input(Frame{X: x, Y: y, PointerMoved: true}) || !s.whole() {
		t.Error("the pointer coming onto a square is not drawn")
	}
	if s.input(Frame{X: x + 2, Y: y + 1, PointerMoved: true}) && s.whole() {
		t.Error("the pointer moving within a square is drawn")
	}
	b := gs.buttons.pause
	bx, by := b.Rect.Center()
	if !s.input(Frame{X: bx, Y: by, PointerMoved: true}) || !s.whole() || !b.Hover {
		t.Errorf("the pointer coming onto %q is not drawn", b.Tip)
	}
	if !s.input(Frame{X: 3, Y: 700, PointerMoved: true}) || !s.whole() || b.Hover {
		t.Errorf("the pointer leaving %q is not drawn", b.Tip)
	}
	for i := range settle {
		if s.frame() && s.whole() {
			t.Fatalf("tick %d after the pointer came to rest drew the whole screen", i)
		}
	}
}

// aiThinking opens a 3×3 game where the computer (a fake that answers when
// told) moves first, and waits until it thinks and the screen is quiet.
func (s *screen) aiThinking() *fakeThinker {
	s.t.Helper()
	f := &fakeThinker{answers: make(chan rules.Move, 1)}
	s.a.NewThinker = func() Thinker { return f }
	gameWith(setup{Variant: rules.Gobblers, Mode: modeHumanVsAI, First: 1, Players: [2]playerChoice{{Human: true}, {Level: "easy"}}}, nil, nil)(s)
	s.until("the search", func() bool { return f.searches() > 0 })
	s.idle(settle)
	return f
}

// Things that change the screen without the player are drawn when they
// come: an AI move, a hint, a toast and its end, a status message's end, a
// tooltip, an opened stack, a scene switch, a new window size.
func TestChangesWithoutInputAreDrawn(t *testing.T) {
	t.Run("an AI move arriving (animations off)", func(t *testing.T) {
		s := newScreen(t)
		f := s.aiThinking()
		f.answers <- mustMove(t, rules.Gobblers, "3@b2")
		if !s.until("the AI's move", func() bool { return s.game().game.Plies() == 1 }) {
			t.Error("the tick the AI's move was played was not drawn")
		}
	})
	t.Run("an AI move arriving (its glide)", func(t *testing.T) {
		s := newScreen(t)
		s.a.Settings.AnimationSpeed = 1
		f := s.aiThinking()
		f.answers <- mustMove(t, rules.Gobblers, "3@b2")
		s.until("the AI's move", func() bool { return s.game().game.Plies() == 1 })
		for i := 0; len(s.game().glides) > 0; i++ {
			if !s.frame() {
				t.Fatalf("tick %d of the glide was not drawn", i)
			}
		}
	})
	t.Run("the spinner while the AI thinks, and a click then", func(t *testing.T) {
		s := newScreen(t)
		f := s.aiThinking()
		card := s.game().statusCard(s.a)
		drawn := 0
		for range 60 {
			if s.frame() {
				drawn++
				if s.part != card {
					t.Fatalf("a spinner's step drew %v, want only the status card %v", s.part, card)
				}
			}
		}
		if drawn != 60/spinnerTicks {
			t.Errorf("%d frames a second drawn while the AI thinks, want the spinner's %d steps", drawn, 60/spinnerTicks)
		}
		if !s.input(Frame{X: 640, Y: 400, Down: true, Pressed: true, PointerMoved: true}) || !s.whole() {
			t.Error("a click while the AI thinks is not drawn at once, whole")
		}
		f.answers <- mustMove(t, rules.Gobblers, "3@b2")
	})
	t.Run("a hint arriving", func(t *testing.T) {
		s := newScreen(t)
		f := &fakeThinker{answers: make(chan rules.Move, 1)}
		s.a.NewThinker = func() Thinker { return f }
		gameWith(vsAI(rules.Classic), nil, nil)(s)
		s.input(Frame{Keys: []ebiten.Key{ebiten.KeyH}})
		s.until("the hint's search", func() bool { return f.searches() > 0 })
		s.idle(settle)
		f.answers <- mustMove(t, rules.Classic, "4@b2")
		if !s.until("the hint", func() bool { return !s.game().hintMove.IsNone() }) {
			t.Error("the tick the hint came was not drawn")
		}
	})
	t.Run("a toast, its fading and its end", func(t *testing.T) {
		s := newScreen(t)
		s.idle(settle)
		s.a.toast("Saved.")
		if !s.frame() {
			t.Fatal("a toast is not drawn when it comes")
		}
		for s.a.toastT > 0 {
			fading := s.a.toastT <= toastOut+1
			if drawn := s.frame(); fading && !drawn {
				t.Fatalf("the toast's fading is not drawn at %d ticks before its end", s.a.toastT)
			}
		}
	})
	t.Run("the join screen's caret blinks", func(t *testing.T) {
		s := newScreen(t)
		s.a.scenes.GoTo(newJoinScene(s.a, nil))
		s.idle(settle)
		if got := s.idle(120); got < 4 {
			t.Errorf("%d frames drawn in 2 s: the caret does not blink", got)
		}
	})
	t.Run("the host's spinner turns while it waits", func(t *testing.T) {
		s := newScreen(t)
		ls := newHostScene(s.a, rules.Gobblers, rules.X, "127.0.0.1:0")
		if ls.sess == nil {
			t.Fatalf("hosting failed: %s", ls.problem)
		}
		t.Cleanup(func() { ls.sess.Close() })
		s.a.scenes.GoTo(ls)
		s.idle(settle)
		if got := s.idle(60); got < 25 {
			t.Errorf("%d frames drawn in the first seconds of waiting, want about 30 a second", got)
		}
		s.idle(600)
		if got := s.idle(60); got < 8 {
			t.Errorf("%d frames drawn in a second after a long wait, want about 10", got)
		}
	})
	t.Run("a notice, and the banner of a failing save", func(t *testing.T) {
		s := newScreen(t)
		st := &troubledStore{MemoryStore: s.a.Store.(*MemoryStore)}
		s.a.Store = st
		s.idle(settle)
		s.a.notify("Your saved games folder cannot be read.")
		if !s.frame() {
			t.Error("a notice is not drawn when it comes")
		}
		s.idle(settle)
		st.problem = "The disk is full."
		if !s.frame() {
			t.Error("the banner of a failing save is not drawn when the problem comes")
		}
		s.idle(settle)
		st.problem = ""
		if !s.frame() {
			t.Error("the banner's going is not drawn")
		}
	})
	t.Run("a status message's end", func(t *testing.T) {
		s := newScreen(t)
		gameWith(twoPlayers(rules.Classic), nil, nil)(s)
		s.idle(settle)
		s.game().say("No hint is available here.", true)
		if !s.frame() {
			t.Error("the message is not drawn when it comes")
		}
		if !s.until("the message's end", func() bool { return s.game().msgT == 0 }) {
			t.Error("the message's end is not drawn")
		}
	})
	t.Run("a tooltip after the pointer rests", func(t *testing.T) {
		s := newScreen(t)
		gameWith(twoPlayers(rules.Classic), nil, nil)(s)
		b := s.game().buttons.pause
		x, y := b.Rect.Center()
		s.input(Frame{X: x, Y: y, PointerMoved: true})
		if !s.until("the tooltip", func() bool { return b.HoverFor >= 30 }) {
			t.Error("the tick the tooltip shows is not drawn")
		}
	})
	t.Run("a tooltip on a button that comes under the resting pointer", func(t *testing.T) {
		s := newScreen(t)
		gameWith(twoPlayers(rules.Gobblers), nil, nil)(s)
		gs := s.game()
		b := gs.buttons.undo // disabled until a move is played
		x, y := b.Rect.Center()
		s.input(Frame{X: x, Y: y, PointerMoved: true})
		s.idle(settle)
		gs.commit(s.a, mustMove(t, rules.Gobblers, "3@b2"), math.NaN(), math.NaN(), -1) // as a move from the network
		if !s.until("the tooltip", func() bool { return b.HoverFor >= ui.TipDelay }) {
			t.Error("the tick the tooltip shows is not drawn")
		}
	})
	t.Run("a stack opening under the resting pointer", func(t *testing.T) {
		s := newScreen(t)
		g := mustGame(t, rules.Gobblers, "1@b2", "3@b2")
		gameWith(twoPlayers(rules.Gobblers), g, nil)(s)
		x, y := s.game().lay.SquareCenter(rules.Gobblers, mustSquare(t, rules.Gobblers, "b2"))
		s.input(Frame{X: x, Y: y, PointerMoved: true})
		if !s.until("the stack to open", func() bool { return s.game().hand.peek != rules.NoSquare }) {
			t.Error("the tick the stack opens is not drawn")
		}
	})
	t.Run("a scene switch and its fade", func(t *testing.T) {
		s := newScreen(t)
		s.idle(settle)
		s.a.scenes.GoTo(newOptionsScene(s.a, newMenuScene(s.a)))
		for i := 0; i <= fadeTicks; i++ {
			if !s.frame() {
				t.Fatalf("tick %d of the fade is not drawn", i)
			}
		}
	})
	t.Run("a new window size", func(t *testing.T) {
		s := newScreen(t)
		s.a.resize(1280, 800)
		s.idle(settle)
		s.a.resize(1000, 700)
		if !s.frame() {
			t.Error("a resized window is not drawn")
		}
		s.idle(settle)
		s.a.resize(1000, 700)
		if s.frame() {
			t.Error("the same size again is drawn")
		}
	})
}

// A network message (the other player's move) is drawn when it comes.
func TestAnOnlineMoveIsDrawnWhenItComes(t *testing.T) {
	host, guest := connect(t)
	gs := newScreen(t)
	gs.a, gs.src = guest.a, guest.src
	gs.idle(settle)
	host.dragMove("3@a1")
	if !gs.until("the host's move on the guest's board", func() bool { return guest.game().game.Plies() == 1 }) {
		t.Error("the tick the other player's move came was not drawn")
	}
	gs.idle(settle)
	if got := gs.idle(60); got != 0 {
		t.Errorf("%d of 60 quiet ticks drawn after the move", got)
	}
}

func mustMove(t *testing.T, v rules.Variant, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(v, s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustSquare(t *testing.T, v rules.Variant, name string) rules.Square {
	t.Helper()
	sq, err := rules.ParseSquare(v, name)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// BenchmarkQuietTick is the cost of one tick of a screen left alone: what
// the game spends 60 times a second when nobody plays.
func BenchmarkQuietTick(b *testing.B) {
	t := &testing.T{}
	for _, c := range sceneCases(t) {
		b.Run(c.name, func(b *testing.B) {
			s := &screen{t: t, src: &scriptSource{}}
			s.a = newHeadless(s.src, 1280, 800)
			s.a.NewThinker = func() Thinker { return &fakeThinker{answers: make(chan rules.Move)} }
			c.open(s)
			s.idle(settle)
			b.ReportAllocs()
			for b.Loop() {
				s.frame()
			}
		})
	}
}

// troubledStore is a memory store whose saves fail when the test says so.
type troubledStore struct {
	*MemoryStore
	problem string
}

func (s *troubledStore) SaveProblem() string { return s.problem }

// A part that moved off the screen draws nothing: a part that misses the
// screen is not the whole screen (clipTo takes one for the other), and
// one on the screen is drawn as itself.
func TestAPartOffTheScreenDrawsNothing(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.firstFrameSeen = true
	a.takeFrame() // the scene's start
	for _, tc := range []struct {
		name  string
		part  ui.Rect
		drawn bool
	}{
		{"right of the screen", ui.R(1300, 100, 50, 50), false},
		{"above it", ui.R(100, -300, 50, 50), false},
		{"a pixel and a half past its right edge", ui.R(1281.5, 100, 50, 50), false},
		{"across its edge", ui.R(1260, 100, 50, 50), true},
		{"on it", ui.R(100, 100, 50, 50), true},
	} {
		a.damage(tc.part)
		drawn, part := a.takeFrame()
		if drawn != tc.drawn {
			t.Errorf("%s: drawn %v, want %v", tc.name, drawn, tc.drawn)
		}
		if drawn && part != tc.part {
			t.Errorf("%s: drew %v, want the part itself", tc.name, part)
		}
		if again, _ := a.takeFrame(); again {
			t.Errorf("%s: the next frame is drawn too", tc.name)
		}
	}
}
