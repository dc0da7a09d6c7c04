//go:build js

package browser

import (
	"syscall/js"
	"time"
)

// PaceHover makes the mouse's moves with no button held reach the game at
// most once every d: the page holds each such move back and hands the
// game the latest one when d has passed since the last it handed over.
// Drags (a button held), presses, releases, touches and keys are handed
// over at once, and a press drops a held move, which would be older.
//
// Ebitengine, in the mode where the game's loop runs on demand, runs a
// frame and presents the whole canvas at every mouse event it receives,
// whether the picture changed or not; with no GPU (software WebGL) each
// presentation costs the browser tens of ms of a core, so a mouse that
// moves at the display's rate (60 moves a second) over a still page kept
// both cores busy, and the page's frames came 100-400 ms apart. A hover's
// look (a button lit, a tooltip) lagging up to d behind the pointer is not
// seen at 50 ms; a dragged piece following the pointer would be, so drags
// are not held.
func PaceHover(d time.Duration) {
	paceHover.Invoke(d.Milliseconds())
}

var paceHover = js.Global().Get("Function").New("every", `
	let held = null, timer = 0, last = -1e9;
	const own = new WeakSet();
	const drop = () => { held = null; if (timer) { clearTimeout(timer); timer = 0; } };
	const hand = () => {
		timer = 0;
		const e = held;
		held = null;
		if (!e) return;
		last = performance.now();
		const c = new MouseEvent("mousemove", e);
		own.add(c);
		e.target.dispatchEvent(c);
	};
	addEventListener("mousemove", (e) => {
		if (own.has(e)) return;
		if (e.buttons !== 0) { drop(); return; }
		e.stopImmediatePropagation();
		held = e;
		if (!timer) timer = setTimeout(hand, Math.max(0, last + every - performance.now()));
	}, { capture: true });
	addEventListener("mousedown", drop, { capture: true, passive: true });
	addEventListener("mouseup", drop, { capture: true, passive: true });`)
