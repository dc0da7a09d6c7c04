package app

import (
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
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
