package puzzle

import (
	"context"
	"fmt"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// Verdict is the answer to the solver's move at some step of a puzzle.
type Verdict struct {
	Correct bool
	// Reply is the opponent's answer when the move was correct and the
	// puzzle goes on, or the refutation when it was wrong (the move that
	// shows why); zero when there is none (the move won, or ended the game).
	Reply rules.Move
	Done  bool // the puzzle is solved

	// Why a wrong move is wrong (NoReason for a right one): what the
	// opponent (Them) does with Reply, or what the move itself gave away.
	// The words are the GUI's, in the player's language.
	Why  Reason
	Them rules.Player // the opponent, who answers or wins
	// Line is the squares of the line Them lines up (or the move
	// uncovered), a bit per square as rules.Position.WinningLine gives it;
	// InRow is the pieces in such a line (3 on 3×3, 4 on 4×4).
	Line  uint16
	InRow int
}

// Reason is why a wrong move is wrong.
type Reason uint8

const (
	NoReason Reason = iota
	// LinesUp: Them answers Reply and lines up InRow on Line at once.
	LinesUp
	// Uncovers: lifting the piece uncovered Them's Line, so Them won at
	// once (no Reply).
	Uncovers
	// SlowerWin: the move still wins (3×3), but after Them answers Reply
	// the win takes longer than the fastest.
	SlowerWin
	// NoWin: after Them answers Reply neither side can force a win (3×3).
	NoWin
	// TheyAttack: after Them answers Reply, Them has a winning attack (3×3).
	TheyAttack
	// NoQuickWin: after Them answers Reply there is no win as fast as the
	// puzzle's (4×4: the proof search found that defence).
	NoQuickWin
)

var reasonNames = [...]string{"none", "lines-up", "uncovers", "slower-win", "no-win", "they-attack", "no-quick-win"}

// String names the reason in a word, for logs and tests.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", int(r))
}

// LineEnds returns the two end squares of the verdict's Line (false when
// it has none).
func (v Verdict) LineEnds(vr rules.Variant) (first, last rules.Square, ok bool) {
	if v.Line == 0 {
		return 0, 0, false
	}
	f, l := -1, -1
	for sq := 0; sq < vr.Squares(); sq++ {
		if v.Line&(1<<sq) != 0 {
			if f < 0 {
				f = sq
			}
			l = sq
		}
	}
	if f < 0 {
		return 0, 0, false
	}
	return rules.Square(f), rules.Square(l), true
}

// HasReply reports whether the verdict carries an opponent's move (Reply
// is the zero Move when it does not).
func (v Verdict) HasReply() bool { return v.Reply != (rules.Move{}) && !v.Reply.IsNone() }

// Check answers move m played at step (0 = the first solver move) of the
// puzzle, from position p (the puzzle's position after the moves so far).
// Any move that keeps a forced win as fast as the solution is correct, not
// only the solution's.
//
// On 3×3 the answer comes from the solution (loaded on first use, about a
// second). On 4×4 the solution's move, and any move that leads to the same
// position or a mirror image of it, is accepted at once; another move is
// judged by a proof search, which ctx may cut short (the error is then
// ctx's). An illegal move is an error that says why in a sentence.
func Check(ctx context.Context, pz Puzzle, step int, p rules.Position, m rules.Move) (Verdict, error) {
	if err := p.CheckMove(m); err != nil {
		return Verdict{}, fmt.Errorf("that move is not allowed: %w", err)
	}
	left := 2*(pz.WinIn-step) - 1 // plies the solver has to win in, m included
	if left < 1 {
		left = 1
	}
	c := p.Play(m)
	if w, over := c.Winner(); over {
		if w == p.SideToMove() {
			return Verdict{Correct: true, Done: true}, nil
		}
		return Verdict{Why: Uncovers, Them: w, Line: c.WinningLine(w), InRow: inRow(c.Variant())}, nil
	}
	// The solution's own move here and the opponent's reply to it, when
	// the player has followed the main line so far.
	solMove, mainReply := rules.NoMove, rules.NoMove
	if pz.onMain(step, p) {
		solMove = pz.Solution[2*step]
		if 2*step+1 < len(pz.Solution) && p.Play(solMove).Equal(&c) {
			mainReply = pz.Solution[2*step+1]
		}
	}
	var v Verdict
	var err error
	if pz.Variant == rules.Gobblers {
		v, err = checkSolved(ctx, c, left, mainReply)
	} else {
		v, err = checkProved(ctx, p, c, left, solMove, mainReply)
	}
	if v.Reply.IsNone() {
		v.Reply = rules.Move{}
	}
	if err == nil && v.Correct && v.HasReply() {
		// Every reply may lose at once, by uncovering the solver's line.
		if w, over := c.Play(v.Reply).Winner(); over && w == p.SideToMove() {
			v.Done = true
		}
	}
	return v, err
}

