package search

import (
	"math"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// quiesceDepth bounds the forcing replies searched past the horizon: a
// threat, its answer, and a counter-threat.
const quiesceDepth = 3

// Move ordering keys: the table's move, replies to a threat, killers, then
// the history of cut-offs.
const (
	keyTable  = 1 << 30
	keyBlock  = 1 << 28
	keyKiller = 1 << 27
	keyOwnGap = 1 << 26
	keyMaker  = 1 << 25 // a move that makes a line of n-1
)

// Pruning: reverse futility per ply of depth, quiet moves searched at
// depths 1..3, and late move reductions growing with depth and move number.
const futilityMargin = 120

var lateMoveCount = [4]int{0, 6, 12, 24}

var reduction = func() (r [64][64]int) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			r[d][i] = int(0.5 + math.Log(float64(d))*math.Log(float64(i))/2)
		}
	}
	return r
}()

// makers returns the squares where a piece would give the player a new
// line of n-1 (lines with n-2 of its pieces and none of the opponent's).
func makers(v rules.Variant, mine, theirs uint16) uint16 {
	n := v.Size()
	var m uint16
	for _, l := range v.Lines() {
		if theirs&l == 0 && popcount(mine&l) == n-2 {
			m |= l &^ mine
		}
	}
	return m
}

// search is the principal variation search of one node at ply, from the
// side to move's point of view.
func (t *thread) search(p *rules.Position, alpha, beta, depth, ply int) int {
	t.pvLen[ply] = ply
	if t.tick() {
		return 0
	}
	b := readBoard(p)
	us := p.SideToMove()
	if w, ok := winner(p, &b); ok {
		if w == us {
			return Win - ply
		}
		return -(Win - ply)
	}
	if t.repeated(ply) || ply >= t.plyLimit {
		return 0
	}
	if ply >= maxPly-2 {
		return t.w.evaluate(p, &b, t.opt.NoQuiesce)
	}
	v := p.Variant()
	ownGaps := gaps(v, b.vis[us])
	if depth <= 0 {
		// The horizon: no table here, where most nodes are and a probe
		// costs more than it saves.
		if t.opt.NoQuiesce {
			return t.w.evaluate(p, &b, t.opt.NoQuiesce)
		}
		return t.horizon(p, &b, us, ownGaps, alpha, beta, ply, quiesceDepth)
	}
	// No line can beat a win found nearer the root.
	alpha = max(alpha, -(Win - ply))
	beta = min(beta, Win-ply-1)
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1
	hash := p.Hash()
	ttMove := rules.NoMove
	if e, ok := t.sh.table.probe(hash); ok {
		ttMove = e.move
		if !pvNode && e.depth >= depth {
			s := scoreFromTable(e.score, ply)
			if e.bound == boundExact || (e.bound == boundLower && s >= beta) || (e.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}

	moves := p.LegalMoves(t.moves[ply][:0])
	if m, ok := winInOne(p, moves, ownGaps, us); ok {
		t.sh.table.store(hash, entry{move: m, score: scoreToTable(Win-ply-1, ply), depth: maxPly, bound: boundExact})
		t.pv[ply][ply] = m
		t.pvLen[ply] = ply + 1
		return Win - ply - 1
	}

	var tb [10]threat
	opp := threats(p, &b, us.Other(), tb[:0])
	inCheck := len(opp) > 0
	// Far above beta with little depth left, a quiet position is not
	// worth searching: the opponent will not allow it (reverse futility).
	if !pvNode && !inCheck && depth <= 3 {
		if static := t.w.evaluate(p, &b, t.opt.NoQuiesce); static-futilityMargin*depth >= beta && static < WinBound {
			return static
		}
	}
	t.orderMoves(p, &b, moves, ply, ttMove, ownGaps, opp, makers(v, b.vis[us], b.vis[us.Other()]))

	best := -infinity
	bestMove := rules.NoMove
	origAlpha := alpha
	keys := t.keys[ply][:len(moves)]
	quietSeen := 0
	for i := range moves {
		m := pickNext(moves, keys, i)
		quiet := keys[i] < keyMaker && !inCheck
		if quiet {
			quietSeen++
			// Late quiet moves near the horizon are skipped outright.
			if !pvNode && depth <= 3 && quietSeen > lateMoveCount[depth] && best > -WinBound {
				continue
			}
		}
		c := &t.pos[ply+1]
		*c = p.Play(m)
		t.enter(c, ply, m)
		var score int
		if i == 0 {
			score = -t.search(c, -beta, -alpha, depth-1, ply+1)
		} else {
			r := 0
			if depth >= 3 && quiet {
				r = reduction[min(depth, 63)][min(i, 63)]
				if pvNode && r > 0 {
					r--
				}
				r = min(r, depth-2)
			}
			score = -t.search(c, -alpha-1, -alpha, depth-1-r, ply+1)
			if score > alpha && r > 0 {
				score = -t.search(c, -alpha-1, -alpha, depth-1, ply+1)
			}
			if score > alpha && score < beta {
				score = -t.search(c, -beta, -alpha, depth-1, ply+1)
			}
		}
		if t.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				t.pv[ply][ply] = m
				copy(t.pv[ply][ply+1:], t.pv[ply+1][ply+1:t.pvLen[ply+1]])
				t.pvLen[ply] = max(t.pvLen[ply+1], ply+1)
				if score >= beta {
					t.rememberCutoff(p, m, ply, depth, keys[i])
					break
				}
			}
		}
	}
	bd := boundExact
	switch {
	case best >= beta:
		bd = boundLower
	case best <= origAlpha:
		bd = boundUpper
		bestMove = rules.NoMove
	}
	t.sh.table.store(hash, entry{move: bestMove, score: scoreToTable(best, ply), depth: depth, bound: bd})
	return best
}

