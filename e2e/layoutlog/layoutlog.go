// Package layoutlog reads the game's layout log: in --debug mode the game
// writes, whenever what a player could click changes, a block of lines
// naming every button, option, square and reserve slot with its rectangle
// in window pixels (internal/app/debuglayout.go). The end-to-end tests of
// the desktop game (e2e) and of the browser version (e2e/web) find where
// to click from it instead of guessing from a picture.
package layoutlog

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Rect is a rectangle in window pixels, as the game's layout log says it.
type Rect struct {
	X, Y, W, H float64
	Name       string // what the game calls it, for messages
}

// Center is the middle of the rectangle.
func (r Rect) Center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Slot is one reserve slot of the game screen.
type Slot struct {
	Player string // x or o
	Index  int
	Size   int // the size of its top piece
	Count  int // the pieces in it
	Rect   Rect
}

// UI is one block of the layout log: what the screen showed and where.
type UI struct {
	Scene, State string
	End          int // the log line number of "layout end"
	Widgets      map[string]Rect
	Choices      map[string]string // row label -> selected option
	Focus        string
	FocusedRow   string // the form's row with the keyboard's focus ("" none)
	Squares      map[string]Rect
	Slots        []Slot
	Players      map[string]string // x/o -> Orange/Blue
	Saved        map[string]string // saved game name -> ok or unreadable
	Position     string
	ResultCard   string
	Theme        string
	Held         string
	Problem      string  // what a screen says cannot be done (Online, in a browser)
	Status       string  // the game's status line
	Card         string  // the game's status card: its title, " | ", its words
	PX, PY       float64 // where the game saw the pointer
	Scale        float64 // the device pixels of a CSS pixel (0: not said)
	Text         float64 // the smallest text drawn, in the game's pixels (0: none yet)
}

var (
	reBegin  = regexp.MustCompile(`^gobblet: layout begin (\S+) ?(\S*)$`)
	reWidget = regexp.MustCompile(`^gobblet: widget ("(?:[^"\\]|\\.)*") (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reSquare = regexp.MustCompile(`^gobblet: square (\w+) (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reSlot   = regexp.MustCompile(`^gobblet: slot ([xo]) (\d+) size (\d+) count (\d+) (-?\d+) (-?\d+) (\d+) (\d+)$`)
	reChoice = regexp.MustCompile(`^gobblet: choice ("(?:[^"\\]|\\.)*") ("(?:[^"\\]|\\.)*")`)
	reSaved  = regexp.MustCompile(`^gobblet: saved ("(?:[^"\\]|\\.)*") (\S+)$`)
)

func atof(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

func rectOf(m []string) Rect { return Rect{X: atof(m[0]), Y: atof(m[1]), W: atof(m[2]), H: atof(m[3])} }

// Parse takes log line number n into the block being read (b; nil outside
// a block) and returns the block to go on with; a finished block is
// appended to uis.
func Parse(b *UI, ln string, n int, uis *[]*UI) *UI {
	if m := reBegin.FindStringSubmatch(ln); m != nil {
		return &UI{Scene: m[1], State: m[2], Widgets: map[string]Rect{}, Choices: map[string]string{}, Squares: map[string]Rect{}, Players: map[string]string{}, Saved: map[string]string{}}
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
		r := rectOf(m[2:])
		r.Name = strconv.Quote(label)
		b.Widgets[label] = r
	} else if m := reSquare.FindStringSubmatch(ln); m != nil {
		r := rectOf(m[2:])
		r.Name = "square " + m[1]
		b.Squares[m[1]] = r
	} else if m := reSlot.FindStringSubmatch(ln); m != nil {
		i, _ := strconv.Atoi(m[2])
		size, _ := strconv.Atoi(m[3])
		count, _ := strconv.Atoi(m[4])
		r := rectOf(m[5:])
		r.Name = fmt.Sprintf("%s's reserve slot %d", m[1], i)
		b.Slots = append(b.Slots, Slot{Player: m[1], Index: i, Size: size, Count: count, Rect: r})
	} else if m := reChoice.FindStringSubmatch(ln); m != nil {
		label, _ := strconv.Unquote(m[1])
		opt, _ := strconv.Unquote(m[2])
		b.Choices[label] = opt
		if strings.HasSuffix(ln, " focused") {
			b.FocusedRow = label
		}
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
		case "theme":
			b.Theme = v
		case "focus":
			b.Focus, _ = strconv.Unquote(v)
		case "held":
			b.Held = v
		case "problem":
			b.Problem = v
		case "status":
			b.Status = v
		case "card":
			b.Card = v
		case "scale":
			sc, rest, _ := strings.Cut(v, " ")
			b.Scale = atof(sc)
			if t, ok := strings.CutPrefix(rest, "text "); ok {
				b.Text = atof(t)
			}
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

// Ready reports whether the block shows a laid-out screen: a scene's first
// block can come before its first layout.
func (u *UI) Ready() bool {
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

// TB is what Widget needs of a test.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Widget returns a widget's rectangle on the screen, failing the test when
// the screen has no such widget.
func (u *UI) Widget(t TB, label string) Rect {
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

// SlotFor returns the reserve slot of a player whose top piece has a size.
func (u *UI) SlotFor(player string, size int) (Slot, bool) {
	for _, s := range u.Slots {
		if s.Player == player && s.Size == size && s.Count > 0 {
			return s, true
		}
	}
	return Slot{}, false
}

// SideToMove reads the side to move (x or o) from the position the game
// reports; "" when there is none.
func (u *UI) SideToMove() string {
	i := strings.LastIndex(u.Position, ":")
	if i < 0 {
		return ""
	}
	return u.Position[i+1:]
}
