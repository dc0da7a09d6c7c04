package analysis

import (
	"math"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// The expected values below come from a line-by-line transcription of
// lila's AccuracyPercent.scala and Maths.scala (fromWinPercents,
// gameAccuracy, weightedMean, harmonicMean, standardDeviation) into
// another language, run on the same numbers.

func TestMoveAccuracyIsLichesss(t *testing.T) {
	tests := []struct {
		rule          string
		before, after float64
		want          float64
	}{
		{"a move that keeps the chances is perfect", 50, 50, 100},
		{"a move that raises the chances is perfect", 30, 70, 100},
		{"losing 10 points", 60, 50, 64.57982845372067},
		{"losing 5 points", 50, 45, 80.81529992041436},
		{"losing 15 points", 55, 40, 51.52082682528332},
		{"losing 20 points", 80, 60, 41.016818741417126},
		{"throwing a won game away is worth nothing", 100, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			if got := MoveAccuracy(tt.before, tt.after); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("MoveAccuracy(%v, %v) = %v, want %v", tt.before, tt.after, got, tt.want)
			}
		})
	}
}

// pliesFromX makes plies from x's winning chances before the first move
// and after each, the mover's side as the analysis keeps them.
func pliesFromX(start rules.Player, initial int, after []int) []Ply {
	plies := make([]Ply, len(after))
	prev := initial
	side := start
	for i, x := range after {
		if side == rules.X {
			plies[i].Before, plies[i].After = prev, x
		} else {
			plies[i].Before, plies[i].After = 100-prev, 100-x
		}
		prev, side = x, side.Other()
	}
	return plies
}

func TestGameAccuracyIsLichesss(t *testing.T) {
	tests := []struct {
		rule    string
		start   rules.Player
		initial int
		x       []int // x's chances after each move
		want    [2]float64
	}{
		{"a short game: windows of 2", rules.X, 50, []int{50, 48, 60, 55, 20, 25, 30, 10, 15, 0},
			[2]float64{57.664674461477844, 96.71324160738808}},
		{"a longer game: wider windows", rules.X, 56, []int{50, 48, 60, 55, 20, 25, 30, 10, 15, 0, 3, 2, 5, 7, 1, 0, 0, 1, 0, 0, 0, 2, 1, 0},
			[2]float64{70.06320239345504, 97.0841728546352}},
		{"a side that made no move has no accuracy", rules.O, 50, []int{40}, [2]float64{-1, 100}},
		{"o starting moves first", rules.O, 50, []int{40, 45, 30}, [2]float64{100, 100}},
		{"no moves", rules.X, 50, nil, [2]float64{-1, -1}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got := gameAccuracy(tt.start, pliesFromX(tt.start, tt.initial, tt.x))
			for side := range got {
				if math.Abs(got[side]-tt.want[side]) > 1e-9 {
					t.Errorf("accuracy %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestWinningChances(t *testing.T) {
	if WinningChances(0) != 50 {
		t.Errorf("an even score gives %d", WinningChances(0))
	}
	if WinningChances(1_000_000-3) != 100 || WinningChances(-(1_000_000-4)) != 0 {
		t.Error("a proven result is not 100 or 0")
	}
	last := -1
	for s := -3000; s <= 3000; s += 10 {
		c := WinningChances(s)
		if c < last || c < 0 || c > 100 {
			t.Fatalf("chances %d at %d after %d", c, s, last)
		}
		if WinningChances(-s) != 100-c {
			t.Errorf("chances %d at %d but %d at %d", c, s, WinningChances(-s), -s)
		}
		last = c
	}
}
