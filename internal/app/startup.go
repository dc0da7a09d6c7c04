package app

import (
	"sync"
	"time"
)

// processStart is when the process started: on Linux as the kernel
// recorded it (sinceExec), elsewhere when this package's variables were
// set, after the runtime's and the imported packages' initialization
// (some 60 ms on a quiet machine, most of it Ebitengine's).
var processStart = startTime(time.Now())

// startTime is when the process started, at the latest now.
func startTime(now time.Time) time.Time {
	if d, ok := sinceExec(); ok && d > 0 && d < time.Hour {
		return now.Add(-d)
	}
	return now
}

// shown is closed once the process's first frame reached the screen: what
// the window does not need before (its icons) waits for it.
var shown = newSignal()

// signal is a channel closed once.
type signal struct {
	c    chan struct{}
	once *sync.Once
}

func newSignal() signal { return signal{make(chan struct{}), new(sync.Once)} }

func (s signal) done() bool {
	select {
	case <-s.c:
		return true
	default:
		return false
	}
}

func (s signal) close() { s.once.Do(func() { close(s.c) }) }

// noteFirstFrame logs, once, how long the window took to draw its first
// frame. Ebitengine sends the frame's drawing to the graphics driver and
// shows it after Draw returns (noteFrameShown).
func (a *App) noteFirstFrame() {
	if a.firstFrameSeen {
		return
	}
	a.firstFrameSeen = true
	a.debugf("first frame after %dms", time.Since(processStart).Milliseconds())
	a.warmUpSearch()
}

// noteFrameShown logs, once, how long the first frame took to reach the
// screen: the start-up time a player waits through. Ebitengine calls Update
// again only once the frame drawn last is on the screen (its buffers
// swapped); with a software renderer that first frame's shaders are
// compiled in between, which takes longer than the drawing.
func (a *App) noteFrameShown() {
	if !a.firstFrameSeen || a.headless || shown.done() {
		return
	}
	shown.close()
	a.debugf("first frame on screen after %dms", time.Since(processStart).Milliseconds())
}
