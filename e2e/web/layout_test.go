//go:build e2e

package web

import (
	"regexp"
	"strconv"
	"strings"
)

// Rect is a rectangle in the game's screen pixels (device pixels: CSS
// pixels times the page's devicePixelRatio), as its layout log says it.
type Rect struct{ X, Y, W, H float64 }

func (r Rect) center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Slot is one reserve slot of the game screen.
type Slot struct {
	Player      string // x or o
	Size, Count int
	Rect        Rect
}

// UI is one block of the game's layout log: what the screen showed and
// where (the same log the desktop end-to-end tests in e2e/ read).
type UI struct {
	Scene, State string
	End          int // the console line number of "layout end"
	Widgets      map[string]Rect
	Choices      map[string]string // row label -> selected option
	Squares      map[string]Rect
	Slots        []Slot
	Saved        map[string]string // saved game name -> ok or unreadable
	Position     string
	ResultCard   string
	Held         string
	Problem      string  // what a screen says cannot be done (Online, in a browser)
	PX, PY       float64 // where the game saw the pointer
}

var (
	reBegin  = regexp.MustCompile(`^gobblet: layout begin (\S+) ?(\S*)$`)
	reWidget = regexp.MustCompile(`^gobblet: widget ("(?:[^"\\]|\\.)*") (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reSquare = regexp.MustCompile(`^gobblet: square (\w+) (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reSlot   = regexp.MustCompile(`^gobblet: slot ([xo]) \d+ size (\d+) count (\d+) (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reChoice = regexp.MustCompile(`^gobblet: choice ("(?:[^"\\]|\\.)*") ("(?:[^"\\]|\\.)*")`)
	reSaved  = regexp.MustCompile(`^gobblet: saved ("(?:[^"\\]|\\.)*") (\S+)$`)
)

func atof(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

func rectOf(m []string) Rect { return Rect{atof(m[0]), atof(m[1]), atof(m[2]), atof(m[3])} }

// parseLayout takes one log line into the block being read (b, nil
// outside a block); a finished block is appended to uis.
func parseLayout(b *UI, ln string, n int, uis *[]*UI) *UI {
	if m := reBegin.FindStringSubmatch(ln); m != nil {
		return &UI{Scene: m[1], State: m[2], Widgets: map[string]Rect{}, Choices: map[string]string{}, Squares: map[string]Rect{}, Saved: map[string]string{}}
	}
	if b == nil {
		return nil
	}
	if ln == "gobblet: layout end" {
		b.End = n
		*uis = append(*uis, b)
		return nil
	}
	if m := reWidget.FindStringSubmatch(ln); m != nil {
		label, _ := strconv.Unquote(m[1])
		b.Widgets[label] = rectOf(m[2:])
	} else if m := reSquare.FindStringSubmatch(ln); m != nil {
		b.Squares[m[1]] = rectOf(m[2:])
	} else if m := reSlot.FindStringSubmatch(ln); m != nil {
		size, _ := strconv.Atoi(m[2])
		count, _ := strconv.Atoi(m[3])
		b.Slots = append(b.Slots, Slot{Player: m[1], Size: size, Count: count, Rect: rectOf(m[4:])})
	} else if m := reChoice.FindStringSubmatch(ln); m != nil {
		label, _ := strconv.Unquote(m[1])
		opt, _ := strconv.Unquote(m[2])
		b.Choices[label] = opt
	} else if m := reSaved.FindStringSubmatch(ln); m != nil {
		name, _ := strconv.Unquote(m[1])
		b.Saved[name] = m[2]
	} else if rest, ok := strings.CutPrefix(ln, "gobblet: "); ok {
		k, v, _ := strings.Cut(rest, " ")
		switch k {
		case "position":
			b.Position = v
		case "result-card":
			b.ResultCard = v
		case "held":
			b.Held = v
		case "problem":
			b.Problem = v
		case "pointer":
			x, y, _ := strings.Cut(v, " ")
			b.PX, b.PY = atof(x), atof(y)
		}
	}
	return b
}

// ready reports whether the block shows a laid-out screen: a scene's
// first block can come before its first layout.
func (u *UI) ready() bool {
	if u.Scene == "game" {
		return u.State != "starting" && len(u.Squares) > 0
	}
	return len(u.Widgets) > 0
}

// sideToMove is x or o, from the position's last field.
func (u *UI) sideToMove() string {
	return u.Position[strings.LastIndexByte(u.Position, ':')+1:]
}

// slotFor is the reserve slot of player showing a piece of size on top.
func (u *UI) slotFor(player string, size int) (Slot, bool) {
	for _, s := range u.Slots {
		if s.Player == player && s.Size == size && s.Count > 0 {
			return s, true
		}
	}
	return Slot{}, false
}
