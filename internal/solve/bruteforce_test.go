package solve

import (
	"github.com/gobblet-game/gobblet/internal/rules"
)

// bruteForce values a position by plain minimax over the rules package's
// own moves, with nothing shared with the solver but the rules: it returns
// the exact value when the game ends within depth plies with best play, and
// false when it does not (a draw, or a longer fight).
func bruteForce(p rules.Position, depth int, memo map[bfKey]bfEntry) (Value, bool) {
	if depth == 0 {
		return Draw, false
	}
	k := bfKey{p.Hash(), depth}
	if e, ok := memo[k]; ok {
		return e.v, e.ok
	}
	var buf [rules.MaxMoves]rules.Move
	bestWin, longestLoss, allLose := 0, 0, true
	for _, m := range p.LegalMoves(buf[:0]) {
		c := p.Play(m)
		if w, over := c.Winner(); over {
			if w == p.SideToMove() {
				bestWin = 1
				allLose = false
				break
			}
			longestLoss = max(longestLoss, 1)
			continue
		}
		v, ok := bruteForce(c, depth-1, memo)
		switch {
		case !ok:
			allLose = false
		case v.IsLoss():
			allLose = false
			if bestWin == 0 || v.Plies()+1 < bestWin {
				bestWin = v.Plies() + 1
			}
		case v.IsWin():
			longestLoss = max(longestLoss, v.Plies()+1)
		default:
			allLose = false
		}
	}
	var e bfEntry
	switch {
	case bestWin > 0:
		e = bfEntry{WinIn(bestWin), true}
	case allLose:
		e = bfEntry{LossIn(longestLoss), true}
	}
	memo[k] = e
	return e.v, e.ok
}

type bfKey struct {
	hash  uint64
	depth int
}

type bfEntry struct {
	v  Value
	ok bool
}
