//go:build js

package coop

import (
	"sync/atomic"
	"syscall/js"
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
	waitForEventLoop()
	sliceStart.Store(int64(time.Since(epoch)))
}

// rest is how long, in ms, the thread is left to the rest of the browser
// between two slices of work: 0 normally (the event loop's own turn). A
// search worker rests longer while the page's player moves the pointer
// and the page's frames come late (SetRest), so that on a machine with
// few cores the page, and the GPU process drawing it, get the processor.
var rest atomic.Int64

// SetRest sets how long the thread rests between slices of work (0: only
// the event loop's turn); negative counts as 0.
func SetRest(d time.Duration) { rest.Store(max(0, d.Milliseconds())) }

// setTimeout is the page's own timer function.
var setTimeout = js.Global().Get("setTimeout")

// waitForEventLoop blocks the calling goroutine until the browser's event
// loop has run a task of its own: the goroutine waits on a JavaScript
// timer's callback, which the loop runs only once Go has given the thread
// back, that is once every goroutine waits. Each busy goroutine then runs
// one slice per turn of the loop, and frames and input come between. (A Go
// timer, time.Sleep, is not enough: a goroutine asleep on one lets the
// others run, and two busy goroutines, the search and the music's
// synthesis, took turns for seconds without the runtime ever going idle,
// so the page did not get its thread back: one task of 4.8 s.)
func waitForEventLoop() {
	done := make(chan struct{})
	f := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	setTimeout.Invoke(f, rest.Load())
	<-done
	f.Release()
}
