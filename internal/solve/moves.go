package solve

import (
	"context"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Oracle values boards where the game goes on.
type Oracle interface {
	// Value returns the board's value for its side to move.
	Value(ctx context.Context, b Board) (Value, error)
}

// Value looks a board up in the full table.
func (t *Table) Value(_ context.Context, b Board) (Value, error) {
	i, _ := b.Canonical()
	return t.At(i), nil
}

// MoveValue is a legal move and its value for the side that plays it.
type MoveValue struct {
	Move  rules.Move
	Value Value
}

// MoveValues returns every legal move of a gobblers position where the game
// goes on, with its value: a move that wins at once is a win in 1, one that
// shows the opponent a line a loss in 1, and any other is worth one ply more
// than the position it leaves is worth to the opponent.
func MoveValues(ctx context.Context, o Oracle, p rules.Position) ([]MoveValue, error) {
	var buf [rules.MaxMoves]rules.Move
	moves := p.LegalMoves(buf[:0])
	out := make([]MoveValue, 0, len(moves))
	for _, m := range moves {
		c := p.Play(m)
		var v Value
		if w, over := c.Winner(); over {
			v = LossIn(1)
			if w == p.SideToMove() {
				v = WinIn(1)
			}
		} else {
			cv, err := o.Value(ctx, FromPosition(c))
			if err != nil {
				return nil, err
			}
			v = cv.Before()
		}
		out = append(out, MoveValue{m, v})
	}
	return out, nil
}
