package app

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// player is one App with fake input: one side of an online test.
type player struct {
	t   *testing.T
	a   *App
	src *scriptSource
}

func newPlayer(t *testing.T) *player {
	src := &scriptSource{}
	return &player{t: t, a: newHeadless(src, 1280, 800), src: src}
}

func (p *player) tick() {
	p.t.Helper()
	if err := p.a.Update(); err != nil {
		p.t.Fatalf("update: %v", err)
	}
}

// pump ticks both apps until cond holds; the network answers in real time.
func pump(t *testing.T, what string, cond func() bool, ps ...*player) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		for _, p := range ps {
			p.tick()
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func (p *player) game() *gameScene {
	gs, _ := p.a.scenes.current.(*gameScene)
	return gs
}

func (p *player) frames(f ...Frame) {
	p.src.frames = append(p.src.frames, f...)
	for len(p.src.frames) > 0 {
		p.tick()
	}
	p.tick()
}

func (p *player) click(x, y float64) {
	p.frames(Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true}, Frame{X: x, Y: y, Released: true})
}

// dragMove plays a move by dragging on the player's own board.
func (p *player) dragMove(m string) {
	p.t.Helper()
	p.tick() // lay out the board
	gs := p.game()
	mv, err := rules.ParseMove(gs.variant, m)
	if err != nil {
		p.t.Fatal(err)
	}
	var x0, y0 float64
	if mv.IsDrop() {
		c := gs.toMove()
		x0, y0 = gs.lay.SlotRect(c, gs.slotFor(c, int(mv.Size))).Center()
	} else {
		x0, y0 = gs.lay.SquareCenter(gs.variant, mv.From)
	}
	x1, y1 := gs.lay.SquareCenter(gs.variant, mv.To)
	f := []Frame{{X: x0, Y: y0, Down: true, Pressed: true, PointerMoved: true}}
	for i := 1; i <= 4; i++ {
		t := float64(i) / 4
		f = append(f, Frame{X: x0 + (x1-x0)*t, Y: y0 + (y1-y0)*t, Down: true, PointerMoved: true})
	}
	f = append(f, Frame{X: x1, Y: y1, Released: true})
	p.frames(f...)
}

func movesOf(gs *gameScene) string {
	var s []string
	for _, m := range gs.game.Moves() {
		s = append(s, m.Notation(gs.variant))
	}
	return strings.Join(s, " ")
}

