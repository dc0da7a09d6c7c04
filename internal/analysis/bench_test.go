package analysis

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// BenchmarkAnalyze3x3 analyses a whole 3×3 game: both sides play the
// solution's first best move, x wins in 13 plies. The table is loaded
// before the clock starts.
func BenchmarkAnalyze3x3(b *testing.B) {
	ctx := context.Background()
	sol, err := solve.Load(ctx)
	if err != nil {
		b.Fatal(err)
	}
	g := rules.NewGame(rules.Gobblers)
	for !g.Over() {
		vals, err := solve.MoveValues(ctx, sol, g.Position())
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Play(vals[bestIndex(vals)].Move); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Analyze(ctx, g, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(g.Plies()), "plies")
}

// BenchmarkAnalyze4x4 analyses a 40-ply 4×4 game (testdata, from
// tools/fitcurve's self-play) at DefaultNodes a position. One iteration
// takes tens of seconds.
func BenchmarkAnalyze4x4(b *testing.B) {
	data, err := os.ReadFile("testdata/classic-40-plies.txt")
	if err != nil {
		b.Fatal(err)
	}
	g := rules.NewGame(rules.Classic)
	if err := g.PlayNotation(strings.Fields(string(data))); err != nil {
		b.Fatal(err)
	}
	if g.Plies() != 40 {
		b.Fatalf("%d plies", g.Plies())
	}
	for b.Loop() {
		if _, err := Analyze(context.Background(), g, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(g.Plies()), "plies")
}
