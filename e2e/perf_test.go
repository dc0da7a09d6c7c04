//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkIdle is make perf: the real game under Xvfb, measured as a player
// leaves it, from outside (/proc/PID/stat and status) and from its --debug
// log. It prints one table, each figure beside its goal, and asserts
// nothing: speed is measured here, not tested (make test holds only what
// a busy machine still meets). The figures go to docs/performance.md. One
// run measures all; use -benchtime 1x.
//
// PERF_REPEAT (default 3) is how many 10-second windows each idle figure
// is the median of.
func BenchmarkIdle(b *testing.B) {
	repeat := 3
	if n, err := strconv.Atoi(os.Getenv("PERF_REPEAT")); err == nil && n > 0 {
		repeat = n
	}
	for range b.N {
		b.StopTimer()
		printTable(measureIdle(b, repeat))
	}
	b.ReportMetric(0, "ns/op") // one run of minutes: its time says nothing
}

// printTable prints make perf's rows (figure, measured, goal) and the
// machine's load.
func printTable(rows [][3]string) {
	fmt.Printf("\n%-52s %-48s %s\n", "figure", "measured", "goal")
	for _, r := range rows {
		fmt.Printf("%-52s %-48s %s\n", r[0], r[1], r[2])
	}
	fmt.Printf("(load average %.2f on %d cores after the run)\n\n", loadAverage(), runtime.NumCPU())
}

// BenchmarkStartQuit is make perf's start and quit: the real game started
// PERF_STARTS times (default 7) in one settings folder, as a player starts
// it day after day, each time quit from the main menu with its Quit
// button. The first start finds a fresh folder and Mesa's shader cache
// empty (MESA_SHADER_CACHE_DIR, a folder of the run's own); the others
// find both as the one before left them. Each start is timed by the
// game's debug log (its start line: packages initialized, window asked,
// first Update, first frame drawn, first frame on the screen, in ms since
// the process started), each quit from outside: from the press of the
// button to the game's "files saved" line, and to the process's end.
func BenchmarkStartQuit(b *testing.B) {
	n := 7
	if v, err := strconv.Atoi(os.Getenv("PERF_STARTS")); err == nil && v > 1 {
		n = v
	}
	for range b.N {
		b.StopTimer()
		printTable(measureStartQuit(b, n))
	}
	b.ReportMetric(0, "ns/op")
}

// startLine is the debug log's line of the start's milestones
// (internal/app, startup.go).
const startLine = `^gobblet: start: packages ready (\d+)ms, window asked (\d+)ms, first tick (\d+)ms, first frame drawn (\d+)ms, on screen (\d+)ms$`

// milestones are startLine's names, in its order.
var milestones = []string{"packages initialized", "window asked", "first Update (window made)", "first frame drawn", "first frame on screen"}

func measureStartQuit(b *testing.B, n int) [][3]string {
	var rows [][3]string
	add := func(name, goal, format string, args ...any) {
		rows = append(rows, [3]string{name, fmt.Sprintf(format, args...), goal})
	}
	cfg := b.TempDir()
	cache := "MESA_SHADER_CACHE_DIR=" + b.TempDir()
	var first [5]float64
	later := make([][]float64, 5)
	var gone, saved, ended, loads []float64
	for i := range n {
		loads = append(loads, loadAverage())
		g := start(b, cfg, cache)
		m := g.waitLog(startLine, 10*time.Second)
		for k := range 5 {
			ms, _ := strconv.ParseFloat(m[k+1], 64)
			if i == 0 {
				first[k] = ms
			} else {
				later[k] = append(later[k], ms)
			}
		}
		time.Sleep(1500 * time.Millisecond) // the backdrop painted, the icons set: the menu at rest
		w, s, e := timeQuit(b, g, g.waitUI("menu", "", 10*time.Second))
		gone, saved, ended = append(gone, w), append(saved, s), append(ended, e)
	}
	add("first start: first frame on screen (ms)", "≤ 500", "%.0f (fresh folder, cold shader cache)", first[4])
	for k, name := range milestones {
		goal := "—"
		if k == 4 {
			goal = "≤ 500"
		}
		add("next starts: "+name+" (ms)", goal, "%.0f (median of %s)", median(later[k]), fmtList0(later[k]))
	}
	add("quit from the menu: press → window gone (ms)", "at once (≤ 100)", "%.0f (median of %s)", median(gone), fmtList0(gone))
	add("quit from the menu: press → files saved (ms)", "—", "%.0f (median of %s)", median(saved), fmtList0(saved))
	add("quit from the menu: press → process ended (ms)", "—", "%.0f (median of %s)", median(ended), fmtList0(ended))
	add("load average at each start", "—", "%s", fmtList(loads))
	return rows
}