// connect hosts a gobblers room on one app and joins it from the other by
// typing the code, as a person would.
func connect(t *testing.T) (host, guest *player) {
	host, guest = newPlayer(t), newPlayer(t)
	ls := newHostScene(host.a, rules.Gobblers, rules.X, "127.0.0.1:0")
	if ls.problem != "" {
		t.Fatalf("hosting failed: %s", ls.problem)
	}
	host.a.scenes = sceneManager{current: ls}
	if len(ls.code) != netplayCodeLen {
		t.Fatalf("room code %q, want %d characters", ls.code, netplayCodeLen)
	}
	js := newJoinScene(guest.a, nil)
	guest.a.scenes = sceneManager{current: js}
	guest.tick()
	guest.frames(Frame{Chars: []rune(strings.ToLower(ls.code))})
	if js.field.Text != ls.code {
		t.Fatalf("the code field reads %q after typing %q", js.field.Text, ls.code)
	}
	guest.frames(Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if js.problem != "" || !js.joining {
		t.Fatalf("joining did not start: %q", js.problem)
	}
	hs, gs := ls.sess, js.sess
	t.Cleanup(func() { hs.Close(); gs.Close() })
	pump(t, "both boards", func() bool { return host.game() != nil && guest.game() != nil }, host, guest)
	return host, guest
}

const netplayCodeLen = 23 // 19 characters in groups of four with dashes

func TestOnlineGamePlaysOnBothBoards(t *testing.T) {
	host, guest := connect(t)
	hg, gg := host.game(), guest.game()
	if hg.setup.humanColour() != 0 || gg.setup.humanColour() != 1 {
		t.Fatalf("host should play orange and the guest blue: %d %d", hg.setup.humanColour(), gg.setup.humanColour())
	}
	if !hg.humanToMove() || gg.humanToMove() {
		t.Fatalf("orange (the host) moves first")
	}
	if got := gg.statusText(); got != "Your opponent is thinking…" {
		t.Errorf("the waiting player's status line: %q", got)
	}
	// the guest cannot move out of turn
	guest.dragMove("3@b2")
	if gg.game.Plies() != 0 {
		t.Fatalf("the guest moved out of turn: %s", movesOf(gg))
	}
	script := []struct {
		by   *player
		move string
	}{{host, "3@a1"}, {guest, "3@b2"}, {host, "2@a2"}, {guest, "1@c3"}, {host, "1@a3"}}
	for i, s := range script {
		s.by.dragMove(s.move)
		if s.by.game().game.Plies() != i+1 {
			t.Fatalf("%s was not played locally: %s (%s)", s.move, movesOf(s.by.game()), s.by.game().msg)
		}
		pump(t, "move "+s.move+" on both boards", func() bool {
			return hg.game.Plies() == i+1 && gg.game.Plies() == i+1
		}, host, guest)
	}
	if movesOf(hg) != movesOf(gg) {
		t.Fatalf("the boards differ: host %q, guest %q", movesOf(hg), movesOf(gg))
	}
	pump(t, "the result on both sides", func() bool { return hg.over && gg.over }, host, guest)
	if title, _ := hg.resultTitle(); title != "You win!" {
		t.Errorf("host's result: %q", title)
	}
	if title, _ := gg.resultTitle(); title != "Opponent wins." {
		t.Errorf("guest's result: %q", title)
	}

	// a rematch: both ask, a new game starts with the colours swapped
	hg.rematch(host.a)
	pump(t, "the rematch offer", func() bool { return gg.net.rematchOffered }, host, guest)
	gg.rematch(guest.a)
	pump(t, "the rematch", func() bool {
		h, g := host.game(), guest.game()
		return h != hg && g != gg && h != nil && g != nil
	}, host, guest)
	if host.game().setup.humanColour() != 1 || guest.game().net.number != 2 {
		t.Errorf("after the rematch the host should play blue in game 2")
	}
	if !guest.game().humanToMove() {
		t.Errorf("after the rematch the guest (now orange) moves first")
	}
	// and both first screens say so
	if got, want := host.game().note, "Rematch: the colours are swapped; you play Blue, and Orange moves first."; got != want {
		t.Errorf("the host's rematch note %q, want %q", got, want)
	}
	if _, words := guest.game().statusCardWords(); !strings.Contains(words, "you play Orange and move first") {
		t.Errorf("the guest's status card says %q", words)
	}
}

func TestOnlineResignAndDraw(t *testing.T) {
	host, guest := connect(t)
	hg, gg := host.game(), guest.game()
	host.dragMove("3@b2")
	pump(t, "the first move", func() bool { return gg.game.Plies() == 1 }, host, guest)
	// the guest cannot offer a draw on its own turn, and is told why
	guest.tick()
	x, y := gg.buttons.draw.Rect.Center()
	guest.click(x, y)
	if gg.net.myOffer || !strings.Contains(gg.msg, "after your move") {
		t.Errorf("Offer draw on one's own turn: offered %v, status %q", gg.net.myOffer, gg.msg)
	}
	// the host offers a draw after moving; the guest declines with the button
	x, y = hg.buttons.draw.Rect.Center()
	host.click(x, y)
	pump(t, "the draw offer", func() bool { return gg.net.drawOffered }, host, guest)
	guest.tick()
	for i, b := range gg.net.drawM.Buttons {
		if b.Primary || gg.net.drawM.Focus == i {
			t.Errorf("%q is the default answer to a draw offer: neither should be", b.Label)
		}
	}
	x, y = gg.net.drawM.Buttons[1].Rect.Center()
	guest.click(x, y)
	pump(t, "the refusal", func() bool { return !hg.net.myOffer }, host, guest)
	if hg.over || gg.over {
		t.Fatal("a declined draw ended the game")
	}
	// the guest resigns: a click, and a second to confirm
	guest.tick()
	x, y = gg.buttons.resign.Rect.Center()
	guest.click(x, y)
	if gg.over {
		t.Fatal("one click on Resign should ask again")
	}
	guest.click(x, y)
	pump(t, "the resignation", func() bool { return hg.over && gg.over }, host, guest)
	if title, why := hg.resultTitle(); title != "You win!" || why != "Your opponent resigned." {
		t.Errorf("host's result: %q %q", title, why)
	}
	if _, why := gg.resultTitle(); why != "You resigned." {
		t.Errorf("guest's reason: %q", why)
	}
}

func TestOnlineDisconnectOffersTheAI(t *testing.T) {
	host, guest := connect(t)
	hg, gg := host.game(), guest.game()
	host.dragMove("3@b2")
	pump(t, "the first move", func() bool { return gg.game.Plies() == 1 }, host, guest)
	hg.leave(host.a) // the host leaves the game
	pump(t, "the guest to notice", func() bool { return gg.net.gone != nil }, guest)
	if gg.net.gone.Reason == "" || gg.over {
		t.Fatalf("a disconnect should say why and leave the game unfinished (reason %q, over %v)", gg.net.gone.Reason, gg.over)
	}
	if sg, ok := guest.a.Store.LoadGame(); !ok || len(sg.Moves) != 1 || sg.Mode != modeNames[modeOnline] {
		t.Errorf("the guest's game should be autosaved as the online game it is: %+v %v", sg, ok)
	}
	guest.tick()
	b := gg.net.goneM.Buttons[0]
	if b.Label != "Finish against the AI" || b.Disabled {
		t.Fatalf("first button %q disabled=%v", b.Label, b.Disabled)
	}
	x, y := b.Rect.Center()
	guest.click(x, y)
	ng := guest.game()
	if ng == gg || ng.setup.Mode != modeHumanVsAI || ng.game.Plies() != 1 || ng.net != nil {
		t.Fatalf("Finish against the AI should go on from the same position against the computer")
	}
	if ng.setup.humanColour() != 1 {
		t.Errorf("the guest keeps blue")
	}
}

func TestJoinRefusesATypo(t *testing.T) {
	p := newPlayer(t)
	js := newJoinScene(p.a, nil)
	p.a.scenes = sceneManager{current: js}
	p.tick()
	p.frames(Frame{Chars: []rune("7K3Q-D0M8")})
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if js.joining || !strings.Contains(js.problem, "room code") {
		t.Fatalf("a short code should be refused before any network: joining %v, problem %q", js.joining, js.problem)
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyBackspace}})
	if js.field.Text != "7K3Q-D0M" || js.problem != "" {
		t.Errorf("Backspace should remove one character and clear the problem: %q %q", js.field.Text, js.problem)
	}
}

