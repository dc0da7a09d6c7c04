package solve

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// randomGame plays up to n random legal moves from the start and returns the
// positions met (the last may be over).
func randomGame(rng *rand.Rand, n int) []rules.Position {
	p := rules.Start(rules.Gobblers)
	out := []rules.Position{p}
	var buf [rules.MaxMoves]rules.Move
	for range n {
		if _, over := p.Winner(); over {
			break
		}
		moves := p.LegalMoves(buf[:0])
		p = p.Play(moves[rng.IntN(len(moves))])
		out = append(out, p)
	}
	return out
}

func TestMovesMatchTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf [rules.MaxMoves]rules.Move
	for g := 0; g < 300; g++ {
		for _, p := range randomGame(rng, 40) {
			if _, over := p.Winner(); over {
				continue
			}
			var want []Board
			var wantOutcomes []Outcome
			for _, m := range p.LegalMoves(buf[:0]) {
				c := p.Play(m)
				o := GoesOn
				if w, ok := c.Winner(); ok {
					o = Loses
					if w == p.SideToMove() {
						o = Wins
					}
				}
				want = append(want, FromPosition(c).swap())
				wantOutcomes = append(wantOutcomes, o)
			}
			b := FromPosition(p)
			var got []Board
			var gotOutcomes []Outcome
			b.forEachMove(func(nb Board, o Outcome) {
				got = append(got, nb)
				gotOutcomes = append(gotOutcomes, o)
			})
			if len(got) != len(want) {
				t.Fatalf("%s: %d moves, the rules have %d", p, len(got), len(want))
			}
			for i := range want {
				j := slices.Index(got, want[i])
				if j < 0 || gotOutcomes[j] != wantOutcomes[i] {
					t.Fatalf("%s: move %d: board or outcome differs from the rules", p, i)
				}
			}
		}
	}
}

func TestEveryChildHasItsParentAsPredecessor(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var kids [maxMoves]Board
	var preds [maxPredecessors]Board
	for g := 0; g < 50; g++ {
		for _, p := range randomGame(rng, 40) {
			b := FromPosition(p)
			if b.Over() {
				continue
			}
			n, _, _ := b.expand(&kids)
			for _, k := range kids[:n] {
				m := k.predecessors(&preds)
				if !slices.Contains(preds[:m], b) {
					t.Fatalf("%s: a child does not list the position among its predecessors", p)
				}
				for _, r := range preds[:m] {
					var rk [maxMoves]Board
					rn, _, _ := r.expand(&rk)
					if !slices.Contains(rk[:rn], k) {
						t.Fatalf("%s: a predecessor of a child has no move to it", p)
					}
				}
			}
		}
	}
}

func TestIndexRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for g := 0; g < 200; g++ {
		for _, p := range randomGame(rng, 30) {
			b := FromPosition(p)
			if got := BoardAt(b.Index()); got != b {
				t.Fatalf("%s: index %d gives back another board", p, b.Index())
			}
			ci, stab := b.Canonical()
			ok, s := canonicalStab(ci)
			if !ok || s != stab {
				t.Fatalf("%s: canonical index %d not canonical (stab %d vs %d)", p, ci, s, stab)
			}
			for sym := rules.Symmetry(0); sym < rules.NumSymmetries; sym++ {
				q := FromPosition(p.Transform(sym))
				if qi, _ := q.Canonical(); qi != ci {
					t.Fatalf("%s: image %d has another canonical index", p, sym)
				}
			}
		}
	}
}

func BenchmarkExpandCanonical(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	var boards []Board
	for len(boards) < 1000 {
		for _, p := range randomGame(rng, 30) {
			if bd := FromPosition(p); !bd.Over() {
				boards = append(boards, bd)
			}
		}
	}
	var kids [maxMoves]Board
	moves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd := &boards[i%len(boards)]
		n, _, _ := bd.expand(&kids)
		for _, k := range kids[:n] {
			k.Canonical()
		}
		moves += n
	}
	b.ReportMetric(float64(moves)/float64(b.N), "kids/op")
}