// winInOne returns a move that completes the side to move's line at once.
// Only moves onto a gap square can; playing them tells whether the lift
// reveals a line of the opponent's first.
func winInOne(p *rules.Position, moves []rules.Move, gaps uint16, us rules.Player) (rules.Move, bool) {
	if gaps == 0 {
		return rules.NoMove, false
	}
	for _, m := range moves {
		if gaps&(1<<m.To) == 0 {
			continue
		}
		if m.IsDrop() {
			// A drop onto a gap completes the line and uncovers nothing, and
			// the opponent showed no line before it (the game would be over).
			return m, true
		}
		c := p.Play(m)
		cb := readBoard(&c)
		if w, ok := winner(&c, &cb); ok && w == us {
			return m, true
		}
	}
	return rules.NoMove, false
}

// winsAtOnce reports whether the side to move, us, has a move that wins at
// once, without generating its moves: only a move onto one of its line
// gaps can.
func winsAtOnce(p *rules.Position, b *board, us rules.Player, gaps uint16) bool {
	return gaps != 0 && (dropWins(p, b, us, gaps) || shiftWins(p, b, us, gaps))
}

// quiesce settles forcing lines past the horizon: a side that can win at
// once does (the caller checked); a side facing a threat must answer it,
// by a move onto one of the threatened lines; otherwise the position is
// judged as it stands.
func (t *thread) quiesce(p *rules.Position, b *board, alpha, beta, ply, qdepth int) int {
	us := p.SideToMove()
	var tb [10]threat
	opp := threats(p, b, us.Other(), tb[:0])
	if len(opp) == 0 || qdepth <= 0 || ply >= maxPly-2 {
		return t.w.evaluate(p, b, t.opt.NoQuiesce)
	}
	moves := p.LegalMoves(t.moves[ply][:0])
	var lines uint16
	for _, th := range opp {
		lines |= th.line
	}
	best := -infinity
	tried := 0
	for pass := 0; pass < 2 && best <= -WinBound; pass++ {
		// First the moves onto the threatened lines; only if they all lose
		// the rest, since covering the piece that would fill the gap may save.
		for _, m := range moves {
			on := lines&(1<<m.To) != 0
			if on != (pass == 0) {
				continue
			}
			tried++
			c := &t.pos[ply+1]
			*c = p.Play(m)
			t.enter(c, ply, m)
			score := -t.quiesceNode(c, -beta, -alpha, ply+1, qdepth-1)
			if t.stopped {
				return 0
			}
			if score > best {
				best = score
				if score > alpha {
					alpha = score
					if score >= beta {
						return score
					}
				}
			}
		}
	}
	return best
}

