// Package record is the game record: a small text file with header tags and
// the moves in the notation of shared/PROTOCOL.md, that a player can keep,
// share, review and replay. The autosaved current game is a record too, with
// a few more tags (mode, move limit, moves undone), so one format and one
// parser serve both. The package also keeps the statistics (won, drawn and
// lost per variant and AI level). It reads and writes bytes, never files:
// internal/settings owns the folder.
//
// A record looks like this:
//
//	[Format "gobblet 1"]
//	[Variant "gobblers"]
//	[Date "2026-11-21 23:19:45"]
//	[X "human"]
//	[XName "Ann"]
//	[O "ai"]
//	[OLevel "hard"]
//	[Result "x wins"]
//	[Reason "line"]
//
//	{Ann opens in the centre.}
//	1. 3@b2 3@a1
//	2. 2@c1 ; threatens a3
//	2... 3@a3 3. 2@c3 2@c2
//	4. 3@c2 {gobbles the blocker: x has the c file}
//
// Tags, one per line, `[Name "value"]` with \" and \\ escaped; only Variant is
// required:
//   - Format "gobblet N": a newer N than FormatVersion is refused as
//     ErrNewerFormat.
//   - Variant: classic or gobblers.
//   - Date: "2006-01-02" or "2006-01-02 15:04:05", local time.
//   - X, O: human, ai or network; XName, XLevel, XAlgorithm and the same
//     for O say more.
//   - Result: x wins, o wins, draw or ongoing; Reason: line, resignation,
//     repetition or movelimit. Without them the result is what the moves
//     lead to; with them it must be (a resignation: the moves lead to no
//     end).
//   - Start: the start position in PROTOCOL.md notation (default: the
//     variant's start); MoveLimit: plies, as rules.Game's.
//   - Mode and Redo (the moves undone, next first): the autosave's.
//   - Any other tag is kept in Record.Tags as found.
//
// Moves follow, numbered "N." before x's move and optionally "N..." before
// o's (a number must be the right one); comments are {…} (across lines if
// need be) or from ';' to the end of the line.
package record

