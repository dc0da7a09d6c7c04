package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

const solveUsage = `usage: gobblet-engine solve [flags]

Solves Gobblet Gobblers by retrograde analysis and checks the solution the
program embeds (internal/solve/gobblers.sparse). Typical runs:

  solve [-out T]                 build the full table (about 10 min, 3-6 GB),
                                 print the figures, keep the table in file T
  solve -reach [-reach-out R]    count the positions reachable from the start
                                 (about 30 min, 0.6 GB), keep their set in R
  solve -in T -reach-in R -embed internal/solve/gobblers.sparse
                                 write the embedded data (boards a search of
                                 -depth plies cannot settle), print figures
  solve -in T -verify            check every board's value against its moves
  solve -check N [-in T] [-reach-in R]
                                 time ai.Analyse on N sampled positions (drawn
                                 uniformly from set R if given, else from
                                 random games) and compare every move value
                                 with table T
  solve -games N                 play perfect against a random player and the
                                 other levels, checking it never loses ground

`

func runSolve(args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	helpOutput(fs, args, os.Stdout)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), solveUsage)
		fs.PrintDefaults()
	}
	workers := fs.Int("workers", runtime.NumCPU(), "worker goroutines")
	out := fs.String("out", "", "write the full table (one byte per board, 2.9 GB) to this file")
	in := fs.String("in", "", "read a full table written by -out instead of building it")
	reach := fs.Bool("reach", false, "count the positions reachable from the start")
	reachOut := fs.String("reach-out", "", "with -reach: write the set of reachable canonical boards (one bit each, 360 MB) to this file")
	reachIn := fs.String("reach-in", "", "read the set written by -reach-out, for the figures and -embed")
	embed := fs.String("embed", "", "write the embedded sparse table to this file (only reachable boards with -reach-in)")
	depth := fs.Int("depth", 2, "with -embed: the search depth that values the boards left out")
	noFigures := fs.Bool("no-figures", false, "skip the figures")
	verify := fs.Bool("verify", false, "check every board's value against its moves' values")
	check := fs.Int("check", 0, "time the built-in solution on this many sampled positions")
	games := fs.Int("games", 0, "play this many games of perfect against a random player and the other levels")
	moveTime := fs.Duration("movetime", 200*time.Millisecond, "with -games: the other levels' time per move")
	seed := fs.Uint64("seed", 1, "with -check and -games: the seed")
	quiet := fs.Bool("q", false, "no progress lines")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	logf := func(format string, a ...any) {
		if !*quiet {
			fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05 ")+format+"\n", a...)
		}
	}
	switch {
	case *games > 0:
		return checkGames(*games, *seed, *moveTime)
	case *check > 0 && *in == "":
		var reachable *solve.Set
		if *reachIn != "" {
			var err error
			if reachable, err = readFile(*reachIn, solve.ReadSet); err != nil {
				return err
			}
		}
		return checkSolution(nil, reachable, *check, *seed)
	case *reach:
		start := time.Now()
		ongoing, over, set := solve.Reach(*workers, 0, logf)
		fmt.Printf("reachable positions %d (game goes on %d, game over %d) time %s\n",
			ongoing+over, ongoing, over, time.Since(start).Round(time.Second))
		if *reachOut != "" {
			return writeFile(*reachOut, set)
		}
		return nil
	}
	t, err := loadOrBuild(*in, *workers, logf)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := writeFile(*out, t); err != nil {
			return err
		}
	}
	var reachable *solve.Set
	if *reachIn != "" {
		if reachable, err = readFile(*reachIn, solve.ReadSet); err != nil {
			return err
		}
	}
	if *check > 0 {
		return checkSolution(t, reachable, *check, *seed)
	}
	if *verify {
		start := time.Now()
		n, bad := t.Verify(*workers)
		fmt.Printf("verified %d boards against their moves in %s: %d wrong %v\n", n, time.Since(start).Round(time.Second), len(bad), bad)
		if len(bad) > 0 {
			return fmt.Errorf("the table is wrong at %d boards or more", len(bad))
		}
	}
	if *embed != "" {
		s := solve.MakeSparse(t, reachable, *depth)
		if err := writeFile(*embed, s); err != nil {
			return err
		}
		fi, err := os.Stat(*embed)
		if err != nil {
			return err
		}
		fmt.Printf("sparse table: depth %d, %d boards, %d bytes\n", *depth, s.Len(), fi.Size())
	}
	if *noFigures {
		return nil
	}
	return printFigures(t, reachable, *workers)
}

func loadOrBuild(in string, workers int, logf solve.Logf) (*solve.Table, error) {
	if in != "" {
		return readFile(in, solve.ReadTable)
	}
	start := time.Now()
	t := solve.Build(workers, logf)
	fmt.Printf("built the table in %s\n", time.Since(start).Round(time.Second))
	return t, nil
}

func printFigures(t *solve.Table, reachable *solve.Set, workers int) error {
	start := rules.Start(rules.Gobblers)
	v, _ := t.Value(context.Background(), solve.FromPosition(start))
	fmt.Printf("start: side to move %s\n", v)
	moves, err := solve.MoveValues(context.Background(), t, start)
	if err != nil {
		return err
	}
	for _, mv := range moves {
		fmt.Printf("opening %s %s\n", mv.Move.Notation(rules.Gobblers), mv.Value)
	}
	c := t.Census(workers, nil)
	printCensus("all boards", &c)
	if reachable != nil {
		c = t.Census(workers, reachable.Has)
		printCensus("reachable boards", &c)
	}
	return nil
}

func printCensus(what string, c *solve.Census) {
	fmt.Printf("%s where the game goes on: %d (draws %d)\n", what, c.Boards(), c.Draws)
	longer := c.Boards() - c.Draws
	for n := range c.Wins {
		if c.Wins[n] > 0 || c.Losses[n] > 0 {
			longer -= c.Wins[n] + c.Losses[n]
			fmt.Printf("  plies %3d: wins %d losses %d; draws and longer games %d\n", n, c.Wins[n], c.Losses[n], c.Draws+longer)
		}
	}
}

func readFile[T any](path string, read func(io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	v, err := read(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

func writeFile(path string, data io.WriterTo) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if _, err := data.WriteTo(w); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
