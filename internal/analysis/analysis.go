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

	// before and after are what Before and After come from: a proven
	// result with its length, or chances (kept in the record so notes and
	// marks come back the same).
	before, after value
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
	if g.Variant() == rules.Gobblers {
		return analyzeExact(ctx, g, opt)
	}
	return analyzeSearch(ctx, g, opt)
}

// Judge tells whether m, played instead of the move at ply i of the
// analysed game (Learn from your mistakes), is good enough: on 3×3 it keeps
// the value of the position; on 4×4 the mover's winning chances after it
// come within JudgePoints of the best move's. p is the position before
// ply i. The returned Ply is m's own analysis (mark, chances, note).
//
// Judge sees only p, not the game's history: a move that would repeat a
// position for the third time is judged as if the game went on.
func Judge(ctx context.Context, p rules.Position, m rules.Move, best Ply, opt Options) (ok bool, got Ply, err error) {
	if err := p.CheckMove(m); err != nil {
		return false, Ply{}, err
	}
	if p.Variant() == rules.Gobblers {
		return judgeExact(ctx, p, m)
	}
	return judgeSearch(ctx, p, m, best, opt)
}

// JudgePoints is how far under the best move's winning chances a move
// must fall on 4×4 for Judge to refuse it: the 5 points that make an
// inaccuracy, so an accepted move is one the analysis would have marked
// best or good.
const JudgePoints = 5

// noSolution is ErrNoSolution with the sentence saying why.
type noSolution struct{ err error }

func (e noSolution) Error() string        { return e.err.Error() }
func (e noSolution) Unwrap() error        { return e.err }
func (e noSolution) Is(target error) bool { return target == ErrNoSolution }

// positions reports how many of the game's positions the analysis looks
// at: one per move, and the last position too when the game goes on.
func positions(g *rules.Game) int {
	n := g.Plies()
	if !g.Over() {
		n++
	}
	return n
}

// finish fills in the plies' chances, marks and notes from their values,
// and the game's accuracy.
func finish(v rules.Variant, start rules.Player, plies []Ply, budget string) *Game {
	for i := range plies {
		plies[i].settle(v)
	}
	return &Game{Variant: v, Plies: plies, Accuracy: gameAccuracy(start, plies), Budget: budget}
}

// settle derives the exported fields of a ply from its move, best move and
// values.
func (p *Ply) settle(v rules.Variant) {
	p.Before, p.After = p.before.chances(), p.after.chances()
	p.Mark = markOf(v, p.Move, p.Best, p.before, p.after)
	if p.Mark == Best {
		p.Best = p.Move
	}
	p.Note = noteOf(p.before, p.after)
}

// markOf judges a move. On 3×3 (exact values) a move is best when it keeps
// the best value exactly, good when it keeps its kind (still a win, draw
// or loss), and a blunder otherwise. On 4×4 it is best when it is the
// search's best move, and otherwise marked by the mover's loss of winning
// chances, as Lichess does: 5, 10, 15 points make an inaccuracy, a mistake
// and a blunder.
func markOf(v rules.Variant, played, best rules.Move, before, after value) Mark {
	if v == rules.Gobblers {
		switch {
		case after == before:
			return Best
		case after.kind == before.kind:
			return Good
		}
		return Blunder
	}
	if played == best || (after.proven() && before.proven() && !before.better(after)) {
		return Best // the search's move, or one proven as good
	}
	switch drop := before.chances() - after.chances(); {
	case drop >= 15:
		return Blunder
	case drop >= 10:
		return Mistake
	case drop >= 5:
		return Inaccuracy
	}
	return Good
}
