package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// samplePositions returns n reachable gobblers positions where the game goes
// on, from random games: half play any move, half avoid moves that end the
// game while they can, to reach crowded late positions.
func samplePositions(rng *rand.Rand, n int) []rules.Position {
	var out []rules.Position
	var buf [rules.MaxMoves]rules.Move
	for len(out) < n {
		avoidEnds := rng.IntN(2) == 0
		stop := rng.IntN(60)
		p := rules.Start(rules.Gobblers)
		for ply := 0; ply <= stop; ply++ {
			out = append(out, p)
			moves := p.LegalMoves(buf[:0])
			rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			next := p.Play(moves[0])
			if avoidEnds {
				for _, m := range moves {
					if c := p.Play(m); !over(c) {
						next = c
						break
					}
				}
			}
			if over(next) {
				break
			}
			p = next
		}
	}
	return out[:n]
}

func over(p rules.Position) bool {
	_, ok := p.Winner()
	return ok
}

// uniformPositions returns n positions where the game goes on drawn
// uniformly from the set of reachable positions (each with x to move).
func uniformPositions(rng *rand.Rand, reachable *solve.Set, n int) ([]rules.Position, error) {
	var out []rules.Position
	for len(out) < n {
		i := solve.Index(rng.Uint32N(solve.Boards))
		if !reachable.Has(i) {
			continue
		}
		b := solve.BoardAt(i)
		if b.Over() {
			continue
		}
		p, err := b.Position(rules.X)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// checkSolution times ai.Analyse (the embedded solution) on n sampled
// positions (drawn uniformly from the reachable set if given, else from
// random games) and, given the full table, compares every move value with
// it.
func checkSolution(t *solve.Table, reachable *solve.Set, n int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	var positions []rules.Position
	if reachable != nil {
		var err error
		if positions, err = uniformPositions(rng, reachable, n); err != nil {
			return err
		}
	} else {
		positions = samplePositions(rng, n)
	}
	if _, err := solve.Embedded(); err != nil {
		return err
	}
	// CPU time of this thread, apart from the wall clock, tells the work
	// from the waits of a busy machine.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var worstCPU time.Duration
	var slowestCPU rules.Position
	times := make([]time.Duration, 0, n)
	var slowest rules.Position
	var worst time.Duration
	moves := 0
	for k, p := range positions {
		g := rules.NewGameFrom(p)
		start, cpu := time.Now(), threadCPU()
		values, err := ai.Analyse(context.Background(), g)
		el, elCPU := time.Since(start), threadCPU()-cpu
		if elCPU > worstCPU {
			worstCPU, slowestCPU = elCPU, p
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if el > worst {
			worst, slowest = el, p
		}
		times = append(times, el)
		moves += len(values)
		if t != nil {
			want, err := solve.MoveValues(context.Background(), t, p)
			if err != nil {
				return err
			}
			for i, mv := range values {
				if got := fromScore(mv); got != want[i].Value {
					return fmt.Errorf("%s: move %s: embedded solution says %s, full table %s",
						p, mv.Move.Notation(rules.Gobblers), got, want[i].Value)
				}
			}
		}
		if (k+1)%10000 == 0 {
			fmt.Printf("checked %d positions, slowest %s\n", k+1, worst)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	var total time.Duration
	for _, d := range times {
		total += d
	}
	fmt.Printf("analyse: %d positions, %d moves valued%s; time per position mean %s, median %s, 99.9%% %s, slowest %s (%s)\n",
		len(times), moves, map[bool]string{true: " and matched against the full table", false: ""}[t != nil],
		total/time.Duration(len(times)), times[len(times)/2], times[len(times)*999/1000], times[len(times)-1], slowest)
	fmt.Printf("analyse: most CPU time for one position %s (%s)\n", worstCPU, slowestCPU)
	return nil
}

func fromScore(mv ai.MoveValue) solve.Value {
	switch {
	case mv.Draw:
		return solve.Draw
	case mv.Score.Kind == ai.WinIn:
		return solve.WinIn(mv.Score.Value)
	}
	return solve.LossIn(mv.Score.Value)
}
