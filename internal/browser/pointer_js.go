//go:build js

package browser

import "syscall/js"

// CoarsePointer reports whether the page's main pointer is a finger (the
// media query "(pointer: coarse)": a phone or a tablet), so the game lays
// itself out for touch. False where the page cannot say (a worker, an
// old browser).
func CoarsePointer() bool {
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	q := js.Global().Call("matchMedia", "(pointer: coarse)")
	return q.Type() == js.TypeObject && q.Get("matches").Truthy()
}
