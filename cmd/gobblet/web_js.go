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

// prefetchAfter lets the page draw its menu before the table downloads, in
// time for the first 3×3 game against perfect.
const prefetchAfter = 2 * time.Second

func init() {
	solve.SetSource(func(ctx context.Context) ([]byte, error) { return browser.Fetch(ctx, tableFile) })
	time.AfterFunc(prefetchAfter, solve.Prefetch)
}

// commandLine is what the page's address offers (pageFlags): the page
// passes the game no arguments of its own.
func commandLine() []string {
	return pageFlags(js.Global().Get("location").Get("search").String())
}
