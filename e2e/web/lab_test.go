//go:build e2e

package web

import (
	"context"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// labProbe counts, from the page's start, the mouse moves the page
// received and the WebGL draw calls it made.
const labProbe = `(() => {
	const c = window.gobbletLab = { moves: 0, draws: 0 };
	addEventListener("mousemove", () => { c.moves++; }, { capture: true, passive: true });
	for (const P of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
		if (!P) continue;
		const d = P.prototype.drawElements;
		P.prototype.drawElements = function (...a) { c.draws++; return d.apply(this, a); };
	}
})()`

// TestSmoothLab is an experiment, not a test: LAB=WxH runs rounds of
// Expert thinking with the mouse moving, and the floor.
func TestSmoothLab(t *testing.T) {
	size := os.Getenv("LAB")
	if size == "" {
		t.Skip("LAB=WxH")
	}
	var w, h int
	fmt.Sscanf(size, "%dx%d", &w, &h)
	ratio := 1.0
	if w < 600 {
		ratio = 2
	}
	rounds := 3
	if n, err := strconv.Atoi(os.Getenv("LAB_ROUNDS")); err == nil {
		rounds = n
	}
	b := openBrowser(t)
	b.do(chromedp.EmulateViewport(int64(w), int64(h), chromedp.EmulateScale(ratio)))
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: shownProbe + ";" + labProbe})
		return err
	}))
	if os.Getenv("VISIT_NO_WORKER") != "" {
		b.beforeLoad(`delete window.Worker; window.Worker = undefined;`)
	}
	s := settings.Default()
	s.NewGame = &settings.NewGame{Variant: "classic", Mode: "human-ai", Colour: 0, First: 1, Levels: [2]string{"expert", "expert"}}
	data, _ := settings.Marshal(s)
	b.do(chromedp.Navigate(siteURL))
	waitShown(b)
	eval[bool](b, fmt.Sprintf(`localStorage.setItem(%s, %s), true`, strconv.Quote(settings.ShelfPrefix+settings.SettingsFile), strconv.Quote(string(data))))
	mouse := os.Getenv("LAB_STILL") == ""
	for r := range rounds {
		eval[bool](b, fmt.Sprintf(`localStorage.removeItem(%s), true`, strconv.Quote(settings.ShelfPrefix+settings.CurrentGame)))
		b.do(chromedp.Reload())
		waitShown(b)
		wait := 4 * time.Second
		if d, err := time.ParseDuration(os.Getenv("LAB_WAIT")); err == nil {
			wait = d
		}
		time.Sleep(wait)
		before := eval[map[string]float64](b, `window.gobbletLab`)
		var sent atomic.Int64
		think, floor, took, lab := labRound(b, w, h, mouse, &sent)
		fmt.Printf("round %d %dx%d mouse=%v: think %.1fs %s ms (%d frames) moves %v/%v draws %v | floor %s ms (%d frames) moves %v/%v draws %v | load %s\n",
			r, w, h, mouse, took.Seconds(), think, think.Frames, lab[0]["moves"]-before["moves"], lab[0]["sent"], lab[0]["draws"]-before["draws"],
			floor, floor.Frames, lab[1]["moves"], lab[1]["sent"], lab[1]["draws"], loadAverage())
	}
}

func waitShown(b *Browser) {
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if ms := eval[float64](b, `window.gobbletShownAt || 0`); ms > 0 {
			return
		}
		if time.Now().After(end) {
			b.t.Fatalf("no game shown")
		}
	}
}

