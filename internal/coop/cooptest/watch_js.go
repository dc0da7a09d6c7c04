//go:build js

package cooptest

import (
	"syscall/js"
	"time"
)

// Turns is what the event loop did while some work ran.
type Turns struct {
	Count   int           // zero-delay timers the event loop ran
	Longest time.Duration // the longest wait between two of them
}

// Watch runs work and counts how often the event loop ran a zero-delay
// timer meanwhile, and the longest wait between two of them.
func Watch(work func()) Turns {
	var tu Turns
	last := time.Now()
	var tick js.Func
	var pending js.Value // the timer set last, cleared at the end
	tick = js.FuncOf(func(js.Value, []js.Value) any {
		now := time.Now()
		tu.Longest = max(tu.Longest, now.Sub(last))
		last = now
		tu.Count++
		pending = js.Global().Call("setTimeout", tick, 0)
		return nil
	})
	pending = js.Global().Call("setTimeout", tick, 0)
	work()
	tu.Longest = max(tu.Longest, time.Since(last))
	js.Global().Call("clearTimeout", pending)
	tick.Release()
	return tu
}
