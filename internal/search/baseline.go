package search

import (
	"context"
	"math/rand/v2"

	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// The baseline player reproduces the seeds' recipe, to measure ourselves
// against: a fixed-depth alpha-beta search without table or ordering, whose
// evaluation counts each visible piece ±(5+2·size) per line and scores
// 10·(best line + worst line), plus a bonus for each blocked line of n-1,
// ±1000 for a win (however far), and a random choice among equal moves.

const (
	baselineDepth    = 3
	baselineWin      = 1000
	baselineBlockBon = 50
)

// Baseline returns the baseline player's move for the game's current
// position (depth <= 0 means the seeds' depth 3). It stops early, with the
// best move found so far, when ctx is cancelled.
func Baseline(ctx context.Context, g *rules.Game, depth int, r *rand.Rand) rules.Move {
	if depth <= 0 {
		depth = baselineDepth
	}
	p := g.Position()
	me := p.SideToMove()
	var buf [rules.MaxMoves]rules.Move
	moves := append([]rules.Move(nil), p.LegalMoves(buf[:0])...)
	bs := &baselineSearch{ctx: ctx, me: me}
	best := -1 << 30
	var ties []rules.Move
	for _, m := range moves {
		c := p.Play(m)
		// Window (best-1, ∞): equal scores come back exact, so ties are seen.
		v := bs.search(&c, depth-1, best-1, 1<<30, false)
		if bs.stopped {
			break
		}
		switch {
		case v > best:
			best, ties = v, append(ties[:0], m)
		case v == best:
			ties = append(ties, m)
		}
	}
	if len(ties) == 0 {
		return moves[0]
	}
	if r == nil {
		return ties[0]
	}
	return ties[r.IntN(len(ties))]
}

type baselineSearch struct {
	ctx     context.Context
	me      rules.Player
	nodes   int
	stopped bool
}

// search is a max/min alpha-beta from the baseline player's (me) point of
// view; maximizing says whose turn it is.
func (s *baselineSearch) search(p *rules.Position, depth, alpha, beta int, maximizing bool) int {
	s.nodes++
	if s.nodes&1023 == 0 {
		coop.Yield()
		if s.ctx.Err() != nil {
			s.stopped = true
		}
	}
	if s.stopped {
		return 0
	}
	if w, ok := p.Winner(); ok {
		if w == s.me {
			return baselineWin
		}
		return -baselineWin
	}
	if depth == 0 {
		return baselineEval(p, s.me)
	}
	var buf [rules.MaxMoves]rules.Move
	moves := p.LegalMoves(buf[:0])
	if maximizing {
		v := -1 << 30
		for _, m := range moves {
			c := p.Play(m)
			v = max(v, s.search(&c, depth-1, alpha, beta, false))
			alpha = max(alpha, v)
			if alpha >= beta {
				break
			}
		}
		return v
	}
	v := 1 << 30
	for _, m := range moves {
		c := p.Play(m)
		v = min(v, s.search(&c, depth-1, alpha, beta, true))
		beta = min(beta, v)
		if alpha >= beta {
			break
		}
	}
	return v
}

// baselineEval is the seeds' evaluation, from me's point of view.
func baselineEval(p *rules.Position, me rules.Player) int {
	b := readBoard(p)
	v := p.Variant()
	n, sizes := v.Size(), v.Sizes()
	var worth [rules.MaxSquares]int
	for k := 0; k < sizes; k++ {
		for sq := b.top[k]; sq != 0; sq &= sq - 1 {
			i := trailing(sq)
			worth[i] = 5 + 2*(k+1)
			if b.vis[me]&(1<<i) == 0 {
				worth[i] = -worth[i]
			}
		}
	}
	bestLine, worstLine := -1<<30, 1<<30
	bonus := 0
	for _, l := range v.Lines() {
		sum := 0
		for m := l; m != 0; m &= m - 1 {
			sum += worth[trailing(m)]
		}
		bestLine, worstLine = max(bestLine, sum), min(worstLine, sum)
		mine, theirs := popcount(b.vis[me]&l), popcount(b.vis[me.Other()]&l)
		switch {
		case theirs == n-1 && mine == 1:
			bonus += baselineBlockBon
		case mine == n-1 && theirs == 1:
			bonus -= baselineBlockBon
		}
	}
	return 10*(bestLine+worstLine) + bonus
}
