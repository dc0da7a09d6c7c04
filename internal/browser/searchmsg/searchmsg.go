// Package searchmsg is what the page and its search worker say to each
// other: the page asks for a move in a game (its first position and its
// moves in the project's notation, docs/protocol.md, and a level with its
// budget), and the worker answers with progress reports (depth, score,
// nodes) and the move. Each message is one JSON object in a string, sent
// with postMessage; besides, the page's word on its input and its question
// for the music are plain strings, and the music comes back as the bytes
// of its samples (music_js.go).
//
// Both sides read what the other sends as outside input: a message that
// does not parse, or names an impossible game, gets an error, never a
// panic.
package searchmsg

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// Limits of what a message may hold.
const (
	MaxBytes   = 64 << 10 // a message's length
	MaxMoves   = 2000     // moves in a game (the rules end a game long before)
	MaxEngines = 8        // computer players the worker keeps at a time
)

// Ask is the page's question: a move in a game, or (Stop) the end of the
// search of question ID, whose answer then comes at once.
type Ask struct {
	ID     uint64   `json:"id"`
	Stop   bool     `json:"stop,omitempty"`
	Engine int      `json:"engine"` // which computer player asks (each keeps its transposition table)
	Start  string   `json:"start"`  // the game's first position
	Moves  []string `json:"moves,omitempty"`

	Level     string `json:"level"`
	Algorithm string `json:"algorithm,omitempty"`
	Seed      uint64 `json:"seed,omitempty"`
	Depth     int    `json:"depth,omitempty"`
	Nodes     uint64 `json:"nodes,omitempty"`
	MoveTime  int64  `json:"movetimeMs,omitempty"`
	HashMiB   int    `json:"hashMiB,omitempty"`
	Threads   int    `json:"threads,omitempty"`
	// Spent is how long the question had been asked when it was sent (a
	// search resumed after a pause, the message's way): it counts against
	// the level's time.
	Spent int64 `json:"spentMs,omitempty"`
}

// The page's word on its player, two plain strings rather than questions:
// InputBusy while the player moves the pointer (or a finger) and the
// page's frames come late, InputQuiet once the input stops. The worker's
// search works in short slices, and rests between them while the input is
// busy, so that on a machine with few cores the page keeps drawing. The
// page's own script sends them, at the edges only (a few a second at most).
const (
	InputBusy  = "input busy"
	InputQuiet = "input quiet"
)

// MusicAsk is the page's question for the game's music, a plain string
// too: the worker renders the loop (internal/sound's MusicPCM) while it
// has no search to run, and answers with the samples alone, in an
// ArrayBuffer moved to the page rather than copied (music_js.go). The page
// asks once, when its sound device has opened; a search asked meanwhile
// comes first, and the rendering waits.
const MusicAsk = "music"

// EffectsAsk is the page's question for the game's sound effects: the
// worker renders them (internal/sound's EffectsPCM) as MusicAsk's music,
// searches first, and answers with their samples in one ArrayBuffer moved
// to the page (effects_js.go). The page asks once, as its sound starts.
const EffectsAsk = "effects"

// Reply kinds.
const (
	Ready = "ready" // the worker has started and takes questions
	Info  = "info"  // a progress report of search ID
	Move  = "move"  // search ID's answer: Move, or Err
)

// Reply is the worker's word.
type Reply struct {
	ID    uint64   `json:"id,omitempty"`
	Kind  string   `json:"kind"`
	Depth int      `json:"depth,omitempty"`
	Score string   `json:"score,omitempty"` // "cp 12", "win 5", "loss 4"
	Nodes uint64   `json:"nodes,omitempty"`
	NPS   uint64   `json:"nps,omitempty"`
	Time  int64    `json:"timeMs,omitempty"`
	PV    []string `json:"pv,omitempty"`
	Note  string   `json:"note,omitempty"`
	// Fallback: ai.Info.Fallback
	Fallback bool   `json:"fallback,omitempty"`
	Move     string `json:"move,omitempty"`
	Err      string `json:"err,omitempty"`
}

// NewAsk is the question for a move in g's current position.
func NewAsk(id uint64, engine int, g *rules.Game, cfg ai.Config, now time.Time) Ask {
	v := g.Variant()
	a := Ask{ID: id, Engine: engine, Start: g.History()[0].String(),
		Level: cfg.Level, Algorithm: cfg.Algorithm, Seed: cfg.Seed, Depth: cfg.Depth, Nodes: cfg.Nodes,
		MoveTime: cfg.MoveTime.Milliseconds(), HashMiB: cfg.HashMiB, Threads: cfg.Threads}
	for _, m := range g.Moves() {
		a.Moves = append(a.Moves, m.Notation(v))
	}
	if !cfg.Asked.IsZero() {
		a.Spent = max(0, now.Sub(cfg.Asked).Milliseconds())
	}
	return a
}

// Game is the game the question names, checked move by move.
func (a Ask) Game() (*rules.Game, error) {
	p, err := rules.ParsePosition(a.Start)
	if err != nil {
		return nil, fmt.Errorf("the game's first position: %w", err)
	}
	g := rules.NewGameFrom(p)
	if err := g.PlayNotation(a.Moves); err != nil {
		return nil, fmt.Errorf("the game's moves: %w", err)
	}
	return g, nil
}

