//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Two windows of the game at once, on one config folder, each play a game:
// neither writes over the other's autosave, and the window opened second
// does not offer to continue the game the first is playing. Both killed,
// the next start continues the newest game, says where the other went, and
// lists it among the saved games.
func TestTwoWindowsKeepTheirOwnGames(t *testing.T) {
	cfg := t.TempDir()
	eng := startEngine(t)
	play := func(g *Game, file string) []string {
		u := g.startNewGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Easy")
		begin := g.logMark()
		before := g.logMark()
		g.makeMove(u, eng.best("gobblers", nil, "easy"), true)
		g.waitLogAfter(before, `^gobblet: move \d+ o \S+$`, 30*time.Second)
		played := g.moves(begin)
		for i := 0; i < 30 && !slices.Equal(savedMoves(t, cfg)[file], played); i++ {
			time.Sleep(100 * time.Millisecond)
		}
		return played
	}
	first := start(t, cfg)
	firstMoves := play(first, "current-game.gobblet")

	second := start(t, cfg) // its window opens over the first one
	if _, ok := second.ui().Widgets["Continue"]; ok {
		t.Fatal("the second window offers to continue the game the first one plays")
	}
	secondMoves := play(second, "current-game-2.gobblet")
	saved := savedMoves(t, cfg)
	if !slices.Equal(saved["current-game.gobblet"], firstMoves) || !slices.Equal(saved["current-game-2.gobblet"], secondMoves) {
		t.Fatalf("autosaves %v, want the first window's %v and the second's %v", saved, firstMoves, secondMoves)
	}
	second.kill9()
	first.kill9()

	next := start(t, cfg)
	next.waitLog(`^gobblet: notice You had unfinished games in two windows`, 5*time.Second)
	time.Sleep(1500 * time.Millisecond)
	next.shot("notice")
	mark := next.logMark()
	next.keyWhen("Return", "the notice dismissed", func() bool {
		return len(next.findLogAfter(mark, `^gobblet: notices dismissed`)) > 0
	})
	u := next.waitUI("menu", "", 5*time.Second)
	mark = next.logMark()
	next.click(u.Widget(t, "Continue"))
	u = next.waitUIAfter(mark, "game", "play", 10*time.Second)
	// the squares the second window's moves went to (a piece may gobble
	// the one before it, as Easy's reply 2@a2 on 1@a2 does): those and no
	// others hold a piece
	tops := topPieces(t, u.Position)
	squares := map[string]bool{}
	for _, m := range secondMoves {
		_, sq, _ := strings.Cut(m, "@")
		squares[sq] = true
	}
	for sq := range squares {
		if tops[sq] == "" || len(tops) != len(squares) {
			t.Errorf("Continue shows %s, want the second window's game (%v)", u.Position, secondMoves)
			break
		}
	}
	games, _ := os.ReadDir(filepath.Join(cfg, "games"))
	var kept []string
	for _, e := range games {
		kept = append(kept, e.Name())
	}
	if len(kept) != 1 || !strings.HasSuffix(kept[0], " gobblers human-easy.gobblet") {
		t.Errorf("saved games %q, want the first window's game", kept)
	}
	saved = savedMoves(t, cfg)
	if !slices.Equal(saved[filepath.Join("games", kept[0])], firstMoves) && !slices.Equal(saved[kept[0]], firstMoves) {
		t.Errorf("the saved game holds %v, want %v (files %v)", saved, firstMoves, keys(saved))
	}
	next.shot("continued")
}

