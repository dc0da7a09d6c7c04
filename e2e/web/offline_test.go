//go:build e2e

package web

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// openAt loads the page served at base (a Site's URL) with a query.
func (b *Browser) openAt(base, query string) {
	b.t.Helper()
	b.do(chromedp.Navigate(base + query))
}

// beforeLoad runs js in every page of b's tab before the page's scripts.
func (b *Browser) beforeLoad(js string) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return err
	}))
}

// waitOffline waits until the page's service worker has installed the
// game and controls the page.
func (b *Browser) waitOffline() {
	b.t.Helper()
	ok := eval[bool](b, `new Promise((done) => {
		setTimeout(() => done(false), 90000);
		const check = () => navigator.serviceWorker.controller ? done(true) : setTimeout(check, 100);
		navigator.serviceWorker.ready.then(check);
	})`)
	if !ok {
		b.t.Fatalf("no service worker took charge of the page within 90 s; console:\n%s", b.log())
	}
}

// computerMovesFirst starts 3×3 against Easy with the computer (blue)
// moving first, and waits for its move.
func (b *Browser) computerMovesFirst() {
	b.t.Helper()
	mark := b.mark()
	b.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Blue", "Computer level/Easy")
	b.waitLog(mark, `^gobblet: move 1 \S+ `, time.Minute)
}

// The first visit downloads each file once, and not the 3×3 table, which
// comes when a 3×3 game against Perfect needs it; after it the page opens
// and plays against the computer (in its search worker) with the server
// gone.
func TestOfflineAfterTheFirstVisit(t *testing.T) {
	site := serveSite(t, siteDir)
	b := openBrowser(t)
	b.openAt(site.URL, "?debug")
	b.waitUI(0, "menu", "", 2*time.Minute)
	b.waitOffline()
	time.Sleep(time.Second) // anything else the first visit fetches
	if twice := site.Twice(); len(twice) > 0 {
		t.Errorf("the first visit downloaded %v more than once; requests:\n%s", twice, site.Requests())
	}
	if site.Sent("/gobblers.sparse") {
		t.Errorf("the first visit downloaded the 3×3 table before any game needed it; requests:\n%s", site.Requests())
	}
	t.Logf("the first visit: %.1f MB sent; requests:\n%s", float64(site.Bytes())/1e6, site.Requests())
	b.computerMovesFirst()
	if m, _ := b.findLog(0, regexpMust(`^gobblet: search worker: move `)); m == nil {
		t.Errorf("the computer's move did not come from the search worker; console:\n%s", b.log())
	}
	b.leaveGame()
	mark := b.mark()
	b.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Blue", "Computer level/Perfect")
	b.waitLog(mark, `^gobblet: move 1 \S+ `, time.Minute)
	if !site.Sent("/gobblers.sparse") {
		t.Error("a game against Perfect played without the 3×3 table downloaded")
	}

	site.Close()
	mark = b.mark()
	b.do(chromedp.Reload())
	b.waitUI(mark, "menu", "", 2*time.Minute)
	mark = b.mark()
	b.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Blue", "Computer level/Easy")
	b.waitLog(mark, `^gobblet: move 1 \S+ `, time.Minute)
	mark = b.mark()
	b.leaveGame()
	b.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Blue", "Computer level/Perfect")
	b.waitLog(mark, `^gobblet: move 1 \S+ `, time.Minute)
}

// Where the browser has no Web Workers, the computer thinks on the page.
func TestTheComputerThinksOnThePageWithoutWorkers(t *testing.T) {
	b := openBrowser(t)
	b.beforeLoad(`delete window.Worker; window.Worker = undefined;`)
	b.open("?debug")
	b.waitUI(0, "menu", "", 2*time.Minute)
	b.computerMovesFirst()
	if m, _ := b.findLog(0, regexpMust(`the computer thinks on the page`)); m == nil {
		t.Errorf("the page did not say the computer thinks on it; console:\n%s", b.log())
	}
	if m, _ := b.findLog(0, regexpMust(`^gobblet: search worker: move `)); m != nil {
		t.Errorf("a page without workers says a worker moved: %s", m[0])
	}
}

// A new version replaces the installed one cleanly: the page says it is
// ready, and the next start opens it, with the old version's files gone.
func TestANewVersionIsAnnounced(t *testing.T) {
	dir := t.TempDir()
	entries, err := os.ReadDir(siteDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(siteDir, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	sw, err := os.ReadFile(filepath.Join(siteDir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "sw.js"))
	os.Remove(filepath.Join(dir, "sw.js.gz"))
	if err := os.WriteFile(filepath.Join(dir, "sw.js"), sw, 0o644); err != nil {
		t.Fatal(err)
	}
	site := serveSite(t, dir)
	b := openBrowser(t)
	b.openAt(site.URL, "?debug")
	b.waitUI(0, "menu", "", 2*time.Minute)
	b.waitOffline()
	old := eval[string](b, `caches.keys().then((k) => k.join(","))`)

	// The next version: its service worker differs.
	const next = `const version = "next-version";`
	text := string(sw)
	i := strings.Index(text, "const version = ")
	if i < 0 {
		t.Fatal("sw.js names no version")
	}
	j := strings.Index(text[i:], "\n")
	if err := os.WriteFile(filepath.Join(dir, "sw.js"), []byte(text[:i]+next+text[i+j:]), 0o644); err != nil {
		t.Fatal(err)
	}
	mark := b.mark()
	b.do(chromedp.Reload())
	b.waitLog(mark, `^gobblet page: A new version of the game is ready`, 2*time.Minute)
	b.shot("new-version")

	// The next start: the new version takes over, and the old cache goes.
	mark = b.mark()
	b.do(chromedp.Reload())
	b.waitUI(mark, "menu", "", 2*time.Minute)
	var keys string
	for end := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		keys = eval[string](b, `caches.keys().then((k) => k.join(","))`)
		if keys == "gobblet-next-version" || time.Now().After(end) {
			break
		}
	}
	if keys != "gobblet-next-version" {
		t.Errorf("after the next start the caches are %q (before: %q), want only the new version's", keys, old)
	}
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }
