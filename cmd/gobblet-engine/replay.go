package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

const replayUsage = `usage: gobblet-engine replay [flags] FILE

Checks a saved game record (FILE, or - for standard input) with the rules
engine and prints each move with the position after it, then the result.
A bad record (unreadable, malformed, an illegal move, a result the moves do
not lead to) is reported with its line, and the exit status is 1.

`

func runReplay(args []string) error { return replay(os.Stdout, os.Stdin, args) }

func replay(out io.Writer, stdin io.Reader, args []string) error {
	fs := subFlags("replay", replayUsage, args, out)
	board := fs.Bool("board", false, "also draw the board after each move")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("want one FILE")
	}
	rec, g, _, err := readGame(fs.Arg(0), stdin)
	if err != nil {
		return err
	}

	fmt.Fprintf(out, "%s: x %s, o %s", rec.Variant, playerText(rec.Players[rules.X]), playerText(rec.Players[rules.O]))
	if !rec.Date.IsZero() {
		fmt.Fprintf(out, ", %s", rec.Date.Format("2006-01-02 15:04"))
	}
	fmt.Fprintln(out)
	start := g.StartPosition()
	fmt.Fprintf(out, "start        %s\n", start.String())
	if *board {
		drawBoard(out, start)
	}
	if c := rec.Comments[0]; c != "" {
		fmt.Fprintf(out, "             {%s}\n", untrusted.Text(c))
	}
	for i, m := range rec.Moves {
		label := fmt.Sprintf("%d.", (i+int(start.SideToMove()))/2+1)
		if (i+int(start.SideToMove()))%2 == 1 {
			label += ".."
		}
		after := g.PositionAt(i + 1)
		fmt.Fprintf(out, "%-5s %-6s %s\n", label, m.Notation(rec.Variant), after.String())
		if *board {
			drawBoard(out, after)
		}
		if c := rec.Comments[i+1]; c != "" {
			fmt.Fprintf(out, "             {%s}\n", untrusted.Text(c))
		}
	}
	if len(rec.Redo) > 0 {
		fmt.Fprintf(out, "undone       %s\n", notation(rec.Variant, rec.Redo))
	}
	fmt.Fprintf(out, "result       %s (%s) after %d moves\n", g.Result(), record.ResultText(g.Result()), len(rec.Moves))
	return nil
}

// playerText says who played a side: "human Ann", "ai hard (alphabeta)".
func playerText(p record.Player) string {
	s := p.Kind
	if s == "" {
		s = "unknown"
	}
	for _, w := range []string{p.Name, p.Level} {
		if w != "" {
			s += " " + w
		}
	}
	if p.Algorithm != "" {
		s += " (" + p.Algorithm + ")"
	}
	return untrusted.Text(s)
}

// drawBoard draws the position with rank 1 at the bottom; each square shows
// its top piece, with + when it covers others.
func drawBoard(out io.Writer, p rules.Position) {
	v := p.Variant()
	n := v.Size()
	for r := n - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "             %d ", r+1)
		for f := 0; f < n; f++ {
			st := p.Stack(rules.SquareAt(v, f, r))
			cell := " . "
			if len(st) > 0 {
				top := st[len(st)-1]
				cell = fmt.Sprintf("%s%d", top.Player, top.Size)
				if len(st) > 1 {
					cell += "+"
				} else {
					cell += " "
				}
			}
			b.WriteString(" " + cell)
		}
		fmt.Fprintln(out, b.String())
	}
	var files strings.Builder
	files.WriteString("               ")
	for f := 0; f < n; f++ {
		fmt.Fprintf(&files, "  %c ", 'a'+f)
	}
	fmt.Fprintln(out, files.String())
}
