package app

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// Starting a new game while Continue would bring one back keeps that game
// among the saved games: nothing the player played is lost.
func TestNewGameKeepsTheUnfinishedGame(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	s := vsAI(rules.Gobblers)
	old := s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1"))
	if err := a.Store.SaveGame(old); err != nil {
		t.Fatal(err)
	}
	press := func(k ebiten.Key) {
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{k}})
		for i := 0; i < fadeTicks+3; i++ {
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	a.scenes.GoTo(newSetupScene(a))
	press(ebiten.KeyEnter) // Start
	if _, ok := a.scenes.current.(*gameScene); !ok {
		t.Fatalf("Enter on New game should start a game, got %T", a.scenes.current)
	}
	kept, _ := a.Store.Records()
	if len(kept) != 1 || kept[0].Record == nil || len(kept[0].Record.Moves) != 2 {
		t.Fatalf("the unfinished game should be among the saved games, with its 2 moves; saved games: %+v", kept)
	}
	if sg, ok := a.Store.LoadGame(); ok && len(sg.Moves) > 0 {
		t.Errorf("Continue still offers the old game (%v) next to the new one", sg.Moves)
	}

	// a new game with no move played leaves nothing to keep
	a.scenes.GoTo(newSetupScene(a))
	press(ebiten.KeyEnter)
	if kept, _ := a.Store.Records(); len(kept) != 1 {
		t.Errorf("a game with no move was kept too: %d saved games", len(kept))
	}
}

func mustGame(t *testing.T, v rules.Variant, moves ...string) *rules.Game {
	t.Helper()
	g := rules.NewGame(v)
	if err := g.PlayNotation(moves); err != nil {
		t.Fatal(err)
	}
	return g
}

// A saved unfinished game opens in review with Play on, which starts the
// game from its last move with the same players.
func TestPlayOnASavedUnfinishedGame(t *testing.T) {
	p := newPlayer(t)
	ms := p.a.Store.(*MemoryStore)
	s := vsAI(rules.Classic)
	s.Players[1].Level = "hard"
	if _, err := ms.SaveRecord(s.gameRecord(mustGame(t, rules.Classic, "4@b2", "4@c3", "3@a1"))); err != nil {
		t.Fatal(err)
	}
	ss := newSavedScene(p.a)
	p.a.scenes = sceneManager{current: ss}
	p.tick()
	p.click(ss.rows[0].Center())
	gs := p.game()
	if gs == nil || gs.review != 3 {
		t.Fatal("a saved unfinished game should open in review at its last move")
	}
	var playOn *button
	for _, b := range gs.reviewMenu.Buttons {
		if b.Label == playOnLabel {
			playOn = b
		}
	}
	if playOn == nil {
		t.Fatal("the review of an unfinished saved game has no Play on button")
	}
	p.tick()
	p.click(playOn.Rect.Center())
	ng := p.game()
	if ng == nil || ng == gs || ng.review >= 0 || ng.reviewBack != nil {
		t.Fatalf("Play on should start the game itself, not a review")
	}
	if ng.game.Plies() != 3 || ng.setup.Mode != modeHumanVsAI || !ng.setup.Players[0].Human || ng.setup.Players[1].Human || ng.setup.Players[1].Level != "hard" {
		t.Errorf("Play on started %d plies, mode %d, players %+v; want 3 plies against the hard AI", ng.game.Plies(), ng.setup.Mode, ng.setup.Players)
	}

	// a finished game has nothing to play on
	g := mustGame(t, rules.Gobblers, "3@a1", "1@a3", "3@b2", "1@c1", "2@c3")
	gob := vsAI(rules.Gobblers)
	rec := gob.gameRecord(g)
	for _, b := range newReviewScene(p.a, rec, g, ss).reviewMenu.Buttons {
		if b.Label == playOnLabel {
			t.Error("the review of a finished game offers Play on")
		}
	}
}

// The New game screen's choices are kept in the settings, so the next run
// opens it as the player left it.
func TestNewGameChoicesSurviveARestart(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	a.Settings.NewGame = &settings.NewGame{Variant: "gobblers", Mode: "human-ai", Colour: 1, First: 1, Levels: [2]string{"perfect", "expert"}, Algorithms: [2]string{"", "alphabeta"}}
	sc := newSetupScene(a)
	if sc.variantValue() != rules.Gobblers || sc.mode.Sel != modeHumanVsAI || sc.colour.Sel != 1 || sc.first.Sel != 1 {
		t.Fatalf("New game opens with variant %v, mode %d, colour %d, first %d; want gobblers, you vs AI, blue, blue first",
			sc.variantValue(), sc.mode.Sel, sc.colour.Sel, sc.first.Sel)
	}
	if got := sc.collect(); got.Players[0].Level != "perfect" || got.Players[0].Algorithm != "" || got.Players[0].Human || !got.Players[1].Human {
		t.Fatalf("the computer (orange) should be perfect with the default algorithm, the person blue: %+v", got.Players)
	}
	// leave by Back after choosing Two players: the settings keep it
	a.scenes = sceneManager{current: sc}
	sc.mode.Sel = modeTwoPlayers
	sc.rebuild()
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	ng := a.Store.Settings().NewGame
	if ng == nil || ng.Mode != "two-players" || ng.Variant != "gobblers" || ng.Colour != 1 || ng.Levels[0] != "perfect" {
		t.Fatalf("the settings kept %+v", ng)
	}
	b := newHeadless(&scriptSource{}, 1280, 800) // the next run
	b.Settings = a.Store.Settings()
	if sc := newSetupScene(b); sc.mode.Sel != modeTwoPlayers || sc.variantValue() != rules.Gobblers || sc.first.Sel != 1 {
		t.Errorf("the next run's New game shows mode %d, variant %v, first %d", sc.mode.Sel, sc.variantValue(), sc.first.Sel)
	}
}
