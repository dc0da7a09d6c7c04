package app

import (
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/input"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// A pad's direction held repeats on the clock (400 ms, then every 110 ms;
// internal/input), not at the browser's beat: while it is held the loop
// asks for every tick, and once it is let go the loop waits again.
func TestTheBrowsersLoopRunsEveryTickWhileAPadDirectionIsHeld(t *testing.T) {
	src := &padSource{}
	a := newHeadless(src, 1280, 800)
	gs := newGameScene(a, twoPlayers(rules.Gobblers), nil)
	a.scenes = sceneManager{current: gs}
	ticks(t, a, settleTicks)
	if a.wantsNextTick() {
		t.Fatal("the loop wants every tick in a quiet game, before the pad is touched")
	}
	var held input.PadState
	held.Held[input.DpadRight] = true
	for range 3 * settleTicks {
		src.states = append(src.states, held)
	}
	for i := range 3 * settleTicks {
		ticks(t, a, 1)
		if !a.wantsNextTick() {
			t.Fatalf("the D-pad held for %d ticks: the loop waits for the beat, so the direction repeats at the beat, not on its own clock", i+1)
		}
	}
	src.states = append(src.states, input.PadState{})
	ticks(t, a, settleTicks)
	if a.wantsNextTick() {
		t.Error("the D-pad let go: the loop still wants every tick")
	}
}

// The browser's beat runs no frame of its own soon after one the loop ran
// anyway (the held mouse's, every hoverEvery while it moves): that frame
// ran the ticks, the spinner's step among them. Once no frame has run for
// a while the beat runs one again.
func TestTheBeatStepsAsideForAFrameThatJustRan(t *testing.T) {
	a := newHeadless(&padSource{}, 1280, 800)
	a.scheduleNext() // Draw's first call: a frame runs
	ran := frameEpoch.Add(time.Duration(lastFrame.Load()))
	if beatDue(ran) || beatDue(ran.Add(hoverEvery)) {
		t.Error("the beat runs a frame within one hover's time of a frame that ran anyway")
	}
	if !beatDue(ran.Add(beat + hoverEvery)) {
		t.Error("the beat runs no frame though none ran for a beat and a hover's time")
	}
}