// onMain reports whether p is where the main line stands before the
// solver's move of step.
func (pz Puzzle) onMain(step int, p rules.Position) bool {
	if step < 0 || 2*step >= len(pz.Solution) {
		return false
	}
	q := pz.Position
	for _, m := range pz.Solution[:2*step] {
		q = q.Play(m)
	}
	return q.Equal(&p)
}

// sameOrMirror reports whether two positions are equal or images of each
// other under a symmetry of the board.
func sameOrMirror(a, b rules.Position) bool {
	if a.Equal(&b) {
		return true
	}
	ca, _ := a.Canonical()
	cb, _ := b.Canonical()
	return ca.Equal(&cb)
}

// checkSolved judges a 3×3 move by the solution: c is the position it
// leaves (the game goes on), left the plies the solver had.
func checkSolved(ctx context.Context, c rules.Position, left int, mainReply rules.Move) (Verdict, error) {
	sol, err := solve.Load(ctx)
	if err != nil {
		return Verdict{}, err
	}
	v, err := sol.Value(ctx, solve.FromPosition(c))
	if err != nil {
		return Verdict{}, err
	}
	mover := v.Before() // the value of the move for the solver
	reply, replyValue, err := bestReply(ctx, sol, c, mainReply)
	if err != nil {
		return Verdict{}, err
	}
	if mover.IsWin() && mover.Plies() <= left {
		return Verdict{Correct: true, Reply: reply}, nil
	}
	them := c.SideToMove()
	vd := Verdict{Reply: reply, Them: them}
	switch {
	case replyValue.IsWin() && replyValue.Plies() == 1:
		vd.Why, vd.Line, vd.InRow = LinesUp, c.Play(reply).WinningLine(them), inRow(c.Variant())
	case mover.IsWin():
		vd.Why = SlowerWin
	case mover.IsDraw():
		vd.Why = NoWin
	default:
		vd.Why = TheyAttack
	}
	return vd, nil
}

// bestReply returns the opponent's best move in c by the solution (the
// fastest win, else a draw, else the slowest loss), preferring mainReply
// when it is as good, and its value for the opponent.
func bestReply(ctx context.Context, sol *solve.Solution, c rules.Position, mainReply rules.Move) (rules.Move, solve.Value, error) {
	mvs, err := solve.MoveValues(ctx, sol, c)
	if err != nil {
		return rules.NoMove, 0, err
	}
	best := -1
	for i, mv := range mvs {
		if best < 0 || mv.Value.Better(mvs[best].Value) {
			best = i
		}
	}
	for _, mv := range mvs {
		if mv.Move == mainReply && !mvs[best].Value.Better(mv.Value) {
			return mv.Move, mv.Value, nil
		}
	}
	return mvs[best].Move, mvs[best].Value, nil
}

// checkProved judges a 4×4 move: the solution's solMove (or one that
// reaches the same position, or its mirror image) at once, any other by a
// proof search that it still wins within left plies.
func checkProved(ctx context.Context, p, c rules.Position, left int, solMove, mainReply rules.Move) (Verdict, error) {
	pv := NewProver(ctx)
	if solMove == rules.NoMove || !sameOrMirror(c, p.Play(solMove)) {
		esc, ok, err := pv.Escape(c, left-1)
		if err != nil {
			return Verdict{}, err
		}
		if ok {
			return refutation(c, esc), nil
		}
	}
	if mainReply != rules.NoMove {
		return Verdict{Correct: true, Reply: mainReply}, nil
	}
	reply, err := longestDefence(pv, c, left-1)
	if err != nil {
		return Verdict{}, err
	}
	return Verdict{Correct: true, Reply: reply}, nil
}

// longestDefence returns the defender's move in c (which loses within k
// plies) after which the win takes longest; the first such in move order
// (blocks first).
func longestDefence(pv *Prover, c rules.Position, k int) (rules.Move, error) {
	var buf [rules.MaxMoves]rules.Move
	best, bestLen := rules.NoMove, -1
	for _, d := range orderDefence(c, c.LegalMoves(buf[:0])) {
		c2 := c.Play(d)
		if _, over := c2.Winner(); over {
			if bestLen < 0 {
				best, bestLen = d, 0
			}
			continue
		}
		n := 1
		for ; n <= k-1; n += 2 {
			w, err := pv.WinsWithin(c2, n)
			if err != nil {
				return rules.NoMove, err
			}
			if w {
				break
			}
		}
		if n > bestLen {
			best, bestLen = d, n
		}
	}
	return best, nil
}

// refutation says why the defender's escape esc, in c, answers the
// solver's wrong move.
func refutation(c rules.Position, esc rules.Move) Verdict {
	them := c.SideToMove()
	after := c.Play(esc)
	if w, over := after.Winner(); over && w == them {
		return Verdict{Reply: esc, Why: LinesUp, Them: them, Line: after.WinningLine(them), InRow: inRow(c.Variant())}
	}
	return Verdict{Reply: esc, Why: NoQuickWin, Them: them}
}

// inRow is the pieces in a line: 3 on 3×3, 4 on 4×4.
func inRow(v rules.Variant) int {
	if v == rules.Gobblers {
		return 3
	}
	return 4
}
