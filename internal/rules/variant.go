// Package rules is the Gobblet rules engine: positions, moves, legal move
// generation, results, hashing, symmetry and notation for both variants
// (classic 4×4 Gobblet and 3×3 Gobblet Gobblers), exactly as
// shared/RULES.md decides them. It does no I/O and starts no goroutines.
package rules

import (
	"fmt"
	"math/bits"
)

// Variant selects one of the two games the engine plays.
type Variant uint8

const (
	// Classic is Gobblet: 4×4 board, three nested reserve stacks of sizes 1..4.
	Classic Variant = iota
	// Gobblers is Gobblet Gobblers: 3×3 board, two loose pieces of each size 1..3.
	Gobblers
)

// Variants lists every variant, for loops and menus.
var Variants = [...]Variant{Classic, Gobblers}

// String returns the variant id used in notation: "classic" or "gobblers".
func (v Variant) String() string {
	switch v {
	case Classic:
		return "classic"
	case Gobblers:
		return "gobblers"
	}
	return fmt.Sprintf("variant(%d)", uint8(v))
}

// ParseVariant reads a variant id.
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "classic":
		return Classic, nil
	case "gobblers":
		return Gobblers, nil
	}
	return 0, fmt.Errorf("unknown variant %q (want classic or gobblers)", s)
}

// MaxSquares, MaxSizes and MaxMoves bound every variant.
const (
	MaxSquares = 16
	MaxSizes   = 4
	// MaxMoves bounds the legal moves of any position (drops plus shifts).
	MaxMoves = 256
)

// geometry is everything about a variant that never changes.
type geometry struct {
	n       int      // board side
	squares int      // n*n
	sizes   int      // piece sizes 1..sizes
	perSize int      // pieces of each size per player
	full    uint16   // mask of all squares
	lines   []uint16 // rows, columns, two diagonals
	lineOf  [MaxSquares][]uint16
	nested  bool // classic: reserve in nested stacks, drops onto empty squares only (with the line-of-three exception)
}

var geometries = [2]geometry{makeGeometry(4, 4, 3, true), makeGeometry(3, 3, 2, false)}

func makeGeometry(n, sizes, perSize int, nested bool) geometry {
	g := geometry{n: n, squares: n * n, sizes: sizes, perSize: perSize, nested: nested}
	g.full = uint16(1<<(n*n) - 1)
	var diag, anti uint16
	for i := 0; i < n; i++ {
		var row, col uint16
		for j := 0; j < n; j++ {
			row |= 1 << (i*n + j)
			col |= 1 << (j*n + i)
		}
		g.lines = append(g.lines, row, col)
		diag |= 1 << (i*n + i)
		anti |= 1 << (i*n + n - 1 - i)
	}
	g.lines = append(g.lines, diag, anti)
	for sq := 0; sq < g.squares; sq++ {
		for _, l := range g.lines {
			if l&(1<<sq) != 0 {
				g.lineOf[sq] = append(g.lineOf[sq], l)
			}
		}
	}
	return g
}

func (v Variant) geo() *geometry { return &geometries[v&1] }

// Size is the board's side: 4 for classic, 3 for gobblers.
func (v Variant) Size() int { return v.geo().n }

// Squares is the number of squares on the board.
func (v Variant) Squares() int { return v.geo().squares }

// Sizes is the number of piece sizes: pieces are sized 1..Sizes().
func (v Variant) Sizes() int { return v.geo().sizes }

// PiecesPerSize is how many pieces of each size a player owns.
func (v Variant) PiecesPerSize() int { return v.geo().perSize }

// Lines returns the masks of the variant's lines (rows, columns, diagonals).
// The slice is shared: do not modify it.
func (v Variant) Lines() []uint16 { return v.geo().lines }

// NestedReserve reports whether the reserve is in nested stacks (classic).
func (v Variant) NestedReserve() bool { return v.geo().nested }

// Player is x (moves first) or o.
type Player uint8

const (
	X Player = iota
	O
)

// Other returns the opponent.
func (p Player) Other() Player { return p ^ 1 }

// String returns "x" or "o".
func (p Player) String() string {
	if p == X {
		return "x"
	}
	return "o"
}

// Square indexes the board: file + rank*n, a1 = 0 at the bottom left.
type Square int8

// NoSquare is the From of a drop.
const NoSquare Square = -1

// SquareAt returns the square of a file and rank counted from 0.
func SquareAt(v Variant, file, rank int) Square { return Square(rank*v.Size() + file) }

// File and Rank of a square, counted from 0.
func (s Square) File(v Variant) int { return int(s) % v.Size() }
func (s Square) Rank(v Variant) int { return int(s) / v.Size() }

// Name returns the square's name, such as "a1".
func (s Square) Name(v Variant) string {
	if s < 0 || int(s) >= v.Squares() {
		return "??"
	}
	return string([]byte{byte('a' + s.File(v)), byte('1' + s.Rank(v))})
}

// ParseSquare reads a square name of the variant.
func ParseSquare(v Variant, s string) (Square, error) {
	n := v.Size()
	if len(s) != 2 || s[0] < 'a' || s[0] >= byte('a'+n) || s[1] < '1' || s[1] >= byte('1'+n) {
		last := string([]byte{byte('a' + n - 1), byte('0' + n)})
		return NoSquare, fmt.Errorf("%q is not a square of %s (a1 to %s)", s, v, last)
	}
	return SquareAt(v, int(s[0]-'a'), int(s[1]-'1')), nil
}

func popcount(m uint16) int { return bits.OnesCount16(m) }
