package analysis

import (
	"context"
	"fmt"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// loadSolution is where the 3×3 values come from; tests may replace it.
var loadSolution = solve.Load

// solution returns the 3×3 table, or an error that is ErrNoSolution.
func solution(ctx context.Context) (*solve.Solution, error) {
	sol, err := loadSolution(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, noSolution{err}
	}
	return sol, nil
}

// analyzeExact analyses a 3×3 game from the solution: each position's
// moves are valued exactly, the best is the fastest win (slowest loss),
// and the played move's value is the mover's after.
func analyzeExact(ctx context.Context, g *rules.Game, opt Options) (*Game, error) {
	sol, err := solution(ctx)
	if err != nil {
		return nil, err
	}
	moves := g.Moves()
	replay := rules.NewGameFrom(g.StartPosition())
	replay.MoveLimit = g.MoveLimit
	plies := make([]Ply, 0, len(moves))
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		vals, err := moveValues(ctx, sol, replay)
		if err != nil {
			return nil, err
		}
		ply := Ply{Move: m}
		found := false
		for _, mv := range vals {
			if mv.Move == m {
				ply.after, found = fromSolution(mv.Value), true
			}
		}
		if !found {
			return nil, fmt.Errorf("analysis: move %d %s is not legal", i+1, m.Notation(g.Variant()))
		}
		b := bestIndex(vals)
		ply.Best, ply.before = vals[b].Move, fromSolution(vals[b].Value)
		plies = append(plies, ply)
		if err := replay.Play(m); err != nil {
			return nil, fmt.Errorf("analysis: move %d: %w", i+1, err)
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(moves))
		}
	}
	return finish(g.Variant(), g.StartPosition().SideToMove(), plies, "solution"), nil
}

// bestIndex returns the index of the first move of the best value.
func bestIndex(vals []solve.MoveValue) int {
	b := 0
	for i, mv := range vals {
		if mv.Value.Better(vals[b].Value) {
			b = i
		}
	}
	return b
}

// moveValues values every legal move of the game's position, as the game
// ends them: a move that makes a position occur for the third time, or
// reaches the move limit, draws unless it shows a line.
func moveValues(ctx context.Context, sol *solve.Solution, g *rules.Game) ([]solve.MoveValue, error) {
	vals, err := solve.MoveValues(ctx, sol, g.Position())
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("analysis: %w", err)
	}
	atLimit := g.MoveLimit > 0 && g.Plies()+1 >= g.MoveLimit
	for i, mv := range vals {
		if mv.Value.IsDraw() || mv.Value.Plies() == 1 {
			continue // a draw already, or a line at once, which comes first
		}
		if atLimit || repeatsThirdTime(g, mv.Move) {
			vals[i].Value = solve.Draw
		}
	}
	return vals, nil
}

// repeatsThirdTime reports whether playing m makes the resulting position
// occur for the third time, which draws the game at once.
func repeatsThirdTime(g *rules.Game, m rules.Move) bool {
	next := g.Position().Play(m)
	n := 1
	for _, p := range g.History() {
		if p.Hash() == next.Hash() && p.Equal(&next) {
			n++
		}
	}
	return n >= 3
}

// judgeExact judges a move against the solution: it must keep the
// position's value (a win stays a win, a draw a draw).
func judgeExact(ctx context.Context, p rules.Position, m rules.Move) (bool, Ply, error) {
	sol, err := solution(ctx)
	if err != nil {
		return false, Ply{}, err
	}
	vals, err := moveValues(ctx, sol, rules.NewGameFrom(p))
	if err != nil {
		return false, Ply{}, err
	}
	b := bestIndex(vals)
	ply := Ply{Move: m, Best: vals[b].Move, before: fromSolution(vals[b].Value)}
	for _, mv := range vals {
		if mv.Move == m {
			ply.after = fromSolution(mv.Value)
		}
	}
	ply.settle(p.Variant())
	return ply.after.kind == ply.before.kind, ply, nil
}
