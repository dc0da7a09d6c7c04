package rules

import (
	"fmt"
	"math/bits"
)

// lineOfThreeTargets returns the squares where a classic drop may cover an
// opponent's piece: opponent-topped squares on a line where the opponent
// shows exactly three pieces.
func (g *geometry) lineOfThreeTargets(oppVisible uint16) uint16 {
	var t uint16
	for _, l := range g.lines {
		if popcount(oppVisible&l) == 3 {
			t |= oppVisible & l
		}
	}
	return t
}

// coverable returns, in classic, the squares a drop may cover thanks to
// the line-of-three exception (any size); 0 in gobblers, where it is moot.
func (p Position) coverable(g *geometry, b *board) uint16 {
	if !g.nested {
		return 0
	}
	opp := b.visible[p.side^1]
	return opp & g.lineOfThreeTargets(opp)
}

// dropTargets returns the squares a reserve piece of size index s (0-based)
// may land on for the side to move; cover is p.coverable(g, b), computed
// once per position by the callers.
func (p Position) dropTargets(g *geometry, b *board, s int, cover uint16) uint16 {
	free := g.full &^ b.atLeast[s] // empty or topped by a smaller piece
	if !g.nested {
		return free
	}
	return g.full&^b.atLeast[0] | free&cover
}

// LegalMoves appends every legal move of the side to move to buf and returns
// it. A position where the game is over still has moves; callers judge the
// result first (Winner, Game.Result).
func (p Position) LegalMoves(buf []Move) []Move {
	g := p.variant.geo()
	b := p.board()
	us := p.side
	drops := p.droppable(us)
	cover := p.coverable(g, &b)
	for s := g.sizes - 1; s >= 0; s-- {
		if drops&(1<<s) == 0 {
			continue
		}
		for t := p.dropTargets(g, &b, s, cover); t != 0; t &= t - 1 {
			buf = append(buf, Move{From: NoSquare, To: Square(bits.TrailingZeros16(t)), Size: int8(s + 1)})
		}
	}
	for s := g.sizes - 1; s >= 0; s-- {
		free := g.full &^ b.atLeast[s]
		for f := b.topOf(&p, us, s); f != 0; f &= f - 1 {
			from := Square(bits.TrailingZeros16(f))
			for t := free; t != 0; t &= t - 1 {
				buf = append(buf, Move{From: from, To: Square(bits.TrailingZeros16(t))})
			}
		}
	}
	return buf
}

// CountMoves returns len(LegalMoves) without building the list.
func (p Position) CountMoves() int {
	g := p.variant.geo()
	b := p.board()
	us := p.side
	n := 0
	drops := p.droppable(us)
	cover := p.coverable(g, &b)
	for s := g.sizes - 1; s >= 0; s-- {
		free := popcount(g.full &^ b.atLeast[s])
		if drops&(1<<s) != 0 {
			n += popcount(p.dropTargets(g, &b, s, cover))
		}
		n += popcount(b.topOf(&p, us, s)) * free
	}
	return n
}

// MovesFrom returns the destinations (a square mask) of the side to move's
// top piece on from, or of a reserve piece of size when from is NoSquare.
// It is what a GUI highlights while a piece is held.
func (p Position) MovesFrom(from Square, size int) uint16 {
	g := p.variant.geo()
	b := p.board()
	if from == NoSquare {
		if size < 1 || size > g.sizes || !p.CanDropSize(p.side, size) {
			return 0
		}
		return p.dropTargets(g, &b, size-1, p.coverable(g, &b))
	}
	top, ok := p.Top(from)
	if !ok || top.Player != p.side {
		return 0
	}
	return g.full &^ b.atLeast[top.Size-1]
}

// LineOfThreeSquares returns, in classic, the opponent-topped squares the
// side to move could cover by a drop thanks to the line-of-three exception
// (ignoring the size of the piece dropped). Zero in gobblers.
func (p Position) LineOfThreeSquares() uint16 {
	b := p.board()
	return p.coverable(p.variant.geo(), &b)
}

// IsLegal reports whether m is a legal move here.
func (p Position) IsLegal(m Move) bool { return p.CheckMove(m) == nil }

// CheckMove returns nil for a legal move, or an error whose message says in
// one sentence, for a player, why the move is not allowed.
func (p Position) CheckMove(m Move) error {
	g := p.variant.geo()
	if m.To < 0 || int(m.To) >= g.squares {
		return fmt.Errorf("there is no such square")
	}
	b := p.board()
	to := uint16(1) << m.To
	if m.IsDrop() {
		s := int(m.Size)
		if s < 1 || s > g.sizes {
			return fmt.Errorf("pieces come in sizes 1 to %d", g.sizes)
		}
		if p.Reserve(p.side, s) == 0 {
			return fmt.Errorf("you have no size-%d piece left in reserve", s)
		}
		if !p.CanDropSize(p.side, s) {
			return fmt.Errorf("only the top piece of a reserve stack can be played")
		}
		if p.dropTargets(g, &b, s-1, p.coverable(g, &b))&to != 0 {
			return nil
		}
		top, _ := p.Top(m.To)
		switch {
		case top.Player == p.side:
			return fmt.Errorf("a piece from the reserve may never cover your own piece")
		case top.Size >= s:
			return fmt.Errorf("a piece can only cover a smaller piece")
		default:
			return fmt.Errorf("from the reserve you may cover only a piece in a line of three")
		}
	}
	if m.From < 0 || int(m.From) >= g.squares {
		return fmt.Errorf("there is no such square")
	}
	if m.Size != 0 {
		return fmt.Errorf("a shift does not name a size")
	}
	top, ok := p.Top(m.From)
	switch {
	case !ok:
		return fmt.Errorf("there is no piece on %s", m.From.Name(p.variant))
	case top.Player != p.side:
		return fmt.Errorf("you can only move your own pieces")
	case m.From == m.To:
		return fmt.Errorf("a piece must move to a different square")
	case b.atLeast[top.Size-1]&to != 0:
		return fmt.Errorf("a piece can only cover a smaller piece")
	}
	return nil
}

// Play returns the position after a legal move. It does not check legality:
// use CheckMove for moves from outside.
func (p Position) Play(m Move) Position {
	us := p.side
	if m.IsDrop() {
		s := int(m.Size) - 1
		p.pieces[us][s] |= 1 << m.To
		p.hash ^= zobristPiece[us][s][m.To]
	} else {
		s := p.topSizeIndex(m.From)
		p.pieces[us][s] ^= 1<<m.From | 1<<m.To
		p.hash ^= zobristPiece[us][s][m.From] ^ zobristPiece[us][s][m.To]
	}
	p.side ^= 1
	p.hash ^= zobristSide
	return p
}

// MovedSize returns the size of the piece m moves here.
func (p Position) MovedSize(m Move) int {
	if m.IsDrop() {
		return int(m.Size)
	}
	return p.topSizeIndex(m.From) + 1
}

// topSizeIndex is the 0-based size of the top piece on sq (-1 when empty).
func (p Position) topSizeIndex(sq Square) int {
	bit := uint16(1) << sq
	for s := p.variant.geo().sizes - 1; s >= 0; s-- {
		if (p.pieces[X][s]|p.pieces[O][s])&bit != 0 {
			return s
		}
	}
	return -1
}
