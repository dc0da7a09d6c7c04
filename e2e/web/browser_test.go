//go:build e2e

package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/gobblet-game/gobblet/e2e/layoutlog"
)

// Browser is one headless Chromium with one tab on the game, and what the
// game wrote to the console.
type Browser struct {
	t      testing.TB
	ctx    context.Context
	mu     sync.Mutex
	lines  []string    // console lines, split at newlines
	at     []time.Time // when each line arrived
	uis    []*UI       // every complete layout block, in order
	block  *UI
	shots  string    // folder for screenshots
	opened time.Time // when the tab opened: console.txt's times count from it
}

// The window every check and picture is made at (the desktop game's
// default size).
const width, height = 1280, 800

// openBrowser starts Chromium with a fresh profile, which the whole test
// keeps (the reload must find what the game stored).
func openBrowser(t testing.TB) *Browser {
	t.Helper()
	return openBrowserAt(t, t.TempDir())
}

// openBrowserAt starts Chromium with the profile in the folder profile
// (a browser started again on the same profile finds what the first kept).
func openBrowserAt(t testing.TB, profile string) *Browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(width, height),
		chromedp.NoSandbox, // as root, and in containers, Chromium's sandbox cannot start
		// No GPU here: WebGL through SwiftShader, Chromium's software GL,
		// which it offers only when asked for by name, in the GPU process
		// (not --disable-gpu, which would make the page's own thread read
		// every frame back from the software renderer: 100-150 ms a frame
		// at 1280×800 on two cores, charged to the page's code).
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		// the page's language (navigator.languages) English whatever the
		// machine's, for the pages opened without ?lang= (a link)
		chromedp.Flag("accept-lang", "en-US"),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	return attach(t, actx)
}

// newTab opens another tab in b's browser.
func (b *Browser) newTab() *Browser {
	b.t.Helper()
	return attach(b.t, b.ctx)
}

// attach opens a tab in the browser of ctx and listens to its console.
func attach(t testing.TB, parent context.Context) *Browser {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent)
	b := &Browser{t: t, ctx: ctx, shots: artifactsDir(t), opened: time.Now()}
	t.Cleanup(func() {
		cancel()
		b.mu.Lock()
		defer b.mu.Unlock()
		var out strings.Builder
		for i, ln := range b.lines {
			fmt.Fprintf(&out, "%8.3f %s\n", b.at[i].Sub(b.opened).Seconds(), ln)
		}
		os.WriteFile(filepath.Join(b.shots, "console.txt"), []byte(out.String()), 0o644)
	})
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range ev.Args {
				var s string
				if json.Unmarshal(a.Value, &s) != nil {
					s = string(a.Value)
				}
				parts = append(parts, s)
			}
			b.add(strings.Join(parts, " "))
		case *runtime.EventExceptionThrown:
			b.add("exception: " + ev.ExceptionDetails.Text + exceptionText(ev.ExceptionDetails))
		}
	})
	if err != nil {
		t.Fatalf("listen to the page's console: %v", err)
	}
	b.do(chromedp.EmulateViewport(width, height))
	return b
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return " " + d.Exception.Description
	}
	return ""
}

// artifactsDir is where screenshots go: E2E_ARTIFACTS, else a folder
// that outlives the test, named in its log.
func artifactsDir(t testing.TB) string {
	dir := os.Getenv("E2E_ARTIFACTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "gobblet-web-shots"); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", dir)
	return dir
}

// add takes console output in: one or more lines.
func (b *Browser) add(text string) {
	now := time.Now()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ln := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.lines = append(b.lines, ln)
		b.at = append(b.at, now)
		b.block = layoutlog.Parse(b.block, ln, len(b.lines), &b.uis)
		if testing.Verbose() && !strings.HasPrefix(ln, "gobblet: ") || strings.HasPrefix(ln, "exception") {
			fmt.Fprintln(os.Stderr, "   page:", ln)
		}
	}
}

// do runs actions in the tab, failing the test on an error.
func (b *Browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v; console:\n%s", err, b.log())
	}
}

// eval evaluates JavaScript in the page (awaiting a promise) into a T.
func eval[T any](b *Browser, js string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluate %q: %v; console:\n%s", js, err, b.log())
	}
	return v
}

// open loads the game's page with a query (?debug for the layout log) and
// returns when the page has loaded, not the game. The page speaks English
// (?lang=en, the tests read its English words) unless the query asks for
// a language.
func (b *Browser) open(query string) time.Time {
	b.t.Helper()
	query = withEnglish(query)
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error { // before the page loads
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: audioProbe})
		return err
	}))
	start := time.Now()
	b.do(chromedp.Navigate(siteURL + query))
	return start
}

// withEnglish adds lang=en to a page's query that names no language.
func withEnglish(query string) string {
	switch {
	case strings.Contains(query, "lang="):
		return query
	case query == "" || query == "?":
		return "?lang=en"
	}
	return query + "&lang=en"
}

