package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// maxGobblersWin is the longest 3×3 win kept, in the solver's moves: longer
// ones are beyond what a person can see.
const maxGobblersWin = 5

// makeGobblers makes n 3×3 puzzles from positions of games played from
// the start by players who mostly keep their position's value, sometimes
// play any move that does not lose at once, and now and then any move at
// all: the positions people reach. A position is kept when its side to
// move wins and one move (up to symmetry) wins fastest. Each length of win
// gets its share, so the set runs from wins in one to the longest.
func makeGobblers(ctx context.Context, n int, seed uint64) ([]puzzle.Puzzle, error) {
	sol, err := solve.Load(ctx)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, 0x3b3))
	byWin := map[int][]puzzle.Puzzle{}
	seen := map[rules.Position]bool{}
	found := 0
	for game := 0; game < 20*n && found < 6*n; game++ {
		p := rules.Start(rules.Gobblers)
		for ply := 0; ply < 40; ply++ {
			mvs, err := solve.MoveValues(ctx, sol, p)
			if err != nil {
				return nil, err
			}
			if k := canon(p); !seen[k] {
				seen[k] = true
				if pz, ok, err := gobblersPuzzle(ctx, sol, p, mvs); err != nil {
					return nil, err
				} else if ok {
					byWin[pz.WinIn] = append(byWin[pz.WinIn], pz)
					found++
				}
			}
			m := pick(r, mvs)
			p = p.Play(m)
			if _, over := p.Winner(); over {
				break
			}
		}
	}
	// Shares: every length of win alike, what a short one lacks going to
	// the others.
	wins := make([]int, 0, len(byWin))
	for w := range byWin {
		wins = append(wins, w)
		r.Shuffle(len(byWin[w]), func(i, j int) { byWin[w][i], byWin[w][j] = byWin[w][j], byWin[w][i] })
	}
	sort.Ints(wins)
	var out []puzzle.Puzzle
	for len(out) < n {
		added := false
		for _, w := range wins {
			if len(byWin[w]) > 0 && len(out) < n {
				out = append(out, byWin[w][0])
				byWin[w] = byWin[w][1:]
				added = true
			}
		}
		if !added {
			break
		}
	}
	for i := range out {
		out[i].Rating, _, _ = grade(ctx, out[i])
	}
	if len(out) < n {
		return out, fmt.Errorf("found only %d puzzles, %d asked", len(out), n)
	}
	return out, nil
}

// pick chooses a move: mostly one that keeps the value, sometimes one that
// does not lose at once, rarely any.
func pick(r *rand.Rand, mvs []solve.MoveValue) rules.Move {
	best := mvs[0].Value
	for _, mv := range mvs {
		if mv.Value.Better(best) {
			best = mv.Value
		}
	}
	var keep, safe []rules.Move
	for _, mv := range mvs {
		if mv.Value.IsWin() == best.IsWin() && mv.Value.IsDraw() == best.IsDraw() && mv.Value.IsLoss() == best.IsLoss() {
			keep = append(keep, mv.Move)
		}
		if !(mv.Value.IsLoss() && mv.Value.Plies() <= 2) {
			safe = append(safe, mv.Move)
		}
	}
	switch x := r.Float64(); {
	case x < 0.55 && len(keep) > 0:
		return keep[r.IntN(len(keep))]
	case x < 0.9 && len(safe) > 0:
		return safe[r.IntN(len(safe))]
	}
	return mvs[r.IntN(len(mvs))].Move
}

// gobblersPuzzle makes the puzzle of p when its side to move wins with one
// fastest move (up to symmetry): the line follows the fastest win and the
// opponent's slowest loss.
func gobblersPuzzle(ctx context.Context, sol *solve.Solution, p rules.Position, mvs []solve.MoveValue) (puzzle.Puzzle, bool, error) {
	best := mvs[0]
	for _, mv := range mvs {
		if mv.Value.Better(best.Value) {
			best = mv
		}
	}
	if !best.Value.IsWin() || best.Value.Plies() > 2*maxGobblersWin-1 {
		return puzzle.Puzzle{}, false, nil
	}
	first := canon(p.Play(best.Move))
	for _, mv := range mvs {
		if mv.Value == best.Value && canon(p.Play(mv.Move)) != first {
			return puzzle.Puzzle{}, false, nil
		}
	}
	pz := puzzle.Puzzle{Variant: rules.Gobblers, Position: p}
	q := p
	m := best.Move
	for {
		pz.Solution = append(pz.Solution, m)
		q = q.Play(m)
		if _, over := q.Winner(); over {
			break
		}
		// The opponent's slowest loss; a reply that can only lose at once
		// (every move uncovers the solver's line) makes no puzzle.
		r, err := bestMove(ctx, sol, q)
		if err != nil {
			return puzzle.Puzzle{}, false, err
		}
		pz.Solution = append(pz.Solution, r)
		q = q.Play(r)
		if _, over := q.Winner(); over {
			return puzzle.Puzzle{}, false, nil
		}
		// The solver's fastest win.
		if m, err = bestMove(ctx, sol, q); err != nil {
			return puzzle.Puzzle{}, false, err
		}
	}
	pz.WinIn = (len(pz.Solution) + 1) / 2
	if best.Value.Plies()%2 == 0 {
		return puzzle.Puzzle{}, false, nil
	}
	if pz.Plies() != best.Value.Plies() {
		return puzzle.Puzzle{}, false, fmt.Errorf("the line from %s is %d plies, its value %s", p, pz.Plies(), best.Value)
	}
	return pz, true, nil
}

// bestMove is the side to move's best move by the solution.
func bestMove(ctx context.Context, sol *solve.Solution, p rules.Position) (rules.Move, error) {
	vals, err := solve.MoveValues(ctx, sol, p)
	if err != nil {
		return rules.NoMove, err
	}
	b := vals[0]
	for _, mv := range vals {
		if mv.Value.Better(b.Value) {
			b = mv
		}
	}
	return b.Move, nil
}
