//go:build js

package browser

import "syscall/js"

// inputEvents are the page's events that a player's input, or a change of
// the page around the game, sends.
var inputEvents = []string{
	"keydown", "keyup",
	"pointerdown", "pointerup", "pointermove", "pointercancel",
	"mousedown", "mouseup", "mousemove", "wheel",
	"touchstart", "touchmove", "touchend", "touchcancel",
	"focus", "blur", "resize", "fullscreenchange",
}

// OnInput calls f at every input event of the page (a key, the mouse, a
// finger, the wheel, focus, a resize), before the game's own handlers see
// it: a game whose loop waits for a reason to run (Ebitengine's
// FPSModeVsyncOffMinimum, which the browser does not wake by itself) runs
// its next frame then. f runs on the page's thread and must not block.
// The listeners last as long as the page; visibilitychange is the
// document's.
func OnInput(f func()) {
	cb := js.FuncOf(func(js.Value, []js.Value) any {
		f()
		return nil
	})
	opts := js.Global().Get("Object").New()
	opts.Set("capture", true)
	opts.Set("passive", true)
	for _, ev := range inputEvents {
		js.Global().Call("addEventListener", ev, cb, opts)
	}
	js.Global().Get("document").Call("addEventListener", "visibilitychange", cb, opts)
}
