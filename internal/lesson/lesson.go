// Package lesson is the first lesson, Learn to play: short steps, each a
// prepared position where the player must make one kind of move (place a
// piece, move one, gobble, free a covered piece, line up, and on 4×4 gobble
// from the reserve), and the check that the move made is the one asked for.
// It is pure: the GUI (internal/app/lesson.go) shows the steps and plays
// the moves; internal/rules says what is legal.
package lesson

import (
	"fmt"

	"github.com/gobblet-game/gobblet/internal/locale"
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
	Title    string   // a few words: "Gobble" (in the language in use)
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
// board's rules for the reserve. Their words are in the language in use
// (internal/locale, the lesson catalog): ask again after a change of
// language.
func Steps() []Step {
	return []Step{
		{
			Title:    locale.T("LessonPlaceTitle"),
			Say:      locale.T("LessonPlaceSay"),
			Position: "gobblers:.,.,./.,.,./.,.,.:x",
			Want:     Place,
			Other:    locale.T("LessonPlaceOther"),
			Praise:   locale.T("LessonPlacePraise"),
		},
		{
			Title:    locale.T("LessonMoveTitle"),
			Say:      locale.T("LessonMoveSay"),
			Position: "gobblers:.,.,o1/.,.,./x2,.,.:x",
			Marks:    []string{"a1"},
			Want:     Move,
			Other:    locale.T("LessonMoveOther"),
			Praise:   locale.T("LessonMovePraise"),
		},
		{
			Title:    locale.T("LessonGobbleTitle"),
			Say:      locale.T("LessonGobbleSay"),
			Position: "gobblers:.,.,./.,o1,./x1,.,.:x",
			Marks:    []string{"b2"},
			Want:     Gobble,
			Other:    locale.T("LessonGobbleOther"),
			Praise:   locale.T("LessonGobblePraise"),
		},
		{
			Title:    locale.T("LessonUncoverTitle"),
			Say:      locale.T("LessonUncoverSay"),
			Position: "gobblers:.,.,o2/.,o1x3,./x1,.,.:x",
			Marks:    []string{"b2"},
			Want:     Uncover,
			Other:    locale.T("LessonUncoverOther"),
			Praise:   locale.T("LessonUncoverPraise"),
		},
		{
			Title:    locale.T("LessonLineTitle"),
			Say:      locale.T("LessonLineSay"),
			Position: "gobblers:.,.,o2/.,o1,./x2,x3,.:x",
			Marks:    []string{"c1"},
			Want:     Line,
			Other:    locale.T("LessonLineOther"),
			Praise:   locale.T("LessonLinePraise"),
		},
		{
			Title:    locale.T("LessonGobbleWinTitle"),
			Say:      locale.T("LessonGobbleWinSay"),
			Position: "gobblers:.,.,o2/.,.,./x2,x1,o1:x",
			Marks:    []string{"c1"},
			Want:     Line,
			Other:    locale.T("LessonGobbleWinOther"),
			Praise:   locale.T("LessonGobbleWinPraise"),
		},
		{
			Title:    locale.T("LessonBigBoardTitle"),
			Say:      locale.T("LessonBigBoardSay"),
			Position: "classic:.,.,.,o4/.,.,.,./.,.,.,./x4,.,.,.:x",
			Want:     Place,
			Other:    locale.T("LessonBigBoardOther"),
			Praise:   locale.T("LessonBigBoardPraise"),
		},
		{
			Title:    locale.T("LessonReserveGobbleTitle"),
			Say:      locale.T("LessonReserveGobbleSay"),
			Position: "classic:.,.,x2,o4/o2,o3,o1,./.,x3,.,./x4,.,.,x4:x",
			Marks:    []string{"a3", "b3", "c3"},
			Want:     ReserveGobble,
			Other:    locale.T("LessonReserveGobbleOther"),
			Praise:   locale.T("LessonReserveGobblePraise"),
		},
	}
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
