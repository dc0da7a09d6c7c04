package app

import (
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/browser"
	"github.com/gobblet-game/gobblet/internal/coop"
)

// In a browser the loop runs on demand.
//
// Ebitengine presents the screen at every frame that follows a drawn one
// until four in a row drew nothing, and each presentation costs the page's
// renderer a copy of the whole canvas: with no GPU (software WebGL) 20-50
// ms of a core, during which the page's next frame waits. A spinner drawn
// every few ticks with the loop running every frame is then presented at
// every frame, and the page's frames come 50-100 ms apart while the
// computer thinks.
//
// So in a browser the loop runs only when there is a reason
// (FPSModeVsyncOffMinimum): at once after an input (Ebitengine runs a
// frame, and presents it, at every input event of the page in this mode),
// at every frame while something moves continuously (a glide, a fade) or a
// screen settles after an input, and otherwise at a beat of five ticks,
// when Ebitengine runs the five ticks that passed (ticks keep to real
// time) and draws at most once: the spinner's step, an AI's answer, a
// timer, a network message. A spinner's step is then one presentation, and
// the frames between are the page's own. The desktop keeps its loop, which
// rests only when the game is quiet (rest.go).
//
// Ebitengine also runs a frame, and presents it, at every mouse move, so a
// mouse moving at the display's rate presents at every frame, whatever it
// points at: the page holds the moves with no button down back to one
// every hoverEvery (browser.PaceHover). Drags and touches come at once.
//
// A beat that comes soon after a frame the loop ran anyway (the held
// mouse's, every hoverEvery while it moves) is skipped: that frame ran the
// ticks that had passed, the spinner's step among them, and drew and
// presented it with the hover's; a frame of the beat would present the
// whole canvas once more for nothing new. So while the pointer moves the
// computer's thinking costs the page no frames of its own.
//
// And while the player's input is busy and the page's frames come late,
// the page's own work in slices (internal/coop: the music's synthesis,
// which runs on the page after the first tap or key, and a search where
// the browser has no workers) rests pageRest between its slices, as the
// search worker does (browser.WatchInput): the frames come first.
const (
	beatTicks  = 5
	beat       = beatTicks * time.Second / 60
	hoverEvery = 50 * time.Millisecond
	beatSkip   = hoverEvery + 10*time.Millisecond
	pageRest   = 24 * time.Millisecond
)

// lastFrame is when the loop last ran a frame (Draw), ns since frameEpoch.
var (
	lastFrame  atomic.Int64
	frameEpoch = time.Now()
)

// beatDue reports whether the beat at now must run a frame: no frame ran
// within beatSkip.
func beatDue(now time.Time) bool {
	return now.Sub(frameEpoch)-time.Duration(lastFrame.Load()) >= beatSkip
}

// startPacing makes the loop run on demand (in a browser).
func (a *App) startPacing() {
	a.pacing = true
	//lint:ignore SA1019 only this mode lets the loop wait for a reason to run
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	browser.PaceHover(hoverEvery)
	browser.WatchInput(func(busy bool) {
		if busy {
			coop.SetRest(pageRest)
		} else {
			coop.SetRest(0)
		}
	})
	go func() {
		for now := range time.Tick(beat) {
			if beatDue(now) {
				//lint:ignore SA1019 see above
				ebiten.ScheduleFrame()
			}
		}
	}()
}

// pace notes, at the end of each tick in a browser, whether the next tick
// must run at once; else the beat or an input brings it.
func (a *App) pace() {
	a.wantNext = a.pacing && a.wantsNextTick()
}

// scheduleNext asks for the next frame when the last tick wanted it. Draw
// calls it: Ebitengine calls Draw at every frame it runs, also one that
// ran no tick (a frame sooner than a tick at 60 a second: a display faster
// than 60 Hz, or the frame after an input's), where no Update could ask.
func (a *App) scheduleNext() {
	lastFrame.Store(int64(time.Since(frameEpoch)))
	if a.wantNext {
		//lint:ignore SA1019 see startPacing
		ebiten.ScheduleFrame()
	}
}

// wantsNextTick reports whether the tick after this one must run without
// waiting for the beat: something moves at every tick, a screen that
// settles after an input is still settling, a toast slides, a pad's
// direction is held (it repeats on the clock, 400 ms then every 110 ms,
// not at the beat; internal/input), or the game quits. A tick that draws
// nothing costs the page little: Ebitengine presents nothing after four
// such frames in a row.
func (a *App) wantsNextTick() bool {
	return a.scenes.continuous(a) || a.settling() || a.toastT > 0 || a.In.PadHeld || a.quit
}
