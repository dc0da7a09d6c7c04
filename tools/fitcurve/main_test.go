package main

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFitRecoversTheSlope draws results from a known curve and fits it
// back.
func TestFitRecoversTheSlope(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const k = 0.022
	var pairs []pair
	for range 20000 {
		s := r.IntN(401) - 200
		res := 0.0
		if r.Float64() < sigmoid(k*float64(s)) {
			res = 1
		}
		pairs = append(pairs, pair{s, res})
	}
	got := fitK(pairs)
	if math.Abs(got-k) > 0.003 {
		t.Errorf("fitted k = %v, want about %v", got, k)
	}
	if logLoss(pairs, got) >= logLoss(pairs, 0) {
		t.Error("the fit predicts no better than a coin")
	}
}

func TestPlayedGamesEndAndScoreFromXsSide(t *testing.T) {
	g := play(2000, rand.New(rand.NewPCG(3, 4)), 2, 60)
	if len(g.moves) == 0 || len(g.moves) > 60 {
		t.Fatalf("%d moves", len(g.moves))
	}
	for _, p := range g.pairs {
		if p.result != g.result {
			t.Fatalf("pair %+v in a game scored %v", p, g.result)
		}
	}
}
