//go:build e2e

package web

import (
	"context"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// shownProbe keeps, in window.gobbletShownAt, when the loading screen went
// (ms since the navigation started): the game's first frame, the menu,
// is drawn and takes input then.
const shownProbe = `(() => {
	const watch = () => {
		const l = document.getElementById("loading");
		if (!l) { requestAnimationFrame(watch); return; }
		const seen = () => { if (l.classList.contains("gone") && !window.gobbletShownAt) window.gobbletShownAt = performance.now(); };
		new MutationObserver(seen).observe(l, { attributes: true });
		seen();
	};
	if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})()`

// Gaps are the gaps between a page's frames over a window: median, 90th
// percentile and longest, ms.
type Gaps struct {
	Median, P90, Max float64
	Frames           int
}

func (g Gaps) String() string {
	if g.Frames == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f / %.0f / %.0f", g.Median, g.P90, g.Max)
}

// gapSummary reads window.gobbletFrames (frameProbe) as Gaps.
const gapSummary = `((g) => {
	const s = [...g.gaps].sort((x, y) => x - y);
	const at = (q) => s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : 0;
	return { Median: at(0.5), P90: at(0.9), Max: s.length ? s[s.length - 1] : 0, Frames: s.length };
})(window.gobbletFrames)`

// Visit is one page size's figures: a first visit, a visit again, one with
// the server gone, and the frames while Expert thinks as the mouse moves.
type Visit struct {
	W, H          int
	First, Again  time.Duration // navigation to the menu drawn
	Offline       time.Duration // the same with the server stopped; 0: the page did not open
	Bytes         int64         // sent by the server in the first visit and its first 8 quiet seconds
	Think, Floor  Gaps          // while Expert thinks and the mouse moves; the same movement, nothing thinking
	ThinkDuration time.Duration
	ThinkCPU      string // the browser's threads' work in each (cpuUse)
	FloorCPU      string
	FloorLoad     string // ", a busy loop taking N % of a core beside it" (VISIT_FLOOR_LOAD), or ""
}

// visit measures the page at w×h CSS px (ratio: the device pixel ratio)
// on a server of its own, in a fresh profile.
func visit(t testing.TB, w, h int, ratio float64) Visit {
	v := Visit{W: w, H: h}
	site := serveSite(t, siteDir)
	b := openBrowser(t)
	b.do(chromedp.EmulateViewport(int64(w), int64(h), chromedp.EmulateScale(ratio)))
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: shownProbe})
		return err
	}))
	shown := func(what string) time.Duration {
		for end := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
			if ms := eval[float64](b, `window.gobbletShownAt || 0`); ms > 0 {
				return time.Duration(ms * float64(time.Millisecond))
			}
			if time.Now().After(end) {
				t.Fatalf("%s: the page showed no game within 2 minutes; console:\n%s", what, b.log())
			}
		}
	}
	if os.Getenv("VISIT_NO_WORKER") != "" { // the page as a browser without workers has it
		b.beforeLoad(`delete window.Worker; window.Worker = undefined;`)
	}
	page := site.URL
	if os.Getenv("VISIT_RATES") != "" {
		page += "?debug" // the game's rates in its debug log
	}
	b.do(chromedp.Navigate(page))
	v.First = shown("first visit")
	// What the first visit goes on fetching in the background counts too:
	// until the server has sent nothing for 8 s.
	for last, quiet := site.Bytes(), time.Now(); time.Since(quiet) < 8*time.Second; time.Sleep(500 * time.Millisecond) {
		if n := site.Bytes(); n != last {
			last, quiet = n, time.Now()
		}
	}
	v.Bytes = site.Bytes()

	s := settings.Default()
	s.NewGame = &settings.NewGame{Variant: "classic", Mode: "human-ai", Colour: 0, First: 1, Levels: [2]string{"expert", "expert"}}
	data, err := settings.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](b, fmt.Sprintf(`localStorage.setItem(%s, %s), true`, strconv.Quote(settings.ShelfPrefix+settings.SettingsFile), strconv.Quote(string(data))))
	b.do(chromedp.Reload())
	v.Again = shown("a second visit")
	v.Think, v.Floor, v.ThinkDuration, v.ThinkCPU, v.FloorCPU = expertWithMouse(b, w, h)
	if pc := floorLoad(t); pc > 0 {
		v.FloorLoad = fmt.Sprintf(", a busy loop taking %d %% of a core beside it", pc)
	}

	// Installed: wait for a service worker, if the page has one, to take
	// charge, then stop the server and open the page again.
	eval[bool](b, `new Promise((done) => {
		if (!navigator.serviceWorker) { done(false); return; }
		setTimeout(() => done(false), 30000);
		navigator.serviceWorker.getRegistration().then((r) => { if (!r) { done(false); return; } navigator.serviceWorker.ready.then(() => done(true)); });
	})`)
	site.Close()
	chromedp.Run(b.ctx, chromedp.Reload()) // fails when nothing serves the page
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if ms, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`window.gobbletShownAt || 0`)); err == nil && ms > 0 {
			v.Offline = time.Duration(ms * float64(time.Millisecond))
			break
		}
	}
	return v
}

