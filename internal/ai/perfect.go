package ai

import (
	"context"
	"errors"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// MoveValue is a legal move's proven value for the side to move.
type MoveValue struct {
	Move  rules.Move
	Score Score // WinIn/LossIn plies counted from the current position, or Centipawns 0 for a draw
	Draw  bool
}

// ErrNoSolution is returned when no proven values are available (classic, or
// a position the solver cannot value).
var ErrNoSolution = errors.New("move values are known only for Gobblet Gobblers (3×3)")

// Analyse returns the proven value of every legal move (gobblers only).
// Placeholder until the solver lands.
func Analyse(ctx context.Context, g *rules.Game) ([]MoveValue, error) {
	return nil, ErrNoSolution
}

// thinkPerfect plays the level "perfect". Placeholder until the solver lands.
func thinkPerfect(ctx context.Context, g *rules.Game, cfg Config) (rules.Move, error) {
	return rules.NoMove, ErrNoSolution
}
