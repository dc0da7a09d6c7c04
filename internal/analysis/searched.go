package analysis

import (
	"context"
	"fmt"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

// hashMiB is the search table's size for the analysis: Hard's, plenty for
// DefaultNodes, small enough for a browser.
const hashMiB = 16

// nodes is the budget asked for.
func (o Options) nodes() uint64 {
	if o.Nodes == 0 {
		return DefaultNodes
	}
	return o.Nodes
}

// budget names a node budget in Game.Budget.
func budget(n uint64) string { return fmt.Sprintf("nodes %d", n) }

// BudgetName is the Game.Budget an analysis of a game of the variant with
// the node budget (0 for DefaultNodes) would have: "solution" on 3×3,
// "nodes N" on 4×4. A kept analysis with this budget need not be redone.
func BudgetName(v rules.Variant, nodes uint64) string {
	if v == rules.Gobblers {
		return "solution"
	}
	return budget(Options{Nodes: nodes}.nodes())
}

// searchOptions are a reproducible search: one thread, no jitter, a node
// budget and no clock.
func searchOptions(nodes uint64) search.Options {
	return search.Options{Limits: search.Limits{Nodes: nodes}, Threads: 1}
}

// analyzeSearch analyses a 4×4 game by one search of each position, in
// order, with one table: the search of position i gives the best move and
// the mover's chances before move i, and, seen from the other side, the
// chances after move i-1. The game's end, when it has one, is the last
// move's after.
func analyzeSearch(ctx context.Context, g *rules.Game, opt Options) (*Game, error) {
	nodes := opt.nodes()
	s := search.NewSearcher(hashMiB)
	moves := g.Moves()
	replay := rules.NewGameFrom(g.StartPosition())
	replay.MoveLimit = g.MoveLimit
	plies := make([]Ply, len(moves))
	total := positions(g)
	if len(moves) == 0 {
		total = 0 // nothing to mark
	}
	for i := 0; i < total; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res := s.Search(ctx, replay, searchOptions(nodes))
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v := fromScore(res.Score)
		if i > 0 {
			plies[i-1].after = v.before()
		}
		if i < len(moves) {
			plies[i].Move, plies[i].Best, plies[i].before = moves[i], res.Move, v
			if err := replay.Play(moves[i]); err != nil {
				return nil, fmt.Errorf("analysis: move %d: %w", i+1, err)
			}
		}
		if opt.Progress != nil {
			opt.Progress(i+1, total)
		}
	}
	if n := len(moves); n > 0 && g.Over() {
		plies[n-1].after = endValue(g)
	}
	return finish(g.Variant(), g.StartPosition().SideToMove(), plies, budget(nodes)), nil
}

// endValue is what the last move of a finished game is worth to its mover.
func endValue(g *rules.Game) value {
	res := g.Result()
	if res.Status != rules.Win {
		return value{draw, 0}
	}
	if res.Winner == g.Position().SideToMove() {
		return value{loss, 1}
	}
	return value{win, 1}
}

// judgeSearch judges a move by a search of the position it leads to,
// against the best move's chances in the analysis.
func judgeSearch(ctx context.Context, p rules.Position, m rules.Move, best Ply, opt Options) (bool, Ply, error) {
	if m == best.Move {
		return best.Mark <= Good, best, nil
	}
	ply := Ply{Move: m, Best: best.Best, before: best.before}
	if ply.before.kind == unknown {
		ply.before = value{chances, best.Before}
	}
	if m == best.Best {
		ply.after = ply.before // the analysis's own best move
		ply.settle(p.Variant())
		return true, ply, nil
	}
	g := rules.NewGameFrom(p)
	if err := g.Play(m); err != nil {
		return false, Ply{}, err
	}
	if g.Over() {
		ply.after = endValue(g)
	} else {
		res := search.NewSearcher(hashMiB).Search(ctx, g, searchOptions(opt.nodes()))
		if err := ctx.Err(); err != nil {
			return false, Ply{}, err
		}
		ply.after = fromScore(res.Score).before()
	}
	ply.settle(p.Variant())
	return ply.before.chances()-ply.after.chances() < JudgePoints, ply, nil
}
