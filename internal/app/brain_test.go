package app

import (
	"context"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
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

// A pause stops the computer's search; resumed, the search goes on with
// the time it had left (its engine keeps its table), and a move already
// found before the pause is played without looking again.
func TestAPauseKeepsWhatTheSearchHadDone(t *testing.T) {
	b := newBrain(func() Thinker { return &blockingThinker{} })
	g := rules.NewGame(rules.Gobblers)
	cfg := ai.Config{Level: "expert"}
	b.start(g, 1, cfg, forMove, 0)
	first := b.asked
	time.Sleep(30 * time.Millisecond)
	b.stop() // the pause
	time.Sleep(20 * time.Millisecond)
	b.start(g, 1, cfg, forMove, 10) // resumed
	if spent := b.since.Sub(b.asked); spent < 30*time.Millisecond || b.asked.Sub(first) > 20*time.Millisecond+spent {
		t.Errorf("the resumed search counts %v as spent, want the 30 ms or more it had run before the pause (and not the pause)", spent)
	}
	b.stop()
	b.start(g, 0, cfg, forMove, 20) // another player's question is new
	if !b.asked.Equal(b.since) {
		t.Errorf("a new question starts with %v already spent", b.since.Sub(b.asked))
	}

	// Found, then paused before it was played: asked again, it answers at once.
	m := rules.Drop(2, rules.SquareAt(rules.Gobblers, 1, 1))
	b.stop()
	b.found = foundMove{key: searchKey(g, 1, "expert", forMove), move: m}
	b.start(g, 1, cfg, forMove, 30)
	ans, ok := b.poll()
	if !ok || ans.move != m {
		t.Errorf("asked again after a pause, the brain answered %v (%v), want the move it had found, %v", ans.move, ok, m)
	}
	g.Play(m)
	b.start(g, 0, cfg, forMove, 40)
	if _, ok := b.poll(); ok {
		t.Error("a new position was answered at once from an old search")
	}
}

// blockingThinker thinks until it is cancelled.
type blockingThinker struct{}

func (blockingThinker) Think(ctx context.Context, g *rules.Game, _ ai.Config, _ func(ai.Info)) (rules.Move, error) {
	<-ctx.Done()
	return rules.NoMove, ctx.Err()
}
