package solve

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestReachCountsWhatTheRulesReach compares Reach, cut at a few plies, with
// a breadth-first search over the rules package's moves that folds
// positions by hand: the least index over the 8 images, seen from the mover.
func TestReachCountsWhatTheRulesReach(t *testing.T) {
	// The breadth-first search over the rules is one goroutine's work, ten
	// times slower under the race detector: there it checks Reach's
	// workers at 3 plies, and make unit runs it at 5 without -race.
	plies := 5
	if raceEnabled {
		plies = 3
	}
	key := func(p rules.Position) Index {
		best := Index(Boards)
		for s := rules.Symmetry(0); s < rules.NumSymmetries; s++ {
			b := FromPosition(p.Transform(s))
			best = min(best, b.Index())
		}
		return best
	}
	seen := map[Index]bool{key(rules.Start(rules.Gobblers)): true}
	frontier := []rules.Position{rules.Start(rules.Gobblers)}
	var ongoing, over uint64
	var buf [rules.MaxMoves]rules.Move
	for ply := 0; ply <= plies; ply++ {
		ongoing += uint64(len(frontier))
		if ply == plies {
			break
		}
		var next []rules.Position
		for _, p := range frontier {
			for _, m := range p.LegalMoves(buf[:0]) {
				c := p.Play(m)
				k := key(c)
				if seen[k] {
					continue
				}
				seen[k] = true
				if _, done := c.Winner(); done {
					over++
					continue
				}
				next = append(next, c)
			}
		}
		frontier = next
	}
	gotOngoing, gotOver, set := Reach(2, plies, func(string, ...any) {})
	if gotOngoing != ongoing || gotOver != over {
		t.Fatalf("Reach to ply %d: %d going on, %d over; the rules give %d and %d", plies, gotOngoing, gotOver, ongoing, over)
	}
	for k := range seen {
		if !set.Has(k) {
			t.Fatalf("index %d reached by the rules, not by Reach", k)
		}
	}
	t.Logf("%d positions going on, %d over", ongoing, over)
}
