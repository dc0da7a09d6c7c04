package app

import "time"

// clock measures the time the animations follow. Ebitengine runs 60 ticks
// a second while frames keep up; when they do not (a slow machine, a
// software renderer), it runs fewer and the game goes in slow motion: a
// fade or a glide counted in ticks then lasted a second and more. Each
// tick instead moves them on by the 60ths of a second that really passed.
type clock struct {
	start      time.Time
	last       time.Duration        // the time at the last step
	unconsumed time.Duration        // measured, not yet given out as steps
	now        func() time.Duration // tests: the time since start; nil: the real clock
}

// stepTime is one step: a tick's time at 60 ticks a second.
const stepTime = time.Second / 60

// tick returns the steps of this tick: what the clock measured since the
// last tick, or one in a test's App (no window: a tick is a step) unless
// the test gives it a clock.
func (c *clock) tick(fixed bool) int {
	if c.now != nil {
		return c.step(c.now())
	}
	if fixed {
		return 1
	}
	if c.start.IsZero() {
		c.start = time.Now()
	}
	return c.step(time.Since(c.start))
}

// step returns how many 60ths of a second passed between the last step and
// now, rounded so that a tick that comes a little early or late still
// counts one; the remainder is carried over, so the count never drifts
// from the clock, and ticks run at once to catch up count no more time.
func (c *clock) step(now time.Duration) int {
	c.unconsumed += now - c.last
	c.last = now
	n := max(0, (c.unconsumed+stepTime/2)/stepTime)
	c.unconsumed -= n * stepTime
	return int(n)
}
