//go:build js

package search

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/coop/cooptest"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// In a browser the search shares the page's thread: Expert thinking on the
// classic opening must let the event loop run all along, so the page keeps
// drawing (issue 17: a frame at least every 50 ms).
func TestExpertLetsTheEventLoopRun(t *testing.T) {
	think := 3 * time.Second
	if testing.Short() {
		think = time.Second
	}
	lvl, err := LevelByName("expert")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(lvl.HashMiB)
	// The first search also waits for the browser to compile the search's
	// code, on first use: the second one shows the steady state.
	for _, run := range []string{"first", "second"} {
		opt := lvl.Options(Limits{MoveTime: think}, rand.New(rand.NewPCG(1, 2)))
		var res Result
		tu := cooptest.Watch(func() {
			res = s.Search(context.Background(), rules.NewGame(rules.Classic), opt)
		})
		t.Logf("expert, classic opening, %s search: depth %d, %d nodes in %v (%d nps); the event loop ran %d times, the longest wait %v",
			run, res.Depth, res.Nodes, res.Time.Round(time.Millisecond), res.Nodes*uint64(time.Second)/uint64(res.Time), tu.Count, tu.Longest)
		if want := int(think / (50 * time.Millisecond)); tu.Count < want {
			t.Errorf("%s search: the event loop ran %d times in %v of search, want at least %d (once per 50 ms)", run, tu.Count, think, want)
		}
	}
}
