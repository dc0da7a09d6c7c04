package rules

// Position is a board and the player to move. It is a small value: copy it
// freely. Reserves are not stored; they follow from the pieces on the board.
//
// The zero Position is not valid; start from Start or ParsePosition.
type Position struct {
	// pieces[player][size-1] has a bit set for every square holding that
	// player's piece of that size, covered or not. A square holds at most one
	// piece of each size, so pieces[X][s]&pieces[O][s] == 0.
	pieces  [2][MaxSizes]uint16
	hash    uint64
	variant Variant
	side    Player
}

// Start returns the starting position of a variant: an empty board, x to move.
func Start(v Variant) Position {
	p := Position{variant: v, side: X}
	p.hash = p.computeHash()
	return p
}

// Variant of the position.
func (p Position) Variant() Variant { return p.variant }

// SideToMove is the player whose turn it is.
func (p Position) SideToMove() Player { return p.side }

// Hash is the position's Zobrist hash (board and side to move).
func (p Position) Hash() uint64 { return p.hash }

// Pieces returns the squares holding player's pieces of a size (1-based),
// covered or visible.
func (p Position) Pieces(pl Player, size int) uint16 { return p.pieces[pl][size-1] }

// Piece is one piece: its owner and size (1 = smallest).
type Piece struct {
	Player Player
	Size   int
}

// Stack returns the pieces on a square from bottom to top.
func (p Position) Stack(sq Square) []Piece {
	var st []Piece
	bit := uint16(1) << sq
	for s := 0; s < p.variant.Sizes(); s++ {
		for pl := X; pl <= O; pl++ {
			if p.pieces[pl][s]&bit != 0 {
				st = append(st, Piece{pl, s + 1})
			}
		}
	}
	return st
}

// Top returns the visible piece on a square and whether there is one.
func (p Position) Top(sq Square) (Piece, bool) {
	bit := uint16(1) << sq
	for s := p.variant.Sizes() - 1; s >= 0; s-- {
		for pl := X; pl <= O; pl++ {
			if p.pieces[pl][s]&bit != 0 {
				return Piece{pl, s + 1}, true
			}
		}
	}
	return Piece{}, false
}

// Reserve returns how many of player's pieces of a size are off the board.
func (p Position) Reserve(pl Player, size int) int {
	return p.variant.PiecesPerSize() - popcount(p.pieces[pl][size-1])
}

// ReserveStacks returns the heights of player's reserve stacks in classic,
// tallest first (nested runs 1..h, so the top of a stack of height h is a
// piece of size h). In gobblers it returns nil: the reserve is loose.
func (p Position) ReserveStacks(pl Player) []int {
	if !p.variant.NestedReserve() {
		return nil
	}
	var hs []int
	sizes := p.variant.Sizes()
	// The number of stacks at least h high is the count of size-h pieces left.
	for i := 0; i < p.variant.PiecesPerSize(); i++ {
		h := 0
		for s := sizes; s >= 1; s-- {
			if p.Reserve(pl, s) > i {
				h = s
				break
			}
		}
		hs = append(hs, h)
	}
	return hs
}

// CanDropSize reports whether player may take a piece of a size from the
// reserve: any piece left in gobblers, only a stack's top in classic.
func (p Position) CanDropSize(pl Player, size int) bool {
	return p.droppable(pl)&(1<<(size-1)) != 0
}

// DropSizes is CanDropSize for every size at once: bit size-1 is set for
// each size the player may take from the reserve.
func (p Position) DropSizes(pl Player) uint8 { return p.droppable(pl) }

// droppable returns a bit per size (bit s-1 for size s) that pl can drop.
func (p Position) droppable(pl Player) uint8 {
	g := p.variant.geo()
	var m uint8
	// In classic a size is a stack's top when more of it are left than of
	// any larger size (as ReserveStacks builds the stacks). From play the
	// counts never grow with size, so "the next larger size" would do; the
	// maximum also gives a sensible answer for a hand-written board whose
	// reserve no three nested stacks could hold (say x3 alone on the board).
	larger := 0 // the most pieces left of any larger size
	for s := g.sizes - 1; s >= 0; s-- {
		left := g.perSize - popcount(p.pieces[pl][s])
		if left > 0 && (!g.nested || left > larger) {
			m |= 1 << s
		}
		larger = max(larger, left)
	}
	return m
}

// board summarises who is seen where.
type board struct {
	visible [2]uint16        // squares whose top piece is the player's
	atLeast [MaxSizes]uint16 // atLeast[s]: squares holding a piece of size s+1 or larger
}

// topOf returns the squares where pl's piece of size index s is on top.
func (b *board) topOf(p *Position, pl Player, s int) uint16 {
	var larger uint16
	if s+1 < MaxSizes {
		larger = b.atLeast[s+1]
	}
	return p.pieces[pl][s] &^ larger
}

func (p Position) board() (b board) {
	g := p.variant.geo()
	var covered uint16
	for s := g.sizes - 1; s >= 0; s-- {
		x, o := p.pieces[X][s], p.pieces[O][s]
		b.visible[X] |= x &^ covered
		b.visible[O] |= o &^ covered
		covered |= x | o
		b.atLeast[s] = covered
	}
	return b
}

// Visible returns the squares where player's piece is on top.
func (p Position) Visible(pl Player) uint16 {
	b := p.board()
	return b.visible[pl]
}

func (g *geometry) hasLine(visible uint16) bool {
	for _, l := range g.lines {
		if visible&l == l {
			return true
		}
	}
	return false
}

// WinningLine returns a line (as a square mask) that player shows, or 0.
func (p Position) WinningLine(pl Player) uint16 {
	vis := p.Visible(pl)
	for _, l := range p.variant.geo().lines {
		if vis&l == l {
			return l
		}
	}
	return 0
}

// Winner judges the position as the move that made it left it: if the side
// to move (the mover's opponent) shows a line it wins, even when the mover
// shows one too; otherwise a mover's line wins for the mover.
func (p Position) Winner() (Player, bool) {
	b := p.board()
	g := p.variant.geo()
	if g.hasLine(b.visible[p.side]) {
		return p.side, true
	}
	if g.hasLine(b.visible[p.side^1]) {
		return p.side ^ 1, true
	}
	return 0, false
}

// Equal reports whether two positions have the same stacks and side to move.
func (p Position) Equal(q *Position) bool {
	return p.variant == q.variant && p.side == q.side && p.pieces == q.pieces
}

// PieceCount returns how many pieces of all sizes the player has on the board.
func (p Position) PieceCount(pl Player) int {
	n := 0
	for _, m := range p.pieces[pl] {
		n += popcount(m)
	}
	return n
}
