//go:build e2e

package e2e

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The game draws only when something changes (issue 15). Nothing may stay
// on screen once it is over: a hover look after the pointer left, a
// tooltip, a scene switch's fade half done, a toast. Each check compares the
// window with a picture of the same screen at rest.
func TestNothingStaysStaleOnScreen(t *testing.T) {
	g := start(t, t.TempDir())
	win := windowRect(g)
	grabWin := func() image.Image {
		t.Helper()
		img, err := grab(win)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	// fresh checks that what the window shows, left alone, is what the game
	// draws afresh for the same state: a pointer move over nothing makes it
	// draw everything again and changes nothing else.
	fresh := func(what string) {
		t.Helper()
		g.pointTo(2, 2) // a corner, away from every button
		time.Sleep(1500 * time.Millisecond)
		left := grabWin()
		g.pointTo(4, 3)
		time.Sleep(300 * time.Millisecond)
		drawn := grabWin()
		if d := difference(left, drawn, left.Bounds()); d > 0.2 {
			keep(t, what+"-left-alone", left)
			keep(t, what+"-drawn-afresh", drawn)
			t.Errorf("%s: the window left alone differs from the same screen drawn afresh by %.2f on average", what, d)
		}
	}
	fresh("the menu")

	// a live resize: the new, empty screen is drawn at once
	ids := gameWindows(t)
	if len(ids) == 0 {
		t.Fatal("no game window")
	}
	time.Sleep(time.Second) // quiet: no input keeps the game drawing
	xdo(t, "windowsize", ids[0], "1000", "700")
	deadline := time.Now().Add(10 * time.Second)
	for win = windowRect(g); win.Dx() != 1000 && time.Now().Before(deadline); win = windowRect(g) {
		time.Sleep(100 * time.Millisecond)
	}
	if win.Dx() != 1000 || win.Dy() != 700 {
		t.Fatalf("the window is %dx%d after resizing it to 1000x700", win.Dx(), win.Dy())
	}
	g.waitUIFunc("the menu laid out at 1000×700", 0, 10*time.Second, func(u *UI) bool {
		r := u.Widget(t, "New game")
		return u.Scene == "menu" && r.X+r.W/2 > 490 && r.X+r.W/2 < 510
	})
	fresh("the menu after a resize")
	if b := brightness(grabWin(), image.Rect(0, 0, 1000, 700)); b < 10 {
		t.Errorf("the resized window is black (brightness %.1f)", b)
	}

	// a hover look and a tooltip, then the pointer leaves
	u := g.waitUI("menu", "", 10*time.Second)
	g.pointTo(u.Widget(t, "Learn").Center())
	time.Sleep(1200 * time.Millisecond) // a tooltip would show after half a second
	fresh("the menu after a hover")

	// to Options and back: both fades run to their end
	g.click(u.Widget(t, "Options"))
	g.waitUI("options", "", 10*time.Second)
	fresh("Options")
	g.keyUI("Escape")
	g.waitUI("menu", "", 10*time.Second)
	fresh("the menu after Options")

	// a game: the pointer rests on a stack and leaves; the pause card, a
	// toast over it, and the toast gone
	b := g.startNewGame("Players/Two players", "Game/Gobblers 3×3")
	g.makeMove(b, "3@b2", true)
	b = g.waitUI("game", "play", 10*time.Second)
	g.pointTo(b.Squares["b2"].Center())
	time.Sleep(time.Second) // the stack opens after a third of a second
	fresh("the board after a hover")
	g.keyUI("Escape")
	p := g.waitUI("game", "paused", 10*time.Second)
	mark := g.logMark()
	g.clickWhen(p.Widget(t, "Save game"), "the toast", func() bool { return len(g.findLogAfter(mark, `^gobblet: toast `)) > 0 })
	g.pointTo(2, 2)
	time.Sleep(3500 * time.Millisecond) // a toast lasts 3 s
	fresh("the pause card after a toast")
}

// keep writes a picture under E2E_ARTIFACTS, when set.
func keep(t testing.TB, name string, img image.Image) {
	if artifacts == "" {
		return
	}
	os.MkdirAll(artifacts, 0o755)
	f, err := os.Create(filepath.Join(artifacts, t.Name()+"-"+name+".png"))
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	png.Encode(f, img)
}