import (
	"fmt"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// FormatVersion is the record format this build writes; it reads this one
// and older.
const FormatVersion = 1

// Player kinds.
const (
	Human   = "human"
	AI      = "ai"
	Network = "network"
)

// Player says who played one side.
type Player struct {
	Kind      string // Human, AI or Network
	Name      string // optional, as shown on screen
	Level     string // AI level ("easy" … "perfect"); "" for people
	Algorithm string // AI search algorithm; "" = the level's default
}

// Tag is a header tag this package does not know, kept as found so a newer
// GUI's extras survive a round trip.
type Tag struct{ Name, Value string }

// Record is one game: who played it, where it started and every move.
type Record struct {
	Variant rules.Variant
	// Start is the position the moves start from; nil means the variant's
	// start position.
	Start   *rules.Position
	Players [2]Player // indexed by rules.X and rules.O
	Date    time.Time // when the game was played; zero = unknown
	// Result is the game's outcome after the moves (Status Ongoing for a
	// game saved before its end). Parse checks it against the replay.
	Result    rules.Result
	MoveLimit int // plies; 0 = none
	Moves     []rules.Move
	// Comments[n] follows the n-th move; Comments[0] comes before the first.
	Comments map[int]string

	// Mode is the GUI's name for how the game is played (for example
	// "human-ai", "ai-ai", "network"); the autosave keeps it.
	Mode string
	// Redo are the moves undone from the end of Moves, in playing order, so
	// Redo[0] is what redo plays next. Only the autosave has them.
	Redo []rules.Move

	Tags []Tag
}

// FromGame records a game as it stands: variant, start, moves, moves
// undone, move limit and result. The caller fills in players, date and mode.
func FromGame(g *rules.Game) *Record {
	r := &Record{
		Variant:   g.Variant(),
		Result:    g.Result(),
		MoveLimit: g.MoveLimit,
		Moves:     append([]rules.Move(nil), g.Moves()...),
	}
	if start := g.StartPosition(); !isStart(&start) {
		r.Start = &start
	}
	if g.CanRedo() {
		// rules.Game does not show its redo list; redoing a copy reveals it.
		c := g.Clone()
		for c.Redo() {
		}
		r.Redo = append([]rules.Move(nil), c.Moves()[g.Plies():]...)
	}
	return r
}

// isStart reports whether p is its variant's start position.
func isStart(p *rules.Position) bool {
	s := rules.Start(p.Variant())
	return p.Equal(&s)
}

// StartPosition is where the moves start.
func (r *Record) StartPosition() rules.Position {
	if r.Start != nil {
		return *r.Start
	}
	return rules.Start(r.Variant)
}

// Game replays the record through the rules: every move must be legal, the
// recorded result must be what the moves lead to, and the moves undone must
// be playable after them. The game comes back with its redo list in place,
// ready to go on exactly where it was left.
func (r *Record) Game() (*rules.Game, error) {
	g, err := r.playMoves()
	if err != nil {
		return nil, err
	}
	if err := r.finish(g); err != nil {
		return nil, err
	}
	return g, nil
}

// MoveError is an illegal or unplayable move of a record, with its place.
type MoveError struct {
	Ply   int    // 0-based index into Moves, or len(Moves)+i for Redo[i]
	Label string // as a reader counts: "move 3 (x)", "undone move 4 (o)"
	Move  string
	Err   error
}

func (e *MoveError) Error() string { return fmt.Sprintf("%s %s: %v", e.Label, e.Move, e.Err) }
func (e *MoveError) Unwrap() error { return e.Err }

// ResultError is a recorded result that the moves do not lead to.
type ResultError struct{ Recorded, Played rules.Result }

func (e *ResultError) Error() string {
	return fmt.Sprintf("the result says %s, but the moves lead to %s", ResultText(e.Recorded), ResultText(e.Played))
}

// MoveLabel names a ply as a reader counts it: "move 3 (x)". Numbers start
// at 1 with the start position's side to move.
func MoveLabel(start *rules.Position, ply int) string {
	n, side := moveNumber(start, ply)
	return fmt.Sprintf("move %d (%s)", n, side)
}

// moveNumber returns the full-move number of a ply and who plays it; a game
// from a position with o to move starts at "1...".
func moveNumber(start *rules.Position, ply int) (int, rules.Player) {
	off := int(start.SideToMove())
	return (ply+off)/2 + 1, rules.Player((ply + off) % 2)
}

// playMoves plays the record's moves from its start.
func (r *Record) playMoves() (*rules.Game, error) {
	start := r.StartPosition()
	if start.Variant() != r.Variant {
		return nil, fmt.Errorf("the start position is %s but the game is %s", start.Variant(), r.Variant)
	}
	if r.MoveLimit < 0 {
		return nil, fmt.Errorf("move limit %d is negative", r.MoveLimit)
	}
	g := rules.NewGameFrom(start)
	g.MoveLimit = r.MoveLimit
	for i, m := range r.Moves {
		if err := g.Play(m); err != nil {
			return nil, &MoveError{Ply: i, Label: MoveLabel(&start, i), Move: m.Notation(r.Variant), Err: unwrapNotation(err)}
		}
	}
	return g, nil
}

// finish checks the recorded result against the game after the moves, then
// plays and takes back the moves undone so redo finds them.
func (r *Record) finish(g *rules.Game) error {
	if got := g.Result(); got != r.Result && !(r.Result.Reason == rules.Resignation && got.Status == rules.Ongoing) {
		return &ResultError{Recorded: r.Result, Played: got}
	}
	start := g.StartPosition()
	for i, m := range r.Redo {
		if err := g.Play(m); err != nil {
			ply := len(r.Moves) + i
			return &MoveError{Ply: ply, Label: "undone " + MoveLabel(&start, ply), Move: m.Notation(r.Variant), Err: unwrapNotation(err)}
		}
	}
	for range r.Redo {
		g.Undo()
	}
	return nil
}

// unwrapNotation drops the "4@b2: " prefix rules.Game.Play puts before its
// reason, since MoveError prints the move itself.
func unwrapNotation(err error) error {
	type unwrapper interface{ Unwrap() error }
	if u, ok := err.(unwrapper); ok && u.Unwrap() != nil {
		return u.Unwrap()
	}
	return err
}

// ResultText says a result in words: "a win for x by a line", "a draw by
// repetition", "a draw by the move limit", "an unfinished game".
func ResultText(res rules.Result) string {
	switch res.Status {
	case rules.Win:
		if res.Reason == rules.Resignation {
			return "a win for " + res.Winner.String() + " by resignation"
		}
		return "a win for " + res.Winner.String() + " by a line"
	case rules.Draw:
		if res.Reason == rules.MoveLimit {
			return "a draw by the move limit"
		}
		return "a draw by repetition"
	}
	return "an unfinished game"
}

// Outcome is a game's end from one player's side, for statistics.
type Outcome uint8

const (
	Won Outcome = iota
	Drawn
	Lost
)

// Opponent returns, for a finished game between one person at this
// computer and the AI, the AI's level and how the game ended for the
// person; ok is false for any other game (unfinished, two people, two AIs,
// network).
func (r *Record) Opponent() (level string, o Outcome, ok bool) {
	if r.Result.Status == rules.Ongoing {
		return "", 0, false
	}
	level, me, ok := r.players()
	if !ok {
		return "", 0, false
	}
	switch {
	case r.Result.Status == rules.Draw:
		o = Drawn
	case r.Result.Winner == me:
		o = Won
	default:
		o = Lost
	}
	return level, o, true
}

// players returns, for a game between one person at this computer and the
// AI, the AI's level and the person's side; ok is false for any other.
func (r *Record) players() (level string, me rules.Player, ok bool) {
	x, y := r.Players[rules.X], r.Players[rules.O]
	switch {
	case x.Kind == Human && y.Kind == AI:
		return y.Level, rules.X, true
	case x.Kind == AI && y.Kind == Human:
		return x.Level, rules.O, true
	}
	return "", 0, false
}