// audioProbe keeps every AudioContext the page makes (the game's sound
// makes one) in window.gobbletAudio, so the test can ask whether it runs.
const audioProbe = `(() => {
	const Real = window.AudioContext;
	if (!Real) return;
	window.gobbletAudio = [];
	window.AudioContext = class extends Real {
		constructor(...args) { super(...args); window.gobbletAudio.push(this); }
	};
})()`

// audioStates lists the states of the page's audio contexts
// ("suspended", "running").
func (b *Browser) audioStates() string {
	b.t.Helper()
	return eval[string](b, `(window.gobbletAudio || []).map((c) => c.state).join(",")`)
}

// mark is the number of console lines so far, to wait for lines after it.
func (b *Browser) mark() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.lines)
}

// log returns the last console lines, for failure messages.
func (b *Browser) log() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	ls := b.lines
	if len(ls) > 60 {
		ls = ls[len(ls)-60:]
	}
	return strings.Join(ls, "\n")
}

// waitLog waits for a console line after mark matching re, and returns
// its submatches and when it arrived.
func (b *Browser) waitLog(mark int, re string, timeout time.Duration) ([]string, time.Time) {
	b.t.Helper()
	rx := regexp.MustCompile(re)
	timeout = patient(timeout)
	for end := time.Now().Add(timeout); ; time.Sleep(20 * time.Millisecond) {
		if m, at := b.findLog(mark, rx); m != nil {
			return m, at
		}
		if time.Now().After(end) {
			b.shot("timeout")
			b.t.Fatalf("no console line %q within %v; console:\n%s", re, timeout, b.log())
		}
	}
}

func (b *Browser) findLog(mark int, rx *regexp.Regexp) ([]string, time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := min(mark, len(b.lines)); i < len(b.lines); i++ {
		if m := rx.FindStringSubmatch(b.lines[i]); m != nil {
			return m, b.at[i]
		}
	}
	return nil, time.Time{}
}

// ui is the latest layout block.
func (b *Browser) ui() *UI {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.uis) == 0 {
		return nil
	}
	return b.uis[len(b.uis)-1]
}

// waitUI waits for a laid-out scene in a state ("" for any), written
// after console line mark.
func (b *Browser) waitUI(mark int, scene, state string, timeout time.Duration) *UI {
	b.t.Helper()
	return b.waitUIFunc(fmt.Sprintf("scene %q state %q", scene, state), mark, timeout, func(u *UI) bool {
		return u.Scene == scene && (state == "" || u.State == state) && u.Ready()
	})
}

// waitUIFunc waits until the latest layout block, written after mark,
// satisfies ok.
func (b *Browser) waitUIFunc(what string, mark int, timeout time.Duration, ok func(*UI) bool) *UI {
	b.t.Helper()
	timeout = patient(timeout)
	for end := time.Now().Add(timeout); ; time.Sleep(20 * time.Millisecond) {
		if u := b.ui(); u != nil && u.End > mark && ok(u) {
			return u
		}
		if time.Now().After(end) {
			b.shot("timeout")
			last := "nothing"
			if u := b.ui(); u != nil {
				last = fmt.Sprintf("scene %q state %q", u.Scene, u.State)
			}
			b.t.Fatalf("the page did not show %s within %v (it shows %s); console:\n%s", what, timeout, last, b.log())
		}
	}
}

// widget is a widget's rectangle on a screen, failing when it has none.
func (b *Browser) widget(u *UI, label string) Rect {
	b.t.Helper()
	return u.Widget(b.t, label)
}

// ratio is the page's devicePixelRatio: the layout log speaks in the
// game's screen pixels, input events in CSS pixels.
func (b *Browser) ratio() float64 {
	b.t.Helper()
	return eval[float64](b, `window.devicePixelRatio`)
}

// css turns a point in the game's pixels into the page's CSS pixels.
func (b *Browser) css(r Rect) (float64, float64) {
	x, y := r.Center()
	s := b.ratio()
	return x / s, y / s
}

// frames waits for n frames of the page (the game reads input once a
// frame: a press and a release in one frame would be one event lost).
func (b *Browser) frames(n int) {
	b.t.Helper()
	eval[chromedp.Void](b, fmt.Sprintf(`new Promise((done) => { let n = %d; const f = () => (--n > 0 ? requestAnimationFrame(f) : done()); requestAnimationFrame(f); })`, n))
}

