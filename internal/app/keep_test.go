package app

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Starting a new game while Continue would bring one back keeps that game
// among the saved games: nothing the player played is lost.
func TestNewGameKeepsTheUnfinishedGame(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	s := vsAI(rules.Gobblers)
	old := s.saved(mustGame(t, rules.Gobblers, "3@b2", "1@a1"))
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
