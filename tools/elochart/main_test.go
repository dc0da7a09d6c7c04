package main

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
)

func TestLadderLinesNameAnEloAndItsInterval(t *testing.T) {
	rs, err := parseLadder("test", strings.NewReader("# comment\nbaseline 0 0 0\nhard 600 420 +inf\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[1].name != "hard" || rs[1].elo != 600 || rs[1].lo != 420 || !math.IsInf(rs[1].hi, 1) {
		t.Fatalf("got %+v", rs)
	}
	for _, bad := range []string{"hard 600 420", "hard x 1 2", "hard NaN 1 2"} {
		if _, err := parseLadder("test", strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestChartIsWritten(t *testing.T) {
	rs := []rung{{name: "baseline"}, {name: "hard", elo: 500, lo: 300, hi: math.Inf(1), text: "500"}}
	if err := writeChart(filepath.Join(t.TempDir(), "l.png"), rs); err != nil {
		t.Fatal(err)
	}
}

func FuzzParseLadder(f *testing.F) {
	f.Add("baseline 0 0 0\nhard 600 420 +inf\n")
	f.Add("# x\neasy -300 -inf -250\n")
	f.Fuzz(func(t *testing.T, s string) {
		rs, err := parseLadder("fuzz", strings.NewReader(s))
		if err != nil {
			return
		}
		// Whatever parses must draw without panicking.
		if len(rs) <= 20 {
			if err := writeChart(filepath.Join(t.TempDir(), "f.png"), rs); err != nil {
				t.Fatal(err)
			}
		}
	})
}
