package rules

import (
	"fmt"
	"strings"
)

// Move is a Drop (From == NoSquare, Size set) or a Shift (From set, Size 0:
// the moved piece is whatever is on top of From). Moves are comparable
// values: a parsed move equals the generated one.
type Move struct {
	From, To Square
	Size     int8
}

// NoMove is the zero-information move, used where a move is absent.
var NoMove = Move{From: NoSquare, To: NoSquare}

// Drop returns the move that puts a reserve piece of a size on a square.
func Drop(size int, to Square) Move { return Move{From: NoSquare, To: to, Size: int8(size)} }

// Shift returns the move that lifts the top piece of from onto to.
func Shift(from, to Square) Move { return Move{From: from, To: to} }

// IsDrop reports whether the move comes from the reserve.
func (m Move) IsDrop() bool { return m.From == NoSquare }

// IsNone reports whether m is NoMove.
func (m Move) IsNone() bool { return m == NoMove }

// Notation prints the move canonically: "3@b2" or "a1-b2".
func (m Move) Notation(v Variant) string {
	if m.IsNone() {
		return "none"
	}
	if m.IsDrop() {
		return fmt.Sprintf("%d@%s", m.Size, m.To.Name(v))
	}
	return m.From.Name(v) + "-" + m.To.Name(v)
}

// ParseMove reads a move in canonical notation. It checks the syntax and
// that the squares and size exist in the variant, not that the move is legal
// (use Position.CheckMove for that).
func ParseMove(v Variant, s string) (Move, error) {
	if i := strings.IndexByte(s, '@'); i >= 0 {
		sz := s[:i]
		if len(sz) != 1 || sz[0] < '1' || sz[0] > byte('0'+v.Sizes()) {
			return NoMove, fmt.Errorf("move %q: %q is not a piece size of %s (1 to %d)", s, sz, v, v.Sizes())
		}
		to, err := ParseSquare(v, s[i+1:])
		if err != nil {
			return NoMove, fmt.Errorf("move %q: %w", s, err)
		}
		return Drop(int(sz[0]-'0'), to), nil
	}
	if i := strings.IndexByte(s, '-'); i >= 0 {
		from, err := ParseSquare(v, s[:i])
		if err != nil {
			return NoMove, fmt.Errorf("move %q: %w", s, err)
		}
		to, err := ParseSquare(v, s[i+1:])
		if err != nil {
			return NoMove, fmt.Errorf("move %q: %w", s, err)
		}
		if from == to {
			return NoMove, fmt.Errorf("move %q: a shift must go to a different square", s)
		}
		return Shift(from, to), nil
	}
	return NoMove, fmt.Errorf("move %q is neither a drop like 3@b2 nor a shift like a1-b2", s)
}
