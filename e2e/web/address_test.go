//go:build e2e

package web

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/chromedp"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// The page's address is not the game's command line: parameters the page
// does not offer (a room to host, --version, anything unknown) are ignored,
// and the game opens on its menu whatever the address says.
func TestAddressIsNotACommandLine(t *testing.T) {
	b := openBrowser(t)
	// The addresses a player tried, without ?debug: each draws the menu and
	// keeps running. (First: a page with the debug log could still have
	// lines on their way when the next one opens.)
	var opened time.Time
	var mark int
	for _, q := range []string{"?host=:1", "?version", "?bogus=1", "?debug=0"} {
		mark = b.mark()
		opened = b.open(q)
		waitForGame(b, q)
		b.settle()
		png := b.shot("address-" + strings.TrimPrefix(q, "?"))
		if n := drawnPixels(t, png); n < 0.02 {
			t.Errorf("%s: the page shows %.1f %% of pixels other than the background: no menu", q, 100*n)
		}
		if failed := eval[string](b, `document.getElementById("loading").classList.contains("failed") ? document.getElementById("status").textContent : ""`); failed != "" {
			t.Errorf("%s: the page says %q", q, failed)
		}
		if m, _ := b.findLog(mark, reGameLog); m != nil {
			t.Errorf("%s: the game writes its debug log: %q", q, m[0])
		}
	}
	// The page's sound opens at the first click, whenever it comes: left
	// alone for more than the desktop's 10 s, it did not give up (and stay
	// silent, saying there was no sound device).
	time.Sleep(time.Until(opened.Add(12 * time.Second)))
	if m, _ := b.findLog(mark, reSilent); m != nil {
		t.Errorf("a page left alone for 12 s says: %s", m[0])
	}
	// With ?debug, read from an address among others, the layout log says
	// which screen opened.
	for _, q := range []string{"?host=:1&debug", "?debug&version&bogus=1&join=127.0.0.1:1&config-dir=/"} {
		mark := b.mark()
		b.open(q)
		u := b.waitUI(mark, "menu", "", 2*time.Minute)
		if _, ok := u.Widgets["New game"]; !ok {
			t.Errorf("%s: the menu has no New game: %v", q, u.Widgets)
		}
		b.frames(30)
		if m, _ := b.findLog(mark, reOnline); m != nil {
			t.Errorf("%s: the page opened %s", q, m[0])
		}
		b.shot(fmt.Sprintf("address-debug-%d", len(q)))
	}
}

var (
	reOnline  = regexp.MustCompile(`^gobblet: scene (online|game)`)
	reGameLog = regexp.MustCompile(`^gobblet: (scene|layout begin|first frame|tps) `)
	reSilent  = regexp.MustCompile(`^gobblet: no sound device.*`)
)

// A reload with full screen stored in the settings opens the page in its
// tab and asks for nothing: a page may go full screen only right after a
// click or a key, and asking at start put an error in the console.
func TestReloadInFullScreenIsQuiet(t *testing.T) {
	b := openBrowser(t)
	var mu = &b.mu
	var errs []string
	chromedp.Listen(b.ctx, func(ev any) {
		if e, ok := ev.(*log.EventEntryAdded); ok && e.Entry.Level == log.EntryLevelError {
			mu.Lock()
			errs = append(errs, e.Entry.Text)
			mu.Unlock()
		}
	})
	b.open("?debug")
	b.waitUI(0, "menu", "", 2*time.Minute)
	s := settings.Default()
	s.Fullscreen = true
	data, err := settings.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](b, fmt.Sprintf(`localStorage.setItem(%s, %s), true`, strconv.Quote(settings.ShelfPrefix+settings.SettingsFile), strconv.Quote(string(data))))
	mark := b.mark()
	mu.Lock()
	errs = nil
	mu.Unlock()
	b.do(chromedp.Reload())
	u := b.waitUI(mark, "menu", "", 2*time.Minute)
	b.settle()
	b.shot("reload-fullscreen")
	if m, _ := b.findLog(mark, reException); m != nil {
		t.Errorf("after the reload the page threw: %s", m[0])
	}
	if m, _ := b.findLog(mark, reFullscreen); m != nil {
		t.Errorf("after the reload the console says: %s", m[0])
	}
	mu.Lock()
	for _, e := range errs {
		t.Errorf("after the reload the console has an error: %s", e)
	}
	mu.Unlock()
	if eval[bool](b, `!!document.fullscreenElement`) {
		t.Error("the page went full screen by itself")
	}
	if _, ok := u.Widgets["New game"]; !ok {
		t.Errorf("after the reload the menu has no New game: %v", u.Widgets)
	}
}

var reFullscreen = regexp.MustCompile(`(?i).*full ?screen.*`)

// waitForGame waits for the page to hide its loading screen over the
// game's canvas.
func waitForGame(b *Browser, what string) {
	b.t.Helper()
	for end := time.Now().Add(2 * time.Minute); !eval[bool](b, `!!document.querySelector("canvas") && document.getElementById("loading").classList.contains("gone")`); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			b.shot("no-game")
			b.t.Fatalf("%s: the page showed no game within 2 minutes; console:\n%s", what, b.log())
		}
	}
}

// drawnPixels is the share of a screenshot's pixels that are far from the
// page's background colour (the slate theme's #1b2129) and from black: a
// menu has its buttons and title, a page whose game stopped has none.
func drawnPixels(t *testing.T, shot []byte) float64 {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	far := func(c color.Color, want color.RGBA) bool {
		r, g, b, _ := c.RGBA()
		d := func(x uint32, y uint8) int { v := int(x>>8) - int(y); return max(v, -v) }
		return d(r, want.R)+d(g, want.G)+d(b, want.B) > 60
	}
	bg, black := color.RGBA{0x1b, 0x21, 0x29, 255}, color.RGBA{0, 0, 0, 255}
	r := img.Bounds()
	n, hit := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			n++
			if c := img.At(x, y); far(c, bg) && far(c, black) {
				hit++
			}
		}
	}
	return float64(hit) / float64(max(n, 1))
}
