// Package lesson is the first lesson, Learn to play: short steps, each a
// prepared position where the player must make one kind of move (place a
// piece, move one, gobble, free a covered piece, line up, and on 4×4 gobble
// from the reserve), and the check that the move made is the one asked for.
// It is pure: the GUI (internal/app/lesson.go) shows the steps and plays
// the moves; internal/rules says what is legal.
package lesson

import (
	"fmt"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Want is the kind of move a step asks for.
type Want int

const (
	// Place: a piece from the reserve put on the board.
	Place Want = iota
	// Move: a piece on the board moved to another square.
	Move
	// Gobble: a move, from the reserve or the board, that covers one of
	// the opponent's pieces.
	Gobble
	// Uncover: a board piece moved off a piece it covered.
	Uncover
	// Line: a move that wins, the mover's pieces in a line.
	Line
	// ReserveGobble: a piece from the reserve that covers a piece (on 4×4,
	// one of an opponent's three in a line).
	ReserveGobble
)

// Step is one step of the lesson: what to do, on which position, and what
// to say back.
type Step struct {
	Title    string   // a few words: "Gobble"
	Say      string   // the instruction, one or two sentences
	Position string   // the position, in the protocol's notation
	Marks    []string // squares shown highlighted, where the move is
	Want     Want
	// Other is said for a legal move that is not the one asked for; Praise
	// once the step is done.
	Other, Praise string
}

// Verdict is how a move answers a step.
type Verdict int

const (
	Illegal Verdict = iota // the rules refuse it
	Other                  // legal, but not what the step asks
	Done                   // what the step asks: the step is done
)

// Steps are the lesson's steps, in order: the basics on 3×3, then the 4×4
// board's rules for the reserve.
func Steps() []Step { return steps }

var steps = []Step{
	{
		Title:    "Place a piece",
		Say:      "You play orange. Put a piece from your reserve on the board: drag it onto a square, or tap it and then the square.",
		Position: "gobblers:.,.,./.,.,./.,.,.:x",
		Want:     Place,
		Other:    "This step asks for a piece from your reserve.",
		Praise:   "Well placed! Each player has six pieces: two small, two medium and two large.",
	},
	{
		Title:    "Move a piece",
		Say:      "A piece on the board may move to another square. Move your piece on a1 somewhere else.",
		Position: "gobblers:.,.,o1/.,.,./x2,.,.:x",
		Marks:    []string{"a1"},
		Want:     Move,
		Other:    "That brought a new piece out. This time, move the piece that is already on the board, on a1.",
		Praise:   "Good. On your turn you either place a new piece or move one already on the board.",
	},
	{
		Title:    "Gobble",
		Say:      "A bigger piece can gobble a smaller one by covering it. Gobble blue's small piece in the middle with a bigger piece from your reserve.",
		Position: "gobblers:.,.,./.,o1,./x1,.,.:x",
		Marks:    []string{"b2"},
		Want:     Gobble,
		Other:    "That move gobbles none of blue's pieces. Put a bigger piece right on top of blue's small piece in the middle.",
		Praise:   "Gobbled! A covered piece cannot move and does not count in a line.",
	},
	{
		Title:    "Covered pieces come back",
		Say:      "Your large piece in the middle covers a blue piece. Move your large piece to another square and watch what comes back.",
		Position: "gobblers:.,.,o2/.,o1x3,./x1,.,.:x",
		Marks:    []string{"b2"},
		Want:     Uncover,
		Other:    "That is a fine move, but this step is about the covered piece: move your large piece off the middle square.",
		Praise:   "Blue's small piece is back in play. A gobbled piece is never lost: think before you lift the piece on top of it.",
	},
	{
		Title:    "Line up to win",
		Say:      "Three of your pieces in a row, a column or a diagonal win the game. Finish your bottom row.",
		Position: "gobblers:.,.,o2/.,o1,./x2,x3,.:x",
		Marks:    []string{"c1"},
		Want:     Line,
		Other:    "That does not make three in a row. The highlighted square finishes your bottom row.",
		Praise:   "Three in a row: you win! Only the pieces on top count in a line.",
	},
	{
		Title:    "Gobble to win",
		Say:      "Blue has blocked your row with a small piece. Gobble it to finish the row and win.",
		Position: "gobblers:.,.,o2/.,.,./x2,x1,o1:x",
		Marks:    []string{"c1"},
		Want:     Line,
		Other:    "That does not win yet. Cover blue's small piece on c1 with a bigger one of yours.",
		Praise:   "You won by gobbling through the block. That is the 3×3 game: you know all its rules now.",
	},
	{
		Title:    "The 4×4 board",
		Say:      "On the 4×4 board your twelve pieces wait in three stacks, and only the top of a stack can be played. A piece from your reserve goes on an empty square. Place one.",
		Position: "classic:.,.,.,o4/.,.,.,./.,.,.,./x4,.,.,.:x",
		Want:     Place,
		Other:    "This step asks for a piece from your reserve.",
		Praise:   "Right. On 4×4 a piece from the reserve may not gobble, except in one case: the next step.",
	},
	{
		Title:    "Gobble from the reserve",
		Say:      "Blue has three pieces in a row. Only then may a piece from your reserve gobble: cover one of those three with a bigger piece from your reserve.",
		Position: "classic:.,.,x2,o4/o2,o3,o1,./.,x3,.,./x4,.,.,x4:x",
		Marks:    []string{"a3", "b3", "c3"},
		Want:     ReserveGobble,
		Other:    "That is legal, but this step asks you to gobble one of blue's three highlighted pieces with a piece from your reserve.",
		Praise:   "That is the only time a reserve piece may gobble on 4×4. A piece moved on the board may always gobble a smaller one. You have finished the lesson!",
	},
}

// Start is the step's position.
func (s Step) Start() (rules.Position, error) {
	p, err := rules.ParsePosition(s.Position)
	if err != nil {
		return rules.Position{}, fmt.Errorf("lesson step %q: %w", s.Title, err)
	}
	return p, nil
}

// MarkSet is the highlighted squares as a bit set (bit i: square i).
func (s Step) MarkSet(v rules.Variant) uint16 {
	var m uint16
	for _, name := range s.Marks {
		if sq, err := rules.ParseSquare(v, name); err == nil {
			m |= 1 << sq
		}
	}
	return m
}

// Accepts reports whether a legal move m from p does what the step asks.
func (s Step) Accepts(p rules.Position, m rules.Move) bool {
	top, covers := p.Top(m.To)
	switch s.Want {
	case Place:
		return m.IsDrop()
	case Move:
		return !m.IsDrop()
	case Gobble:
		return covers && top.Player != p.SideToMove()
	case Uncover:
		return !m.IsDrop() && len(p.Stack(m.From)) >= 2
	case Line:
		g := rules.NewGameFrom(p)
		if g.Play(m) != nil {
			return false
		}
		r := g.Result()
		return r.Status == rules.Win && r.Winner == p.SideToMove()
	case ReserveGobble:
		return m.IsDrop() && covers
	}
	return false
}

// Judge answers a move made in a step's position: Illegal with the rules'
// reason, Other with the step's friendly answer, or Done with its praise.
func (s Step) Judge(p rules.Position, m rules.Move) (Verdict, string) {
	if err := p.CheckMove(m); err != nil {
		return Illegal, Sentence(err.Error())
	}
	if !s.Accepts(p, m) {
		return Other, s.Other
	}
	return Done, s.Praise
}

// Sentence makes a rules reason ("a piece can only cover a smaller piece")
// a sentence: capital first letter, full stop.
func Sentence(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	return s + "."
}
