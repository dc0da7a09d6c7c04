package puzzle

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// TestProverAgreesWithTheSolution: on 3×3, where the solution knows every
// position's exact value, the prover's "wins within n plies" must be the
// solution's answer, for n = 1, 3, 5, on positions of random games.
func TestProverAgreesWithTheSolution(t *testing.T) {
	ctx := context.Background()
	sol, err := solve.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	games := 60
	if testing.Short() {
		games = 15
	}
	r := rand.New(rand.NewPCG(7, 23))
	var buf [rules.MaxMoves]rules.Move
	checked, wins := 0, 0
	for g := 0; g < games; g++ {
		p := rules.Start(rules.Gobblers)
		for ply := 0; ply < 30; ply++ {
			v, err := sol.Value(ctx, solve.FromPosition(p))
			if err != nil {
				t.Fatal(err)
			}
			pv := NewProver(ctx)
			for n := 1; n <= 5; n += 2 {
				got, err := pv.WinsWithin(p, n)
				if err != nil {
					t.Fatal(err)
				}
				want := v.IsWin() && v.Plies() <= n
				if got != want {
					t.Fatalf("%s: wins within %d plies: prover %v, solution %s", p, n, got, v)
				}
				checked++
				if got {
					wins++
				}
			}
			moves := p.LegalMoves(buf[:0])
			p = p.Play(moves[r.IntN(len(moves))])
			if _, over := p.Winner(); over {
				break
			}
		}
	}
	if wins == 0 || wins == checked {
		t.Errorf("%d wins of %d questions: the sample says nothing", wins, checked)
	}
}

// TestProverOnFourByFour: positions whose answers are plain to see.
func TestProverOnFourByFour(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, pos string
		plies     int
		want      bool
	}{
		// x shows a1, b1, c1: 4@d1 completes the rank.
		{"three in a row and a gap", "classic:.,.,.,./.,.,.,./o4,o4,.,./x4,x4,x4,.:x", 1, true},
		// o to move blocks the gap, and x has nothing else at once.
		{"the defender's move", "classic:.,.,.,./.,.,.,./o4,o4,.,./x4,x4,x4,.:o", 1, false},
		// The empty board: no one wins in three plies.
		{"the start", "classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := rules.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got, err := NewProver(ctx).WinsWithin(p, tc.plies)
			if err != nil || got != tc.want {
				t.Errorf("wins within %d: %v, %v; want %v", tc.plies, got, err, tc.want)
			}
		})
	}
}

func TestProverStopsAtItsBudgetAndWhenCancelled(t *testing.T) {
	p := rules.Start(rules.Classic)
	pv := NewProver(context.Background())
	pv.Budget = 1000
	if _, err := pv.WinsWithin(p, 5); !errors.Is(err, ErrBudget) {
		t.Errorf("budget: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewProver(ctx).WinsWithin(p, 7); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// BenchmarkProveWinInTwo measures the proof search on the set's 4×4
// puzzles of a win in two.
func BenchmarkProveWinInTwo(b *testing.B) {
	var pzs []Puzzle
	for _, pz := range All() {
		if pz.Variant == rules.Classic && pz.WinIn == 2 {
			pzs = append(pzs, pz)
		}
	}
	if len(pzs) == 0 {
		b.Skip("no 4×4 win in two in the set")
	}
	for i := 0; b.Loop(); i++ {
		if err := Prove(context.Background(), pzs[i%len(pzs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckEveryFirstMove4x4 judges every first move of each 4×4
// puzzle (one proof search per wrong move): what the Puzzles screen waits
// for after a move.
func BenchmarkCheckEveryFirstMove4x4(b *testing.B) {
	var pzs []Puzzle
	for _, pz := range All() {
		if pz.Variant == rules.Classic {
			pzs = append(pzs, pz)
		}
	}
	if len(pzs) == 0 {
		b.Skip("no 4×4 puzzle in the set")
	}
	var buf [rules.MaxMoves]rules.Move
	moves := 0
	for i := 0; b.Loop(); i++ {
		pz := pzs[i%len(pzs)]
		for _, m := range pz.Position.LegalMoves(buf[:0]) {
			if _, err := Check(context.Background(), pz, 0, pz.Position, m); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(max(moves, 1)), "µs/move")
}