// timeQuit presses the Quit button of the menu u and measures, from the
// press, how long the window took to go (as xdotool, asked again and
// again, sees it), the game to save its files (its log's "quit: files
// saved" line, as this process reads it) and to end.
func timeQuit(tb testing.TB, g *Game, u *UI) (gone, saved, ended float64) {
	tb.Helper()
	x, y := u.Widget(tb, "Quit").Center()
	g.pointTo(x, y)
	before := g.countLog(`^gobblet: quit: files saved`)
	t0 := time.Now()
	xdo(tb, "mousedown", "1")
	defer xdo(tb, "mouseup", "1")
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	timeout := time.After(30 * time.Second)
	ms := func() float64 { return float64(time.Since(t0).Microseconds()) / 1000 }
	goneC := make(chan float64, 1)
	go func() {
		for end := time.Now().Add(40 * time.Second); time.Now().Before(end); {
			if out, err := xdoTry("search", "--onlyvisible", "--name", "^Gobblet$"); err != nil || strings.TrimSpace(out) == "" {
				goneC <- ms()
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
		goneC <- -1
	}()
	defer func() {
		select {
		case gone = <-goneC:
		case <-time.After(5 * time.Second):
			gone = -1
		}
	}()
	for {
		select {
		case <-g.exited:
			ended = ms()
			if g.err != nil {
				tb.Fatalf("Quit: the game exited with %v; log:\n%s", g.err, g.log())
			}
			if saved == 0 {
				if g.countLog(`^gobblet: quit: files saved`) == before {
					tb.Fatalf("the game ended without saying its files were saved; log:\n%s", g.log())
				}
				saved = ended
			}
			return 0, saved, ended
		case <-tick.C:
			if saved == 0 && g.countLog(`^gobblet: quit: files saved`) > before {
				saved = ms()
			}
		case <-timeout:
			tb.Fatalf("the game did not end within 30 s of a press on Quit; log:\n%s", g.log())
		}
	}
}

func fmtList0(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strings.Join(s, ", ")
}

// measureIdle runs one game and returns the table's rows: figure,
// measured, goal.
func measureIdle(b *testing.B, repeat int) [][3]string {
	const window = 10 * time.Second
	var rows [][3]string
	add := func(name, goal, format string, args ...any) {
		rows = append(rows, [3]string{name, fmt.Sprintf(format, args...), goal})
	}

	g := start(b, b.TempDir())
	pid := g.cmd.Process.Pid
	first := g.waitLog(`^gobblet: first frame after (\d+)ms$`, 10*time.Second)
	shown := g.waitLog(`^gobblet: first frame on screen after (\d+)ms$`, 10*time.Second)
	time.Sleep(2 * time.Second) // the menu's opening fade and the first rates line
	menu := cpuWindows(b, pid, window, repeat)
	add("CPU, menu idle (% of one core)", "next to none (≤ 5)", "%.1f (median of %s)", median(menu), fmtList(menu))
	b.ReportMetric(median(menu), "%cpu-menu")
	heap := g.waitLog(`^gobblet: heap live ([\d.]+) MB$`, 5*time.Second)
	add("Go heap live at the menu (MB)", "—", "%s", heap[1])
	add("resident memory at the menu (VmRSS, MB)", "—", "%.1f", rssMB(b, pid))
	add("first frame drawn after start (ms)", "—", "%s", first[1])
	add("first frame on screen after start (ms)", "≤ 500", "%s", shown[1])

	// the expert thinks after each of the human's moves; measured from the
	// move to its answer, over a few turns
	var game []float64
	r := expertRates(b, g, 3, func() {
		time.Sleep(2 * time.Second)
		game = cpuWindows(b, pid, window, repeat)
	})
	add("CPU, game waiting for the human (%)", "next to none (≤ 5)", "%.1f (median of %s)", median(game), fmtList(game))
	b.ReportMetric(median(game), "%cpu-game")
	add("frames drawn per second, waiting for the human", "next to none (≤ 2)", "%.1f (median of %s)", median(r.idleFPS), fmtList(r.idleFPS))
	add("CPU, Expert thinking (% of one core)", "—", "%.0f over %.1f s", 100*r.busy/r.secs, r.secs)
	b.ReportMetric(100*r.busy/r.secs, "%cpu-thinking")
	add("ticks per second while it thinks", "near 60 (≥ 50)", "%.1f (median of %s)", median(r.thinkTPS), fmtList(r.thinkTPS))
	add("frames drawn per second while it thinks", fmt.Sprintf("the spinner's %d (≥ %.0f)", spinnerFPS, 0.7*spinnerFPS), "%.1f (median of %s)", median(r.thinkFPS), fmtList(r.thinkFPS))
	b.ReportMetric(median(r.thinkFPS), "fps-thinking")

	// quitting after a game against Expert, the case that once took
	// seconds (Mesa's shader-cache writer still busy with the game's
	// shaders); the game may be over or still on
	if u := g.ui(); u.State != "over" {
		mark := g.logMark()
		g.keyUI("Escape")
		g.waitUIAfter(mark, "game", "paused", 10*time.Second)
	}
	mark := g.logMark()
	g.click(g.ui().Widget(b, "Main menu"))
	u := g.waitUIAfter(mark, "menu", "", 10*time.Second)
	gone, saved, ended := timeQuit(b, g, u)
	add("quit after the game: press → window gone (ms)", "at once (≤ 100)", "%.0f", gone)
	add("quit after the game: press → files saved (ms)", "—", "%.0f", saved)
	add("quit after the game: press → process ended (ms)", "—", "%.0f", ended)
	return rows
}

// cpuWindows measures the process's CPU use over n windows, in % of one core.
func cpuWindows(b testing.TB, pid int, window time.Duration, n int) []float64 {
	var out []float64
	for range n {
		c0, t0 := cpuTicks(b, pid), time.Now()
		time.Sleep(window)
		c1, el := cpuTicks(b, pid), time.Since(t0).Seconds()
		out = append(out, 100*float64(c1-c0)/clockTicks()/el)
	}
	return out
}

// cpuTicks is utime+stime of a process (fields 14 and 15 of /proc/PID/stat),
// in clock ticks.
func cpuTicks(b testing.TB, pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	// the command name, field 2, is in parentheses and may hold spaces
	s := string(raw)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	// f[0] is field 3
	ut, _ := strconv.ParseInt(f[14-3], 10, 64)
	st, _ := strconv.ParseInt(f[15-3], 10, 64)
	return ut + st
}

var reRSS = regexp.MustCompile(`(?m)^VmRSS:\s+(\d+) kB`)

// rssMB is a process's resident memory in MB.
func rssMB(b testing.TB, pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	m := reRSS.FindSubmatch(raw)
	if m == nil {
		b.Fatalf("no VmRSS in /proc/%d/status", pid)
	}
	kb, _ := strconv.ParseFloat(string(m[1]), 64)
	return kb / 1024
}

// clockTicks is the kernel's clock ticks per second (getconf CLK_TCK).
func clockTicks() float64 {
	out, err := exec.Command("getconf", "CLK_TCK").Output()
	if n, err2 := strconv.ParseFloat(strings.TrimSpace(string(out)), 64); err == nil && err2 == nil && n > 0 {
		return n
	}
	return 100
}

func fmtList(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strings.Join(s, ", ")
}
