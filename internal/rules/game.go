package rules

import "fmt"

// Status says whether a game goes on, was won, or was drawn.
type Status uint8

const (
	Ongoing Status = iota
	Win
	Draw
)

// Reason says why a game ended.
type Reason uint8

const (
	NoReason   Reason = iota
	Line              // a player showed a full line
	Repetition        // the same position for the third time
	MoveLimit         // the ply limit was reached
	// Resignation: a player gave up. No position ends so: a game or a
	// record says it, and the moves stop short of an end.
	Resignation
)

// Result is a game's outcome. Winner is meaningful only when Status == Win.
type Result struct {
	Status Status
	Winner Player
	Reason Reason
}

// String prints the result as the protocol's status reply does:
// "ongoing", "x line", "o line", "draw repetition", "draw movelimit".
func (r Result) String() string {
	switch r.Status {
	case Win:
		if r.Reason == Resignation {
			return r.Winner.String() + " resignation"
		}
		return r.Winner.String() + " line"
	case Draw:
		if r.Reason == MoveLimit {
			return "draw movelimit"
		}
		return "draw repetition"
	}
	return "ongoing"
}

// Game is a position with its history: the moves played from a start
// position, for repetition, undo and redo, and records.
type Game struct {
	// MoveLimit, when positive, draws the game once it has that many plies
	// without a result.
	MoveLimit int

	positions []Position // positions[0] is the start; positions[i] follows moves[i-1]
	moves     []Move
	redo      []Move // undone moves, the next one to redo last
}

// NewGame starts a game of a variant from its start position.
func NewGame(v Variant) *Game { return NewGameFrom(Start(v)) }

// NewGameFrom starts a game's history at a position.
func NewGameFrom(p Position) *Game { return &Game{positions: []Position{p}} }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.positions = append([]Position(nil), g.positions...)
	c.moves = append([]Move(nil), g.moves...)
	c.redo = append([]Move(nil), g.redo...)
	return &c
}

// Position is the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// StartPosition is where the game's history starts.
func (g *Game) StartPosition() Position { return g.positions[0] }

// Variant is the game's variant.
func (g *Game) Variant() Variant { return g.positions[0].variant }

// Moves returns the moves played so far. The slice is shared: do not modify.
func (g *Game) Moves() []Move { return g.moves }

// Plies is the number of moves played.
func (g *Game) Plies() int { return len(g.moves) }

// PositionAt returns the position after ply moves (0 = the start).
func (g *Game) PositionAt(ply int) Position { return g.positions[ply] }

// History returns every position from the start to now. Shared: do not modify.
func (g *Game) History() []Position { return g.positions }

// Result judges the current position: a line (the mover's opponent first),
// then threefold repetition, then the move limit.
func (g *Game) Result() Result {
	cur := g.Position()
	if w, ok := cur.Winner(); ok {
		return Result{Status: Win, Winner: w, Reason: Line}
	}
	if g.Repetitions() >= 3 {
		return Result{Status: Draw, Reason: Repetition}
	}
	if g.MoveLimit > 0 && len(g.moves) >= g.MoveLimit {
		return Result{Status: Draw, Reason: MoveLimit}
	}
	return Result{}
}

// Repetitions counts how often the current position has occurred in the
// game, itself included.
func (g *Game) Repetitions() int {
	cur := g.Position()
	n := 0
	for i := range g.positions {
		if g.positions[i].hash == cur.hash && g.positions[i].Equal(&cur) {
			n++
		}
	}
	return n
}

// Over reports whether the game has a result.
func (g *Game) Over() bool { return g.Result().Status != Ongoing }

// Play plays a move, or returns an error saying why it cannot be played
// (the game is over, or the move is illegal) and leaves the game unchanged.
// Playing clears the redo list unless the move is the one redo would play.
func (g *Game) Play(m Move) error {
	if r := g.Result(); r.Status != Ongoing {
		return fmt.Errorf("the game is over (%s)", r)
	}
	cur := g.Position()
	if err := cur.CheckMove(m); err != nil {
		return fmt.Errorf("%s: %w", m.Notation(cur.variant), err)
	}
	if n := len(g.redo); n > 0 && g.redo[n-1] == m {
		g.redo = g.redo[:n-1]
	} else {
		g.redo = g.redo[:0]
	}
	g.positions = append(g.positions, cur.Play(m))
	g.moves = append(g.moves, m)
	return nil
}

// Undo takes back the last move; false when there is none.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	g.redo = append(g.redo, g.moves[n-1])
	g.moves = g.moves[:n-1]
	g.positions = g.positions[:n]
	return true
}

// CanUndo and CanRedo report whether Undo and Redo would do anything.
func (g *Game) CanUndo() bool { return len(g.moves) > 0 }
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Redo replays the last undone move; false when there is none.
func (g *Game) Redo() bool {
	n := len(g.redo)
	if n == 0 {
		return false
	}
	m := g.redo[n-1]
	cur := g.Position()
	g.positions = append(g.positions, cur.Play(m))
	g.moves = append(g.moves, m)
	g.redo = g.redo[:n-1]
	return true
}

// PlayNotation parses and plays a list of moves; on any error the game is
// left exactly as it was.
func (g *Game) PlayNotation(moves []string) error {
	save := g.Clone()
	for _, s := range moves {
		m, err := ParseMove(g.Variant(), s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			*g = *save
			return err
		}
	}
	return nil
}
