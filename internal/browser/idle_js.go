//go:build js

package browser

import (
	"syscall/js"
	"time"
)

// WhenIdle calls f once, in a goroutine of its own, when the player has
// left the page alone (no key, pointer, touch or wheel) for d: for work
// that can wait, such as a download a later screen may need. The page
// notes the input itself (no call into Go per event).
func WhenIdle(d time.Duration, f func()) {
	watch := js.Global().Get("Function").New(`
		const s = { last: performance.now() };
		const on = () => { s.last = performance.now(); };
		for (const e of ["pointerdown", "pointermove", "keydown", "touchstart", "wheel"]) {
			addEventListener(e, on, { capture: true, passive: true });
		}
		return s;`).Invoke()
	perf := js.Global().Get("performance")
	go func() {
		for {
			idle := time.Duration((perf.Call("now").Float() - watch.Get("last").Float()) * float64(time.Millisecond))
			if idle >= d {
				f()
				return
			}
			time.Sleep(d - idle)
		}
	}()
}
