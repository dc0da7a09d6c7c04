//go:build e2e

package e2e

import (
	"fmt"
	"image"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Rect is a rectangle in window pixels, as the game's layout log says it.
type Rect struct {
	X, Y, W, H float64
	Name       string // what the game calls it, for messages
}

func (r Rect) center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Slot is one reserve slot of the game screen.
type Slot struct {
	Player string // x or o
	Index  int
	Size   int
	Count  int
	Rect   Rect
}

// UI is one block of the game's layout log: what the screen showed and
// where, in --debug mode (internal/app/debuglayout.go writes it).
type UI struct {
	Scene, State string
	End          int // the log line number of "layout end"
	Widgets      map[string]Rect
	Choices      map[string]string // row label -> selected option
	Focus        string
	Squares      map[string]Rect
	Slots        []Slot
	Players      map[string]string // x/o -> Orange/Blue
	Position     string
	ResultCard   string
	Theme        string
	Held         string
	PX, PY       float64 // where the game saw the pointer
}

var (
	reBegin  = regexp.MustCompile(`^gobblet: layout begin (\S+) ?(\S*)$`)
	reWidget = regexp.MustCompile(`^gobblet: widget ("(?:[^"\\]|\\.)*") (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reSquare = regexp.MustCompile(`^gobblet: square (\w+) (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reSlot   = regexp.MustCompile(`^gobblet: slot ([xo]) (\d) size (\d) count (\d) (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reChoice = regexp.MustCompile(`^gobblet: choice ("(?:[^"\\]|\\.)*") ("(?:[^"\\]|\\.)*")`)
)

func atof(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

func rectOf(m []string) Rect { return Rect{X: atof(m[0]), Y: atof(m[1]), W: atof(m[2]), H: atof(m[3])} }

// parseLayout takes one log line into the block being read; a finished
// block is appended to uis.
func parseLayout(b *UI, ln string, n int, uis *[]*UI) *UI {
	if m := reBegin.FindStringSubmatch(ln); m != nil {
		return &UI{Scene: m[1], State: m[2], Widgets: map[string]Rect{}, Choices: map[string]string{}, Squares: map[string]Rect{}, Players: map[string]string{}}
	}
	if b == nil {
		return nil
	}
	switch {
	case ln == "gobblet: layout end":
		b.End = n
		*uis = append(*uis, b)
		return nil
	case reWidget.MatchString(ln):
		m := reWidget.FindStringSubmatch(ln)
		label, _ := strconv.Unquote(m[1])
		r := rectOf(m[2:])
		r.Name = strconv.Quote(label)
		b.Widgets[label] = r
	case reSquare.MatchString(ln):
		m := reSquare.FindStringSubmatch(ln)
		r := rectOf(m[2:])
		r.Name = "square " + m[1]
		b.Squares[m[1]] = r
	case reSlot.MatchString(ln):
		m := reSlot.FindStringSubmatch(ln)
		i, _ := strconv.Atoi(m[2])
		sz, _ := strconv.Atoi(m[3])
		c, _ := strconv.Atoi(m[4])
		r := rectOf(m[5:])
		r.Name = fmt.Sprintf("%s's reserve slot %d", m[1], i)
		b.Slots = append(b.Slots, Slot{Player: m[1], Index: i, Size: sz, Count: c, Rect: r})
	case reChoice.MatchString(ln):
		m := reChoice.FindStringSubmatch(ln)
		l, _ := strconv.Unquote(m[1])
		o, _ := strconv.Unquote(m[2])
		b.Choices[l] = o
	default:
		rest, ok := strings.CutPrefix(ln, "gobblet: ")
		if !ok {
			return b
		}
		k, v, _ := strings.Cut(rest, " ")
		switch k {
		case "position":
			b.Position = v
		case "result-card":
			b.ResultCard = v
		case "theme":
			b.Theme = v
		case "focus":
			b.Focus, _ = strconv.Unquote(v)
		case "held":
			b.Held = v
		case "pointer":
			x, y, _ := strings.Cut(v, " ")
			b.PX, b.PY = atof(x), atof(y)
		case "player":
			p, c, _ := strings.Cut(v, " ")
			b.Players[p] = c
		}
	}
	return b
}

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
		return u.Scene == scene && (state == "" || u.State == state) && u.ready()
	})
}

// ready reports whether the block shows a laid-out screen: a scene's
// first block can come before its first layout.
func (u *UI) ready() bool {
	if u.Scene == "game" {
		if u.State == "paused" {
			// The pause card's buttons are laid out a frame after the state changes.
			_, ok := u.Widgets["Resume"]
			return ok
		}
		return u.State != "starting" && len(u.Squares) > 0
	}
	return len(u.Widgets) > 0
}

// waitUIAfter is waitUI for a block written after log line mark.
func (g *Game) waitUIAfter(mark int, scene, state string, timeout time.Duration) *UI {
	g.t.Helper()
	return g.waitUIFunc(fmt.Sprintf("scene %q state %q after log line %d", scene, state, mark), mark, timeout, func(u *UI) bool {
		return u.Scene == scene && (state == "" || u.State == state) && u.ready()
	})
}

// waitUIFunc waits until the latest layout block, written after mark,
// satisfies ok; it fails the test loudly otherwise.
func (g *Game) waitUIFunc(what string, mark int, timeout time.Duration, ok func(*UI) bool) *UI {
	g.t.Helper()
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

// widget returns a widget's rectangle on the current screen, failing when
// the screen has no such widget.
func (u *UI) widget(t interface {
	Helper()
	Fatalf(string, ...any)
}, label string) Rect {
	t.Helper()
	r, ok := u.Widgets[label]
	if !ok {
		names := make([]string, 0, len(u.Widgets))
		for k := range u.Widgets {
			names = append(names, strconv.Quote(k))
		}
		t.Fatalf("the %s screen has no widget %q; it has %s", u.Scene, label, strings.Join(names, ", "))
	}
	return r
}

// slotFor returns the reserve slot of a player whose top piece has a size.
func (u *UI) slotFor(player string, size int) (Slot, bool) {
	for _, s := range u.Slots {
		if s.Player == player && s.Size == size && s.Count > 0 {
			return s, true
		}
	}
	return Slot{}, false
}

// sideToMove reads the side to move from the position the game reports.
func (u *UI) sideToMove() string {
	i := strings.LastIndex(u.Position, ":")
	if i < 0 {
		return ""
	}
	return u.Position[i+1:]
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
	deadline := time.Now().Add(15 * time.Second)
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
		g.t.Fatalf("pressed the mouse for %s; the game did not react within 15 s; log:\n%s", what, g.log())
	}
}

// click clicks the middle of a window rectangle and waits until the game
// reacted: a new layout block (a new screen, a selection, a held piece).
func (g *Game) click(r Rect) {
	g.t.Helper()
	x, y := r.center()
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
	x, y := r.center()
	g.pointTo(x, y)
	g.press(what, done)
	time.Sleep(60 * time.Millisecond)
}

// drag picks up the piece in one window rectangle (waiting until the game
// says it holds it), carries it to the middle of another in steps and lets
// go there once the game has seen the pointer arrive.
func (g *Game) drag(from, to Rect) {
	g.t.Helper()
	x0, y0 := from.center()
	x1, y1 := to.center()
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
	xdo(g.t, "keydown", k)
	deadline := time.Now().Add(15 * time.Second)
	ok := false
	for time.Now().Before(deadline) {
		if ok = done(); ok {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	xdo(g.t, "keyup", k)
	time.Sleep(80 * time.Millisecond)
	if !ok {
		g.shot("key")
		g.t.Fatalf("pressed %s for %s; the game did not react within 15 s; log:\n%s", k, what, g.log())
	}
}

// keyUI presses a key until the game writes a new layout block.
func (g *Game) keyUI(k string) {
	g.t.Helper()
	mark := g.logMark()
	g.keyWhen(k, "a change on screen", func() bool { u := g.ui(); return u != nil && u.End > mark })
}
