//go:build e2e

package web

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// BenchmarkPage is make perf-web: the browser version in headless Chromium
// with no GPU, measured as a player meets it, each figure printed beside
// its goal. It asserts nothing: speed is measured here, not tested (make
// test holds the page only to what a busy machine still meets). Run it on
// a quiet machine, with -benchtime 1x; docs/web.md keeps the figures.
//
// PERF_REPEAT (default 3) is how many fresh pages Expert is measured in.
func BenchmarkPage(b *testing.B) {
	repeat := 3
	if n, err := strconv.Atoi(os.Getenv("PERF_REPEAT")); err == nil && n > 0 {
		repeat = n
	}
	for range b.N {
		b.StopTimer()
		var shown, gap, over, p90, task []float64
		for range repeat {
			br := openBrowser(b)
			f, window, load := expertInPlainPage(br)
			if window < time.Second {
				b.Logf("Expert answered %.1fs after Start: too soon to measure", window.Seconds())
				continue
			}
			shown = append(shown, load.Seconds())
			gap = append(gap, f.Max)
			over = append(over, 100*float64(f.Over)/float64(max(f.Frames, 1)))
			p90 = append(p90, f.P90)
			task = append(task, f.Task)
		}
		var reply, replyTask []float64
		br := openBrowser(b)
		br.open("?debug")
		br.waitUI(0, "menu", "", 2*time.Minute)
		br.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Perfect")
		time.Sleep(3 * time.Second) // the table, fetched and read as the game opens
		for range 3 {
			took, f, ok := br.perfectAnswers("mouse", true)
			if !ok {
				break
			}
			reply = append(reply, took.Seconds()*1000)
			replyTask = append(replyTask, f.Task)
		}

		rows := [][3]string{
			{"page loaded to game shown (s, fresh profile)", list(shown, 2), "—"},
			{"Expert thinking: longest gap between frames (ms)", list(gap, 0), fmt.Sprintf("≤ %.0f", goalGap)},
			{"Expert thinking: gaps over 50 ms (%)", list(over, 1), fmt.Sprintf("≤ %d", goalOverPercent)},
			{"Expert thinking: 90th percentile gap (ms)", list(p90, 0), "—"},
			{"Expert thinking: longest task (ms, 0: none over 50)", list(task, 0), fmt.Sprintf("≤ %.0f", goalBusy)},
			{"Perfect 3×3: reply after the human's move (ms)", list(reply, 0), fmt.Sprintf("≤ %d after the first", goalPerfectReply.Milliseconds())},
			{"Perfect 3×3: longest task while it answers (ms)", list(replyTask, 0), fmt.Sprintf("≤ %.0f", goalBusy)},
		}
		fmt.Printf("\n%-52s %-34s %s\n", "figure", "measured", "goal")
		for _, r := range rows {
			fmt.Printf("%-52s %-34s %s\n", r[0], r[1], r[2])
		}
		fmt.Printf("(Expert in %d fresh pages without ?debug; load average %s on %d cores after the run)\n\n", len(gap), loadAverage(), runtime.NumCPU())
		if len(gap) > 0 {
			b.ReportMetric(median(gap), "ms-gap-max")
		}
	}
	b.ReportMetric(0, "ns/op") // one run of minutes: its time says nothing
}

// list is "median (of a, b, c)", or "none measured".
func list(xs []float64, prec int) string {
	if len(xs) == 0 {
		return "none measured"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'f', prec, 64)
	}
	return fmt.Sprintf("%s (of %s)", strconv.FormatFloat(median(xs), 'f', prec, 64), strings.Join(s, ", "))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// loadAverage is the machine's one-minute load average, as the kernel
// prints it ("?" if unknown).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
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

// cpuUse is, between two threadTicks, the share of a core (%) the
// browser's threads used over secs: the page's thread, the search worker,
// the GPU process (with no GPU, the software WebGL that draws each frame),
// and the rest (the compiler's threads, sound, the browser itself). Unlike
// the gaps between frames, these hardly change with the machine's load:
// they say what work the page asked for.
func cpuUse(a, b map[string]float64, secs float64) string {
	var page, worker, gpu, rest float64
	for k, v := range b {
		d := (v - a[k]) * 10 // clock ticks of 10 ms
		switch {
		case k == "renderer/chromium" || k == "renderer/CrRendererMain":
			page += d
		case k == "renderer/DedicatedWorker":
			worker += d
		case strings.HasPrefix(k, "gpu-process/"):
			gpu += d
		case strings.HasPrefix(k, "other/"):
		default:
			rest += d
		}
	}
	pc := func(ms float64) float64 { return ms / 10 / max(secs, 0.001) }
	return fmt.Sprintf("CPU %% of a core: page %.0f, worker %.0f, GPU process %.0f, rest %.0f", pc(page), pc(worker), pc(gpu), pc(rest))
}

