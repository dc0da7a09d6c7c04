package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// A finished game lets its computer players go, and their transposition
// tables with them: they are not kept for a game nobody plays.
func TestTheComputerPlayersGoWhenTheGameEnds(t *testing.T) {
	tb := newTable(t, vsAI(rules.Gobblers))
	if err := tb.gs.game.PlayNotation([]string{"3@a1", "1@a3", "3@b2"}); err != nil {
		t.Fatal(err)
	}
	tb.gs.syncSlots()
	tb.until("the computer thinks", func() bool { return tb.ai.searches() == 1 })
	if tb.gs.brain.players == [3]Thinker{} {
		t.Fatal("no computer player while the computer thinks")
	}
	m, err := rules.ParseMove(rules.Gobblers, "1@c1")
	if err != nil {
		t.Fatal(err)
	}
	tb.ai.answers <- m
	tb.until("the computer's move", func() bool { return tb.gs.game.Plies() == 4 })
	tb.drag(tb.slotXY(0, 1, "c3")) // orange's medium completes the diagonal a1-b2-c3
	if !tb.gs.over {
		t.Fatalf("the game should be over after %q", tb.moves())
	}
	if tb.gs.brain.players != [3]Thinker{} {
		t.Errorf("the finished game still holds its computer players: %v", tb.gs.brain.players)
	}
}
