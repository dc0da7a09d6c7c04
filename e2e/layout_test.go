//go:build e2e

package e2e

import (
	"fmt"
	"image"
	"strconv"
	"time"

	"github.com/gobblet-game/gobblet/e2e/layoutlog"
)

// The layout log's blocks, read by the package both end-to-end suites
// share.
type (
	Rect = layoutlog.Rect
	Slot = layoutlog.Slot
	UI   = layoutlog.UI
)

// ui returns the latest layout block.
func (g *Game) ui() *UI {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.uis) == 0 {
		return nil
	}
	return g.uis[len(g.uis)-1]
}

// waitUI waits until the screen shows a scene in a state ("" for any).
func (g *Game) waitUI(scene, state string, timeout time.Duration) *UI {
	g.t.Helper()
	return g.waitUIFunc(fmt.Sprintf("scene %q state %q", scene, state), 0, timeout, func(u *UI) bool {
		return u.Scene == scene && (state == "" || u.State == state) && u.Ready()
	})
}

// waitUIAfter is waitUI for a block written after log line mark.
func (g *Game) waitUIAfter(mark int, scene, state string, timeout time.Duration) *UI {
	g.t.Helper()
	return g.waitUIFunc(fmt.Sprintf("scene %q state %q after log line %d", scene, state, mark), mark, timeout, func(u *UI) bool {
		return u.Scene == scene && (state == "" || u.State == state) && u.Ready()
	})
}

// waitUIFunc waits until the latest layout block, written after mark,
// satisfies ok; it fails the test loudly otherwise.
func (g *Game) waitUIFunc(what string, mark int, timeout time.Duration, ok func(*UI) bool) *UI {
	g.t.Helper()
	timeout = patient(timeout)
	deadline := time.Now().Add(timeout)
	for {
		if u := g.ui(); u != nil && u.End > mark && ok(u) {
			return u
		}
		select {
		case <-g.exited:
			g.t.Fatalf("the game exited (%v) while waiting for the screen to show %s; log:\n%s", g.err, what, g.log())
		default:
		}
		if time.Now().After(deadline) {
			g.shot("timeout")
			last := "nothing"
			if u := g.ui(); u != nil {
				last = fmt.Sprintf("scene %q state %q", u.Scene, u.State)
			}
			g.t.Fatalf("the screen did not show %s within %v (it shows %s); log:\n%s", what, timeout, last, g.log())
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// screenRect turns a window rectangle into a screen image rectangle,
// shrunk to its middle part by a fraction on each side.
func (g *Game) screenRect(r Rect, inset float64) image.Rectangle {
	dx, dy := r.W*inset, r.H*inset
	return image.Rect(int(g.offX+r.X+dx), int(g.offY+r.Y+dy), int(g.offX+r.X+r.W-dx), int(g.offY+r.Y+r.H-dy))
}

// pointTo moves the pointer to a window point and waits until the game
// has seen it there: however slowly the game runs, a press that follows
// lands where it was meant to.
func (g *Game) pointTo(x, y float64) {
	g.t.Helper()
	x, y = float64(int(x)), float64(int(y))
	xdo(g.t, "mousemove", strconv.Itoa(int(g.offX+x)), strconv.Itoa(int(g.offY+y)))
	g.waitUIFunc(fmt.Sprintf("the pointer at %.0f,%.0f", x, y), 0, 15*time.Second, func(u *UI) bool {
		return u.PX == x && u.PY == y
	})
}

// press holds the left button down until done reports that the game
// reacted (or a timeout), then lets go. Holding instead of a quick click
// means a game running at a few frames a second still sees the press.
func (g *Game) press(what string, done func() bool) {
	g.t.Helper()
	xdo(g.t, "mousedown", "1")
	deadline := time.Now().Add(patient(15 * time.Second))
	ok := false
	for time.Now().Before(deadline) {
		if ok = done(); ok {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	xdo(g.t, "mouseup", "1")
	if !ok {
		g.shot("press")
		g.t.Fatalf("pressed the mouse for %s; the game did not react within %v; log:\n%s", what, patient(15*time.Second), g.log())
	}
}

// click clicks the middle of a window rectangle and waits until the game
// reacted: a new layout block (a new screen, a selection, a held piece).
func (g *Game) click(r Rect) {
	g.t.Helper()
	x, y := r.Center()
	g.pointTo(x, y)
	mark := g.logMark()
	g.press(fmt.Sprintf("a click on %s at %.0f,%.0f", r.Name, x, y), func() bool {
		u := g.ui()
		return u != nil && u.End > mark
	})
	time.Sleep(60 * time.Millisecond)
}

// clickWhen clicks and holds until done (for clicks whose reaction is
// not a new layout block, like a move logged).
func (g *Game) clickWhen(r Rect, what string, done func() bool) {
	g.t.Helper()
	x, y := r.Center()
	g.pointTo(x, y)
	g.press(what, done)
	time.Sleep(60 * time.Millisecond)
}

// drag picks up the piece in one window rectangle (waiting until the game
// says it holds it), carries it to the middle of another in steps and lets
// go there once the game has seen the pointer arrive.
func (g *Game) drag(from, to Rect) {
	g.t.Helper()
	x0, y0 := from.Center()
	x1, y1 := to.Center()
	g.pointTo(x0, y0)
	mark := g.logMark()
	xdo(g.t, "mousedown", "1")
	g.waitUIFunc("a piece picked up", mark, 15*time.Second, func(u *UI) bool { return u.Held != "" })
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		xdo(g.t, "mousemove", strconv.Itoa(int(g.offX+x0+(x1-x0)*f)), strconv.Itoa(int(g.offY+y0+(y1-y0)*f)))
		time.Sleep(40 * time.Millisecond)
	}
	g.waitUIFunc("the dragged piece over its square", mark, 15*time.Second, func(u *UI) bool {
		return u.PX == float64(int(x1)) && u.PY == float64(int(y1))
	})
	time.Sleep(50 * time.Millisecond)
	xdo(g.t, "mouseup", "1")
	time.Sleep(60 * time.Millisecond)
}

// keyWhen holds a key (xdotool name) down until done or a timeout.
func (g *Game) keyWhen(k, what string, done func() bool) {
	g.t.Helper()
	wait := func(d time.Duration) bool {
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(30 * time.Millisecond) {
			if done() {
				return true
			}
		}
		return done()
	}
	deadline := time.Now().Add(patient(15 * time.Second))
	for {
		// Held at most 0.4 s: X repeats a key held longer than 0.66 s, and
		// a repeat is a second press (a loaded game that answers late
		// would see Down twice and pass the row the test wanted). A press
		// the game did not see at all is made again.
		xdo(g.t, "keydown", k)
		ok := wait(400 * time.Millisecond)
		xdo(g.t, "keyup", k)
		if !ok {
			ok = wait(patient(time.Second))
		}
		if ok {
			time.Sleep(80 * time.Millisecond)
			return
		}
		if time.Now().After(deadline) {
			g.shot("key")
			g.t.Fatalf("pressed %s for %s; the game did not react within %v; log:\n%s", k, what, patient(15*time.Second), g.log())
		}
	}
}

// keyUI presses a key until the game writes a new layout block.
func (g *Game) keyUI(k string) {
	g.t.Helper()
	mark := g.logMark()
	g.keyWhen(k, "a change on screen", func() bool { u := g.ui(); return u != nil && u.End > mark })
}
