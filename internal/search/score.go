package search

// Scores are from the side to move's point of view. A proven result is
// Win minus the plies to the end (counted from the root), so the search
// prefers the fastest win and the slowest loss; heuristic scores stay far
// below WinBound.
const (
	Win      = 1_000_000
	WinBound = Win - 1000 // scores at or beyond ±WinBound are proven results
	infinity = Win + 1
	maxPly   = 120
)

// IsProven reports whether a score is a proven win or loss.
func IsProven(score int) bool { return score >= WinBound || score <= -WinBound }

// PliesToEnd returns, for a proven score seen from the root, how many plies
// the game lasts, the root's move included: a win at once is 1.
func PliesToEnd(score int) int {
	if score > 0 {
		return Win - score
	}
	return Win + score
}

// scoreToTable turns a root-relative proven score into one relative to the
// node at ply, so a table entry means the same wherever it is found.
func scoreToTable(score, ply int) int {
	switch {
	case score >= WinBound:
		return score + ply
	case score <= -WinBound:
		return score - ply
	}
	return score
}

func scoreFromTable(score, ply int) int {
	switch {
	case score >= WinBound:
		return score - ply
	case score <= -WinBound:
		return score + ply
	}
	return score
}