func labRound(b *Browser, w, h int, mouse bool, sent *atomic.Int64) (think, floor Gaps, took time.Duration, lab [2]map[string]float64) {
	t := b.t
	b.do(chromedp.KeyEvent("\r"))
	time.Sleep(time.Second)
	autosave := "^setItem " + settings.ShelfPrefix + settings.CurrentGame + "$"
	eval[bool](b, fmt.Sprintf(`(() => {
		window.gobbletWindow = null;
		const t0 = performance.now();
		setTimeout(() => {
			%s(%s);
			const g = window.gobbletFrames;
			const watch = setInterval(() => {
				if (g.stopped) { clearInterval(watch); window.gobbletWindow = Object.assign(%s, { ms: performance.now() - t0 - 1500 }, { moves: window.gobbletLab.moves, draws: window.gobbletLab.draws }); }
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
			sent.Add(1)
		}
	}
	c0 := threadTicks()
	b.do(chromedp.KeyEvent("\r"))
	if mouse {
		wg.Add(1)
		go move()
	}
	var res map[string]float64
	for end := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if res = eval[map[string]float64](b, `window.gobbletWindow || {}`); len(res) > 0 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("Expert did not move within 60 s; console:\n%s", b.log())
		}
	}
	close(stop)
	wg.Wait()
	fmt.Printf("  think cpu ms:%s\n", cpuDiff(c0, threadTicks()))
	lab[0] = map[string]float64{"moves": res["moves"], "draws": res["draws"], "sent": float64(sent.Swap(0))}
	think = Gaps{Median: res["Median"], P90: res["P90"], Max: res["Max"], Frames: int(res["Frames"])}
	took = time.Duration(res["ms"] * float64(time.Millisecond))
	time.Sleep(2 * time.Second)
	l := eval[map[string]float64](b, `window.gobbletLab`)
	eval[bool](b, frameProbe+`("", "", 0)`)
	c1 := threadTicks()
	stop = make(chan struct{})
	if mouse {
		wg.Add(1)
		go move()
	}
	time.Sleep(max(took, 3*time.Second))
	close(stop)
	wg.Wait()
	floor = eval[Gaps](b, gapSummary)
	fmt.Printf("  floor cpu ms:%s\n", cpuDiff(c1, threadTicks()))
	lab[1] = eval[map[string]float64](b, `window.gobbletLab`)
	lab[1]["sent"] = float64(sent.Swap(0))
	lab[1]["moves"] -= l["moves"]
	lab[1]["draws"] -= l["draws"]
	return
}

// threadTicks is the CPU time (clock ticks) of every thread of every
// process descending from this one, by "process-kind/thread-name".
func threadTicks() map[string]float64 {
	kids := map[int][]int{}
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + p.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(st)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		pp, _ := strconv.Atoi(f[1])
		kids[pp] = append(kids[pp], pid)
	}
	out := map[string]float64{}
	var walk func(int)
	walk = func(pid int) {
		for _, k := range kids[pid] {
			cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", k))
			kind := "browser"
			if m := regexp.MustCompile(`--type=([a-z-]+)`).FindSubmatch(cmd); m != nil {
				kind = string(m[1])
			}
			if !strings.Contains(string(cmd), "chrom") {
				kind = "other"
			}
			tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", k))
			for _, t := range tasks {
				st, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/stat", k, t.Name()))
				if err != nil {
					continue
				}
				s := string(st)
				name := s[strings.IndexByte(s, '(')+1 : strings.LastIndexByte(s, ')')]
				f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
				u, _ := strconv.ParseFloat(f[11], 64)
				sy, _ := strconv.ParseFloat(f[12], 64)
				out[kind+"/"+name] += u + sy
			}
			walk(k)
		}
	}
	walk(os.Getpid())
	return out
}

// cpuDiff prints the threads' CPU ms between two snapshots, busiest first.
func cpuDiff(a, b map[string]float64) string {
	type kv struct {
		k string
		v float64
	}
	var l []kv
	for k, v := range b {
		if d := (v - a[k]) * 10; d >= 30 {
			l = append(l, kv{k, d})
		}
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	var sb strings.Builder
	for _, e := range l {
		fmt.Fprintf(&sb, " %s=%.0f", e.k, e.v)
	}
	return sb.String()
}
