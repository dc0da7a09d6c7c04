//go:build js

package coop

import (
	"syscall/js"
	"testing"
	"time"
)

// eventLoopTurns counts, while busy runs, how often the JavaScript event
// loop ran a zero-delay timer, and the longest wait between two of them:
// the time a page would have gone without a frame.
func eventLoopTurns(busy func()) (turns int, longest time.Duration) {
	last := time.Now()
	var tick js.Func
	var pending js.Value // the timer set last, cleared at the end
	tick = js.FuncOf(func(js.Value, []js.Value) any {
		now := time.Now()
		longest = max(longest, now.Sub(last))
		last = now
		turns++
		pending = js.Global().Call("setTimeout", tick, 0)
		return nil
	})
	pending = js.Global().Call("setTimeout", tick, 0)
	busy()
	js.Global().Call("clearTimeout", pending)
	tick.Release()
	return turns, longest
}

// spin computes for d, calling yield between small pieces of work.
func spin(d time.Duration, yield func()) {
	x := uint64(1)
	for start := time.Now(); time.Since(start) < d; {
		for range 10000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		yield()
	}
	_ = x
}

// Without Yield a busy goroutine keeps the thread: the event loop does not
// run until it is done. With Yield it runs every few milliseconds.
func TestYieldLetsTheEventLoopRun(t *testing.T) {
	turns, _ := eventLoopTurns(func() { spin(200*time.Millisecond, func() {}) })
	if turns > 1 {
		t.Fatalf("the event loop ran %d times during a computation that never yields: the test cannot tell", turns)
	}
	turns, longest := eventLoopTurns(func() { spin(500*time.Millisecond, Yield) })
	t.Logf("with Yield: %d turns of the event loop in 500 ms, the longest wait %v", turns, longest)
	if turns < 10 {
		t.Errorf("the event loop ran %d times in 500 ms of work that yields, want at least 10", turns)
	}
}
