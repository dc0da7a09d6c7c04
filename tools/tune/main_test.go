package main

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

func TestWeightsSurviveTheVector(t *testing.T) {
	w := search.DefaultWeights
	w.Line[0], w.Covered[3], w.Tempo = 3, 44, 9
	if got := fromVector(toVector(w)); got != w {
		t.Fatalf("%+v came back as %+v", w, got)
	}
}

// TestTheDefaultWeightsBeatBlindWeights: a pair of classic games is scored for the
// first weights, so weights that see more than wins and losses must come out
// ahead of blind ones (a sign or side mix-up in pairScore would lose).
func TestTheDefaultWeightsBeatBlindWeights(t *testing.T) {
	strong := search.DefaultWeights
	blind := search.Weights{} // sees only wins and losses
	for seed := uint64(1); seed <= 3; seed++ {
		if s := pairScore(rules.Classic, strong, blind, 2000, seed); s <= 0 {
			t.Errorf("seed %d: the default weights scored %v against blind ones, want > 0", seed, s)
		}
		if s := pairScore(rules.Classic, blind, strong, 2000, seed); s >= 0 {
			t.Errorf("seed %d: blind weights scored %v against the defaults, want < 0", seed, s)
		}
	}
}
