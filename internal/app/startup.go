package app

import "time"

// processStart is close to when the process started: package variables are
// set before main runs, after only the runtime and the imported packages'
// initialization (a few milliseconds; see docs/memory.md).
var processStart = time.Now()

// noteFirstFrame logs, once, how long the window took to show its first
// frame: the start-up time a player waits through.
func (a *App) noteFirstFrame() {
	if a.firstFrameSeen {
		return
	}
	a.firstFrameSeen = true
	a.debugf("first frame after %dms", time.Since(processStart).Milliseconds())
	a.warmUpSearch()
}
