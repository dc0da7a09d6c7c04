package analysis

import (
	"math"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// MoveAccuracy is Lichess's accuracy of one move from the mover's winning
// chances before and after it (0–100 each), in percent: lila's
// AccuracyPercent.fromWinPercents, with its one-point bonus for the
// uncertainty of the analysis, clamped to 0–100. A move that does not
// lower the chances is 100.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*(before-after)) - 3.166924740191411
	return min(100, max(0, raw+1))
}

// gameAccuracy is each player's accuracy over the game, as lila's
// AccuracyPercent.gameAccuracy computes it: the mean of a
// volatility-weighted mean and a harmonic mean of the player's move
// accuracies. Lila starts the list of x's (white's) winning chances with a
// fixed opening value; here it starts with the analysis of the start
// position. Each move's weight is the standard deviation of x's chances
// over a window of positions around it (window of a tenth of the game,
// 2 to 8 positions), clamped to 0.5–12, so moves in sharp phases weigh
// more. A side that made no move gets -1.
func gameAccuracy(start rules.Player, plies []Ply) [2]float64 {
	acc := [2]float64{-1, -1}
	n := len(plies)
	if n == 0 {
		return acc
	}
	mover := func(i int) rules.Player {
		if i%2 == 0 {
			return start
		}
		return start.Other()
	}
	forX := func(p rules.Player, c int) float64 {
		if p == rules.X {
			return float64(c)
		}
		return 100 - float64(c)
	}
	wp := make([]float64, n+1) // x's chances before the first move and after each
	wp[0] = forX(start, plies[0].Before)
	for i, p := range plies {
		wp[i+1] = forX(mover(i), p.After)
	}

	size := min(max(n/10, 2), 8)
	weights := make([]float64, 0, n)
	first := wp[:min(size, len(wp))]
	for range min(size, len(wp)) - 2 {
		weights = append(weights, volatility(first))
	}
	if len(wp) < size {
		weights = append(weights, volatility(wp))
	}
	for s := 0; s+size <= len(wp); s++ {
		weights = append(weights, volatility(wp[s:s+size]))
	}

	var sumAW, sumW, sumInv [2]float64
	var count [2]int
	for i := range plies {
		side := mover(i)
		prev, next := wp[i], wp[i+1]
		if side == rules.O {
			prev, next = next, prev
		}
		a := MoveAccuracy(prev, next)
		sumAW[side] += a * weights[i]
		sumW[side] += weights[i]
		sumInv[side] += 1 / max(1, a)
		count[side]++
	}
	for side := range acc {
		if count[side] == 0 || sumW[side] == 0 {
			continue
		}
		weighted := sumAW[side] / sumW[side]
		harmonic := float64(count[side]) / sumInv[side]
		acc[side] = (weighted + harmonic) / 2
	}
	return acc
}

// volatility is the population standard deviation of xs, clamped to
// 0.5–12: a move's weight in the game's accuracy.
func volatility(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	sum := 0.0
	for _, x := range xs {
		sum += (x - mean) * (x - mean)
	}
	return min(12, max(0.5, math.Sqrt(sum/float64(len(xs)))))
}
