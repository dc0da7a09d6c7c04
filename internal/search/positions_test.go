package search

import (
	"math/rand/v2"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// randomGame plays n random moves that neither win nor lose at once, so
// the result is a playable middle-game position.
func randomGame(tb testing.TB, v rules.Variant, n int, seed uint64) *rules.Game {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	g := rules.NewGame(v)
	var buf [rules.MaxMoves]rules.Move
	for g.Plies() < n {
		p := g.Position()
		moves := p.LegalMoves(buf[:0])
		var quiet []rules.Move
		for _, m := range moves {
			c := p.Play(m)
			if _, over := c.Winner(); over {
				continue
			}
			cb := readBoard(&c)
			var tb [10]threat
			if len(threats(&c, &cb, c.SideToMove(), tb[:0])) > 0 {
				continue
			}
			quiet = append(quiet, m)
		}
		if len(quiet) == 0 {
			break
		}
		if err := g.Play(quiet[r.IntN(len(quiet))]); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}
