package analysis

import (
	"math"

	"github.com/gobblet-game/gobblet/internal/search"
)

// CurveK is the slope of the logistic curve that turns a heuristic score
// (centi-pieces, from the side to move) into winning chances:
// 100 / (1 + exp(-CurveK × score)). It was fitted by maximum likelihood on
// the engine's self-play games with tools/fitcurve (docs/analysis.md).
const CurveK = 0.022

// WinningChances turns a search score (from the side to move; proven
// results at ±search.WinBound and beyond) into that side's winning chances,
// 0–100.
func WinningChances(score int) int {
	switch {
	case score >= search.WinBound:
		return 100
	case score <= -search.WinBound:
		return 0
	}
	return int(math.Round(100 / (1 + math.Exp(-CurveK*float64(score)))))
}
