package app

import (
	"sync/atomic"
	"time"
)

// processStart is close to when the process started: package variables are
// set before main runs, after only the runtime and the imported packages'
// initialization (a few milliseconds; see docs/memory.md).
var processStart = time.Now()

// frameShown is set once the process's first frame reached the screen.
var frameShown atomic.Bool

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
	if !a.firstFrameSeen || a.headless || frameShown.Load() {
		return
	}
	frameShown.Store(true)
	a.debugf("first frame on screen after %dms", time.Since(processStart).Milliseconds())
}
