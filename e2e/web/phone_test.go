//go:build e2e

package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The sizes a finger and an eye need, in CSS pixels (as the game's own
// test of every screen, internal/app/touchsize_test.go, asks).
const (
	minTouchCSS = 44
	minTextCSS  = 12
)

// phoneSizes are the pages a phone shows: two upright, one on its side
// (the second turned).
var phoneSizes = [][2]int64{{360, 640}, {390, 844}, {844, 390}}

// TestPhonePlaysByTaps opens the page as a phone would show it (pixel
// ratio 2, touch), plays a 3×3 game by taps to its end, and checks on each
// screen (the menu, New game, the game as it opens, in play and over), at
// each of the phone sizes, that every widget the layout log names is a
// finger wide, inside the page, and all text readable. The page opens at
// the smallest size and is turned and resized between screens and between
// moves, as a phone turned in the hand is, so that every size is also
// played by taps. E2E_DOCS=DIR also writes the screens' pictures there, as
// phone-WxH-*.png.
//
// One page plays one game at the three sizes: the game lays a screen out
// from the window's size alone, whether the page opened at it or was
// turned to it, and a page and a game for each size took three times as
// long (a page's start is 10-20 s of a busy machine, a game by taps 30-60
// s) to prove nothing more.
func TestPhonePlaysByTaps(t *testing.T) {
	b := openBrowser(t)
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5})
		return err
	}))
	p := &phone{b: b}
	p.resize(phoneSizes[0])
	b.open("?debug")
	u := b.waitUI(0, "menu", "", 2*time.Minute)
	b.afterFade()
	u = p.screens("menu")

	b.touch(b.widget(u, "New game"), b.widget(u, "New game"))
	u = b.waitUI(0, "new-game", "", 10*time.Second)
	for _, pick := range []string{"Players/Two players", "Game/Gobblers 3×3"} {
		r := b.widget(u, pick)
		b.touch(r, r)
		u = b.waitUIFunc(pick+" chosen", 0, 5*time.Second, func(u *UI) bool {
			row, opt := splitPick(pick)
			return u.Scene == "new-game" && u.Choices[row] == opt
		})
	}
	b.afterFade()
	u = p.screens("new-game")
	// A wait, not a speed goal; once (at load 8, 390×844) the page did not
	// act on the tap within 10 s, and a player would tap again: so does the
	// test, once, and says so.
	mark := b.mark()
	b.touch(b.widget(u, "Start"), b.widget(u, "Start"))
	started := func(u *UI) bool { return u.Scene == "game" && u.State == "play" }
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if v := b.ui(); v != nil && v.End > mark && started(v) {
			break
		}
		if time.Now().After(end) {
			if v := b.ui(); v != nil && v.Scene == "new-game" {
				t.Logf("%s: the tap on Start did not start the game within 20 s; tapping again", p.name())
				b.touch(b.widget(v, "Start"), b.widget(v, "Start"))
			}
			break
		}
	}
	b.waitUIFunc("the game", mark, time.Minute, started)
	b.afterFade()
	p.screens("game")
	// orange lines up the left column; blue answers on the right; each
	// move at the next size
	for i, mv := range []string{"3@a1", "3@c1", "2@a2", "2@c2", "1@a3"} {
		if i > 0 {
			p.resize(phoneSizes[(p.at+1)%len(phoneSizes)])
		}
		b.makeMove(b.ui(), mv, "tap")
		if i == 2 {
			b.afterFade()
			p.screens("playing")
		}
	}
	b.waitUI(0, "game", "over", 20*time.Second)
	b.afterFade()
	p.screens("result")
}

// phone is the page of TestPhonePlaysByTaps and the size it shows.
type phone struct {
	b  *Browser
	at int // phoneSizes[at] is the page's size
	w  int64
	h  int64
}

func (p *phone) name() string { return fmt.Sprintf("phone-%dx%d", p.w, p.h) }

