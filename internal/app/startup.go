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

// The start's milestones, in time since processStart, for the debug log's
// start line (noteFrameShown): packages is when this package's variables
// were set, nearly every package initialized (only the command's own come
// after); window when Run asked for the window; tick when the first Update
// ran, the window and its GL context made; drawn when the first Draw
// returned.
var milestones struct {
	packages, window, tick, drawn time.Duration
}

func init() { milestones.packages = time.Since(processStart) }

// markWindow notes that Run asks for the window now.
func markWindow() { milestones.window = time.Since(processStart) }

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
	milestones.drawn = time.Since(processStart)
	a.debugf("first frame after %dms", milestones.drawn.Milliseconds())
	a.warmUpSearch()
}

// noteFrameShown logs, once, how long the first frame took to reach the
// screen: the start-up time a player waits through. Ebitengine calls Update
// again only once the frame drawn last is on the screen (its buffers
// swapped); with a software renderer that first frame's shaders are
// compiled in between, which takes longer than the drawing.
func (a *App) noteFrameShown() {
	if milestones.tick == 0 {
		milestones.tick = time.Since(processStart)
	}
	if !a.firstFrameSeen || a.headless || shown.done() {
		return
	}
	shown.close()
	on := time.Since(processStart)
	a.debugf("first frame on screen after %dms", on.Milliseconds())
	m := milestones
	a.debugf("start: packages ready %dms, window asked %dms, first tick %dms, first frame drawn %dms, on screen %dms",
		m.packages.Milliseconds(), m.window.Milliseconds(), m.tick.Milliseconds(), m.drawn.Milliseconds(), on.Milliseconds())
}

// quitAsked is when the player asked to quit (shutdown began): the debug
// log says how long saving and closing the window took from there.
var quitAsked time.Time

// noteSaved logs how long the files took to save at quit.
func (a *App) noteSaved() {
	a.debugf("quit: files saved after %dms", time.Since(quitAsked).Milliseconds())
}

// noteClosed logs, when Ebitengine's loop has ended, how long after the
// quit it did: the window is closed.
func (a *App) noteClosed() {
	if quitAsked.IsZero() {
		return
	}
	a.debugf("quit: window closed after %dms", time.Since(quitAsked).Milliseconds())
}
