//go:build e2e

package web

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
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
