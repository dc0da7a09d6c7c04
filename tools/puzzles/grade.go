package main

import (
	"context"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

// The grade. A puzzle's rating, on the Elo scale, is
//
//	rating = 600 + 280·(WinIn−1) + 60·min(decoys, 8) + 150·[hidden]
//
// clamped to 600..2200, where
//   - WinIn is the number of the solver's moves to the win;
//   - decoys are the other moves (one per resulting position up to
//     symmetry) that a shallow search (two plies of minimax and its
//     forcing lines: what a quick look sees) rates within decoyMargin of
//     its best move, or rates as good as the solution's move: moves that
//     look as plausible as the answer and are not;
//   - hidden is 1 when that shallow search does not put the solution's
//     move first (the win is beyond a quick look).
//
// A win in one with nothing else tempting is 600; each further move of the
// win adds 280, each plausible alternative 60.
const (
	baseRating  = 600
	perMove     = 280
	perDecoy    = 60
	maxDecoys   = 8
	hiddenBonus = 150
	decoyMargin = 60
)

// shallow is the quick look: minimax to two plies, with the search's
// forcing lines past them.
func shallow(ctx context.Context, p rules.Position) search.Result {
	s := search.NewSearcher(1)
	return s.Search(ctx, rules.NewGameFrom(p), search.Options{Algorithm: search.Minimax, Limits: search.Limits{Depth: 2}})
}

// grade returns a puzzle's rating and the numbers it came from.
func grade(ctx context.Context, pz puzzle.Puzzle) (rating, decoys int, hidden bool) {
	p := pz.Position
	res := shallow(ctx, p)
	best := res.Root[0].Score
	for _, rm := range res.Root {
		best = max(best, rm.Score)
	}
	solScore := best
	first := p.Play(pz.Solution[0])
	for _, rm := range res.Root {
		if rm.Move == pz.Solution[0] {
			solScore = rm.Score
		}
	}
	hidden = solScore < best
	seen := map[rules.Position]bool{canon(first): true}
	for _, rm := range res.Root {
		c := p.Play(rm.Move)
		k := canon(c)
		if seen[k] {
			continue
		}
		seen[k] = true
		if rm.Score >= best-decoyMargin || rm.Score >= solScore {
			decoys++
		}
	}
	rating = baseRating + perMove*(pz.WinIn-1) + perDecoy*min(decoys, maxDecoys)
	if hidden {
		rating += hiddenBonus
	}
	return min(max(rating, puzzle.MinRating), puzzle.MaxRating), decoys, hidden
}

// canon is the position's representative under the board's symmetries.
func canon(p rules.Position) rules.Position {
	c, _ := p.Canonical()
	return c
}
