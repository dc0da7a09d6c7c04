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

// TestPhonePlaysByTaps opens the page as a phone would show it (two
// upright, one on its side; pixel ratio 2; touch), plays a 3×3 game by
// taps to its end, and checks on each screen that every widget the layout
// log names is a finger wide and all text readable. E2E_DOCS=DIR also
// writes the screens' pictures there, as phone-WxH-*.png.
func TestPhonePlaysByTaps(t *testing.T) {
	for _, size := range [][2]int64{{360, 640}, {390, 844}, {844, 390}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			playOnPhone(t, size[0], size[1])
		})
	}
}

func playOnPhone(t *testing.T, w, h int64) {
	b := openBrowser(t)
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: 2, Mobile: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5})
		return err
	}))
	b.open("?debug")
	name := fmt.Sprintf("phone-%dx%d", w, h)
	u := b.waitUI(0, "menu", "", 2*time.Minute)
	b.settle()
	u = b.phoneScreen(name+"-menu", float64(w), float64(h))

	b.touch(b.widget(u, "New game"), b.widget(u, "New game"))
	u = b.waitUI(0, "new-game", "", 10*time.Second)
	for _, p := range []string{"Players/Two players", "Game/Gobblers 3×3"} {
		r := b.widget(u, p)
		b.touch(r, r)
		u = b.waitUIFunc(p+" chosen", 0, 5*time.Second, func(u *UI) bool {
			row, opt := splitPick(p)
			return u.Scene == "new-game" && u.Choices[row] == opt
		})
	}
	b.settle()
	u = b.phoneScreen(name+"-new-game", float64(w), float64(h))
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
				t.Logf("%s: the tap on Start did not start the game within 20 s; tapping again", name)
				b.touch(b.widget(v, "Start"), b.widget(v, "Start"))
			}
			break
		}
	}
	u = b.waitUIFunc("the game", mark, time.Minute, started)
	b.settle()
	u = b.phoneScreen(name+"-game", float64(w), float64(h))
	// orange lines up the left column; blue answers on the right
	for i, mv := range []string{"3@a1", "3@c1", "2@a2", "2@c2", "1@a3"} {
		b.makeMove(b.ui(), mv, "tap")
		if i == 2 {
			b.settle()
			b.phoneScreen(name+"-playing", float64(w), float64(h))
		}
	}
	u = b.waitUI(0, "game", "over", 20*time.Second)
	b.settle()
	b.phoneScreen(name+"-result", float64(w), float64(h))
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
