package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"unicode"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// MoveValue is a legal move's proven value for the side to move.
type MoveValue struct {
	Move  rules.Move
	Score Score // WinIn/LossIn plies counted from the current position, or Centipawns 0 for a draw
	Draw  bool
}

// loadSolution is where the proven values come from; tests replace it.
var loadSolution = solve.Load

// ErrNoSolution is returned when no proven values are available (classic, or
// a position the solver cannot value).
var ErrNoSolution = errors.New("move values are known only for Gobblet Gobblers (3×3)")

// Analyse returns the proven value of every legal move (gobblers only), in
// the order of the position's legal moves. A move that would make the
// position occur for the third time is a draw, whatever the position is
// worth: the game ends there.
func Analyse(ctx context.Context, g *rules.Game) ([]MoveValue, error) {
	values, err := analyse(ctx, g)
	if err != nil {
		return nil, err
	}
	out := make([]MoveValue, len(values))
	for i, mv := range values {
		out[i] = moveValue(mv)
	}
	return out, nil
}

func analyse(ctx context.Context, g *rules.Game) ([]solve.MoveValue, error) {
	if g.Variant() != rules.Gobblers {
		return nil, ErrNoSolution
	}
	if g.Over() {
		return nil, fmt.Errorf("analyse: the game is over")
	}
	sol, err := loadSolution(ctx)
	if err != nil {
		return nil, err // a sentence already: the table could not be downloaded, or is broken
	}
	values, err := solve.MoveValues(ctx, sol, g.Position())
	if err != nil {
		return nil, fmt.Errorf("analyse: %w", err)
	}
	for i, mv := range values {
		if !mv.Value.IsDraw() && repeatsThirdTime(g, mv.Move) {
			values[i].Value = solve.Draw
		}
	}
	return values, nil
}

// repeatsThirdTime reports whether playing m makes the resulting position
// occur for the third time, which draws the game at once.
func repeatsThirdTime(g *rules.Game, m rules.Move) bool {
	next := g.Position().Play(m)
	if _, over := next.Winner(); over {
		return false
	}
	n := 1
	for _, p := range g.History() {
		if p.Hash() == next.Hash() && p.Equal(&next) {
			n++
		}
	}
	return n >= 3
}

func moveValue(mv solve.MoveValue) MoveValue {
	switch {
	case mv.Value.IsWin():
		return MoveValue{Move: mv.Move, Score: Score{Kind: WinIn, Value: mv.Value.Plies()}}
	case mv.Value.IsLoss():
		return MoveValue{Move: mv.Move, Score: Score{Kind: LossIn, Value: mv.Value.Plies()}}
	}
	return MoveValue{Move: mv.Move, Draw: true}
}

// thinkPerfect plays the level "perfect": a move of the best value, the
// fastest win or the slowest loss, chosen at random among equally good ones
// with a generator seeded by cfg.Seed and the position.
func thinkPerfect(ctx context.Context, g *rules.Game, cfg Config) (rules.Move, error) {
	values, err := analyse(ctx, g)
	if err != nil {
		return rules.NoMove, err
	}
	var best []rules.Move
	bestValue := values[0].Value
	for _, mv := range values {
		switch {
		case mv.Value.Better(bestValue):
			bestValue, best = mv.Value, append(best[:0], mv.Move)
		case mv.Value == bestValue:
			best = append(best, mv.Move)
		}
	}
	p := g.Position()
	rng := rand.New(rand.NewPCG(cfg.Seed, p.Hash()))
	return best[rng.IntN(len(best))], nil
}

// fallbackNote tells the player the perfect player is missing its table
// and the strongest search plays for it.
func fallbackNote(err error) string {
	msg := err.Error()
	r, n := utf8.DecodeRuneInString(msg)
	return string(unicode.ToUpper(r)) + msg[n:] + "; the Expert search plays instead."
}

// Prepare starts loading, in the background, what a computer player of
// this level needs before its first move: the perfect player's table
// (about a second to read, and in a browser first a download). Called as a
// game starts, the computer's first answer then comes at once.
func Prepare(v rules.Variant, level string) {
	if v != rules.Gobblers || level != "perfect" {
		return
	}
	// Asking the table about the start loads it, and runs the look-up's
	// code a first time (in a browser, compiled then). A failure is said
	// by Think, when the player is waiting for a move.
	go func() { _, _ = analyse(context.Background(), rules.NewGame(rules.Gobblers)) }()
}
