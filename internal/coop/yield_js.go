//go:build js

package coop

import (
	"sync/atomic"
	"time"
)

const (
	// slice is how long work runs between two returns to the event loop: a
	// 60 Hz frame lasts 16.7 ms, so a frame waits at most about half of one
	// for the work in progress to step aside. Measured in headless Chromium
	// with Expert searching: at 8 ms a frame came every 16.8 ms on average
	// (60 a second), at 16 ms every 18.4 ms, and at 4 ms no more often
	// while the search lost a fifth of its speed to the yields.
	slice = 8 * time.Millisecond
	// pause is the timer Yield blocks on. Any wait on a timer returns to the
	// event loop once every goroutine waits: the runtime sets a JavaScript
	// timer and gives the thread back until it fires.
	pause = time.Millisecond
)

// sliceStart is when the running slice of work began, in nanoseconds on the
// monotonic clock since epoch.
var sliceStart atomic.Int64

var epoch = time.Now()

// Yield gives the thread back to the browser for a moment once the current
// slice of work has run its course; otherwise it returns at once.
func Yield() {
	now := int64(time.Since(epoch))
	if now-sliceStart.Load() < int64(slice) {
		return
	}
	time.Sleep(pause)
	sliceStart.Store(int64(time.Since(epoch)))
}
