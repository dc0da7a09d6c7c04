//go:build js

package main

import (
	"context"
	"syscall/js"
	"time"

	"github.com/gobblet-game/gobblet/internal/browser"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// tableFile is the 3×3 perfect-play table, served beside index.html: the
// browser build leaves it out of the program, which it would more than
// double in size.
const tableFile = "gobblers.sparse"

// prefetchIdle is how long the player leaves the page alone before the
// table downloads in the background. A game that needs it (3×3 against
// Perfect, the move values) fetches it as it opens: the first visit
// downloads only what the first screen needs.
const prefetchIdle = 30 * time.Second

func init() {
	solve.SetSource(func(ctx context.Context) ([]byte, error) { return browser.Fetch(ctx, tableFile) })
	browser.WhenIdle(prefetchIdle, solve.Prefetch)
}

// commandLine is what the page's address offers (pageFlags): the page
// passes the game no arguments of its own.
func commandLine() []string {
	return pageFlags(js.Global().Get("location").Get("search").String())
}
