package puzzle

import (
	"context"
	"fmt"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// Verify checks a puzzle from scratch: on 3×3 against the solution, on 4×4
// by a proof search (Prove). It holds when the side to move wins in exactly
// WinIn moves, only the solution's first move (or one reaching the same
// position or its mirror image) wins that fast, every later solver move of
// the line keeps the win on time, and every reply of the line holds out as
// long as the opponent can.
func Verify(ctx context.Context, pz Puzzle) error {
	if pz.Variant == rules.Gobblers {
		return verifySolved(ctx, pz)
	}
	return Prove(ctx, pz)
}

func verifySolved(ctx context.Context, pz Puzzle) error {
	sol, err := solve.Load(ctx)
	if err != nil {
		return err
	}
	p := pz.Position
	plies := pz.Plies()
	mvs, err := solve.MoveValues(ctx, sol, p)
	if err != nil {
		return err
	}
	first := p.Play(pz.Solution[0])
	for _, mv := range mvs {
		fastest := mv.Value.IsWin() && mv.Value.Plies() <= plies
		if mv.Move == pz.Solution[0] {
			if !fastest || mv.Value.Plies() != plies {
				return fmt.Errorf("the first move %s is worth %s, not a win in %d plies", mv.Move.Notation(pz.Variant), mv.Value, plies)
			}
			continue
		}
		if fastest && !sameOrMirror(p.Play(mv.Move), first) {
			return fmt.Errorf("%s wins as fast as the solution's %s (%s)", mv.Move.Notation(pz.Variant), pz.Solution[0].Notation(pz.Variant), mv.Value)
		}
	}
	for i, m := range pz.Solution {
		left := plies - i
		c := p.Play(m)
		if _, over := c.Winner(); over {
			break // ParseLine saw that only the last move ends the game, for the solver
		}
		v, err := sol.Value(ctx, solve.FromPosition(c))
		if err != nil {
			return err
		}
		if i%2 == 0 { // the solver's move: the opponent loses within left-1
			if !v.IsLoss() || v.Plies() > left-1 {
				return fmt.Errorf("the solver's move %d (%s) leaves the opponent %s, not a loss within %d plies", i+1, m.Notation(pz.Variant), v, left-1)
			}
		} else { // the reply: the solver wins in exactly left-1, no faster
			if !v.IsWin() || v.Plies() != left-1 {
				return fmt.Errorf("the reply %d (%s) leaves the solver %s, not a win in %d plies", i+1, m.Notation(pz.Variant), v, left-1)
			}
		}
		p = c
	}
	return nil
}

// Prove checks a 4×4 puzzle by a proof search: the side to move has no win
// within Plies−2 plies; the solution's first move wins within Plies; no
// other move (but one reaching the same position or its mirror image) does;
// each later solver move of the line still wins on time, and after each
// reply the solver has no faster win (the reply held out longest).
func Prove(ctx context.Context, pz Puzzle) error {
	pv := NewProver(ctx)
	p := pz.Position
	plies := pz.Plies()
	if plies > 2 {
		w, err := pv.WinsWithin(p, plies-2)
		if err != nil {
			return err
		}
		if w {
			return fmt.Errorf("the solver wins faster than in %d plies", plies)
		}
	}
	var buf [rules.MaxMoves]rules.Move
	first := p.Play(pz.Solution[0])
	for _, m := range p.LegalMoves(buf[:0]) {
		same := sameOrMirror(p.Play(m), first)
		w, err := pv.MoveWinsWithin(p, m, plies)
		if err != nil {
			return err
		}
		switch {
		case same && !w:
			return fmt.Errorf("the first move %s does not win within %d plies", m.Notation(pz.Variant), plies)
		case !same && w:
			return fmt.Errorf("%s wins as fast as the solution's %s", m.Notation(pz.Variant), pz.Solution[0].Notation(pz.Variant))
		}
	}
	for i, m := range pz.Solution {
		left := plies - i
		if i%2 == 0 {
			w, err := pv.MoveWinsWithin(p, m, left)
			if err != nil {
				return err
			}
			if !w {
				return fmt.Errorf("the solver's move %d (%s) does not win within %d plies", i+1, m.Notation(pz.Variant), left)
			}
		} else if left > 3 {
			w, err := pv.WinsWithin(p.Play(m), left-3)
			if err != nil {
				return err
			}
			if w {
				return fmt.Errorf("after the reply %d (%s) the solver wins faster than the line", i+1, m.Notation(pz.Variant))
			}
		}
		p = p.Play(m)
	}
	return nil
}
