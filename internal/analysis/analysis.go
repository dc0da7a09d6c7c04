// Package analysis reviews a finished (or unfinished) game move by move:
// for each ply the mover's winning chances before and after the move, the
// best move and a mark (best, good, inaccuracy, mistake, blunder), and each
// player's accuracy, following Lichess (lila's AccuracyPercent.scala and
// its winning-chances curve).
//
// On 3×3 (Gobblet Gobblers) the analysis is exact, from the solution
// (internal/solve): winning chances are 100, 50 or 0. On 4×4 it is a search
// with a fixed node budget (Budget), the same on every run and every
// machine, so marks are reproducible; a heuristic score becomes winning
// chances by a logistic curve fitted on the engine's self-play games
// (WinningChances; the fit is documented in docs/analysis.md).
//
// The package is pure: no I/O but the 3×3 table through solve, no ebiten.
// It runs in a goroutine in the game (the search yields to the page in a
// browser through internal/coop) and in `gobblet-engine annotate`.
package analysis

import (
	"context"
	"errors"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// Mark is the judgement of one move.
type Mark uint8

const (
	Best       Mark = iota // the best move (3×3: keeps the value, fastest win / slowest loss)
	Good                   // keeps the value (3×3) or loses under 5 points of winning chances
	Inaccuracy             // ?! loses at least 5 points
	Mistake                // ?  loses at least 10 points
	Blunder                // ?? loses at least 15 points (3×3: any loss of value)
)

// String is the mark's word in `gobblet-engine annotate`: best, good,
// inaccuracy, mistake, blunder.
func (m Mark) String() string {
	switch m {
	case Best:
		return "best"
	case Good:
		return "good"
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return "unknown"
}

// Symbol is the mark's sign in a move list: "", "", "?!", "?", "??".
func (m Mark) Symbol() string {
	switch m {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// Ply is the analysis of one move.
type Ply struct {
	Move rules.Move
	Mark Mark
	// Before and After are the mover's winning chances (0–100) before the
	// move and after it (after: from the mover's side, though the opponent
	// is to move).
	Before, After int
	Best          rules.Move // the best move in the position before; equal to Move when it was played
	// Note, when set, is a sentence for the player about the move, for
	// example "Missed a win in 3." (3×3) or "Allows a win in 2.".
	Note string
}

// Game is the analysis of a whole game.
type Game struct {
	Variant rules.Variant
	Plies   []Ply // one per move of the game, in order
	// Accuracy is each player's accuracy in percent (0–100), indexed by
	// rules.X and rules.O; -1 for a side that made no move.
	Accuracy [2]float64
	// Budget names what the analysis was made with ("solution" on 3×3,
	// "nodes N" on 4×4), so a file analysed with another budget is known.
	Budget string
}

// Options say how to analyse.
type Options struct {
	// Nodes is the search's node budget per position on 4×4; 0 means
	// DefaultNodes.
	Nodes uint64
	// Progress, when set, is called after each position with the number of
	// positions done and the total.
	Progress func(done, total int)
}

// DefaultNodes is the 4×4 node budget per position (see docs/analysis.md
// for how it was chosen).
const DefaultNodes = 1_500_000

// ErrNoSolution means a 3×3 game cannot be analysed because the 3×3 table
// is not available (in a browser, before it was fetched).
var ErrNoSolution = errors.New("the 3×3 table is not available")

// Analyze analyses every move of g from its start position. It stops with
// ctx's error when ctx is cancelled.
func Analyze(ctx context.Context, g *rules.Game, opt Options) (*Game, error) {
	return nil, errors.New("analysis: not built yet")
}

// Judge tells whether m, played instead of the move at ply i of the
// analysed game (Learn from your mistakes), is good enough: on 3×3 it keeps
// the value of the position; on 4×4 the mover's winning chances after it
// come within a few points of the best move's. p is the position before
// ply i. The returned Ply is m's own analysis (mark, chances, note).
func Judge(ctx context.Context, p rules.Position, m rules.Move, best Ply, opt Options) (ok bool, got Ply, err error) {
	return false, Ply{}, errors.New("analysis: not built yet")
}

// WinningChances turns a search score (from the side to move; proven
// results at ±search.WinBound and beyond) into that side's winning chances,
// 0–100.
func WinningChances(score int) int { return 50 }

// MoveAccuracy is Lichess's accuracy of one move from the mover's winning
// chances before and after it (0–100 each), in percent.
func MoveAccuracy(before, after float64) float64 { return 100 }

// Of returns the analysis kept in a record, and whether it had one that
// matches its moves. A record whose analysis does not match its moves, or
// is malformed, has none (the game still loads).
func Of(r *record.Record) (*Game, bool) { return nil, false }

// Keep writes the analysis into the record (as a header tag that older
// versions of the game keep as an unknown tag), replacing any earlier one.
func Keep(r *record.Record, g *Game) {}
