package app

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/lesson"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// lessonTable is the lesson under test in a headless game, driven by
// scripted input frames as a player would: drags, clicks and keys.
type lessonTable struct {
	*table
	l    *lessonScene
	menu *menuScene
}

func newLessonTable(t *testing.T, w, h float64) *lessonTable {
	src := &scriptSource{}
	a := newHeadless(src, w, h)
	m := newMenuScene(a)
	l := newLessonScene(a, m).(*lessonScene)
	a.scenes = sceneManager{current: l}
	lt := &lessonTable{table: &table{t: t, a: a, src: src, gs: l.gs}, l: l, menu: m}
	lt.tick()
	return lt
}

// sync follows the lesson to its current step's board.
func (lt *lessonTable) sync() { lt.gs = lt.l.gs }

// accepted is the first move that fulfils the step shown.
func (lt *lessonTable) accepted() rules.Move {
	p := lt.l.gs.pos()
	for _, m := range p.LegalMoves(nil) {
		if lt.l.step().Accepts(p, m) {
			return m
		}
	}
	lt.t.Fatalf("step %q: no move fulfils it", lt.l.step().Title)
	return rules.NoMove
}

// play drags a move's piece as a player does: from its reserve slot or
// its square to the square it goes to.
func (lt *lessonTable) play(m rules.Move) {
	lt.t.Helper()
	lt.sync()
	gs := lt.gs
	x1, y1 := gs.lay.SquareCenter(gs.variant, m.To)
	if m.IsDrop() {
		slot := gs.slotFor(gs.toMove(), int(m.Size))
		if slot < 0 {
			lt.t.Fatalf("no reserve slot for %s", m.Notation(gs.variant))
		}
		x0, y0 := gs.lay.SlotRect(gs.toMove(), slot).Center()
		lt.drag(x0, y0, x1, y1)
		return
	}
	x0, y0 := gs.lay.SquareCenter(gs.variant, m.From)
	lt.drag(x0, y0, x1, y1)
}

func (lt *lessonTable) press(b *ui.Button) {
	lt.t.Helper()
	if b.Rect.Empty() {
		lt.t.Fatalf("%s is not shown", b.Label)
	}
	lt.click(b.Rect.Center())
}

// Every step, played by dragging the move it asks for, is done and Next
// leads to the following one; the last leads to the end, and the step
// reached is kept in the settings all along.
func TestLessonFromStartToEnd(t *testing.T) {
	for _, win := range [][2]float64{{1280, 800}, {360, 640}, {844, 390}} {
		lt := newLessonTable(t, win[0], win[1])
		steps := lesson.Steps()
		for i := range steps {
			if lt.l.i != i || lt.l.passed {
				t.Fatalf("%v: at step %d passed %v, want step %d waiting", win, lt.l.i, lt.l.passed, i)
			}
			m := lt.accepted()
			lt.play(m)
			if !lt.l.passed {
				t.Fatalf("%v: step %q: %s did not pass it (answer %q, message %q)", win, steps[i].Title, m.Notation(lt.gs.variant), lt.l.answer, lt.gs.msg)
			}
			if _, say, _, _ := lt.l.cardWords(); say != steps[i].Praise {
				t.Errorf("step %q done: the card says %q, want the praise", steps[i].Title, say)
			}
			if got := lt.a.Store.Settings().LessonStep; got != i+1 {
				t.Errorf("after step %d the settings keep step %d", i+1, got)
			}
			lt.press(lt.l.next)
		}
		if !lt.l.finished() {
			t.Fatalf("%v: not finished after the last step", win)
		}
		if title, _, _, _ := lt.l.cardWords(); title != "Well done" {
			t.Errorf("the end says %q", title)
		}
		lt.press(lt.l.play)
		if _, ok := lt.a.scenes.current.(*setupScene); !ok {
			t.Errorf("Play a game leads to %s, want New game", sceneName(lt.a.scenes.current))
		}
	}
}

