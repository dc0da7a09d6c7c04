package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
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
	var playOn *ui.Button
	for _, b := range gs.reviewMenu.Buttons {
		if b.Label == playOnLabel() {
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
		if b.Label == playOnLabel() {
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

// A finished game that could not be kept in Saved games stays the
// autosave ("Continue still shows it"): Rematch, pause → Restart and the
// next game of an AI-vs-AI series do not start a game that would write
// over it; once the games folder works again they keep it, and count it,
// before starting.
func TestNoNewGameWritesOverAFinishedGameNotKept(t *testing.T) {
	paths := []struct {
		name  string
		setup setup
		start func(tb *table)
	}{
		{"Rematch", twoPlayers(rules.Gobblers), func(tb *table) { tb.gs.rematch(tb.a) }},
		{"Restart", vsAI(rules.Gobblers), func(tb *table) {
			tb.gs.openPause(tb.a)
			tb.gs.layoutPause(tb.a)
			for _, b := range tb.gs.pause.menu.Buttons {
				if b.Label == "Restart" {
					tb.click(b.Rect.Center())
					return
				}
			}
			tb.t.Fatal("the pause menu has no Restart")
		}},
		{"the series' next game", setup{Variant: rules.Gobblers, Mode: modeAIvsAI, Players: [2]playerChoice{{Level: "easy"}, {Level: "easy"}}}, func(tb *table) {
			tb.a.Tick = tb.gs.demo.nextGame
			tb.gs.updateOver(tb.a)
		}},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			tb := newTable(t, p.setup)
			fs, err := OpenFileStore(filepath.Join(t.TempDir(), "gobblet"))
			if err != nil {
				t.Fatal(err)
			}
			defer fs.Flush()
			tb.a.Store = fs
			games := fs.files.Path(settings.GamesFolder)
			if err := os.WriteFile(games, nil, 0o600); err != nil { // no game can be kept
				t.Fatal(err)
			}
			if err := tb.gs.game.PlayNotation([]string{"3@a1", "1@a3", "3@b2", "1@c1", "2@c3"}); err != nil {
				t.Fatal(err)
			}
			tb.gs.syncSlots()
			tb.a.Settings.KeepDemos = p.setup.Mode == modeAIvsAI // a demo is kept only when asked
			tb.gs.endGame(tb.a)
			if len(tb.a.notices) != 1 {
				t.Fatalf("notices %q", tb.a.notices)
			}
			tb.a.notices = nil

			p.start(tb)
			if tb.a.scenes.current != Scene(tb.gs) {
				t.Errorf("a new game started (%T) over the finished game that is not kept", tb.a.scenes.current)
			}
			if len(tb.a.notices) != 1 || !strings.HasPrefix(tb.a.notices[0], "Your finished game could not be kept in Saved games:") {
				t.Errorf("notices %q", tb.a.notices)
			}
			fs.wait()
			if rec, _ := fs.files.LoadGame(); rec == nil || len(rec.Moves) != 5 {
				t.Fatalf("the autosave is no longer the finished game: %+v", rec)
			}

			// the folder works again: the game is kept, then the new one starts
			os.Remove(games)
			tb.a.notices = nil
			tb.gs.demo.nextGame = tb.a.Tick
			p.start(tb)
			if tb.a.scenes.current == Scene(tb.gs) || len(tb.a.notices) != 0 {
				t.Fatalf("no new game (%T), notices %q", tb.a.scenes.current, tb.a.notices)
			}
			kept, _ := fs.Records()
			if len(kept) != 1 || kept[0].Record == nil || len(kept[0].Record.Moves) != 5 {
				t.Errorf("saved games %+v, want the finished game", kept)
			}
			if p.setup.Mode == modeHumanVsAI {
				st := fs.Stats()
				if n := st.Tally(rules.Gobblers, "easy").Games(); n != 1 {
					t.Errorf("the statistics count %d games, want the kept one", n)
				}
			}
		})
	}
}

// gobblet --host or --join from the command line keeps the unfinished game
// Continue would bring back in Saved games before the online game's
// autosave takes its place, and when it cannot be kept, the room closes and
// the menu says so.
func TestCommandLineOnlineGameKeepsTheUnfinishedGame(t *testing.T) {
	for _, blocked := range []bool{false, true} {
		a, fs, _ := openFiles(t)
		if blocked {
			if err := os.WriteFile(fs.files.Path(settings.GamesFolder), nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		s := vsAI(rules.Gobblers)
		a.Store.SaveGame(s.gameRecord(mustGame(t, rules.Gobblers, "3@b2", "1@a1")))
		sess, err := netplay.Host(netplay.HostConfig{Variant: rules.Gobblers, Colour: rules.X, Listen: "127.0.0.1:0"})
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		sc := startOnline(a, &OnlineStart{Session: sess, Host: true, Variant: rules.Gobblers, Colour: rules.X})
		fs.wait()
		kept, _ := fs.Records()
		rec, _ := fs.files.LoadGame()
		switch {
		case !blocked:
			if _, ok := sc.(*lobbyScene); !ok {
				t.Errorf("the room opens on %T", sc)
			}
			if len(kept) != 1 || kept[0].Record == nil || len(kept[0].Record.Moves) != 2 || rec != nil {
				t.Errorf("saved games %+v, autosave %+v: want the unfinished game kept, and no autosave", kept, rec)
			}
		default:
			if _, ok := sc.(*menuScene); !ok {
				t.Errorf("the room opens on %T though the unfinished game could not be kept", sc)
			}
			if rec == nil || len(rec.Moves) != 2 || len(a.notices) != 1 {
				t.Errorf("autosave %+v, notices %q", rec, a.notices)
			}
			select {
			case <-sess.Done():
			case <-time.After(5 * time.Second):
				t.Error("the room is still open")
			}
		}
	}
}

// A finished computer demo that the player did not ask to keep is not
// kept by the series' next game either: the next game starts, and Saved
// games stays the player's.
func TestTheSeriesDropsADemoNotAskedToKeep(t *testing.T) {
	tb := newTable(t, setup{Variant: rules.Gobblers, Mode: modeAIvsAI, Players: [2]playerChoice{{Level: "easy"}, {Level: "easy"}}})
	if err := tb.gs.game.PlayNotation([]string{"3@a1", "1@a3", "3@b2", "1@c1", "2@c3"}); err != nil {
		t.Fatal(err)
	}
	tb.gs.syncSlots()
	tb.gs.endGame(tb.a)
	tb.gs.autosave(tb.a)
	tb.a.Tick = tb.gs.demo.nextGame
	tb.gs.updateOver(tb.a)
	if tb.a.scenes.current == Scene(tb.gs) {
		t.Fatal("the series' next game did not start")
	}
	if recs, _ := tb.a.Store.Records(); len(recs) != 0 || len(tb.a.notices) != 0 {
		t.Errorf("the demo not asked for was kept (%d saved games) or said something: %q", len(recs), tb.a.notices)
	}
}
