package rules

import "math/bits"

func trailingZeros(m uint16) int { return bits.TrailingZeros16(m) }

// Symmetry is one of the 8 symmetries of the square board: Identity, three
// rotations and four reflections. The rules are the same under all of them.
type Symmetry uint8

const (
	Identity Symmetry = iota
	Rotate90
	Rotate180
	Rotate270
	FlipFiles    // mirror left-right
	FlipRanks    // mirror top-bottom
	FlipDiagonal // across a1-d4
	FlipAnti     // across a4-d1
)

// NumSymmetries is the size of the board's symmetry group.
const NumSymmetries = 8

// symmetryMap[variant][sym][sq] is the image of sq.
var symmetryMap [2][NumSymmetries][MaxSquares]Square

// symmetryMask[variant][sym][half][byte] maps the low/high byte of a mask.
var symmetryMask [2][NumSymmetries][2][256]uint16

// inverse[sym] undoes sym.
var inverse = [NumSymmetries]Symmetry{Identity, Rotate270, Rotate180, Rotate90, FlipFiles, FlipRanks, FlipDiagonal, FlipAnti}

func init() {
	for _, v := range Variants {
		n := v.Size()
		for t := Symmetry(0); t < NumSymmetries; t++ {
			for sq := 0; sq < n*n; sq++ {
				f, r := sq%n, sq/n
				var nf, nr int
				switch t {
				case Identity:
					nf, nr = f, r
				case Rotate90:
					nf, nr = r, n-1-f
				case Rotate180:
					nf, nr = n-1-f, n-1-r
				case Rotate270:
					nf, nr = n-1-r, f
				case FlipFiles:
					nf, nr = n-1-f, r
				case FlipRanks:
					nf, nr = f, n-1-r
				case FlipDiagonal:
					nf, nr = r, f
				case FlipAnti:
					nf, nr = n-1-r, n-1-f
				}
				symmetryMap[v][t][sq] = Square(nr*n + nf)
			}
			for half := 0; half < 2; half++ {
				for b := 0; b < 256; b++ {
					var m uint16
					for i := 0; i < 8; i++ {
						sq := half*8 + i
						if b&(1<<i) != 0 && sq < n*n {
							m |= 1 << symmetryMap[v][t][sq]
						}
					}
					symmetryMask[v][t][half][b] = m
				}
			}
		}
	}
}

// Inverse returns the symmetry that undoes t.
func (t Symmetry) Inverse() Symmetry { return inverse[t] }

// Square maps a square through the symmetry.
func (t Symmetry) Square(v Variant, sq Square) Square {
	if sq == NoSquare {
		return NoSquare
	}
	return symmetryMap[v&1][t][sq]
}

// Mask maps a set of squares through the symmetry.
func (t Symmetry) Mask(v Variant, m uint16) uint16 {
	tab := &symmetryMask[v&1][t]
	return tab[0][m&0xff] | tab[1][m>>8]
}

// Move maps a move through the symmetry.
func (t Symmetry) Move(v Variant, m Move) Move {
	return Move{From: t.Square(v, m.From), To: t.Square(v, m.To), Size: m.Size}
}

// Transform returns the position's image under a symmetry.
func (p Position) Transform(t Symmetry) Position {
	if t == Identity {
		return p
	}
	for pl := range p.pieces {
		for s := range p.pieces[pl] {
			p.pieces[pl][s] = t.Mask(p.variant, p.pieces[pl][s])
		}
	}
	p.hash = p.computeHash()
	return p
}

// Canonical returns the least image of the position over the 8 symmetries
// (by its stacks, compared size by size) and the symmetry that produced it,
// so that symmetric positions share one representative.
func (p Position) Canonical() (Position, Symmetry) {
	best, bestT := p, Identity
	for t := Symmetry(1); t < NumSymmetries; t++ {
		var q Position = p
		for pl := range q.pieces {
			for s := range q.pieces[pl] {
				q.pieces[pl][s] = t.Mask(p.variant, p.pieces[pl][s])
			}
		}
		if lessPieces(&q.pieces, &best.pieces) {
			best, bestT = q, t
		}
	}
	if bestT != Identity {
		best.hash = best.computeHash()
	}
	return best, bestT
}

func lessPieces(a, b *[2][MaxSizes]uint16) bool {
	for pl := range a {
		for s := range a[pl] {
			if a[pl][s] != b[pl][s] {
				return a[pl][s] < b[pl][s]
			}
		}
	}
	return false
}
