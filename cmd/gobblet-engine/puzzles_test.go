package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestPuzzlesListsEveryPuzzle runs the real binary: one line per built-in
// puzzle, each "puzzle <id> <variant> <position> <rating> <moves…>", its
// position and moves readable by the rules and the moves legal in turn.
func TestPuzzlesListsEveryPuzzle(t *testing.T) {
	out, code := runEngine(t, "", "puzzles")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	got := lines(out)
	if len(got) != len(puzzle.All()) {
		t.Fatalf("%d lines for %d puzzles", len(got), len(puzzle.All()))
	}
	for i, line := range got {
		f := strings.Fields(line)
		if len(f) < 6 || f[0] != "puzzle" {
			t.Fatalf("line %d: %q", i+1, line)
		}
		want := puzzle.All()[i]
		if f[1] != want.ID || f[2] != want.Variant.String() {
			t.Errorf("line %d: %q, want puzzle %s of %s", i+1, line, want.ID, want.Variant)
		}
		p, err := rules.ParsePosition(f[3])
		if err != nil || p.Variant().String() != f[2] {
			t.Fatalf("line %d: position %q: %v", i+1, f[3], err)
		}
		if r, err := strconv.Atoi(f[4]); err != nil || r != want.Rating {
			t.Errorf("line %d: rating %q, want %d", i+1, f[4], want.Rating)
		}
		for _, s := range f[5:] {
			m, err := rules.ParseMove(p.Variant(), s)
			if err == nil {
				err = p.CheckMove(m)
			}
			if err != nil {
				t.Fatalf("line %d: move %s: %v", i+1, s, err)
			}
			p = p.Play(m)
		}
		if w, over := p.Winner(); !over || w != want.Position.SideToMove() {
			t.Errorf("line %d: the solution does not end with the solver's win", i+1)
		}
	}
}

func TestPuzzlesVariantFilter(t *testing.T) {
	for _, v := range rules.Variants {
		out, code := runEngine(t, "", "puzzles", "--variant", v.String())
		if code != 0 {
			t.Fatalf("exit %d: %s", code, out)
		}
		n := 0
		for _, pz := range puzzle.All() {
			if pz.Variant == v {
				n++
			}
		}
		got := lines(out)
		if n == 0 {
			got = nil
		}
		if len(got) != n {
			t.Errorf("%s: %d lines, want %d", v, len(got), n)
		}
		for _, line := range got {
			if f := strings.Fields(line); len(f) < 3 || f[2] != v.String() {
				t.Errorf("%s: %q", v, line)
			}
		}
	}
	if out, code := runEngine(t, "", "puzzles", "--variant", "chess"); code != 1 {
		t.Errorf("an unknown variant: exit %d, %s", code, out)
	}
	if out, code := runEngine(t, "", "puzzles", "extra"); code != 1 {
		t.Errorf("an extra argument: exit %d, %s", code, out)
	}
}

func TestPuzzlesHelpAndUsage(t *testing.T) {
	out, code := runEngine(t, "", "puzzles", "-h")
	if code != 0 || !strings.Contains(out, "puzzle <id> <variant> <position> <rating>") {
		t.Errorf("exit %d: %s", code, out)
	}
	out, code = runEngine(t, "", "--help")
	if code != 0 || !strings.Contains(out, "puzzles") {
		t.Errorf("the main usage does not list puzzles: exit %d: %s", code, out)
	}
}

// TestPuzzlesCheck checks the 3×3 puzzles through the binary (quick: the
// solution); the 4×4 ones are proved in internal/puzzle's tests.
func TestPuzzlesCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the 3×3 solution")
	}
	out, code := runEngine(t, "", "puzzles", "--variant", "gobblers", "--check")
	if code != 0 || !strings.HasPrefix(out, "puzzle g") {
		t.Errorf("exit %d: %.300s", code, out)
	}
}
