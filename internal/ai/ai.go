// Package ai is the one door to the computer players: it maps a level name
// (easy … expert, perfect, baseline) and an algorithm to the search or the
// solver, so the GUI and gobblet-engine ask for a move the same way.
package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
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
}

// Engine is one computer player's state kept between moves (for example a
// transposition table). It is not safe for concurrent use: give each
// thinking goroutine its own.
type Engine struct {
	rng *rand.Rand
}

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
//
// Placeholder until the search lands: a win in one, else a block of the
// opponent's win in one, else a random legal move.
func (e *Engine) Think(ctx context.Context, g *rules.Game, cfg Config, report func(Info)) (rules.Move, error) {
	if g.Over() {
		return rules.NoMove, fmt.Errorf("the game is over")
	}
	if cfg.Level == "perfect" {
		return thinkPerfect(ctx, g, cfg)
	}
	if e.rng == nil {
		e.rng = rand.New(rand.NewPCG(cfg.Seed, 0x60bb1e7))
	}
	p := g.Position()
	var buf [rules.MaxMoves]rules.Move
	moves := p.LegalMoves(buf[:0])
	var safe []rules.Move
	for _, m := range moves {
		c := p.Play(m)
		if w, ok := c.Winner(); ok && w == p.SideToMove() {
			return m, nil
		}
		if _, ok := c.Winner(); ok {
			continue
		}
		if !opponentWinsInOne(c) {
			safe = append(safe, m)
		}
	}
	if len(safe) == 0 {
		safe = moves
	}
	return safe[e.rng.IntN(len(safe))], nil
}

func opponentWinsInOne(p rules.Position) bool {
	var buf [rules.MaxMoves]rules.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		c := p.Play(m)
		if w, ok := c.Winner(); ok && w == p.SideToMove() {
			return true
		}
	}
	return false
}
