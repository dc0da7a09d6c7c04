package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/gobblet-game/gobblet/internal/analysis"
)

const annotateUsage = `usage: gobblet-engine annotate [flags] FILE

Analyses a saved game record (FILE, or - for standard input) move by move,
as the game's review does, and prints one line per ply:

  ply <n> <move> <mark> <before> <after> best <move>

where before and after are the mover's winning chances (0 to 100) before and
after the move, and mark is best, good, inaccuracy, mistake or blunder; then
one line

  accuracy <x> <o>

with each player's accuracy in percent, one decimal (- for a side that made
no move). 3×3 games are analysed exactly from the solution; 4×4 games by a
search of each position with a fixed node budget, so every run prints the
same. An analysis kept in the file with the same budget is printed as kept.
A bad record is reported with its line, and the exit status is 1.

`

func runAnnotate(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return annotate(ctx, os.Stdout, os.Stdin, args)
}

func annotate(ctx context.Context, out io.Writer, stdin io.Reader, args []string) error {
	fs := subFlags("annotate", annotateUsage, args, out)
	nodes := fs.Uint64("nodes", analysis.DefaultNodes, "4×4: the search's node budget per position")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("want one FILE")
	}
	if *nodes == 0 {
		return errors.New("the node budget must be at least 1")
	}
	rec, g, name, err := readGame(fs.Arg(0), stdin)
	if err != nil {
		return err
	}
	a, ok := analysis.Of(rec)
	if !ok || a.Budget != analysis.BudgetName(rec.Variant, *nodes) {
		a, err = analysis.Analyze(ctx, g, analysis.Options{Nodes: *nodes})
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	for i, p := range a.Plies {
		fmt.Fprintf(out, "ply %d %s %s %d %d best %s\n", i+1, p.Move.Notation(rec.Variant), p.Mark,
			p.Before, p.After, p.Best.Notation(rec.Variant))
	}
	fmt.Fprintf(out, "accuracy %s %s\n", percent(a.Accuracy[0]), percent(a.Accuracy[1]))
	return nil
}

// percent prints an accuracy with one decimal, or - for none.
func percent(a float64) string {
	if a < 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", a)
}