// A legal move that is not the one asked for is not played and gets the
// step's friendly answer; an illegal one gets the rules' reason, as in a
// game; then the move asked for still passes the step.
func TestLessonAnswersOtherAndIllegalMoves(t *testing.T) {
	lt := newLessonTable(t, 1280, 800)
	lt.l.start(lt.a, 2) // Gobble: blue's small piece on b2, orange's on a1
	lt.tick()
	lt.sync()
	before := lt.gs.pos()
	lt.play(rules.Drop(3, sq(t, rules.Gobblers, "c3"))) // legal, gobbles nothing
	after := lt.gs.pos()
	if !before.Equal(&after) || lt.l.passed {
		t.Fatalf("a move not asked for was played: %s", after)
	}
	title, _, answer, warn := lt.l.cardWords()
	if answer != lesson.Steps()[2].Other || warn || title != "Gobble" {
		t.Errorf("answer %q warn %v, want the step's other answer", answer, warn)
	}
	lt.play(rules.Shift(sq(t, rules.Gobblers, "a1"), sq(t, rules.Gobblers, "b2"))) // small on small: illegal
	if _, _, answer, warn := lt.l.cardWords(); answer != "A piece can only cover a smaller piece." || !warn {
		t.Errorf("an illegal move answered %q warn %v, want the rules' reason", answer, warn)
	}
	after = lt.gs.pos()
	if !before.Equal(&after) {
		t.Fatalf("an illegal move changed the board: %s", after)
	}
	lt.play(rules.Drop(2, sq(t, rules.Gobblers, "b2")))
	if !lt.l.passed {
		t.Errorf("the gobble did not pass the step: %q %q", lt.l.answer, lt.gs.msg)
	}
	// once done, the board takes no more move until Next
	lt.play(rules.Drop(1, sq(t, rules.Gobblers, "c1")))
	if lt.gs.game.Plies() != 1 {
		t.Errorf("a move after the step was done was played: %d plies", lt.gs.game.Plies())
	}
}

// The keyboard plays the lesson too: a digit takes a reserve piece, the
// arrows and Enter put it down; Enter then goes on.
func TestLessonByKeyboard(t *testing.T) {
	lt := newLessonTable(t, 1280, 800)
	lt.key(ebiten.Key2, false)
	lt.key(ebiten.KeyEnter, false) // the cursor starts on a1
	if !lt.l.passed {
		t.Fatalf("a drop by the keyboard did not pass the first step: %q", lt.gs.msg)
	}
	lt.key(ebiten.KeyEnter, false)
	if lt.l.i != 1 || lt.l.passed {
		t.Errorf("Enter after the step: at step %d passed %v", lt.l.i, lt.l.passed)
	}
}

// Leaving (the Leave button or Esc) goes back where the lesson was opened
// from, and opening it again goes on at the step reached; once finished it
// starts again from the first.
func TestLessonIsLeftAndResumed(t *testing.T) {
	lt := newLessonTable(t, 1280, 800)
	lt.play(lt.accepted())
	lt.press(lt.l.next)
	lt.play(lt.accepted()) // step 2 done, Next not pressed
	lt.press(lt.l.leave)
	if lt.a.scenes.current != Scene(lt.menu) {
		t.Fatalf("Leave leads to %s", sceneName(lt.a.scenes.current))
	}
	if got := lt.a.Store.Settings().LessonStep; got != 2 {
		t.Fatalf("the settings keep step %d, want 2", got)
	}
	again := newLessonScene(lt.a, lt.menu).(*lessonScene)
	if again.i != 2 || again.passed {
		t.Errorf("resumed at step %d passed %v, want step 3 waiting", again.i+1, again.passed)
	}
	lt.a.scenes = sceneManager{current: again}
	lt.l = again
	lt.key(ebiten.KeyEscape, false)
	if lt.a.scenes.current != Scene(lt.menu) {
		t.Errorf("Esc leads to %s", sceneName(lt.a.scenes.current))
	}
	lt.a.Settings.LessonStep = len(lesson.Steps())
	if l := newLessonScene(lt.a, lt.menu).(*lessonScene); l.i != 0 {
		t.Errorf("a finished lesson opens at step %d, want the first", l.i+1)
	}
}

// The lesson plays no computer, keeps no game and counts none.
func TestLessonKeepsAndCountsNothing(t *testing.T) {
	lt := newLessonTable(t, 1280, 800)
	for range 5 { // up to the first win
		lt.play(lt.accepted())
		lt.press(lt.l.next)
	}
	if _, ok := lt.a.Store.LoadGame(); ok {
		t.Error("the lesson autosaved a game")
	}
	if rs, _ := lt.a.Store.Records(); len(rs) > 0 {
		t.Errorf("the lesson kept %d games", len(rs))
	}
	st := lt.a.Store.Stats()
	if st.Total(rules.Gobblers).Games() != 0 || len(st.Ratings) != 0 {
		t.Errorf("the lesson counted games: %+v", st)
	}
	if lt.gs.over {
		t.Error("the won step ended the game scene: a result card would show")
	}
}