// expertWithMouse starts 4×4 against Expert (the stored settings make
// Enter, Enter do it) and moves the mouse in circles over the page while
// Expert thinks (from 1.5 s after Start to its move), then as long again
// with the human to move: the frames of both, and the work of the
// browser's threads in each. It starts the game 8 s after the menu: the
// search worker starts 3 s after it and runs a warm-up search, so that the
// browser compiles the search's code then, not during the first move (a
// player reading the menu gives it that time; one who starts a game at
// once shares the first move with the compiler).
func expertWithMouse(b *Browser, w, h int) (think, floor Gaps, took time.Duration, thinkCPU, floorCPU string) {
	t := b.t
	time.Sleep(8 * time.Second)
	b.do(chromedp.KeyEvent("\r"))
	time.Sleep(time.Second)
	autosave := "^setItem " + regexp.QuoteMeta(settings.ShelfPrefix+settings.CurrentGame) + "$"
	eval[bool](b, fmt.Sprintf(`(() => {
		window.gobbletWindow = null;
		const t0 = performance.now();
		setTimeout(() => {
			%s(%s);
			const g = window.gobbletFrames;
			const watch = setInterval(() => {
				if (g.stopped) { clearInterval(watch); window.gobbletWindow = Object.assign(%s, { ms: performance.now() - t0 - 1500 }); }
			}, 20);
		}, 1500);
		return true;
	})()`, frameProbe, strconv.Quote(autosave), gapSummary))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	move := func() {
		defer wg.Done()
		cx, cy, r := float64(w)/2, float64(h)/2, math.Min(float64(w), float64(h))/4
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(16 * time.Millisecond):
			}
			a := float64(i) * 2 * math.Pi / 60
			chromedp.Run(b.ctx, chromedp.MouseEvent(chromedp.MouseMoved, cx+r*math.Cos(a), cy+r*math.Sin(a)))
		}
	}
	profile := os.Getenv("VISIT_PROFILE") != ""
	var stopProfile func() string
	if profile {
		stopProfile = pageProfile(b)
	}
	c0, t0, m0 := threadTicks(), time.Now(), b.mark()
	b.do(chromedp.KeyEvent("\r")) // Start
	wg.Add(1)
	go move()
	var res map[string]float64
	for end := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if res = eval[map[string]float64](b, `window.gobbletWindow || {}`); len(res) > 0 {
			break
		}
		if time.Now().After(end) {
			close(stop)
			wg.Wait()
			t.Fatal("Expert did not move within 60 s of Start")
		}
	}
	close(stop)
	wg.Wait()
	thinkCPU = cpuUse(c0, threadTicks(), time.Since(t0).Seconds())
	rates := os.Getenv("VISIT_RATES") != ""
	if rates {
		fmt.Printf("%d×%d: the game's rates while Expert thinks, the mouse moving:\n%s", w, h, b.ratesSince(m0))
	}
	if profile {
		fmt.Printf("%d×%d: the page's thread while Expert thinks, the mouse moving:\n%s", w, h, stopProfile())
	}
	think = Gaps{Median: res["Median"], P90: res["P90"], Max: res["Max"], Frames: int(res["Frames"])}
	took = time.Duration(res["ms"] * float64(time.Millisecond))
	// The floor: the same movement for as long (3 s at least), nothing thinking.
	time.Sleep(2 * time.Second) // the move's glide
	eval[bool](b, frameProbe+`("", "", 0)`)
	if profile {
		stopProfile = pageProfile(b)
	}
	c1, t1, m1 := threadTicks(), time.Now(), b.mark()
	stop = make(chan struct{})
	wg.Add(1)
	go move()
	if pc := floorLoad(t); pc > 0 {
		wg.Add(1)
		go func() { defer wg.Done(); busyShare(pc, stop) }()
	}
	time.Sleep(max(took, 3*time.Second))
	close(stop)
	wg.Wait()
	floor = eval[Gaps](b, gapSummary)
	floorCPU = cpuUse(c1, threadTicks(), time.Since(t1).Seconds())
	if rates {
		fmt.Printf("%d×%d: the game's rates with nothing thinking, the mouse moving:\n%s", w, h, b.ratesSince(m1))
	}
	if profile {
		fmt.Printf("%d×%d: the page's thread with nothing thinking, the mouse moving:\n%s", w, h, stopProfile())
	}
	return think, floor, took, thinkCPU, floorCPU
}

