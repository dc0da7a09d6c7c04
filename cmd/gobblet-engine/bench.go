package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

const benchUsage = `usage: gobblet-engine bench [flags]

Searches a fixed set of positions of both variants to fixed depths, each
with a fresh table, and prints each position's depth, nodes and time, then
a last line: bench nodes N time MS nps N.

`

func runBench(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	helpOutput(fs, args, os.Stdout)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), benchUsage)
		fs.PrintDefaults()
	}
	threads := fs.Int("threads", 1, "search goroutines sharing the table")
	hash := fs.Int("hash", 16, "table size in MiB")
	deeper := fs.Int("deeper", 0, "plies added to (or, negative, taken from) every position's depth")
	depthIn := fs.Duration("depth-in", 0, "instead: the median depth completed in this time (and within level hard's budget) on classic middle-game positions")
	positions := fs.Int("positions", 20, "middle-game positions for -depth-in and -level")
	level := fs.String("level", "", "instead: the wall-clock time of this level's moves on classic middle-game positions, each asked of a new player (so it makes its table, as at a game's first move)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *depthIn > 0 {
		return depthReached(*depthIn, *positions, *threads, *hash)
	}
	if *level != "" {
		return moveTimes(*level, *positions)
	}
	var nodes uint64
	var total time.Duration
	for _, v := range rules.Variants {
		for _, bp := range search.BenchPositions(v) {
			p, err := rules.ParsePosition(bp.Position)
			if err != nil {
				return err
			}
			depth := max(1, bp.Depth+*deeper)
			s := search.NewSearcher(*hash)
			start := time.Now()
			res := s.Search(context.Background(), rules.NewGameFrom(p), search.Options{Limits: search.Limits{Depth: depth}, Threads: *threads})
			el := time.Since(start)
			nodes += res.Nodes
			total += el
			fmt.Printf("%-60s depth %2d nodes %9d time %6d best %s\n", bp.Position, res.Depth, res.Nodes, el.Milliseconds(), res.Move.Notation(v))
		}
	}
	fmt.Printf("bench nodes %d time %d nps %d\n", nodes, total.Milliseconds(), uint64(float64(nodes)/max(total.Seconds(), 1e-9)))
	return nil
}

// middleGame returns the i-th classic middle-game position: 8 to 14 random
// plies that neither win nor lose at once.
func middleGame(i int) (*rules.Game, error) {
	g := rules.NewGame(rules.Classic)
	for _, m := range ai.Opening(rules.Classic, 8+i%7, uint64(1000+i)) {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// moveTimes asks a level for a move in n middle-game positions, each of a
// new player, and prints the wall-clock time from the question to the
// answer: each, then the median and the longest beside the level's limit.
func moveTimes(name string, n int) error {
	lvl, err := search.LevelByName(name)
	if err != nil {
		return err
	}
	var times []time.Duration
	for i := 0; i < n; i++ {
		g, err := middleGame(i)
		if err != nil {
			return err
		}
		if g.Over() {
			continue
		}
		var last ai.Info
		asked := time.Now()
		m, err := ai.NewEngine().Think(context.Background(), g, ai.Config{Level: name, Seed: uint64(i)}, func(in ai.Info) { last = in })
		took := time.Since(asked)
		if err != nil {
			return err
		}
		times = append(times, took)
		fmt.Printf("%-60s %s in %4d ms: depth %2d, %d nodes, last depth done at %d ms\n", g.Position().String(), m.Notation(rules.Classic), took.Milliseconds(), last.Depth, last.Nodes, last.Time.Milliseconds())
	}
	if len(times) == 0 {
		return nil
	}
	slices.Sort(times)
	fmt.Printf("level %s: median %d ms, longest %d ms over %d moves (limit %d ms)\n", name, times[len(times)/2].Milliseconds(), times[len(times)-1].Milliseconds(), len(times), lvl.MoveTime.Milliseconds())
	return nil
}

// depthReached searches classic middle-game positions (8 to 14 random plies
// that neither win nor lose at once) for a time, and within level hard's
// own budget, and prints the median depth completed by each.
func depthReached(budget time.Duration, n, threads, hash int) error {
	hard, err := search.LevelByName("hard")
	if err != nil {
		return err
	}
	var byTime, byLevel []int
	for i := 0; i < n; i++ {
		g, err := middleGame(i)
		if err != nil {
			return err
		}
		if g.Over() {
			continue
		}
		r1 := search.NewSearcher(hash).Search(context.Background(), g, search.Options{Limits: search.Limits{MoveTime: budget}, Threads: threads})
		opt := hard.Options(search.Limits{}, nil)
		opt.Threads = threads
		r2 := search.NewSearcher(hash).Search(context.Background(), g, opt)
		byTime, byLevel = append(byTime, r1.Depth), append(byLevel, r2.Depth)
		fmt.Printf("%-60s depth %2d in %v (%d nodes); hard: depth %2d, %d nodes in %v\n", g.Position().String(), r1.Depth, budget, r1.Nodes, r2.Depth, r2.Nodes, r2.Time.Round(time.Millisecond))
	}
	fmt.Printf("median depth %d in %v, median depth %d for hard, over %d positions\n", median(byTime), budget, median(byLevel), len(byTime))
	return nil
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	return s[len(s)/2]
}
