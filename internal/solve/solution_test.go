package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// latePosition plays random moves that do not end the game from the start
// until at least minPieces pieces are on the board, and returns the position
// (false if every move ended the game first).
func latePosition(rng *rand.Rand, minPieces int) (rules.Position, bool) {
	p := rules.Start(rules.Gobblers)
	var buf [rules.MaxMoves]rules.Move
	for ply := 0; ply < 200; ply++ {
		if p.PieceCount(rules.X)+p.PieceCount(rules.O) >= minPieces {
			return p, true
		}
		moves := p.LegalMoves(buf[:0])
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		found := false
		for _, m := range moves {
			if c := p.Play(m); !gameOver(c) {
				p, found = c, true
				break
			}
		}
		if !found {
			return p, false
		}
	}
	return p, false
}

func gameOver(p rules.Position) bool {
	_, over := p.Winner()
	return over
}

// TestSolutionAgreesWithBruteForce checks the built-in solution against a
// plain minimax over the rules package on late-game positions (at most two
// pieces left in the two reserves together, then three, four): every
// position whose game ends within the brute force's horizon must get the same
// value, and every other one must be a draw or a longer game.
func TestSolutionAgreesWithBruteForce(t *testing.T) {
	sol, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(21, 22))
	positions, depth := 40, 6
	if testing.Short() {
		positions, depth = 15, 4
	}
	seen := map[string]bool{}
	values := map[Value]int{}
	checked, long := 0, 0
	for checked < positions {
		p, ok := latePosition(rng, 12-2-checked%3)
		if !ok || gameOver(p) {
			continue
		}
		got, err := sol.Value(context.Background(), FromPosition(p))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		// Wins in one are everywhere and easy; look harder at the rest.
		if got == WinIn(1) || seen[p.String()] {
			continue
		}
		seen[p.String()] = true
		checked++
		want, known := bruteForce(p, depth, map[bfKey]bfEntry{})
		switch {
		case known && got != want:
			t.Errorf("%s: solution says %s, brute force %s", p, got, want)
		case !known && !got.IsDraw() && got.Plies() <= depth:
			t.Errorf("%s: solution says %s, brute force finds no result within %d plies", p, got, depth)
		case !known:
			long++
		}
		values[got]++
	}
	t.Logf("%d positions, %d beyond the horizon; values seen %v", checked, long, values)
}

// TestSolutionIsSymmetric checks that the 8 images of a position get one
// value.
func TestSolutionIsSymmetric(t *testing.T) {
	sol, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(23, 24))
	for n := 0; n < 50; n++ {
		p, ok := latePosition(rng, 4+n%8)
		if !ok {
			continue
		}
		want, err := sol.Value(context.Background(), FromPosition(p))
		if err != nil {
			t.Fatal(err)
		}
		for s := rules.Symmetry(0); s < rules.NumSymmetries; s++ {
			got, err := sol.Value(context.Background(), FromPosition(p.Transform(s)))
			if err != nil || got != want {
				t.Fatalf("%s under symmetry %d: %v %v, want %v", p, s, got, err, want)
			}
		}
	}
}

// TestValuesFollowFromTheMoves checks each sampled position's value against
// its moves' values: a win in n has a move worth a win in n and none
// better, a loss in n has only losing moves, the slowest a loss in n, and a
// draw has a drawing move and no winning one.
func TestValuesFollowFromTheMoves(t *testing.T) {
	sol, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(25, 26))
	for n := 0; n < 300; n++ {
		p, ok := latePosition(rng, n%13)
		if !ok {
			continue
		}
		checkBellman(t, sol, p)
	}
}

// TestDrawsHoldUp takes drawn boards from the built-in table and checks
// that their moves agree and that no side forces a result within a short
// brute-force horizon.
func TestDrawsHoldUp(t *testing.T) {
	sol, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	s := sol.sparse
	draws := 0
	for j := 0; j < s.Len() && draws < 40; j += s.Len() / 4000 {
		if s.values[j] != Draw {
			continue
		}
		draws++
		i := s.index(j)
		b := BoardAt(i)
		p, err := b.Position(rules.X)
		if err != nil {
			t.Fatal(err)
		}
		checkBellman(t, sol, p)
		if v, known := bruteForce(p, 4, map[bfKey]bfEntry{}); known {
			t.Errorf("%s: stored as a draw, brute force finds %s", p, v)
		}
	}
	if draws < 10 {
		t.Fatalf("only %d draws found in the table", draws)
	}
}

func checkBellman(t *testing.T, sol *Solution, p rules.Position) {
	t.Helper()
	v, err := sol.Value(context.Background(), FromPosition(p))
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	moves, err := MoveValues(context.Background(), sol, p)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	best := moves[0].Value
	for _, mv := range moves {
		if mv.Value.Better(best) {
			best = mv.Value
		}
	}
	if best != v {
		t.Errorf("%s: valued %s but its best move is worth %s", p, v, best)
	}
}

func TestPositionRebuildsTheBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for n := 0; n < 100; n++ {
		p, ok := latePosition(rng, n%13)
		if !ok {
			continue
		}
		b := FromPosition(p)
		r, err := b.Position(p.SideToMove())
		if err != nil || !r.Equal(&p) || r.Hash() != p.Hash() {
			t.Fatalf("Position(%s) = %s, %v", p, r, err)
		}
	}
}

// TestPublishedFigures checks the solution's two figures a unit test can
// afford: the first player wins in 13 plies, and an opening medium piece
// loses wherever it goes while small and large pieces win. The third, the
// count of reachable positions, takes minutes: `gobblet-engine solve -reach`.
func TestPublishedFigures(t *testing.T) {
	sol, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	start := rules.Start(rules.Gobblers)
	v, err := sol.Value(context.Background(), FromPosition(start))
	if err != nil || v != WinIn(13) {
		t.Errorf("start position: %v %v, want win 13", v, err)
	}
	moves, err := MoveValues(context.Background(), sol, start)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		name := mv.Move.Notation(rules.Gobblers)
		if mv.Move.Size == 2 && !mv.Value.IsLoss() {
			t.Errorf("%s: %s, want a loss", name, mv.Value)
		}
		if mv.Move.Size != 2 && !mv.Value.IsWin() {
			t.Errorf("%s: %s, want a win", name, mv.Value)
		}
	}
}

func BenchmarkMoveValues(b *testing.B) {
	sol, err := Embedded()
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(29, 30))
	var positions []rules.Position
	for len(positions) < 200 {
		if p, ok := latePosition(rng, len(positions)%13); ok {
			positions = append(positions, p)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := MoveValues(context.Background(), sol, positions[i%len(positions)]); err != nil {
			b.Fatal(err)
		}
	}
}
