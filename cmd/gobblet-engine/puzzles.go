package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
)

const puzzlesUsage = `usage: gobblet-engine puzzles [flags]

Lists the game's built-in puzzles, easiest first, one a line:

  puzzle <id> <variant> <position> <rating> <solution moves…>

The position is in the protocol's notation, its side to move the solver;
the solution is the solver's moves and the opponent's best replies,
alternating, ending with the solver's winning move (see docs/puzzles.md).

`

// The sub-command registers itself, so main.go's table stays as it is.
func init() {
	subcommands["puzzles"] = subcommand{runPuzzles, "puzzles [--variant V] [--check]              list the built-in puzzles, one a line: puzzle <id> <variant> <position> <rating> <moves…>"}
}

func runPuzzles(args []string) error { return listPuzzles(os.Stdout, args) }

func listPuzzles(out io.Writer, args []string) error {
	fs := subFlags("puzzles", puzzlesUsage, args, out)
	variant := fs.String("variant", "", "list only this variant's puzzles: gobblers or classic")
	check := fs.Bool("check", false, "check each puzzle listed first (3×3 against the solution, 4×4 by a proof search: minutes); a puzzle that fails is named and the exit status is 1")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("puzzles takes no arguments besides its flags, not %q", fs.Arg(0))
	}
	want := rules.Variant(255)
	if *variant != "" {
		v, err := rules.ParseVariant(*variant)
		if err != nil {
			return err
		}
		want = v
	}
	var failed []string
	for _, pz := range puzzle.All() {
		if want != 255 && pz.Variant != want {
			continue
		}
		if *check {
			if err := puzzle.Verify(context.Background(), pz); err != nil {
				fmt.Fprintf(os.Stderr, "gobblet-engine puzzles: %s fails its check: %v\n", pz.ID, err)
				failed = append(failed, pz.ID)
				continue
			}
		}
		if _, err := fmt.Fprintln(out, "puzzle "+puzzle.Format(pz)); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d puzzles fail their check: %s", len(failed), strings.Join(failed, " "))
	}
	return nil
}
