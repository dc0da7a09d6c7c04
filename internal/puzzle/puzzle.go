// Package puzzle is the game's set of puzzles: positions where one move
// wins, made by tools/puzzles and embedded. On 3×3 they come from the
// solution (exactly one move wins fastest: "win in N"); on 4×4 from Expert
// self-play, where one move leads to a forced win a proof search proves.
// Each has a rating (difficulty, on the Elo scale of docs/ladder.md) from
// the length of the win and how many moves look plausible.
//
// The package is pure: the set, the daily puzzle, checking a move, the
// solver's replies, and the player's puzzle rating. It imports no ebiten.
package puzzle

import (
	"context"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Puzzle is one puzzle.
type Puzzle struct {
	ID       string // stable, short, unique ("g0001" for 3×3, "c0001" for 4×4)
	Variant  rules.Variant
	Position rules.Position // the side to move is the solver
	Rating   int            // difficulty on the Elo scale
	// Solution is the main line: the solver's moves and the opponent's
	// best replies, alternating, the solver's first, ending with the
	// solver's winning move.
	Solution []rules.Move
	WinIn    int // the solver's moves to the win (len(Solution)+1)/2
}

// All returns every puzzle, easiest first. The slice is shared: do not
// change it.
func All() []Puzzle { return nil }

// ByID returns the puzzle with that id.
func ByID(id string) (Puzzle, bool) { return Puzzle{}, false }

// Daily is the puzzle of the given date (the local calendar date of t):
// the same for everyone on that date.
func Daily(t time.Time) Puzzle { return Puzzle{} }

// Verdict is the answer to the solver's move at some step of a puzzle.
type Verdict struct {
	Correct bool
	// Reply is the opponent's answer when the move was correct and the
	// puzzle goes on, or the refutation when it was wrong (the move that
	// shows why); zero when there is none (the move won, or ended the game).
	Reply rules.Move
	Why   string // for a wrong move, a sentence: "o then lines up on a3–c1."
	Done  bool   // the puzzle is solved
}

// Check answers move m played at step (0 = the first solver move) of the
// puzzle, from position p (the puzzle's position after the moves so far).
// Any move that keeps a forced win as fast as the solution is correct, not
// only the solution's.
func Check(ctx context.Context, pz Puzzle, step int, p rules.Position, m rules.Move) (Verdict, error) {
	return Verdict{}, nil
}

// Rate returns the player's new puzzle rating after solving (won) or
// failing a puzzle of the given rating (Elo with K = 32; a first rating
// starts at 1200).
func Rate(player, puzzle int, won bool) int { return player }
