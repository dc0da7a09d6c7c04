package app

import (
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// A game nobody touches rests: Draw is skipped already (takeFrame), but
// Ebitengine's loop still runs 60 times a second, and each turn of it asks
// the window a few questions on the main thread: about 3 % of a core under
// software OpenGL for nothing. At rest the loop waits for the window's
// events instead (Ebitengine's FPSModeVsyncOffMinimum: Update and Draw run
// when an input arrives or a frame is scheduled), and a beat schedules a
// frame restBeat apart so that what comes from elsewhere (an AI's answer, a
// network message, a file that could not be saved) is still seen soon.
// The first input wakes the loop at once and is handled in that very frame;
// then the loop runs at full speed again until the game is quiet anew.
//
// Ticks keep to real time at rest: Ebitengine runs as many Updates in a
// frame as the time since the last one affords at 60 a second (about six a
// beat), so what counts ticks (a status message's life, a timer) lasts as
// long as ever, only seen a beat late at most.
const (
	restAfter = 120                    // ticks with no input and nothing moving before the loop rests
	restBeat  = 100 * time.Millisecond // a frame this often while at rest
)

// rest is the loop's resting state.
type rest struct {
	on      bool
	stop    chan struct{} // closed to end the beat
	movedAt int           // the last tick a scene said it moves
}

// updateRest rests the loop when the game has been quiet and still for
// restAfter ticks, and wakes it when that ends. moving reports whether this
// tick's picture moves (some scenes move only every few ticks: a spinner
// turning at 30 frames a second, a caret blinking), busy whether something
// else is under way (a toast, a frame asked for).
func (a *App) updateRest(moving, busy bool) {
	if a.headless || runtime.GOOS == "js" {
		return
	}
	if moving {
		a.rest.movedAt = a.Tick
	}
	want := !busy && a.quiet() >= restAfter && a.Tick-a.rest.movedAt >= restAfter
	if want == a.rest.on {
		return
	}
	a.debugf("rest %v", want)
	if !want {
		a.endRest()
		//lint:ignore SA1019 leaving rest: the deprecated mode API is the one that stops and restarts the loop
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
		return
	}
	stop := make(chan struct{})
	a.rest.on, a.rest.stop = true, stop
	//lint:ignore SA1019 the replacement (SetScreenClearedEveryFrame) is in use too; only this mode stops the loop itself
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	go func() {
		t := time.NewTicker(restBeat)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				//lint:ignore SA1019 see above
				ebiten.ScheduleFrame()
			case <-stop:
				return
			}
		}
	}()
}

// endRest stops the beat, if the loop rests.
func (a *App) endRest() {
	if a.rest.on {
		a.rest.on = false
		close(a.rest.stop)
	}
}