// Config is the question's level and budget, its time counted from now
// less what was spent before it was sent.
func (a Ask) Config(now time.Time) ai.Config {
	return ai.Config{Level: a.Level, Algorithm: a.Algorithm, Seed: a.Seed, Depth: a.Depth, Nodes: a.Nodes,
		MoveTime: time.Duration(a.MoveTime) * time.Millisecond, HashMiB: a.HashMiB, Threads: a.Threads,
		Asked: now.Add(-time.Duration(a.Spent) * time.Millisecond)}
}

// Encode writes the question as a message.
func (a Ask) Encode() string { return encode(a) }

// Encode writes the reply as a message.
func (r Reply) Encode() string { return encode(r) }

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // strings, numbers and lists always marshal
	}
	return string(b)
}

// DecodeAsk reads a question. It checks the message's form and numbers;
// Game checks the game.
func DecodeAsk(msg string) (Ask, error) {
	var a Ask
	if err := decode(msg, &a); err != nil {
		return Ask{}, err
	}
	switch {
	case a.ID == 0:
		return Ask{}, errors.New("a question without an id")
	case a.Stop:
		return a, nil
	case a.Engine < 0 || a.Engine >= MaxEngines:
		return Ask{}, fmt.Errorf("engine %d: there are %d", a.Engine, MaxEngines)
	case len(a.Moves) > MaxMoves:
		return Ask{}, fmt.Errorf("%d moves: at most %d", len(a.Moves), MaxMoves)
	case a.Depth < 0 || a.MoveTime < 0 || a.HashMiB < 0 || a.Threads < 0 || a.Spent < 0:
		return Ask{}, errors.New("a negative budget")
	case a.MoveTime > int64(time.Hour/time.Millisecond) || a.Spent > int64(time.Hour/time.Millisecond) || a.HashMiB > 1024 || a.Threads > 64 || a.Depth > 1000:
		return Ask{}, errors.New("a budget out of range")
	}
	return a, nil
}

// DecodeReply reads a reply.
func DecodeReply(msg string) (Reply, error) {
	var r Reply
	if err := decode(msg, &r); err != nil {
		return Reply{}, err
	}
	switch r.Kind {
	case Ready:
	case Info, Move:
		if r.ID == 0 {
			return Reply{}, fmt.Errorf("a %s reply without an id", r.Kind)
		}
	default:
		return Reply{}, fmt.Errorf("a reply of unknown kind %q", r.Kind)
	}
	if len(r.PV) > MaxMoves {
		return Reply{}, fmt.Errorf("a line of %d moves", len(r.PV))
	}
	return r, nil
}

func decode(msg string, v any) error {
	if len(msg) > MaxBytes {
		return fmt.Errorf("a message of %d bytes: at most %d", len(msg), MaxBytes)
	}
	d := json.NewDecoder(strings.NewReader(msg))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("not a message: %w", err)
	}
	if d.More() {
		return errors.New("not a message: something follows the object")
	}
	return nil
}

// InfoReply is a progress report of search id in variant v.
func InfoReply(id uint64, v rules.Variant, in ai.Info) Reply {
	r := Reply{ID: id, Kind: Info, Depth: in.Depth, Nodes: in.Nodes, NPS: in.NPS, Time: in.Time.Milliseconds(), Note: in.Note, Fallback: in.Fallback}
	if in.Note == "" {
		r.Score = in.Score.String()
	}
	for _, m := range in.PV {
		r.PV = append(r.PV, m.Notation(v))
	}
	return r
}

// MoveReply is search id's answer.
func MoveReply(id uint64, v rules.Variant, m rules.Move, err error) Reply {
	r := Reply{ID: id, Kind: Move}
	switch {
	case err != nil:
		r.Err = err.Error()
	case m.IsNone():
		r.Err = "no move"
	default:
		r.Move = m.Notation(v)
	}
	return r
}

// Info reads a progress report in variant v. A line that does not parse is
// left out (the report is only shown).
func (r Reply) Info(v rules.Variant) (ai.Info, error) {
	in := ai.Info{Depth: r.Depth, Nodes: r.Nodes, NPS: r.NPS, Time: time.Duration(r.Time) * time.Millisecond, Note: r.Note, Fallback: r.Fallback}
	if r.Note == "" {
		s, err := ParseScore(r.Score)
		if err != nil {
			return ai.Info{}, err
		}
		in.Score = s
	}
	for _, n := range r.PV {
		m, err := rules.ParseMove(v, n)
		if err != nil {
			break
		}
		in.PV = append(in.PV, m)
	}
	return in, nil
}

// Answer reads the move of a move reply in variant v.
func (r Reply) Answer(v rules.Variant) (rules.Move, error) {
	if r.Err != "" {
		return rules.NoMove, errors.New(r.Err)
	}
	m, err := rules.ParseMove(v, r.Move)
	if err != nil {
		return rules.NoMove, fmt.Errorf("the worker's move %q: %w", r.Move, err)
	}
	return m, nil
}

// ParseScore reads a score as ai.Score prints it.
func ParseScore(s string) (ai.Score, error) {
	var kind string
	var n int
	if _, err := fmt.Sscanf(s, "%s %d", &kind, &n); err != nil {
		return ai.Score{}, fmt.Errorf("score %q: %w", s, err)
	}
	k, ok := map[string]ai.ScoreKind{"cp": ai.Centipawns, "win": ai.WinIn, "loss": ai.LossIn}[kind]
	if !ok {
		return ai.Score{}, fmt.Errorf("score %q: unknown kind", s)
	}
	sc := ai.Score{Kind: k, Value: n}
	if sc.String() != s {
		return ai.Score{}, fmt.Errorf("score %q: not in its usual form", s)
	}
	return sc, nil
}
