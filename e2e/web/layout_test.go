//go:build e2e

package web

import "github.com/gobblet-game/gobblet/e2e/layoutlog"

// The game's layout log, read by the package both end-to-end suites share
// (the same log the desktop tests in e2e/ read). Its rectangles are in the
// game's screen pixels: device pixels, CSS pixels times the page's
// devicePixelRatio.
type (
	Rect = layoutlog.Rect
	Slot = layoutlog.Slot
	UI   = layoutlog.UI
)