// hover moves the mouse over r and waits for the game to see it there.
func (b *Browser) hover(r Rect) (float64, float64) {
	b.t.Helper()
	x, y := b.css(r)
	mark := b.mark()
	b.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	cx, cy := r.Center()
	seen := func(u *UI) bool { return math.Abs(u.PX-cx) <= 2 && math.Abs(u.PY-cy) <= 2 }
	// A wait, not a speed goal: a page still starting on a loaded machine
	// may take seconds to read the move, and one it dropped is sent again,
	// every 5 s for a minute (times the patience).
	if u := b.ui(); u != nil && seen(u) {
		return x, y
	}
	for try := 1; try < 12*patience; try++ {
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			if u := b.ui(); u != nil && u.End > mark && seen(u) {
				return x, y
			}
		}
		b.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	}
	b.waitUIFunc(fmt.Sprintf("the pointer at %.0f,%.0f", cx, cy), mark, 5*time.Second, seen)
	return x, y
}

// click clicks the middle of r with the left mouse button.
func (b *Browser) click(r Rect) {
	b.t.Helper()
	x, y := b.hover(r)
	b.do(chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	b.frames(3)
	b.do(chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	b.frames(2)
}

// drag presses the mouse on from, moves it to to in steps, and releases.
func (b *Browser) drag(from, to Rect) {
	b.t.Helper()
	x0, y0 := b.hover(from)
	x1, y1 := b.css(to)
	b.do(chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	b.frames(3)
	const steps = 8
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		b.do(chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft, func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }))
		b.frames(1)
	}
	b.frames(2)
	b.do(chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	b.frames(2)
}

// touch sends a finger's touchstart at from, touchmoves to to (none when
// from is to: a tap) and a touchend.
func (b *Browser) touch(from, to Rect) {
	b.t.Helper()
	x0, y0 := b.css(from)
	x1, y1 := b.css(to)
	send := func(typ input.DispatchTouchEventType, pts ...*input.TouchPoint) {
		b.t.Helper()
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		if pts == nil {
			pts = []*input.TouchPoint{}
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			b.t.Fatalf("touch %s: %v", typ, err)
		}
	}
	send(input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x0, Y: y0})
	b.frames(3)
	if from != to {
		const steps = 8
		for i := 1; i <= steps; i++ {
			f := float64(i) / steps
			send(input.DispatchTouchEventTypeTouchMove, &input.TouchPoint{X: x0 + (x1-x0)*f, Y: y0 + (y1-y0)*f})
			b.frames(1)
		}
		b.frames(2)
	}
	send(input.DispatchTouchEventTypeTouchEnd)
	b.frames(3)
}

// shot saves a screenshot of the page as name.png among the artifacts,
// and returns its bytes.
func (b *Browser) shot(name string) []byte {
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return nil
	}
	if err := os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644); err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
	}
	return png
}

// frameProbe counts the page's frames and the longest gap between two,
// from a requestAnimationFrame loop of its own: while Go's code holds the
// page's one thread, or the renderer is still busy with the last frame the
// game drew, no frame comes and the gap grows. It also keeps the longest
// task on that thread (the browser reports those over 50 ms as long
// tasks): a gap also counts how slowly this machine's software WebGL
// composes frames, a long task only what the page's code did. Counting
// stops at the first console line that matches stopAt (a move the game
// logs, or "setItem KEY" as the page stores KEY), so that the frame drawn
// for it is not counted. With startAt, counting starts delay ms after the
// first console line that matches it, all in the page: DevTools'
// questions wait while the page is busy, so on a loaded machine the
// test's own clock cannot place the window.
const frameProbe = `((stopAt, startAt, delay) => {
	if (!window.gobbletFrames) {
		const g = window.gobbletFrames = { max: 0, frames: 0, last: 0, task: 0, tasks: 0, gaps: [] };
		const tick = () => {
			const now = performance.now();
			if (!g.stopped) {
				if (g.last) {
					g.max = Math.max(g.max, now - g.last);
					g.gaps.push(now - g.last);
				}
				g.last = now;
				g.frames++;
			}
			requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
		new PerformanceObserver((list) => {
			for (const e of list.getEntries()) {
				if (g.stopped) continue;
				g.task = Math.max(g.task, e.duration);
				g.tasks++;
			}
		}).observe({ type: "longtask" });
		const stop = () => {
			if (!g.stopped) g.t1 = performance.now();
			g.stopped = true;
			g.startAt = null;
		};
		const log = console.log;
		console.log = (...args) => {
			const line = String(args[0]);
			if (g.startAt && g.startAt.test(line)) {
				g.startAt = null;
				g.timer = setTimeout(() => { g.timer = null; g.stopped = false; g.t0 = g.last = performance.now(); }, g.delay);
			}
			if (g.stopAt && !g.stopped && g.stopAt.test(line)) stop();
			if (g.stopAt && g.timer && g.stopAt.test(line)) { clearTimeout(g.timer); g.timer = null; stop(); }
			return log.apply(console, args);
		};
		const setItem = Storage.prototype.setItem;
		Storage.prototype.setItem = function (key, value) {
			if (g.stopAt && !g.stopped && g.stopAt.test("setItem " + key)) stop();
			return setItem.call(this, key, value);
		};
	}
	const g = window.gobbletFrames;
	clearTimeout(g.timer);
	const now = performance.now();
	Object.assign(g, { max: 0, frames: 0, last: now, task: 0, tasks: 0, gaps: [], stopped: !!startAt, timer: null, t0: now, t1: 0,
		stopAt: stopAt ? new RegExp(stopAt, "m") : null, startAt: startAt ? new RegExp(startAt, "m") : null, delay: delay || 0 });
	return true;
})`

