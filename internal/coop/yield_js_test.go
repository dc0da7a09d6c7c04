//go:build js

package coop

import (
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/coop/cooptest"
)

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
	tu := cooptest.Watch(func() { spin(200*time.Millisecond, func() {}) })
	if tu.Count > 0 {
		t.Fatalf("the event loop ran %d times during a computation that never yields: the test cannot tell", tu.Count)
	}
	tu = cooptest.Watch(func() { spin(500*time.Millisecond, Yield) })
	t.Logf("with Yield: %d turns of the event loop in 500 ms, the longest wait %v", tu.Count, tu.Longest)
	if tu.Count < 10 {
		t.Errorf("the event loop ran %d times in 500 ms of work that yields, want at least 10", tu.Count)
	}
}

// Two busy goroutines that both yield (the search and the music's
// synthesis) must still let the event loop run: asleep on Go timers they
// took turns for seconds without the runtime ever going idle.
func TestYieldLetsTheEventLoopRunBetweenTwoBusyGoroutines(t *testing.T) {
	tu := cooptest.Watch(func() {
		done := make(chan struct{})
		go func() { spin(500*time.Millisecond, Yield); close(done) }()
		spin(500*time.Millisecond, Yield)
		<-done
	})
	t.Logf("two goroutines yielding: %d turns of the event loop in 500 ms, the longest wait %v", tu.Count, tu.Longest)
	if tu.Count < 10 {
		t.Errorf("the event loop ran %d times in 500 ms while two goroutines worked and yielded, want at least 10", tu.Count)
	}
}