// ratesSince is the game's debug lines of its rates (frames a second, and
// how many screens' worth of pixels they drew) since a mark: VISIT_RATES=1
// prints them for the visit's two windows.
func (b *Browser) ratesSince(mark int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out strings.Builder
	for _, ln := range b.lines[mark:] {
		if strings.Contains(ln, "gobblet: tps ") {
			fmt.Fprintf(&out, "  %s\n", ln)
		}
	}
	return out.String()
}

// floorLoad is VISIT_FLOOR_LOAD, a percentage of a core that a busy loop
// outside the browser takes during the floor's window (0 when unset): on
// a machine of two cores, where SwiftShader's drawing takes one and a
// half, it shows what a search's share of a core (the worker's, resting
// or not) costs the frames by itself, whatever the page does.
func floorLoad(t testing.TB) int {
	v := os.Getenv("VISIT_FLOOR_LOAD")
	if v == "" {
		return 0
	}
	pc, err := strconv.Atoi(v)
	if err != nil || pc < 0 || pc > 100 {
		t.Fatalf("VISIT_FLOOR_LOAD=%q: want a percentage of a core, 0 to 100", v)
	}
	return pc
}

// busyShare keeps a core busy pc % of the time, in 20 ms periods, until
// stop is closed.
func busyShare(pc int, stop <-chan struct{}) {
	const period = 20 * time.Millisecond
	work := period * time.Duration(pc) / 100
	for {
		select {
		case <-stop:
			return
		default:
		}
		start := time.Now()
		for time.Since(start) < work {
		}
		time.Sleep(period - work)
	}
}

// TestVisitFigures prints the figures make perf-web keeps for one page
// size (VISIT=390x844 or 1280x800); it only runs when asked for.
func TestVisitFigures(t *testing.T) {
	size := os.Getenv("VISIT")
	if size == "" {
		t.Skip("VISIT=WxH measures a visit (make perf-web runs them all)")
	}
	var w, h int
	if _, err := fmt.Sscanf(size, "%dx%d", &w, &h); err != nil {
		t.Fatalf("VISIT=%q: want WIDTHxHEIGHT", size)
	}
	ratio := 1.0
	if w < 600 {
		ratio = 2
	}
	v := visit(t, w, h, ratio)
	fmt.Println(visitRow(v))
}

func visitRow(v Visit) string {
	off := "did not open"
	if v.Offline > 0 {
		off = fmt.Sprintf("%.2f s", v.Offline.Seconds())
	}
	return fmt.Sprintf("%d×%d: menu first visit %.2f s, again %.2f s, server gone %s; first visit moved %.1f MB\n"+
		"  mouse moving, Expert thinking (%.1f s): gaps between frames median/p90/max %s ms (%d frames); %s\n"+
		"  mouse moving, nothing thinking (the floor%s): gaps median/p90/max %s ms (%d frames); %s\n"+
		"  goal: the first as the second",
		v.W, v.H, v.First.Seconds(), v.Again.Seconds(), off, float64(v.Bytes)/1e6, v.ThinkDuration.Seconds(), v.Think, v.Think.Frames, v.ThinkCPU, v.FloorLoad, v.Floor, v.Floor.Frames, v.FloorCPU)
}

// BenchmarkPageVisit is the rest of make perf-web: for the page at
// 390×844 (pixel ratio 2) and at 1280×800, the time to a usable menu on a
// first visit, on the next and with the server gone (from the installed
// copy), the bytes a first visit moves, and the gaps between frames while
// Expert thinks with the mouse moving, beside the floor of this machine's
// software WebGL (the same movement, nothing thinking). Figures, not
// assertions; docs/web.md keeps them.
func BenchmarkPageVisit(b *testing.B) {
	for range b.N {
		var rows []string
		for _, s := range []struct {
			w, h  int
			ratio float64
		}{{390, 844, 2}, {1280, 800, 1}} {
			rows = append(rows, visitRow(visit(b, s.w, s.h, s.ratio)))
		}
		fmt.Printf("\n%s\n(load average %s on %d cores after the run)\n\n", strings.Join(rows, "\n"), loadAverage(), runtime.NumCPU())
	}
	b.ReportMetric(0, "ns/op")
}
