package main

import (
	"context"
	"errors"
	"log"
	"sort"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

// The 4×4 candidates' filters.
const (
	// prefilterNodes is the budget of the search that looks for a proven
	// win before the proof search is asked.
	prefilterNodes = 150_000
	// proofBudget is the most nodes the proof search spends on one
	// candidate; a candidate it cannot settle is dropped.
	proofBudget = 40_000_000
	// alternatives is how many of the mover's moves, best first by a
	// shallow search, give candidates besides the game's own move.
	alternatives = 3
	// openingPlies random but safe moves start each game (ai.Opening).
	openingPlies = 4
	// maxGamePlies ends a game that goes on too long.
	maxGamePlies = 80
	// maxPerGame is the most puzzles kept from one game, so that the set
	// is not many steps of the same few lines.
	maxPerGame = 3
	// winInOneShare is the most of the 4×4 set that may be wins in one.
	winInOneShare = 0.15
)

// makeClassic plays up to games self-play games of level (each from a few
// random safe opening moves) and makes puzzles from the positions they
// reach and the positions one plausible move away from them, until about
// n puzzles are found. Each candidate that a short search sees as a proven
// win within maxWin moves goes to the proof search (puzzle.Prover): the
// shortest win is found exactly, and the position is kept when one move
// (up to symmetry) gives it.
func makeClassic(ctx context.Context, n, games int, level string, seed uint64, maxWin, workers int, until time.Time) ([]puzzle.Puzzle, error) {
	var (
		mu    sync.Mutex
		seen  = map[rules.Position]bool{}
		found = map[int][]puzzle.Puzzle{}
		total int
		next  int
		wg    sync.WaitGroup
		ferr  error
	)
	enough := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return total >= n+n/4 || ferr != nil || time.Now().After(until)
	}
	start := time.Now()
	for w := 0; w < max(workers, 1); w++ {
		wg.Go(func() {
			for !enough() {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= games {
					return
				}
				positions, err := playGame(ctx, level, seed*1_000_003+uint64(g))
				if err != nil {
					mu.Lock()
					ferr = err
					mu.Unlock()
					return
				}
				var mine []puzzle.Puzzle
				for _, p := range candidates(ctx, positions) {
					mu.Lock()
					k := canon(p)
					dup := seen[k]
					seen[k] = true
					mu.Unlock()
					if dup {
						continue
					}
					pz, ok := classicPuzzle(ctx, p, maxWin)
					if !ok {
						continue
					}
					mine = append(mine, pz)
				}
				kept := perGame(mine)
				mu.Lock()
				for _, pz := range kept {
					pz.Rating, _, _ = grade(ctx, pz)
					found[pz.WinIn] = append(found[pz.WinIn], pz)
					total++
					log.Printf("found %s", puzzle.Format(pz))
				}
				log.Printf("4×4 game %d: %d plies, %d puzzles found, %d kept; %d in all (%s)", g, len(positions)-1, len(mine), len(kept), total, time.Since(start).Round(time.Second))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if ferr != nil {
		return nil, ferr
	}
	// Wins in one are easy to find and dull: a few of them at most.
	var out []puzzle.Puzzle
	wins := make([]int, 0, len(found))
	for w := range found {
		wins = append(wins, w)
	}
	sort.Ints(wins)
	for _, w := range wins {
		list := found[w]
		if w == 1 {
			list = list[:min(len(list), int(float64(n)*winInOneShare+0.5))]
		}
		out = append(out, list...)
	}
	if len(out) > n {
		// Keep the longer wins: drop the surplus from the short end.
		out = out[len(out)-n:]
	}
	if len(out) == 0 {
		return nil, errors.New("no 4×4 puzzle found")
	}
	return out, nil
}

// perGame keeps at most maxPerGame of one game's puzzles, one per length
// of win, the longest first.
func perGame(all []puzzle.Puzzle) []puzzle.Puzzle {
	sort.SliceStable(all, func(i, j int) bool { return all[i].WinIn > all[j].WinIn })
	var out []puzzle.Puzzle
	seen := map[int]bool{}
	for _, pz := range all {
		if !seen[pz.WinIn] && len(out) < maxPerGame {
			seen[pz.WinIn] = true
			out = append(out, pz)
		}
	}
	return out
}

// playGame plays one self-play game of level and returns its positions,
// the last where it ended.
func playGame(ctx context.Context, level string, seed uint64) ([]rules.Position, error) {
	g := rules.NewGame(rules.Classic)
	for _, m := range ai.Opening(rules.Classic, openingPlies, seed) {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	players := [2]ai.Player{
		ai.NewLevelPlayer(ai.Config{Level: level, Seed: seed, Threads: 1}),
		ai.NewLevelPlayer(ai.Config{Level: level, Seed: seed + 1, Threads: 1}),
	}
	for !g.Over() && g.Plies() < maxGamePlies {
		m, err := players[g.Plies()%2].Move(ctx, g)
		if err != nil {
			return nil, err
		}
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return g.History(), nil
}

// candidates are the game's positions where it goes on, and after each the
// positions the mover's other plausible moves (best first by the shallow
// look) would have left.
func candidates(ctx context.Context, positions []rules.Position) []rules.Position {
	var out []rules.Position
	for _, p := range positions {
		if _, over := p.Winner(); over {
			continue
		}
		out = append(out, p)
		res := shallow(ctx, p)
		root := append([]search.RootMove(nil), res.Root...)
		sort.SliceStable(root, func(i, j int) bool { return root[i].Score > root[j].Score })
		for _, rm := range root[:min(len(root), alternatives)] {
			c := p.Play(rm.Move)
			if _, over := c.Winner(); !over {
				out = append(out, c)
			}
		}
	}
	return out
}

// classicPuzzle makes the puzzle of p when its side to move has a forced
// win within maxWin moves, proven, and one move (up to symmetry) wins
// fastest.
func classicPuzzle(ctx context.Context, p rules.Position, maxWin int) (puzzle.Puzzle, bool) {
	// The search's proven score first: cheap, and it finds most wins.
	res := search.NewSearcher(4).Search(ctx, rules.NewGameFrom(p), search.Options{Limits: search.Limits{Nodes: prefilterNodes}})
	if !search.IsProven(res.Score) || res.Score < 0 || search.PliesToEnd(res.Score) > 2*maxWin-1 {
		return puzzle.Puzzle{}, false
	}
	pv := puzzle.NewProver(ctx)
	pv.Budget = proofBudget
	plies := 0
	for k := 1; k <= 2*maxWin-1; k += 2 {
		w, err := pv.WinsWithin(p, k)
		if err != nil {
			return puzzle.Puzzle{}, false
		}
		if w {
			plies = k
			break
		}
	}
	if plies == 0 {
		return puzzle.Puzzle{}, false
	}
	var buf [rules.MaxMoves]rules.Move
	first := rules.NoMove
	var firstPos rules.Position
	for _, m := range p.LegalMoves(buf[:0]) {
		w, err := pv.MoveWinsWithin(p, m, plies)
		if err != nil {
			return puzzle.Puzzle{}, false
		}
		if !w {
			continue
		}
		c := canon(p.Play(m))
		switch {
		case first.IsNone():
			first, firstPos = m, c
		case c != firstPos:
			return puzzle.Puzzle{}, false // two ways to win as fast
		}
	}
	line, err := pv.MainLine(p, first, plies)
	if err != nil {
		return puzzle.Puzzle{}, false
	}
	pz := puzzle.Puzzle{Variant: rules.Classic, Position: p, Solution: line, WinIn: (len(line) + 1) / 2}
	if pz.Plies() != plies {
		return puzzle.Puzzle{}, false
	}
	return pz, true
}
