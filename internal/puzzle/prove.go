package puzzle

import (
	"context"
	"errors"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// ErrBudget is returned by a Prover that reached its node budget before
// it could decide.
var ErrBudget = errors.New("the proof search reached its node budget before deciding")

// Prover decides exactly whether the side to move can force a win within
// a number of plies (its own moves and the opponent's, the winning move
// included: a win at once is 1 ply). It looks at every move of both sides
// (no pruning that could hide a defence) and remembers what it learnt, by
// the full position, across calls. Repetition is not a concern: a forced
// win of a few plies from a fresh start cannot meet a position three times.
type Prover struct {
	ctx    context.Context
	Budget uint64 // nodes before giving up with ErrBudget; 0 means no limit
	Nodes  uint64
	err    error
	memo   map[rules.Position]bounds
	bufs   [][]rules.Move
}

// bounds is what is known of a position for its side to move: no win
// within noWin plies, and a win within win plies (0 when unknown).
type bounds struct{ noWin, win int8 }

// NewProver returns a prover that stops when ctx is done.
func NewProver(ctx context.Context) *Prover {
	return &Prover{ctx: ctx, memo: make(map[rules.Position]bounds)}
}

// Err is the reason the prover stopped deciding (ctx done or budget
// spent), or nil. Once set, answers are not to be trusted.
func (pv *Prover) Err() error { return pv.err }

// WinsWithin reports whether the side to move of p (a position where the
// game goes on) forces a win within plies plies.
func (pv *Prover) WinsWithin(p rules.Position, plies int) (bool, error) {
	w := pv.winWithin(p, plies, 0)
	return w, pv.err
}

// MoveWinsWithin reports whether move m, played in p, forces the mover's
// win within plies plies (m included).
func (pv *Prover) MoveWinsWithin(p rules.Position, m rules.Move, plies int) (bool, error) {
	c := p.Play(m)
	if w, over := c.Winner(); over {
		return w == p.SideToMove(), nil
	}
	if plies < 3 {
		return false, nil
	}
	_, loses := pv.escape(c, plies-1, 0)
	return loses, pv.err
}

// Fastest returns the fewest plies (odd, at most max) within which move m,
// played in p, forces the mover's win, or 0 when it does not within max.
func (pv *Prover) Fastest(p rules.Position, m rules.Move, max int) (int, error) {
	for n := 1; n <= max; n += 2 {
		w, err := pv.MoveWinsWithin(p, m, n)
		if err != nil {
			return 0, err
		}
		if w {
			return n, nil
		}
	}
	return 0, nil
}

// Escape returns a move of the side to move in c (the defender) after which
// the opponent no longer wins within plies-1 plies, or false when every
// move loses that fast. Moves that win at once come first, then the ones
// onto the opponent's threatened squares.
func (pv *Prover) Escape(c rules.Position, plies int) (rules.Move, bool, error) {
	m, loses := pv.escape(c, plies, 0)
	return m, !loses, pv.err
}

func (pv *Prover) moves(p rules.Position, depth int) []rules.Move {
	for len(pv.bufs) <= depth {
		pv.bufs = append(pv.bufs, make([]rules.Move, 0, rules.MaxMoves))
	}
	pv.bufs[depth] = p.LegalMoves(pv.bufs[depth][:0])
	return pv.bufs[depth]
}

func (pv *Prover) tick() bool {
	if pv.err != nil {
		return true
	}
	pv.Nodes++
	if pv.Budget != 0 && pv.Nodes > pv.Budget {
		pv.err = ErrBudget
		return true
	}
	if pv.Nodes&4095 == 0 {
		if err := pv.ctx.Err(); err != nil {
			pv.err = err
			return true
		}
	}
	return false
}

// winsAtOnce returns a move of the side to move that completes its line.
func winsAtOnce(p rules.Position, moves []rules.Move) (rules.Move, bool) {
	us := p.SideToMove()
	gaps := lineGaps(p.Variant(), p.Visible(us), p.Visible(us.Other()))
	if gaps == 0 {
		return rules.NoMove, false
	}
	for _, m := range moves {
		if gaps&(1<<m.To) == 0 {
			continue
		}
		if w, over := p.Play(m).Winner(); over && w == us {
			return m, true
		}
	}
	return rules.NoMove, false
}

// lineGaps returns the squares that would complete one of mine's lines:
// each line where mine shows all squares but one. (theirs is not used to
// exclude: a gap topped by the opponent may be gobbled.)
func lineGaps(v rules.Variant, mine, theirs uint16) uint16 {
	_ = theirs
	n := v.Size()
	var g uint16
	for _, l := range v.Lines() {
		if c := popcount(mine & l); c == n-1 {
			g |= l &^ mine
		}
	}
	return g
}

func popcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// winWithin: does the side to move of p win within n plies?
func (pv *Prover) winWithin(p rules.Position, n, depth int) bool {
	if n < 1 || pv.tick() {
		return false
	}
	b := pv.memo[p]
	if b.win != 0 && int(b.win) <= n {
		return true
	}
	if int(b.noWin) >= n {
		return false
	}
	moves := pv.moves(p, depth)
	if _, ok := winsAtOnce(p, moves); ok {
		pv.memo[p] = bounds{noWin: b.noWin, win: 1}
		return true
	}
	won := false
	if n >= 3 {
		for _, m := range orderAttack(p, moves) {
			c := p.Play(m)
			if _, over := c.Winner(); over {
				continue // not a win at once (checked above): a loss
			}
			if _, loses := pv.escape(c, n-1, depth+1); loses {
				won = true
				break
			}
			if pv.err != nil {
				return false
			}
		}
	}
	if pv.err != nil {
		return false
	}
	if won {
		if b.win == 0 || int(b.win) > n {
			b.win = int8(n)
		}
	} else if int(b.noWin) < n {
		b.noWin = int8(n)
	}
	pv.memo[p] = b
	return won
}

// escape: in c, the defender to move; does every defender move lose within
// k plies (the opponent winning within k-1 after it)? It returns a move
// that escapes when there is one.
func (pv *Prover) escape(c rules.Position, k, depth int) (rules.Move, bool) {
	if pv.tick() {
		return rules.NoMove, false
	}
	moves := pv.moves(c, depth)
	if m, ok := winsAtOnce(c, moves); ok {
		return m, false
	}
	ordered := orderDefence(c, moves)
	if k < 2 {
		return ordered[0], false // no time left to win: any move escapes, a block first
	}
	for _, d := range ordered {
		c2 := c.Play(d)
		if w, over := c2.Winner(); over {
			if w == c.SideToMove() {
				return d, false
			}
			continue
		}
		if !pv.winWithin(c2, k-1, depth+1) {
			if pv.err != nil {
				return rules.NoMove, false
			}
			return d, false
		}
	}
	return rules.NoMove, pv.err == nil
}

// orderAttack returns the moves with the ones that make a line of n-1
// (a threat) first; it copies the moves.
func orderAttack(p rules.Position, moves []rules.Move) []rules.Move {
	us := p.SideToMove()
	v := p.Variant()
	mine := p.Visible(us)
	out := make([]rules.Move, 0, len(moves))
	var rest []rules.Move
	for _, m := range moves {
		near := false
		for _, l := range v.Lines() {
			if l&(1<<m.To) != 0 && popcount(mine&l) >= v.Size()-2 {
				near = true
				break
			}
		}
		if near {
			out = append(out, m)
		} else {
			rest = append(rest, m)
		}
	}
	return append(out, rest...)
}

// orderDefence returns the defender's moves onto the opponent's gaps (the
// blocks) first; it copies the moves.
func orderDefence(c rules.Position, moves []rules.Move) []rules.Move {
	them := c.SideToMove().Other()
	gaps := lineGaps(c.Variant(), c.Visible(them), 0)
	out := make([]rules.Move, 0, len(moves))
	var rest []rules.Move
	for _, m := range moves {
		if gaps&(1<<m.To) != 0 {
			out = append(out, m)
		} else {
			rest = append(rest, m)
		}
	}
	return append(out, rest...)
}

// MainLine returns a puzzle's line from p where first wins within plies:
// first, then alternately the opponent's longest defence and a solver's
// move that still wins on time (the first found, threats first), ending
// with the solver's winning move. It fails when first does not win so.
func (pv *Prover) MainLine(p rules.Position, first rules.Move, plies int) ([]rules.Move, error) {
	line := []rules.Move{first}
	q := p.Play(first)
	left := plies - 1 // plies after the move just played
	var buf [rules.MaxMoves]rules.Move
	for {
		if w, over := q.Winner(); over {
			if w != p.SideToMove() || len(line)%2 == 0 {
				return nil, errors.New("the line ends with the opponent's move, not the solver's")
			}
			return line, nil
		}
		if left < 2 {
			return nil, errors.New("the line does not win on time")
		}
		d, err := longestDefence(pv, q, left)
		if err != nil {
			return nil, err
		}
		line = append(line, d)
		q = q.Play(d)
		left--
		if _, over := q.Winner(); over {
			return nil, errors.New("every reply loses at once: no move for the solver to find")
		}
		found := false
		for _, m := range orderAttack(q, q.LegalMoves(buf[:0])) {
			w, err := pv.MoveWinsWithin(q, m, left)
			if err != nil {
				return nil, err
			}
			if w {
				line = append(line, m)
				q = q.Play(m)
				left--
				found = true
				break
			}
		}
		if !found {
			return nil, errors.New("the line does not win on time")
		}
	}
}