// Frames is what the probe measured since it was last reset.
type Frames struct {
	Max    float64 `json:"max"` // the longest gap between frames (or the window's start or end), ms
	Frames int     `json:"frames"`
	Task   float64 `json:"task"`  // the longest task over 50 ms, ms (0: none)
	Tasks  int     `json:"tasks"` // tasks over 50 ms
	Over   int     `json:"over"`  // gaps between frames over 50 ms
	P90    float64 `json:"p90"`   // the 90th percentile of the gaps, ms
	MS     float64 `json:"ms"`    // how long the probe counted, ms (0: it never started)
}

// resetFrames starts counting the page's frames afresh, until the console
// line stopAt matches, if it is not "".
func (b *Browser) resetFrames(stopAt string) {
	b.t.Helper()
	b.resetFramesAfter(stopAt, "", 0)
}

// resetFramesAfter counts the page's frames from delay after the console
// line startAt until the line stopAt.
func (b *Browser) resetFramesAfter(stopAt, startAt string, delay time.Duration) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf("%s(%s, %s, %d)", frameProbe, strconv.Quote(stopAt), strconv.Quote(startAt), delay.Milliseconds()))
}

func (b *Browser) readFrames() Frames {
	b.t.Helper()
	return eval[Frames](b, frameSummary+"(window.gobbletFrames)")
}

// frameSummary turns the probe's counts into a Frames.
const frameSummary = `(({ max, frames, task, tasks, gaps, stopped, t0, t1, last }) => {
	const sorted = [...gaps].sort((x, y) => x - y);
	const end = stopped ? t1 : performance.now();
	const ms = t0 !== undefined && end > t0 ? end - t0 : 0;
	if (ms > 0) max = Math.max(max, end - last); // no frame since the last is a gap too
	return { max, frames, task, tasks, over: gaps.filter((x) => x > 50).length, p90: sorted.length ? sorted[Math.floor(sorted.length * 0.9)] : 0, ms };
})`

// noNotices checks that the game shows no notice card since mark (a
// notice in the browser says something failed: storage refused, a file
// unreadable); when it does, the test fails, and the card is dismissed
// with Enter so that the rest can still be checked.
func (b *Browser) noNotices(mark int) {
	b.t.Helper()
	b.frames(5)
	m, _ := b.findLog(mark, reNotice)
	if m == nil {
		return
	}
	b.shot("notice")
	b.t.Errorf("the game shows a notice: %s", m[1])
	at := b.mark()
	b.do(chromedp.KeyEvent("\r"))
	b.waitLog(at, `^gobblet: notices dismissed`, 10*time.Second)
}

var reNotice = regexp.MustCompile(`^gobblet: notice (.*)$`)

// roundingLevels is how far one colour channel (of 255) may differ
// between two drawings of the same thing: the same image drawn from a
// different place in Ebitengine's texture atlas is sampled with other
// float rounding, and SwiftShader then gives a level or two more or less
// at a piece's edge (a CI run under a load of 15 saw six pixels off by
// one). A part left undrawn differs by far more: the board's squares and
// the pieces differ from each other and from the background by 20 levels
// and more.
const roundingLevels = 4

// differentPixels counts the pixels in which two screenshots differ by
// more than roundingLevels in a channel, and the rectangle that holds
// them.
func differentPixels(t *testing.T, a, b []byte) (int, image.Rectangle) {
	t.Helper()
	if a == nil || b == nil {
		t.Error("a screenshot to compare is missing")
		return 0, image.Rectangle{}
	}
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds() != ib.Bounds() {
		return ia.Bounds().Dx() * ia.Bounds().Dy(), ia.Bounds().Union(ib.Bounds())
	}
	n := 0
	var where image.Rectangle
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			r1, g1, b1, _ := ia.At(x, y).RGBA()
			r2, g2, b2, _ := ib.At(x, y).RGBA()
			if levelsApart(r1, r2) > roundingLevels || levelsApart(g1, g2) > roundingLevels || levelsApart(b1, b2) > roundingLevels {
				n++
				where = where.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return n, where
}

// levelsApart is how many of 255 levels two 16-bit channels differ by.
func levelsApart(a, b uint32) int {
	d := int(a>>8) - int(b>>8)
	if d < 0 {
		return -d
	}
	return d
}
