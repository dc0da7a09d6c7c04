//go:build e2e

package web

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// Expert thinking in the page as a player opens it: without ?debug, whose
// layout log the other tests read (every block of it is a console message,
// which costs the page's thread milliseconds while DevTools listen). The
// stored settings make New game open on 4×4 with Expert (blue) moving
// first; Enter on the menu and Enter on New game start it, and the page's
// thread is measured while Expert thinks.
func TestExpertThinksInAPlainPage(t *testing.T) {
	s := settings.Default()
	s.NewGame = &settings.NewGame{Variant: "classic", Mode: "human-ai", Colour: 0, First: 1, Levels: [2]string{"expert", "expert"}}
	data, err := settings.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	b := openBrowser(t)
	b.open("")
	eval[bool](b, fmt.Sprintf(`localStorage.setItem(%s, %s), true`, strconv.Quote(settings.ShelfPrefix+settings.SettingsFile), strconv.Quote(string(data))))
	b.do(chromedp.Reload())
	for end := time.Now().Add(2 * time.Minute); !eval[bool](b, `!!document.querySelector("canvas") && document.getElementById("loading").classList.contains("gone")`); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the page showed no game within 2 minutes")
		}
	}
	time.Sleep(2 * time.Second) // the menu, drawn
	b.do(chromedp.KeyEvent("\r"))
	time.Sleep(time.Second) // New game
	// The page measures for itself, from 1.5 s after Start (the game's
	// screen is painted as it opens) until
	// Expert's move is autosaved (set up before Start: DevTools' questions
	// wait while the page is busy, so the test's own clock cannot place
	// the window).
	autosave := strconv.Quote(settings.ShelfPrefix + settings.CurrentGame)
	eval[bool](b, frameProbe)
	eval[bool](b, `(() => {
		const g = window.gobbletFrames, t0 = performance.now();
		window.gobbletWindow = null;
		const watch = setInterval(() => {
			const now = performance.now();
			if (now - t0 < 1500) {
				Object.assign(g, { max: 0, frames: 0, last: 0, task: 0, tasks: 0 });
				return;
			}
			if (localStorage.getItem(`+autosave+`) !== null) {
				clearInterval(watch);
				window.gobbletWindow = { max: g.max, frames: g.frames, task: g.task, tasks: g.tasks, ms: now - t0 - 1500 };
			}
		}, 20);
		return true;
	})()`)
	b.do(chromedp.KeyEvent("\r")) // Start
	var f Frames
	var ms float64
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		w := eval[map[string]float64](b, `window.gobbletWindow || {}`)
		if len(w) > 0 {
			f, ms = Frames{Max: w["max"], Frames: int(w["frames"]), Task: w["task"], Tasks: int(w["tasks"])}, w["ms"]
			break
		}
		if time.Now().After(end) {
			b.shot("plain-expert")
			t.Fatal("no game was saved within 30 s of Enter, Enter: the keys did not start a game against Expert, or Expert never moved")
		}
	}
	window := time.Duration(ms * float64(time.Millisecond))
	if window < time.Second {
		t.Skipf("Expert answered %.1fs after Start: too soon to measure the page while it thinks", 1.5+window.Seconds())
	}
	t.Logf("Expert thinking, in a page without the debug log: the longest gap between frames %.0f ms (%d frames in %.1fs), the page's thread busy %.0f ms at a stretch at most (%d tasks over 50 ms)", f.Max, f.Frames, window.Seconds(), f.Task, f.Tasks)
	if f.Task > goalBusy {
		t.Logf("over the goal: the page's thread was busy for %.0f ms at a stretch (goal %.0f ms)", f.Task, goalBusy)
	}
	if f.Task > maxBusy || f.Frames < 2 {
		t.Errorf("while Expert thought the page drew %d frames and its thread was busy for %.0f ms at a stretch: the search must let the page draw and take input", f.Frames, f.Task)
	}
}
