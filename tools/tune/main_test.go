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

func TestAPairOfGamesScoresBetweenMinusOneAndOne(t *testing.T) {
	strong := search.DefaultWeights
	weak := search.Weights{} // sees only wins and losses
	s := pairScore(rules.Gobblers, strong, weak, 2000, 3)
	if s < -1 || s > 1 {
		t.Fatalf("pair score %v out of range", s)
	}
}