// The joiner of an online game closed its window mid-game; at its next
// start Continue opens the board under a card that says the connection is
// gone and offers the computer or the menu, and the computer, whose turn it
// would be, does not move.
func TestContinueAnOnlineGameSaysTheConnectionIsGone(t *testing.T) {
	cfg := t.TempDir()
	game := `[Format "gobblet 1"]
[Variant "gobblers"]
[Date "2026-11-26 10:00:00"]
[X "network"]
[XName "Orange"]
[O "human"]
[OName "Blue"]
[Mode "network"]

1. 3@b2 1@a1
`
	if err := os.WriteFile(filepath.Join(cfg, "current-game.gobblet"), []byte(game), 0o600); err != nil {
		t.Fatal(err)
	}
	g := start(t, cfg)
	mark := g.logMark()
	g.click(g.ui().Widget(t, "Continue"))
	u := g.waitUIAfter(mark, "game", "", 10*time.Second)
	g.waitLog(`^gobblet: continue an online game: the connection is gone`, 5*time.Second)
	u = g.waitUIFunc("the card's buttons", mark, 5*time.Second, func(u *UI) bool {
		_, ok := u.Widgets["Finish against the AI"]
		return ok
	})
	time.Sleep(2 * time.Second) // the computer would have moved by now
	if n := len(g.moves(mark)); n != 0 {
		t.Fatalf("%d moves were played before the player chose", n)
	}
	g.shot("card")
	mark = g.logMark()
	g.click(u.Widget(t, "Main menu"))
	u = g.waitUIAfter(mark, "menu", "", 10*time.Second)
	if _, ok := u.Widgets["Continue"]; !ok {
		t.Error("the online game is no longer there for Continue")
	}
}

// gobblet --host from the command line keeps the unfinished game in Saved
// games before the online game's autosave takes its place, and says so.
func TestHostFromTheCommandLineKeepsTheUnfinishedGame(t *testing.T) {
	cfg := t.TempDir()
	game := `[Format "gobblet 1"]
[Variant "classic"]
[Date "2026-11-26 10:00:00"]
[X "human"]
[XName "Orange"]
[O "ai"]
[OName "Blue"]
[OLevel "easy"]
[Mode "human-ai"]

1. 4@b2 4@c3
`
	if err := os.WriteFile(filepath.Join(cfg, "current-game.gobblet"), []byte(game), 0o600); err != nil {
		t.Fatal(err)
	}
	g := startOn(t, "online", filepath.Join(binDir, "gobblet"), []string{"--config-dir", cfg, "--debug", "--host", "127.0.0.1:0"}, cfg, "GOBBLET_NOSOUND=1")
	time.Sleep(500 * time.Millisecond)
	g.shot("lobby")
	kept, _ := filepath.Glob(filepath.Join(cfg, "games", "*.gobblet"))
	if len(kept) != 1 {
		t.Fatalf("saved games %q, want the unfinished game", kept)
	}
	if _, err := os.Stat(filepath.Join(cfg, "current-game.gobblet")); err == nil {
		t.Error("the unfinished game is still the autosave, which the online game would write over")
	}
	if moves := savedMoves(t, cfg)[filepath.Join("games", filepath.Base(kept[0]))]; !slices.Equal(moves, []string{"4@b2", "4@c3"}) {
		t.Errorf("the saved game holds %v", moves)
	}
}

// A finished game that could not be kept in Saved games is still the
// autosave: Rematch does not write over it, and says why.
func TestRematchDoesNotWriteOverAFinishedGameNotKept(t *testing.T) {
	cfg := t.TempDir()
	game := `[Format "gobblet 1"]
[Variant "gobblers"]
[Date "2026-11-26 10:00:00"]
[X "human"]
[XName "Orange"]
[O "human"]
[OName "Blue"]
[Mode "two-players"]

1. 3@a1 1@a3 2. 3@b2 1@c1 3. 2@c3
`
	if err := os.WriteFile(filepath.Join(cfg, "current-game.gobblet"), []byte(game), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "games"), nil, 0o600); err != nil { // no game can be kept
		t.Fatal(err)
	}
	g := start(t, cfg)
	mark := g.logMark()
	g.click(g.ui().Widget(t, "Continue"))
	u := g.waitUIFunc("the result card", mark, 10*time.Second, func(u *UI) bool {
		_, ok := u.Widgets["Rematch"]
		return u.Scene == "game" && ok
	})
	mark = g.logMark()
	g.clickWhen(u.Widget(t, "Rematch"), "the notice", func() bool {
		return len(g.findLogAfter(mark, `^gobblet: notice Your finished game could not be kept in Saved games: `)) > 0
	})
	time.Sleep(1500 * time.Millisecond)
	g.shot("refused")
	if got := savedMoves(t, cfg)["current-game.gobblet"]; len(got) != 5 {
		t.Errorf("the autosave holds %v, want the finished game's 5 moves", got)
	}
}