// quiesceNode is a node below the horizon.
func (t *thread) quiesceNode(p *rules.Position, alpha, beta, ply, qdepth int) int {
	t.pvLen[ply] = ply
	if t.tick() {
		return 0
	}
	b := readBoard(p)
	us := p.SideToMove()
	if w, ok := winner(p, &b); ok {
		if w == us {
			return Win - ply
		}
		return -(Win - ply)
	}
	if t.repeated(ply) || ply >= t.plyLimit {
		return 0
	}
	return t.horizon(p, &b, us, gaps(p.Variant(), b.vis[us]), alpha, beta, ply, qdepth)
}

// horizon judges a node at or below the horizon: a win at once when the
// side to move, us, has one (ownGaps are its line gaps), else the forcing
// lines that quiesce settles.
func (t *thread) horizon(p *rules.Position, b *board, us rules.Player, ownGaps uint16, alpha, beta, ply, qdepth int) int {
	if winsAtOnce(p, b, us, ownGaps) {
		return Win - ply - 1
	}
	return t.quiesce(p, b, alpha, beta, ply, qdepth)
}

// historyIndex maps a move to its history slot: drops by size and square,
// shifts by squares.
func historyIndex(m rules.Move) int {
	if m.IsDrop() {
		return int(m.Size-1)*16 + int(m.To)
	}
	return 64 + int(m.From)*16 + int(m.To)
}

func (t *thread) orderMoves(p *rules.Position, b *board, moves []rules.Move, ply int, ttMove rules.Move, ownGaps uint16, opp []threat, makeSq uint16) {
	var blockSq, lineSq uint16
	for _, th := range opp {
		blockSq |= th.gap
		lineSq |= th.line
	}
	k1, k2 := t.killers[ply][0], t.killers[ply][1]
	hist := &t.history[p.SideToMove()]
	keys := t.keys[ply][:len(moves)]
	for i, m := range moves {
		var k int32
		to := uint16(1) << m.To
		switch {
		case m == ttMove:
			k = keyTable
		case blockSq&to != 0:
			k = keyBlock + 64 + int32(m.Size)
		case lineSq&to != 0:
			k = keyBlock + int32(m.Size)
		case m == k1:
			k = keyKiller + 1
		case m == k2:
			k = keyKiller
		case ownGaps&to != 0:
			k = keyOwnGap
		case makeSq&to != 0:
			k = keyMaker + int32(m.Size)
		default:
			k = hist[historyIndex(m)]
		}
		keys[i] = k
	}
}

// pickNext moves the best-keyed of moves[i:] to i (a selection sort done
// lazily, since a cut-off often comes early) and returns it.
func pickNext(moves []rules.Move, keys []int32, i int) rules.Move {
	bi := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[bi] {
			bi = j
		}
	}
	moves[i], moves[bi] = moves[bi], moves[i]
	keys[i], keys[bi] = keys[bi], keys[i]
	return moves[i]
}

func (t *thread) rememberCutoff(p *rules.Position, m rules.Move, ply, depth int, key int32) {
	if key >= keyMaker {
		return // already ordered early for its own sake
	}
	if t.killers[ply][0] != m {
		t.killers[ply][1] = t.killers[ply][0]
		t.killers[ply][0] = m
	}
	h := &t.history[p.SideToMove()][historyIndex(m)]
	*h += int32(depth * depth)
	if *h > keyMaker/2 {
		for s := range t.history {
			for i := range t.history[s] {
				t.history[s][i] /= 2
			}
		}
	}
}