// resize makes the page a phone's of size (pixel ratio 2), and once the
// page is open, waits for the game to lay the screen out again for it:
// the game counts the smallest text afresh when its window changes, so a
// block saying text 0 comes first, then one with the text drawn.
func (p *phone) resize(size [2]int64) {
	b := p.b
	b.t.Helper()
	for i, s := range phoneSizes {
		if s == size {
			p.at = i
		}
	}
	if p.w == size[0] && p.h == size[1] {
		return
	}
	opened := p.w != 0
	p.w, p.h = size[0], size[1]
	mark := b.mark()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: p.w, Height: p.h, DeviceScaleFactor: 2, Mobile: true})
		return err
	}))
	if !opened {
		return
	}
	scene := b.ui().Scene
	what := fmt.Sprintf("the %s screen laid out for %d×%d", scene, p.w, p.h)
	fresh := b.waitAnyUI(what, mark, 30*time.Second, func(u *UI) bool { return u.Scene == scene && u.Text == 0 })
	// the log counts the text afresh from the frame after it saw the
	// change, and asks for that frame itself: a still game screen, which
	// draws only what changes (internal/app/damage.go), is drawn whole
	// once more
	b.waitUIFunc(what+" with its text drawn", fresh.End, 30*time.Second, func(u *UI) bool {
		return u.Scene == scene && u.Ready() && u.Scale > 0 && u.Text > 0
	})
}

// waitAnyUI waits for a layout block written after mark that satisfies
// ok, the latest or not (the next may come in the same console message).
func (b *Browser) waitAnyUI(what string, mark int, timeout time.Duration, ok func(*UI) bool) *UI {
	b.t.Helper()
	find := func() *UI {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, u := range b.uis {
			if u.End > mark && ok(u) {
				return u
			}
		}
		return nil
	}
	timeout = patient(timeout)
	for end := time.Now().Add(timeout); ; time.Sleep(20 * time.Millisecond) {
		if u := find(); u != nil {
			return u
		}
		if time.Now().After(end) {
			b.shot("timeout")
			b.t.Fatalf("the page did not show %s within %v; console:\n%s", what, timeout, b.log())
		}
	}
}

// screens checks the screen at each phone size, the page's own first,
// and leaves the page at the last size checked.
func (p *phone) screens(screen string) *UI {
	p.b.t.Helper()
	var u *UI
	for i := range phoneSizes {
		if i > 0 {
			p.resize(phoneSizes[(p.at+1)%len(phoneSizes)])
			p.b.frames(2) // the frame drawn at the new size on the screen
		}
		u = p.b.phoneScreen(p.name()+"-"+screen, float64(p.w), float64(p.h))
	}
	return u
}

func splitPick(p string) (string, string) {
	for i := range p {
		if p[i] == '/' {
			return p[:i], p[i+1:]
		}
	}
	return p, ""
}

// phoneScreen checks the latest layout block of a w×h page, and keeps
// its picture as name.png.
func (b *Browser) phoneScreen(name string, w, h float64) *UI {
	b.t.Helper()
	u := b.waitUIFunc("the smallest text counted", 0, 10*time.Second, func(u *UI) bool { return u.Ready() && u.Scale > 0 && u.Text > 0 })
	if u.Scale != 2 {
		b.t.Errorf("%s: the game draws at scale %v, want the page's pixel ratio 2", name, u.Scale)
	}
	check := func(what string, r Rect) {
		x, y, rw, rh := r.X/u.Scale, r.Y/u.Scale, r.W/u.Scale, r.H/u.Scale
		if rw < minTouchCSS-0.5 || rh < minTouchCSS-0.5 {
			b.t.Errorf("%s: %s is %.0f×%.0f CSS px, under %d", name, what, rw, rh, minTouchCSS)
		}
		if x < -0.5 || y < -0.5 || x+rw > w+0.5 || y+rh > h+0.5 {
			b.t.Errorf("%s: %s at %.0f,%.0f %.0f×%.0f leaves the %v×%v page", name, what, x, y, rw, rh, w, h)
		}
	}
	for l, r := range u.Widgets {
		check(fmt.Sprintf("widget %q", l), r)
	}
	for sq, r := range u.Squares {
		check("square "+sq, r)
	}
	for _, s := range u.Slots {
		check(s.Rect.Name, s.Rect)
	}
	if t := u.Text / u.Scale; t < minTextCSS-0.01 {
		b.t.Errorf("%s: the smallest text is %.1f CSS px, under %d", name, t, minTextCSS)
	}
	png := b.shot(name)
	if dir := os.Getenv("E2E_DOCS"); dir != "" && png != nil {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			b.t.Error(err)
		}
	}
	return u
}