// A newcomer's first menu offers the lesson; Not now is kept and the offer
// does not come back; Learn to play opens the lesson. A player with games
// counted, or a game to continue, is not offered it.
func TestMenuOffersTheLessonOnTheFirstStartOnly(t *testing.T) {
	for _, win := range [][2]float64{{1280, 800}, {360, 640}, {844, 390}} {
		lt := newLessonTable(t, win[0], win[1])
		a := lt.a
		a.Settings.LessonOffered = false // the lesson table opened the lesson
		a.saveSettings()
		m := newMenuScene(a)
		a.scenes = sceneManager{current: m}
		lt.tick()
		if m.offer == nil {
			t.Fatalf("%v: a first start does not offer the lesson", win)
		}
		for _, b := range m.list.Buttons {
			if m.offer.card.Y+m.offer.card.H > b.Rect.Y || m.offer.card.X < 0 || m.offer.card.X+m.offer.card.W > win[0] {
				t.Errorf("%v: the offer %v overlaps %s %v or leaves the window", win, m.offer.card, b.Label, b.Rect)
			}
		}
		lt.press(m.offer.not)
		if m.offer != nil || !a.Store.Settings().LessonOffered {
			t.Fatalf("%v: Not now left the offer (%v) or was not kept", win, m.offer)
		}
		if newMenuScene(a).offer != nil {
			t.Errorf("%v: the offer came back after Not now", win)
		}
	}

	lt := newLessonTable(t, 1280, 800)
	a := lt.a
	a.Settings.LessonOffered = false
	m := newMenuScene(a)
	a.scenes = sceneManager{current: m}
	lt.tick()
	lt.press(m.offer.yes)
	if _, ok := a.scenes.current.(*lessonScene); !ok || !a.Store.Settings().LessonOffered {
		t.Errorf("Learn to play leads to %s, offer kept %v", sceneName(a.scenes.current), a.Store.Settings().LessonOffered)
	}

	played := newHeadless(&scriptSource{}, 1280, 800)
	played.Store.(*MemoryStore).stats.Add(rules.Gobblers, "easy", record.Won)
	if newMenuScene(played).offer != nil {
		t.Error("a player with a game counted is offered the lesson")
	}
	begun := newHeadless(&scriptSource{}, 1280, 800)
	begun.Settings.LessonStep = 3
	if newMenuScene(begun).offer != nil {
		t.Error("a player who began the lesson is offered it")
	}
}

// A finished game against the computer on 4×4 moves the rating by the Elo
// formula; a hot-seat game does not.
func TestRatingAfterAGameAgainstTheComputer(t *testing.T) {
	s := vsAI(rules.Classic) // easy
	tb := newTable(t, s)
	tb.tick()
	tb.gs.resignToComputer(tb.a)
	tb.gs.resignToComputer(tb.a) // the second click confirms
	if !tb.gs.over {
		t.Fatal("the resignation did not end the game")
	}
	r, ok := tb.a.Store.Stats().RatingOf(rules.Classic)
	easy, _ := record.LevelRating(rules.Classic, "easy")
	want := record.StartRating - 40*record.Expected(record.StartRating, float64(easy))
	if !ok || r.Games != 1 || math.Abs(r.Rating-want) > 1e-9 {
		t.Errorf("rating after a loss to easy: %+v ok %v, want %v", r, ok, want)
	}

	hot := newTable(t, twoPlayers(rules.Classic))
	hot.tick()
	for _, mv := range []string{"4@a1", "4@a2", "4@b1", "4@b2", "4@c1", "4@c2", "3@d1"} {
		m, _ := rules.ParseMove(rules.Classic, mv)
		hot.gs.commit(hot.a, m, math.NaN(), math.NaN(), -1)
	}
	if !hot.gs.over {
		t.Fatal("the hot-seat game is not over")
	}
	if _, ok := hot.a.Store.Stats().RatingOf(rules.Classic); ok {
		t.Error("a hot-seat game was rated")
	}
}

// New game suggests, under the computer's level, the level of an even
// game by the player's rating: against the computer on 4×4 only, once
// rated; the form's choice is left as it was.
func TestNewGameSuggestsTheLevelOfAnEvenGame(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	lastSetup = defaultSetup()
	defer func() { lastSetup = defaultSetup() }()
	if h := newSetupScene(a).suggestion(); h != "" {
		t.Errorf("an unrated player is suggested %q", h)
	}
	st := &a.Store.(*MemoryStore).stats
	st.Ratings = []record.Rating{{Variant: "classic", Games: 30, Rating: 1700.4, History: []int{1650, 1700}}}
	sc := newSetupScene(a)
	a.scenes = sceneManager{current: sc}
	a.Update()
	want := "Suggested for you: Hard (your rating 1700)"
	if got := sc.suggestion(); got != want {
		t.Errorf("suggestion %q, want %q", got, want)
	}
	if sc.collect().Players[1].Level != "medium" {
		t.Errorf("the suggestion changed the chosen level to %s", sc.collect().Players[1].Level)
	}
	sc.variant.Sel = 1
	if h := sc.suggestion(); h != "" {
		t.Errorf("3×3 is suggested %q", h)
	}
	sc.variant.Sel, sc.mode.Sel = 0, modeTwoPlayers
	if h := sc.suggestion(); h != "" {
		t.Errorf("two players are suggested %q", h)
	}
}

func sq(t *testing.T, v rules.Variant, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(v, name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
