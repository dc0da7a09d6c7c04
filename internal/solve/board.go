// Package solve is the strong solution of Gobblet Gobblers (the 3×3
// variant). Build values every position by retrograde analysis, seen from the
// side to move and folded over the 8 board symmetries: a win or a loss in so
// many plies, or a draw when no side can force a result (a repetition is a
// draw). Reach counts the positions reachable from the start. The program
// does not carry the 2.9 GB table: it embeds the boards a two-ply search
// cannot settle (Sparse, 16.5 million boards in 3.9 MB) and finds the rest by
// that search (Solution), which is what the level "perfect" and the move
// values shown to players use.
package solve

import "github.com/gobblet-game/gobblet/internal/rules"

// Board is a Gobblet Gobblers position seen from the side to move: Us[s] and
// Them[s] hold the squares (bit file+3*rank) with the mover's and the
// opponent's piece of size s+1, covered or not. Storing positions from the
// mover's side folds a position with x to move and its colour-swapped twin
// with o to move into one.
type Board struct {
	Us, Them [sizes]uint16
}

const (
	sizes     = 3
	perSize   = 2
	fullBoard = 0x1ff
	// maxMoves bounds a position's moves: 3×9 drops and 6×8 shifts.
	maxMoves = 80
	// maxPredecessors bounds a position's unmoves: 6 visible pieces, each
	// taken back to the reserve or to one of 8 squares.
	maxPredecessors = 60
)

// lineIn[m] says whether the square mask m contains a full line.
var lineIn [512]bool

func init() {
	for m := range lineIn {
		for _, l := range rules.Gobblers.Lines() {
			if uint16(m)&l == l {
				lineIn[m] = true
			}
		}
	}
}

// visible returns the squares where the mover's and the opponent's pieces
// are on top, and atLeast[s], the squares holding a piece of size s+1 or
// larger (where a piece of size s+1 cannot go, and where a piece of size s
// is covered).
func (b *Board) visible() (us, them uint16, atLeast [sizes]uint16) {
	var cov uint16
	for s := sizes - 1; s >= 0; s-- {
		us |= b.Us[s] &^ cov
		them |= b.Them[s] &^ cov
		cov |= b.Us[s] | b.Them[s]
		atLeast[s] = cov
	}
	return
}

// Over reports whether a line shows for either side: the game ended with the
// move that made the position.
func (b *Board) Over() bool {
	us, them, _ := b.visible()
	return lineIn[us] || lineIn[them]
}

// swap returns the board seen from the other side.
func (b Board) swap() Board { return Board{Us: b.Them, Them: b.Us} }

// Outcome is what a move does at once.
type Outcome int8

const (
	GoesOn Outcome = iota // the game goes on
	Wins                  // the mover shows a line and the opponent does not
	Loses                 // the move shows the opponent a line (it may also show the mover's)
)

// judge returns the outcome of a move that left nb (still seen from the
// mover's side), following RULES.md: the opponent's line first.
func judge(nb *Board) Outcome {
	us, them, _ := nb.visible()
	if lineIn[them] {
		return Loses
	}
	if lineIn[us] {
		return Wins
	}
	return GoesOn
}

// expand writes the children of the moves that do not end the game into kids
// (each seen from its own mover's side) and counts the moves that win or lose
// at once.
func (b *Board) expand(kids *[maxMoves]Board) (n, wins, losses int) {
	b.forEachMove(func(nb Board, o Outcome) {
		switch o {
		case Wins:
			wins++
		case Loses:
			losses++
		default:
			kids[n] = nb.swap()
			n++
		}
	})
	return n, wins, losses
}

// predecessors writes the positions from which one move leads to b, the move
// not ending the game there: the opponent's last move is taken back, a piece
// going back to the reserve (undrop) or to a square it could have come from
// (unshift). A predecessor is seen from its own mover's side.
func (b *Board) predecessors(preds *[maxPredecessors]Board) int {
	n := 0
	_, _, atLeast := b.visible()
	for s := 0; s < sizes; s++ {
		free := fullBoard &^ atLeast[s]
		for t := b.Them[s] &^ coveredAbove(&atLeast, s); t != 0; t &= t - 1 {
			nb := *b
			nb.Them[s] &^= t & -t
			if r := nb.swap(); !r.Over() {
				preds[n] = r
				n++
			}
			for f := free; f != 0; f &= f - 1 {
				r := nb.swap()
				r.Us[s] |= f & -f
				if !r.Over() {
					preds[n] = r
					n++
				}
			}
		}
	}
	return n
}

// coveredAbove returns the squares where a piece of size s+1 is covered.
func coveredAbove(atLeast *[sizes]uint16, s int) uint16 {
	if s == sizes-1 {
		return 0
	}
	return atLeast[s+1]
}
