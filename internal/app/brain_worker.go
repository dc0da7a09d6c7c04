package app

import (
	"context"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// workerThinker is a computer player whose searches run in a Web Worker
// (worker_js.go); elsewhere there is none.
type workerThinker struct{}

func (*workerThinker) Think(ctx context.Context, g *rules.Game, cfg ai.Config, report func(ai.Info)) (rules.Move, error) {
	return rules.NoMove, nil
}
