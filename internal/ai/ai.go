// Package ai is the one door to the computer players: it maps a level name
// (easy … expert, perfect, baseline) and an algorithm to the search or the
// solver, so the GUI and gobblet-engine ask for a move the same way.
package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
)

// Config chooses a player and its budget. Zero budgets mean the level's own.
type Config struct {
	Level     string // "easy", "medium", "hard", "expert", "perfect" (gobblers), "baseline"
	Algorithm string // "minimax", "alphabeta", "iterative"; "" = the level's default
	Seed      uint64 // random choices repeat exactly for the same seed
	Depth     int
	MoveTime  time.Duration
	Nodes     uint64
	HashMiB   int
	Threads   int // search goroutines sharing the table; 0 = the level's own
	// Asked is when the move was asked: the answer is due MoveTime (or the
	// level's time) after it, on the wall clock, whatever Think spends
	// before its search starts. Zero means when Think is called.
	Asked time.Time
}

// ScoreKind tells a heuristic score from a proven result.
type ScoreKind uint8

const (
	Centipawns ScoreKind = iota // heuristic, from the mover's side
	WinIn                       // the mover wins in Value plies
	LossIn                      // the mover loses in Value plies
)

// Score is a search's verdict on a position, from the side to move.
type Score struct {
	Kind  ScoreKind
	Value int
}

// String prints the score as the protocol's info lines do: "cp 12", "win 5", "loss 4".
func (s Score) String() string {
	switch s.Kind {
	case WinIn:
		return fmt.Sprintf("win %d", s.Value)
	case LossIn:
		return fmt.Sprintf("loss %d", s.Value)
	}
	return fmt.Sprintf("cp %d", s.Value)
}

// Info is a progress report while a player thinks.
type Info struct {
	Depth int
	Score Score
	Nodes uint64
	NPS   uint64
	Time  time.Duration
	PV    []rules.Move
	// Note, when set, is a sentence for the player about how the move is
	// being found (the perfect player's table is missing: a search plays);
	// such a report carries nothing else.
	Note string
	// Fallback: the Note says the perfect player's table cannot be had
	// and the Expert search plays instead (the GUI says so in the
	// player's language; the Note, in English, names the cause).
	Fallback bool
}

// Engine is one computer player's state kept between moves: its
// transposition table. Calls to Think on one engine take turns: a call made
// while a cancelled one is still winding down waits the few milliseconds
// that takes.
type Engine struct {
	mu       sync.Mutex
	searcher *search.Searcher
	hashMiB  int
}

// now is the clock a question's time is read from; tests replace it.
var now = time.Now

// NewEngine returns an engine.
func NewEngine() *Engine { return &Engine{} }

// Levels returns the level names offered for a variant, weakest first.
func Levels(v rules.Variant) []string {
	if v == rules.Gobblers {
		return []string{"easy", "medium", "hard", "expert", "perfect"}
	}
	return []string{"easy", "medium", "hard", "expert"}
}

// Think returns a move for the game's current position. g must not change
// while Think runs (pass a clone). It returns early, with the best move found
// so far, when ctx is cancelled; report (may be nil) receives progress.
// Random choices come from cfg.Seed and the position, so the same seed
// replays the same game.
func (e *Engine) Think(ctx context.Context, g *rules.Game, cfg Config, report func(Info)) (rules.Move, error) {
	if cfg.Asked.IsZero() {
		cfg.Asked = now() // before the wait for an earlier search and the table's making, which count
	}
	if g.Over() {
		return rules.NoMove, fmt.Errorf("the game is over")
	}
	if cfg.Level == "perfect" {
		m, err := thinkPerfect(ctx, g, cfg)
		if err == nil || ctx.Err() != nil || errors.Is(err, ErrNoSolution) {
			return m, err
		}
		// The table cannot be had (in a browser: its download failed).
		// The strongest search plays instead, and the player is told.
		if report != nil {
			report(Info{Note: fallbackNote(err), Fallback: true})
		}
		cfg.Level = "expert"
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	pos := g.Position()
	r := rand.New(rand.NewPCG(cfg.Seed, pos.Hash()^uint64(g.Plies())<<48))
	if cfg.Level == "baseline" {
		return search.Baseline(ctx, g, cfg.Depth, r), nil
	}
	name := cfg.Level
	if name == "" {
		name = "hard"
	}
	lvl, err := search.LevelByName(name)
	if err != nil {
		return rules.NoMove, err
	}
	alg, err := search.ParseAlgorithm(cfg.Algorithm)
	if err != nil {
		return rules.NoMove, err
	}
	hash := hashMiB(cfg.HashMiB, lvl.HashMiB, maxHashMiB)
	if e.searcher == nil || e.hashMiB != hash {
		e.searcher, e.hashMiB = search.NewSearcher(hash), hash
	}
	opt := lvl.Options(search.Limits{Depth: cfg.Depth, Nodes: cfg.Nodes, MoveTime: cfg.MoveTime}, r)
	opt.Algorithm = alg
	opt.Asked = cfg.Asked
	if cfg.Threads > 0 {
		opt.Threads = cfg.Threads
	}
	if report != nil {
		opt.Report = func(in search.Info) {
			report(Info{Depth: in.Depth, Score: scoreOf(in.Score), Nodes: in.Nodes, NPS: in.NPS(), Time: in.Time, PV: in.PV})
		}
	}
	res := e.searcher.Search(ctx, g, opt)
	return lvl.Choose(res, r), nil
}

// scoreOf turns a search score into the protocol's kind of score.
// hashMiB is the table's size: the one asked for, else the level's, at
// most max when max is set.
func hashMiB(asked, level, max int) int {
	hash := asked
	if hash <= 0 {
		hash = level
	}
	if max > 0 && hash > max {
		hash = max
	}
	return hash
}

func scoreOf(s int) Score {
	switch {
	case s >= search.WinBound:
		return Score{WinIn, search.PliesToEnd(s)}
	case s <= -search.WinBound:
		return Score{LossIn, search.PliesToEnd(s)}
	}
	return Score{Centipawns, s}
}
