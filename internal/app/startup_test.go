package app

import (
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/ui"
)

// The debug log says once, at the first frame, how long the start took.
func TestFirstFrameIsLoggedOnce(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	var log strings.Builder
	a.opts.Debug = &log
	a.noteFirstFrame()
	a.noteFirstFrame()
	lines := regexp.MustCompile(`(?m)^gobblet: first frame after \d+ms$`).FindAllString(log.String(), -1)
	if len(lines) != 1 {
		t.Errorf("the log reads %q, want one line \"gobblet: first frame after 123ms\"", log.String())
	}
}

// Once the first frame is on the screen (the next tick after it was drawn)
// the log says so, once for the process.
func TestFirstFrameOnScreenIsLoggedOnce(t *testing.T) {
	was := shown
	shown = newSignal()
	t.Cleanup(func() { shown = was })
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.headless = false // only the log's behaviour, no window is asked
	var log strings.Builder
	a.opts.Debug = &log
	a.noteFrameShown() // nothing drawn yet
	if log.Len() != 0 {
		t.Fatalf("before any frame the log reads %q", log.String())
	}
	a.noteFirstFrame()
	a.noteFrameShown()
	a.noteFrameShown()
	lines := regexp.MustCompile(`(?m)^gobblet: first frame on screen after \d+ms$`).FindAllString(log.String(), -1)
	if len(lines) != 1 {
		t.Errorf("the log reads %q, want one line \"gobblet: first frame on screen after 123ms\"", log.String())
	}
	// and where the time went, in the order it went (e2e/perf_test.go reads it)
	m := regexp.MustCompile(`(?m)^gobblet: start: packages ready (\d+)ms, window asked (\d+)ms, first tick (\d+)ms, first frame drawn (\d+)ms, on screen (\d+)ms$`).FindAllStringSubmatch(log.String(), -1)
	if len(m) != 1 {
		t.Fatalf("the log reads %q, want one start line", log.String())
	}
	last := -1
	for i, f := range m[0][1:] {
		ms, _ := strconv.Atoi(f)
		if i != 1 && ms < last { // no window is asked here: it reads 0
			t.Errorf("the start line's milestones are out of order: %s", m[0][0])
		}
		if i != 1 {
			last = ms
		}
	}
}

// The window's first frame shows the menus' plain background: the board
// behind them is painted from the next frame on.
func TestFirstFrameWaitsNotForTheBackdrop(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	var bp boardPicture
	if !backdropWaits(a, &bp) {
		t.Error("the first frame paints the backdrop's board")
	}
	a.noteFirstFrame()
	if backdropWaits(a, &bp) {
		t.Error("after the first frame the backdrop still waits")
	}
}

// The start-up time counts from the process's start, before every
// package's initialization, where the system says when that was.
func TestStartTimeIsTheProcesss(t *testing.T) {
	now := time.Now()
	if processStart.After(now) {
		t.Fatalf("the process started %v after now", processStart.Sub(now))
	}
	d, ok := sinceExec()
	if runtime.GOOS != "linux" {
		if ok {
			t.Errorf("sinceExec knows %v where it should not", d)
		}
		return
	}
	if !ok || d <= 0 || d > time.Hour {
		t.Fatalf("sinceExec = %v, %v: want the test process's age", d, ok)
	}
	if got := startTime(now); !got.Before(now) {
		t.Errorf("startTime(now) = now: the time before this package's initialization is not counted")
	}
}

// Quitting ends the process (Options.Exit) only once the files are saved,
// and says how long the saving took.
func TestQuitExitsOnceTheFilesAreSaved(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	var log strings.Builder
	a.opts.Debug = &log
	exited := false
	a.opts.Exit = func() {
		exited = true
		if !regexp.MustCompile(`(?m)^gobblet: quit: files saved after \d+ms$`).MatchString(log.String()) {
			t.Errorf("Exit came before the files were saved; the log reads %q", log.String())
		}
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if exited {
		t.Fatal("Exit was called without a quit")
	}
	a.Quit()
	a.Update()
	if !exited {
		t.Error("a quit did not end the process")
	}
}

// The rates line says what asked for the whole frames drawn since the
// last one, the most frequent first: what a slow page's frames went to.
func TestRatesSayWhatAskedForWholeFrames(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	var log strings.Builder
	a.opts.Debug = &log
	a.firstFrameSeen = true
	frame := func() { a.takeFrame() }
	frame() // the scene's start, before the log
	clear(a.wholeBy)
	a.wake()
	a.redraw() // the first asker is the one counted
	frame()
	for range 2 {
		a.redraw()
		frame()
	}
	a.damage(ui.R(0, 0, 10, 10)) // a part is not a whole frame
	frame()
	frame() // nothing asked: nothing drawn
	a.lastLog = time.Now().Add(-3 * time.Second)
	a.logRates()
	want := regexp.MustCompile(`whole for: app\.TestRatesSayWhatAskedForWholeFrames:\d+ ×2; an input, a scene switch or a resize ×1\n`)
	if !want.MatchString(log.String()) {
		t.Errorf("the log reads %q, want the redraws' asker twice and the input once", log.String())
	}
	log.Reset()
	a.lastLog = time.Now().Add(-3 * time.Second)
	a.logRates()
	if strings.Contains(log.String(), "whole for") {
		t.Errorf("the next rates line still counts them: %q", log.String())
	}
	// a widget's redraw names the widget, not the host's method
	log.Reset()
	a.Redraw()
	frame()
	a.lastLog = time.Now().Add(-3 * time.Second)
	a.logRates()
	if !regexp.MustCompile(`whole for: app\.TestRatesSayWhatAskedForWholeFrames:\d+ ×1\n`).MatchString(log.String()) {
		t.Errorf("after a widget's redraw the log reads %q, want the widget named", log.String())
	}
}
