package main

import (
	"context"
	"testing"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestGobblersPuzzlesVerify makes a few 3×3 puzzles as the tool does and
// checks each against the solution.
func TestGobblersPuzzlesVerify(t *testing.T) {
	ctx := context.Background()
	pzs, err := makeGobblers(ctx, 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, pz := range pzs {
		pz.ID = "t1"
		if _, err := puzzle.ParseLine(puzzle.Format(pz)); err != nil {
			t.Errorf("%s: %v", puzzle.Format(pz), err)
		}
		if err := puzzle.Verify(ctx, pz); err != nil {
			t.Errorf("%s: %v", puzzle.Format(pz), err)
		}
		if pz.Rating < puzzle.MinRating || pz.Rating > puzzle.MaxRating {
			t.Errorf("%s: rating out of range", puzzle.Format(pz))
		}
	}
}

// TestClassicPuzzleOfAPlainWin: a 4×4 position with one way to complete a
// line at once is a win-in-one puzzle with that move; the grade of a win
// in one with nothing else tempting is the floor.
func TestClassicPuzzleOfAPlainWin(t *testing.T) {
	ctx := context.Background()
	p, err := rules.ParsePosition("classic:.,.,.,./.,.,.,o1/o4,o4,.,o1/x4,x4,x4,.:x")
	if err != nil {
		t.Fatal(err)
	}
	pz, ok := classicPuzzle(ctx, p, 2)
	if !ok {
		t.Fatal("no puzzle")
	}
	if pz.WinIn != 1 || pz.Solution[0].Notation(rules.Classic) != "3@d1" && pz.Solution[0].Notation(rules.Classic) != "4@d1" {
		t.Errorf("win in %d by %v", pz.WinIn, pz.Solution)
	}
	pz.ID = "c1"
	if err := puzzle.Verify(ctx, pz); err != nil {
		t.Error(err)
	}
	// The start: no forced win, no puzzle.
	if _, ok := classicPuzzle(ctx, rules.Start(rules.Classic), 2); ok {
		t.Error("a puzzle at the start")
	}
}

func TestGradeGrowsWithTheWin(t *testing.T) {
	ctx := context.Background()
	pzs, err := makeGobblers(ctx, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, pz := range pzs {
		r, decoys, hidden := grade(ctx, pz)
		want := baseRating + perMove*(pz.WinIn-1) + perDecoy*min(decoys, maxDecoys)
		if hidden {
			want += hiddenBonus
		}
		if r != min(want, puzzle.MaxRating) {
			t.Errorf("%s: rating %d, formula %d", puzzle.Format(pz), r, want)
		}
		if r < baseRating+perMove*(pz.WinIn-1) && r < puzzle.MaxRating {
			t.Errorf("win in %d rated %d", pz.WinIn, r)
		}
	}
}

func TestPerGameKeepsOnePerLength(t *testing.T) {
	var all []puzzle.Puzzle
	for _, w := range []int{1, 2, 2, 3, 3, 4, 1} {
		all = append(all, puzzle.Puzzle{WinIn: w})
	}
	got := perGame(all)
	if len(got) != maxPerGame {
		t.Fatalf("%d kept", len(got))
	}
	for i, w := range []int{4, 3, 2} {
		if got[i].WinIn != w {
			t.Errorf("kept %v", got)
		}
	}
}
