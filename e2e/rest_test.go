//go:build e2e

package e2e

import (
	"testing"
	"time"
)

// A game left alone rests: its loop waits for the window's events (issue
// 15). The first input must wake it and be handled, not lost: a short
// click and a short key press, each made while the game rests.
func TestARestingGameAnswersTheFirstInput(t *testing.T) {
	g := start(t, t.TempDir())
	u := g.waitUI("menu", "", 10*time.Second)
	newGame := u.Widget(t, "New game")
	x, y := newGame.Center()
	g.pointTo(x, y) // the pointer already on the button: the click is the first input after the rest

	rest := func(what string) {
		t.Helper()
		mark := g.logMark()
		g.waitLogAfter(mark, `^gobblet: rest true$`, 15*time.Second)
		time.Sleep(500 * time.Millisecond) // well into the rest
		t.Logf("resting before %s", what)
	}

	rest("a key press")
	mark := g.logMark()
	xdo(t, "keydown", "Down")
	time.Sleep(50 * time.Millisecond)
	xdo(t, "keyup", "Down")
	g.waitLogAfter(mark, `^gobblet: focus "`, 5*time.Second)

	rest("a click")
	mark = g.logMark()
	xdo(t, "mousedown", "1")
	time.Sleep(50 * time.Millisecond)
	xdo(t, "mouseup", "1")
	g.waitLogAfter(mark, `^gobblet: scene new-game$`, 5*time.Second)
	if n := g.countLog(`^gobblet: rest false$`); n < 2 {
		t.Errorf("the game woke %d times from its rest, want at least 2", n)
	}
}