// The joiner's window closes in the middle of an online game, and the next
// start's Continue brings the game back: the board says the connection is
// gone and offers the computer or the menu, and nothing moves until the
// player chose.
func TestContinueAnOnlineGameSaysTheConnectionIsGone(t *testing.T) {
	host, guest := connect(t)
	gg := guest.game()
	host.dragMove("3@b2")
	pump(t, "the first move", func() bool { return gg.game.Plies() == 1 }, host, guest)
	guest.dragMove("1@a1") // the opponent, orange, is to move: the computer would
	pump(t, "the second move", func() bool { return host.game().game.Plies() == 2 }, host, guest)
	gg.leave(guest.a) // the joiner's window closes

	next := newPlayer(t) // the joiner's next start, same store
	next.a.Store = guest.a.Store
	next.a.scenes = sceneManager{current: newMenuScene(next.a)}
	m := next.a.scenes.current.(*menuScene)
	if m.list.Buttons[0].Label != "Continue" {
		t.Fatalf("the menu offers %q first", m.list.Buttons[0].Label)
	}
	next.tick()
	next.click(m.list.Buttons[0].Rect.Center())
	gs := next.game()
	if gs == nil {
		t.Fatalf("Continue opened %T", next.a.scenes.current)
	}
	for range 120 {
		next.tick()
		time.Sleep(time.Millisecond)
	}
	if gs.game.Plies() != 2 || gs.brain.thinking {
		t.Fatalf("the computer moved (%d plies, thinking %v) before the player chose", gs.game.Plies(), gs.brain.thinking)
	}
	if gs.net == nil || gs.net.gone == nil || !gs.net.resumed {
		t.Fatal("the board does not say the connection is gone")
	}
	b := gs.net.goneM.Buttons
	if b[0].Label != "Finish against the AI" || b[0].Disabled || b[1].Label != "Main menu" {
		t.Fatalf("the card offers %q, %q", b[0].Label, b[1].Label)
	}

	// Main menu: the game stays for Continue
	next.click(b[1].Rect.Center())
	if _, ok := next.a.scenes.current.(*menuScene); !ok {
		t.Fatalf("Main menu opened %T", next.a.scenes.current)
	}
	if sg, ok := next.a.Store.LoadGame(); !ok || len(sg.Moves) != 2 {
		t.Fatal("the online game is no longer there for Continue")
	}

	// Continue again, and Finish against the AI: the computer plays on
	s, g, err := restore(func() *record.Record { r, _ := next.a.Store.LoadGame(); return r }())
	if err != nil {
		t.Fatal(err)
	}
	gs = continueGame(next.a, s, g)
	next.a.scenes = sceneManager{current: gs}
	next.tick()
	next.click(gs.net.goneM.Buttons[0].Rect.Center())
	ng := next.game()
	if ng == gs || ng.net != nil || ng.setup.Mode != modeHumanVsAI || ng.game.Plies() != 2 || ng.setup.humanColour() != 1 {
		t.Fatalf("Finish against the AI opened mode %d at %d plies", ng.setup.Mode, ng.game.Plies())
	}
}
