package search

import (
	"github.com/gobblet-game/gobblet/internal/rules"
)

// The seeds' algorithms, kept for the curious and for demonstrations:
// minimax looks at every move to a fixed depth, alpha-beta skips what cannot
// matter. Neither uses the table or any move ordering; both deepen one ply
// at a time only so that a stopped search still has an answer.

const plainDefaultDepth = 4

func (t *thread) iteratePlain() {
	maxD := t.opt.Limits.Depth
	if maxD <= 0 {
		maxD = plainDefaultDepth
	}
	for d := 1; d <= maxD; d++ {
		t.rootDepth = d
		p := &t.root
		best, bestIdx := -infinity, -1
		alpha := -infinity
		for i := range t.rootMoves {
			rm := &t.rootMoves[i]
			c := p.Play(rm.Move)
			t.enter(&c, 0, rm.Move)
			var v int
			if t.opt.Algorithm == Minimax {
				v = -t.minimax(&c, d-1, 1)
			} else {
				v = -t.alphaBeta(&c, -infinity, -alpha, d-1, 1)
			}
			if t.sh.stop.Load() {
				break
			}
			rm.Score, rm.Exact = v, t.opt.Algorithm == Minimax || v > alpha || i == 0
			if v > best {
				best, bestIdx = v, i
				alpha = max(alpha, v)
				t.best = RootMove{Move: rm.Move, Score: v, Exact: true}
				t.pvRoot = append(t.pvRoot[:0], rm.Move)
				t.pvRoot = append(t.pvRoot, t.pv[1][1:t.pvLen[1]]...)
			}
		}
		if t.sh.stop.Load() || bestIdx < 0 {
			break
		}
		t.bestDepth = d
		t.report(d)
		bm := t.rootMoves[bestIdx]
		copy(t.rootMoves[1:bestIdx+1], t.rootMoves[:bestIdx])
		t.rootMoves[0] = bm
		if IsProven(best) && PliesToEnd(best) <= d {
			break
		}
	}
	t.sh.stop.Store(true)
}

// leaf returns a node's score when it needs no children: the game is over,
// or the depth is used up.
func (t *thread) leaf(p *rules.Position, depth, ply int) (int, bool) {
	b := readBoard(p)
	if w, ok := winner(p, &b); ok {
		if w == p.SideToMove() {
			return Win - ply, true
		}
		return -(Win - ply), true
	}
	if t.repeated(ply) || ply >= t.plyLimit {
		return 0, true
	}
	if depth <= 0 || ply >= maxPly-2 {
		return t.w.evaluate(p, &b, true), true
	}
	return 0, false
}

func (t *thread) minimax(p *rules.Position, depth, ply int) int {
	t.pvLen[ply] = ply
	if t.tick() {
		return 0
	}
	if s, ok := t.leaf(p, depth, ply); ok {
		return s
	}
	best := -infinity
	for _, m := range p.LegalMoves(t.moves[ply][:0]) {
		c := &t.pos[ply+1]
		*c = p.Play(m)
		t.enter(c, ply, m)
		s := -t.minimax(c, depth-1, ply+1)
		if s > best {
			best = s
			t.setPV(ply, m)
		}
	}
	return best
}

func (t *thread) alphaBeta(p *rules.Position, alpha, beta, depth, ply int) int {
	t.pvLen[ply] = ply
	if t.tick() {
		return 0
	}
	if s, ok := t.leaf(p, depth, ply); ok {
		return s
	}
	best := -infinity
	for _, m := range p.LegalMoves(t.moves[ply][:0]) {
		c := &t.pos[ply+1]
		*c = p.Play(m)
		t.enter(c, ply, m)
		s := -t.alphaBeta(c, -beta, -alpha, depth-1, ply+1)
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				t.setPV(ply, m)
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

func (t *thread) setPV(ply int, m rules.Move) {
	t.pv[ply][ply] = m
	copy(t.pv[ply][ply+1:], t.pv[ply+1][ply+1:t.pvLen[ply+1]])
	t.pvLen[ply] = max(t.pvLen[ply+1], ply+1)
}
