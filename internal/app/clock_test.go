package app

import (
	"math"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// At 60 ticks a second every tick is one step, even with a millisecond of
// jitter either way; at 12 a second (a slow machine) each tick is five.
func TestTheClockStepsByTheTimeThatPassed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		every  time.Duration
		jitter time.Duration
		want   int // steps a tick, after the first
	}{
		{"60 ticks a second", stepTime, 0, 1},
		{"60 with jitter", stepTime, time.Millisecond, 1},
		{"12 ticks a second", 5 * stepTime, 0, 5},
		{"12 with jitter", 5 * stepTime, 2 * time.Millisecond, 5},
	} {
		var c clock
		now := time.Duration(0)
		total := 0
		for i := 1; i <= 120; i++ {
			j := tc.jitter
			if i%2 == 0 {
				j = -j
			}
			got := c.step(now + tc.every + j)
			now += tc.every
			total += got
			if got != tc.want {
				t.Errorf("%s: tick %d stepped %d, want %d", tc.name, i, got, tc.want)
				break
			}
		}
		if want := int(now / stepTime); total < want-1 || total > want+1 {
			t.Errorf("%s: %d steps in %v, want %d", tc.name, total, now, want)
		}
	}
}

// Ticks that Ebitengine runs one after the other to catch up with a slow
// frame take no time: the first counts the frame, the others nothing.
func TestTicksThatCatchUpCountNoTime(t *testing.T) {
	var c clock
	c.step(stepTime)
	if got := c.step(6 * stepTime); got != 5 {
		t.Fatalf("a frame of five ticks' time stepped %d", got)
	}
	for i := range 4 {
		if got := c.step(6*stepTime + time.Duration(i)*time.Microsecond); got != 0 {
			t.Errorf("catching-up tick %d stepped %d, want 0", i, got)
		}
	}
}

// A switch of scenes lasts at most a quarter of a second, and never shows
// two scenes at once: the old one fades out, then the new one fades in.
func TestASceneSwitchIsShortAndShowsOneSceneAtATime(t *testing.T) {
	if d := fadeTicks * stepTime; d < 150*time.Millisecond || d > 250*time.Millisecond {
		t.Errorf("a switch takes %v, want 150-250 ms", d)
	}
	last := fadeOut
	for left := fadeTicks; left > 0; left-- {
		side, al := fadeLook(left)
		if side < last {
			t.Errorf("%d ticks before the end the old scene shows again", left)
		}
		last = side
		if al < 0 || al > 1 {
			t.Errorf("opacity %v", al)
		}
	}
	if side, al := fadeLook(1); side != fadeIn || al < 0.8 {
		t.Errorf("the last tick of a switch shows %v at %.2f, want the new scene nearly whole", side, al)
	}
}

// On a slow machine, five 60ths of a second a tick, a switch ends within
// its fifth of a second, in a few ticks, not in twelve.
func TestASwitchFollowsTheClockNotTheTicks(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	now := time.Duration(0)
	a.clock.now = func() time.Duration { return now }
	a.scenes.GoTo(newOptionsScene(a, a.scenes.current))
	ticks := 0
	for a.scenes.fade > 0 && ticks < 100 {
		now += 5 * stepTime
		a.Update()
		ticks++
	}
	if took := now; took > 250*time.Millisecond {
		t.Errorf("the switch took %v (%d ticks) at 12 ticks a second", took, ticks)
	}
}

// On a slow machine a tick may step past the end of a movement (the
// result card's arrival, a refused square's flash): that tick is drawn,
// so the picture never stays at the movement's last frame but one.
func TestTheTickAMovementEndsIsDrawn(t *testing.T) {
	s := newScreen(t)
	now := time.Duration(0)
	s.a.clock.now = func() time.Duration { return now }
	g := mustGame(t, rules.Gobblers, "3@b2", "1@a1", "3@a1", "2@c1")
	gs := newGameScene(s.a, twoPlayers(rules.Gobblers), g)
	s.a.scenes = sceneManager{current: gs}
	s.frame()
	gs.commit(s.a, mustMove(t, rules.Gobblers, "2@c3"), math.NaN(), 0, -1)
	for range 100 {
		now += 25 * stepTime // a tick every 0.4 s
		moving := gs.Animating(s.a)
		drawn := s.frame()
		if moving && !gs.Animating(s.a) {
			if !drawn || !s.whole() {
				t.Fatalf("the tick the result's arrival ended (at %d ticks of it) was not drawn whole", gs.ending.ticks)
			}
			return
		}
	}
	t.Fatal("the result never stopped moving")
}
