package app

import (
	"errors"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// asBrowser plays the web page's part for one test.
func asBrowser(t *testing.T) {
	t.Helper()
	was := inBrowser
	inBrowser = true
	t.Cleanup(func() { inBrowser = was })
}

func TestInABrowserTheMenuHasNoQuit(t *testing.T) {
	for _, browser := range []bool{false, true} {
		was := inBrowser
		inBrowser = browser
		src := &scriptSource{}
		a := newHeadless(src, 1280, 800)
		m, ok := a.scenes.current.(*menuScene)
		if !ok {
			inBrowser = was
			t.Fatalf("the game opens on %T, want the menu", a.scenes.current)
		}
		hasQuit := false
		for _, b := range m.list.Buttons {
			hasQuit = hasQuit || b.Label == "Quit"
		}
		if hasQuit == browser {
			t.Errorf("in a browser = %v, the menu offers Quit = %v", browser, hasQuit)
		}
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
		err := a.Update()
		if err == nil {
			err = a.Update()
		}
		quit := errors.Is(err, ebiten.Termination)
		if quit == browser {
			t.Errorf("in a browser = %v, Esc on the menu ends the game = %v", browser, quit)
		}
		inBrowser = was
	}
}

func TestInABrowserOnlineSaysItCannotAndStartsNothing(t *testing.T) {
	asBrowser(t)
	d := newNG(t, 1280, 800)
	d.pick("Players", "Online")
	sc := d.setup()
	if !sc.start.Disabled {
		t.Fatal("Start can be pressed for an online game in a browser")
	}
	if got := d.labels(); len(got) != 1 {
		t.Errorf("Online in a browser shows rows %v, want only Players", got)
	}
	d.click(sc.start.Rect.Center())
	d.key(ebiten.KeyEnter)
	d.setup() // still New game, no lobby
	// back to a game the browser can play, Start works again
	d.pick("Players", "Two players")
	if d.setup().start.Disabled {
		t.Fatal("Start stays disabled after leaving Online")
	}
	d.key(ebiten.KeyEnter)
	for i := 0; i < fadeTicks+3; i++ {
		d.tick()
	}
	if _, ok := d.a.scenes.current.(*gameScene); !ok {
		t.Fatalf("Enter with Two players opens %T, want a game", d.a.scenes.current)
	}
}