// pageProfile samples the page thread's JavaScript and WebAssembly (the
// DevTools CPU profiler) until the returned function is called, which
// gives the functions that took the most of it, by their own time and by
// the time under them (VISIT_PROFILE=1 prints them for the visit's two
// windows: where the page's time goes).
func pageProfile(b *Browser) (stop func() string) {
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 1000}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
		return err
	}))
	return func() string {
		var p *profiler.Profile
		b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			r, err := cdp.Call(ctx, tg, profiler.Stop, cdp.Empty{})
			p = r.Profile
			return err
		}))
		// VISIT_PROFILE_OUT=DIR keeps each profile whole, for DevTools or a
		// closer look (a stripped .wasm names its functions by index only).
		if dir := os.Getenv("VISIT_PROFILE_OUT"); dir != "" && p != nil {
			if data, err := json.Marshal(p); err == nil {
				f, err := os.CreateTemp(dir, "page-*.cpuprofile")
				if err == nil {
					_, err = f.Write(data)
					f.Close()
				}
				if err != nil {
					b.t.Logf("keep the profile: %v", err)
				} else {
					b.t.Logf("the profile: %s", f.Name())
				}
			}
		}
		return profileSummary(p, 25)
	}
}

// musicOnly are internal/sound's functions only the music calls.
var musicOnly = map[string]bool{"RenderMusic": true, "bass": true, "epiano": true, "addLoopReverb": true, "arpeggio": true, "brush": true}

// wasmFuncNames reads the function names of VISIT_WASM_NAMES, the game
// built as the page's but keeping its names (go build without -s -w: the
// same code, so the same function indices): the page's own .wasm is
// stripped, and its profile says wasm-function[N].
func wasmFuncNames() map[int]string {
	b, err := os.ReadFile(os.Getenv("VISIT_WASM_NAMES"))
	if err != nil || len(b) < 8 {
		return nil
	}
	uleb := func(b []byte, i *int) int {
		x, s := 0, 0
		for *i < len(b) {
			c := b[*i]
			*i++
			x |= int(c&0x7f) << s
			if c < 0x80 {
				break
			}
			s += 7
		}
		return x
	}
	names := map[int]string{}
	for i := 8; i < len(b); {
		id := b[i]
		i++
		n := uleb(b, &i)
		sec := b[i:min(i+n, len(b))]
		i += n
		j := 0
		if id != 0 || string(sec[j+1:min(j+1+int(sec[0]), len(sec))]) != "name" {
			continue
		}
		j = 1 + int(sec[0])
		for j < len(sec) {
			sub := sec[j]
			j++
			l := uleb(sec, &j)
			end := min(j+l, len(sec))
			if sub == 1 { // function names
				k := j
				for range uleb(sec, &k) {
					idx := uleb(sec, &k)
					nl := uleb(sec, &k)
					names[idx] = string(sec[k:min(k+nl, end)])
					k += nl
				}
			}
			j = end
		}
	}
	return names
}

// profileSummary lists a profile's n heaviest functions by self time and
// by total time (a function counted once per sample however deep it
// recurs), in ms and % of the window.
func profileSummary(p *profiler.Profile, n int) string {
	if p == nil {
		return "no profile"
	}
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, nd := range p.Nodes {
		byID[nd.ID] = nd
		for _, c := range nd.Children {
			parent[c] = nd.ID
		}
	}
	wasmNames := wasmFuncNames()
	name := func(nd *profiler.ProfileNode) string {
		f := nd.CallFrame.FunctionName
		if f == "" {
			f = "(anonymous " + nd.CallFrame.URL + ")"
		}
		if i, ok := strings.CutPrefix(f, "wasm-function["); ok {
			if n, err := strconv.Atoi(strings.TrimSuffix(i, "]")); err == nil && wasmNames[n] != "" {
				f = wasmNames[n]
			}
		}
		return f
	}
	self, total := map[string]float64{}, map[string]float64{}
	// The sound's synthesis on the page: the music's (a stack through
	// RenderMusic, or a leaf only the music uses) and all of it (any
	// internal/sound function but the playing, the effects too).
	synth, sound := 0.0, 0.0
	for i, id := range p.Samples {
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		nd := byID[id]
		if nd == nil {
			continue
		}
		self[name(nd)] += dt
		seen := map[string]bool{}
		inSynth, inSound := false, false
		for x, ok := nd, true; ok && x != nil; x, ok = byID[parent[x.ID]] {
			if s := name(x); !seen[s] {
				seen[s] = true
				total[s] += dt
				// "internal_sound.X" in a .wasm's names (VISIT_WASM_NAMES)
				if _, f, ok := strings.Cut(s, "internal_sound."); ok {
					inSynth = inSynth || f == "RenderMusic" || x == nd && musicOnly[f]
					inSound = inSound || !strings.Contains(f, "Read") && !strings.Contains(f, "Player")
				}
			}
			if _, has := parent[x.ID]; !has {
				break
			}
		}
		if inSynth {
			synth += dt
		}
		if inSound {
			sound += dt
		}
	}
	window := (p.EndTime - p.StartTime) / 1000
	top := func(m map[string]float64) string {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(x, y string) int { return cmp.Compare(m[y], m[x]) })
		var sb strings.Builder
		for i, k := range keys {
			if i == n {
				break
			}
			fmt.Fprintf(&sb, "    %7.0f ms %5.1f%%  %s\n", m[k], 100*m[k]/max(window, 1), k)
		}
		return sb.String()
	}
	synthesis := "(VISIT_WASM_NAMES names no functions)"
	if len(wasmNames) > 0 {
		synthesis = fmt.Sprintf("the music's synthesis %.0f ms, %.1f%%; all of the sound's synthesis (the effects' too) %.0f ms, %.1f%%",
			synth, 100*synth/max(window, 1), sound, 100*sound/max(window, 1))
	}
	return fmt.Sprintf("  window %.1f s; %s; by own time:\n%s  by total time:\n%s",
		window/1000, synthesis, top(self), top(total))
}
