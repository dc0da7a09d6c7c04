//go:build js

package app

import "syscall/js"

// pageCopy puts text on the clipboard through the page
// (navigator.clipboard), which a browser allows right after a click or a
// key; done says whether it worked. It reports false when the page has no
// clipboard, and the caller says so.
func pageCopy(text string, done chan<- bool) bool {
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.IsUndefined() || clip.IsNull() || clip.Get("writeText").Type() != js.TypeFunction {
		return false
	}
	var ok, fail js.Func
	answer := func(worked bool) {
		ok.Release()
		fail.Release()
		select { // never block the page's event loop: a second copy's answer may wait
		case done <- worked:
		default:
		}
	}
	ok = js.FuncOf(func(js.Value, []js.Value) any { answer(true); return nil })
	fail = js.FuncOf(func(js.Value, []js.Value) any { answer(false); return nil })
	clip.Call("writeText", text).Call("then", ok, fail)
	return true
}
