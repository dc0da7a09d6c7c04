package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/gobblet-game/gobblet/internal/protocol"
	"github.com/gobblet-game/gobblet/internal/rules"
)

func runPerft(args []string) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	helpOutput(fs, args, os.Stdout)
	pos := fs.String("pos", "", "start from this position string instead of the variant's start")
	divide := fs.Bool("divide", false, "print the count below each legal move")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: gobblet-engine perft <classic|gobblers> <depth> [--pos <position>] [--divide]")
		fmt.Fprintln(fs.Output(), "Counts the move sequences of exactly <depth> plies (a line ends a sequence early; repetition is ignored).")
		fmt.Fprintln(fs.Output(), "Ctrl+C ends a count early and prints what was counted until then.")
		fs.PrintDefaults()
	}
	// Accept flags before or after the two positional arguments.
	var positional []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil // asked for the usage, which Parse printed
			}
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(positional) != 2 {
		fs.Usage()
		return fmt.Errorf("want a variant and a depth, got %d arguments", len(positional))
	}
	v, err := rules.ParseVariant(positional[0])
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(positional[1])
	if err != nil || depth < 0 || depth > 20 {
		return fmt.Errorf("depth %q must be a whole number from 0 to 20", positional[1])
	}
	p := rules.Start(v)
	if *pos != "" {
		if p, err = rules.ParsePosition(*pos); err != nil {
			return err
		}
		if p.Variant() != v {
			return fmt.Errorf("the position is %s, not %s", p.Variant(), v)
		}
	}
	// Ctrl+C ends a count that would take too long, which still says what it counted.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	var total uint64
	if *divide && depth > 0 {
		var buf [rules.MaxMoves]rules.Move
		if _, over := p.Winner(); !over {
			for _, m := range p.LegalMoves(buf[:0]) {
				c := p.Play(m)
				n := uint64(1)
				if depth > 1 {
					n, err = protocol.Perft(ctx, c, depth-1)
				}
				total += n
				if err != nil {
					break
				}
				fmt.Printf("%s %d\n", m.Notation(v), n)
			}
		}
	} else {
		total, err = protocol.Perft(ctx, p, depth)
	}
	el := time.Since(start)
	if err != nil {
		fmt.Printf("perft %s depth %d stopped after %d nodes time %d ms\n", v, depth, total, el.Milliseconds())
		return errors.New("stopped before the count was complete")
	}
	fmt.Fprintf(os.Stdout, "perft %s depth %d nodes %d time %d ms nps %.0f\n", v, depth, total, el.Milliseconds(), float64(total)/el.Seconds())
	return nil
}
