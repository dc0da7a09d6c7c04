package solve

import "fmt"

// Value is a position's worth for the side to move: a win or a loss in so
// many plies (counting every ply to the end of the game, the mover's next
// move included), or a draw. It is one byte: 0 is a draw, 1..127 a win in
// that many plies, 128+n a loss in n plies.
type Value uint8

// Draw is the value of a position from which no side can force a result.
const Draw Value = 0

const maxPlies = 127

// WinIn returns the value of a position the mover wins in n plies.
func WinIn(n int) Value {
	if n < 1 || n > maxPlies {
		panic(fmt.Sprintf("solve: win in %d plies is out of range", n))
	}
	return Value(n)
}

// LossIn returns the value of a position the mover loses in n plies.
func LossIn(n int) Value {
	if n < 1 || n > maxPlies {
		panic(fmt.Sprintf("solve: loss in %d plies is out of range", n))
	}
	return Value(128 + n)
}

// IsWin, IsLoss and IsDraw tell the kind of value.
func (v Value) IsWin() bool  { return v != Draw && v < 128 }
func (v Value) IsLoss() bool { return v > 128 }
func (v Value) IsDraw() bool { return v == Draw }

// Plies is the length of the game to its end with best play (0 for a draw).
func (v Value) Plies() int {
	if v > 128 {
		return int(v) - 128
	}
	return int(v)
}

// Before returns the value of a move that leads to a position worth v to
// the opponent: a position lost in n plies for the opponent is a win in n+1.
func (v Value) Before() Value {
	switch {
	case v.IsLoss():
		return WinIn(v.Plies() + 1)
	case v.IsWin():
		return LossIn(v.Plies() + 1)
	}
	return Draw
}

// Better reports whether v is better than w for the side to move: a win
// beats a draw beats a loss, a faster win beats a slower one, a slower loss
// beats a faster one.
func (v Value) Better(w Value) bool { return v.rank() > w.rank() }

func (v Value) rank() int {
	switch {
	case v.IsWin():
		return 1000 - v.Plies()
	case v.IsLoss():
		return -1000 + v.Plies()
	}
	return 0
}

// String prints the value as the protocol does: "win 13", "loss 4", "draw".
func (v Value) String() string {
	switch {
	case v.IsWin():
		return fmt.Sprintf("win %d", v.Plies())
	case v.IsLoss():
		return fmt.Sprintf("loss %d", v.Plies())
	}
	return "draw"
}
