package main

import (
	"context"
	"fmt"

	"github.com/gobblet-game/gobblet/internal/puzzle"
)

func makeClassic(ctx context.Context, n, games int, level string, seed uint64, maxWin, workers int) ([]puzzle.Puzzle, error) {
	return nil, fmt.Errorf("not yet")
}
