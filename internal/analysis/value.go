package analysis

import (
	"fmt"

	"github.com/gobblet-game/gobblet/internal/search"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// kind says what a value is.
type kind uint8

const (
	unknown kind = iota // nothing known (a Ply made by hand)
	chances             // a heuristic estimate: n is the winning chances, 0–100
	win                 // a proven win in n plies, the move itself counted
	loss                // a proven loss in n plies
	draw                // a proven draw
)

// value is what a move or a position is worth to the side that plays or
// is to move.
type value struct {
	kind kind
	n    int
}

// chances are the value's winning chances, 0–100.
func (v value) chances() int {
	switch v.kind {
	case win:
		return 100
	case loss:
		return 0
	case chances:
		return v.n
	}
	return 50
}

// before returns the value, for the side that made the move leading to a
// position, of a position worth v to its side to move: a loss in n plies
// for the opponent is a win in n+1 for the mover.
func (v value) before() value {
	switch v.kind {
	case win:
		return value{loss, v.n + 1}
	case loss:
		return value{win, v.n + 1}
	case chances:
		return value{chances, 100 - v.n}
	}
	return v
}

// proven reports whether the value is a proven result.
func (v value) proven() bool { return v.kind == win || v.kind == loss || v.kind == draw }

// better reports whether v is better than w for the side they belong to:
// by chances, then a faster win or a slower loss.
func (v value) better(w value) bool {
	if v.chances() != w.chances() {
		return v.chances() > w.chances()
	}
	switch {
	case v.kind == win && w.kind == win:
		return v.n < w.n
	case v.kind == loss && w.kind == loss:
		return v.n > w.n
	}
	return false
}

// fromSolution converts a value of the solution.
func fromSolution(s solve.Value) value {
	switch {
	case s.IsWin():
		return value{win, s.Plies()}
	case s.IsLoss():
		return value{loss, s.Plies()}
	}
	return value{draw, 0}
}

// fromScore converts a search score of the side to move.
func fromScore(score int) value {
	if search.IsProven(score) {
		if score > 0 {
			return value{win, search.PliesToEnd(score)}
		}
		return value{loss, search.PliesToEnd(score)}
	}
	return value{chances, WinningChances(score)}
}

// moves is a number of plies as the mover's own moves, as the game counts
// them ("wins in 3").
func moves(plies int) int { return (plies + 1) / 2 }

// noteOf is the sentence about a move worth after to its mover where the
// best move was worth before, or "" when there is nothing to say.
func noteOf(before, after value) string {
	switch {
	case before.kind == win && after.kind == win && after.n > before.n:
		return fmt.Sprintf("Still wins, but a win in %d was there.", moves(before.n))
	case before.kind == win && after.kind == loss:
		return fmt.Sprintf("Missed a win in %d, and now the opponent wins.", moves(before.n))
	case before.kind == win && after.kind != win:
		return fmt.Sprintf("Missed a win in %d.", moves(before.n))
	case after.kind == loss && after.n == 1:
		return "Loses at once: it shows the opponent's line."
	case before.kind == loss && after.kind == loss && after.n < before.n:
		return fmt.Sprintf("Loses faster than it had to: the opponent now wins in %d.", moves(after.n-1))
	case before.kind != loss && after.kind == loss:
		return fmt.Sprintf("Allows a win in %d.", moves(after.n-1))
	}
	return ""
}
