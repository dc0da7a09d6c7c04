package search

import (
	"math/rand/v2"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// The search decides "the mover wins at once" below the horizon without
// generating moves (winsAtOnce); it must agree with playing every legal
// move and asking the rules who won, in every position of random games,
// including shifts whose lift uncovers a line and shifts off the line
// itself onto its gap.
func TestWinsAtOnceAgreesWithPlayingEveryMove(t *testing.T) {
	for _, v := range rules.Variants {
		t.Run(v.String(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(v)+11, 3))
			var buf [rules.MaxMoves]rules.Move
			var wins, shiftOnly, uncovers int
			for game := 0; game < 3000; game++ {
				g := rules.NewGame(v)
				for !g.Over() && g.Plies() < 80 {
					p := g.Position()
					us := p.SideToMove()
					b := readBoard(&p)
					moves := p.LegalMoves(buf[:0])
					want, dropWin := false, false
					for _, m := range moves {
						c := p.Play(m)
						w, over := c.Winner()
						if over && w == us {
							want = true
							dropWin = dropWin || m.IsDrop()
						}
						if !m.IsDrop() && over && w != us {
							uncovers++
						}
					}
					got := winsAtOnce(&p, &b, us, gaps(v, b.vis[us]))
					if got != want {
						t.Fatalf("%s: winsAtOnce says %v, playing every move says %v", p, got, want)
					}
					if want {
						wins++
						if !dropWin {
							shiftOnly++
						}
					}
					_ = g.Play(moves[r.IntN(len(moves))])
				}
			}
			// The cases that make the test worth running must occur.
			if wins < 1000 || shiftOnly < 100 || uncovers < 100 {
				t.Fatalf("too few telling positions: %d wins, %d by a shift only, %d lifts that lose", wins, shiftOnly, uncovers)
			}
			t.Logf("%d wins at once (%d by a shift only), %d losing lifts", wins, shiftOnly, uncovers)
		})
	}
}
