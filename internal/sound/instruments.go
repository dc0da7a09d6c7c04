package sound

import (
	"math"
)

// The instruments render one note each into a mono voice. All of them start
// with a soft attack of a few milliseconds and end at zero: no clicks.

// partial is one mode of a struck body: its frequency as a ratio of the
// fundamental, its level and its decay time constant in seconds.
type partial struct{ ratio, amp, tau float64 }

var (
	marimbaBody = []partial{{1, 1, 0.45}, {3.93, 0.22, 0.09}, {9.2, 0.05, 0.03}}
	woodBody    = []partial{{1, 1, 0.07}, {2.37, 0.38, 0.035}, {4.1, 0.14, 0.018}}
	bellBody    = []partial{{1, 1, 1.1}, {2.0, 0.35, 0.7}, {2.76, 0.25, 0.5}, {5.4, 0.1, 0.25}, {8.9, 0.04, 0.12}}
	kalimbaBody = []partial{{1, 1, 0.7}, {2.0, 0.12, 0.25}, {5.9, 0.08, 0.06}}
)

// struckOptions bend a struck note's pitch: it starts bend (relative, e.g.
// 0.2 = 20 % sharp) away from the note and settles with time constant
// bendTau, the way a hard knock on wood rings sharp for an instant.
type struckOptions struct {
	attack, bend, bendTau, tauScale float64
}

// struck renders a struck body (marimba bar, wood block, bell) at freq for
// length seconds.
//
//go:norace
func struck(freq float64, body []partial, length float64, o struckOptions) []float64 {
	if o.attack == 0 {
		o.attack = 0.002
	}
	if o.tauScale == 0 {
		o.tauScale = 1
	}
	v := make([]float64, seconds(length))
	for _, p := range body {
		f := freq * p.ratio
		if f*(1+math.Abs(o.bend)) > 0.4*SampleRate {
			continue
		}
		env := newStrikeEnv(o.attack, p.tau*o.tauScale)
		bend, bendFactor := o.bend, 0.0
		if o.bend != 0 {
			bendFactor = math.Exp(-1 / (o.bendTau * SampleRate))
		}
		phase := 0.0
		for i := range v {
			if i%4096 == 0 {
				yield()
			}
			phase += f * (1 + bend) / SampleRate
			bend *= bendFactor
			v[i] += p.amp * env.next() * sine(phase)
		}
	}
	fadeTail(v, seconds(0.02))
	return v
}

// epiano is a soft electric piano (two-operator FM): the brightness of the
// attack fades into a round tone. It sings the melody.
//
//go:norace
func epiano(freq, hold, velocity float64) []float64 {
	const release = 0.35
	v := make([]float64, seconds(hold+release))
	brightness := newStrikeEnv(0, 0.35)
	tineEnv := newStrikeEnv(0, 0.04)
	body := newStrikeEnv(0.006, 1.6)
	phase := 0.0
	for i := range v {
		if i%4096 == 0 {
			yield()
		}
		t := float64(i) / SampleRate
		index := 0.35 + 1.6*velocity*brightness.next()
		vibrato := 1 + 0.0025*sine(5*t)*min(1, t/0.6)
		phase += freq * vibrato / SampleRate
		cycles := freq * t
		tone := sine(phase + index/(2*math.Pi)*sine(cycles))
		// A quiet tine, an octave and a fifth up, dies in an instant.
		tine := 0.06 * velocity * tineEnv.next() * sine(3*cycles)
		env := body.next() * attackRelease(t, 0.001, hold, release)
		v[i] = velocity * env * (tone + tine)
	}
	return v
}

// Timbres read from wavetables: cheap enough for the long music.
var (
	warmTable = newWavetable(harmonicSeries(12, 1.35))
	hornTable = newWavetable(harmonicSeries(16, 1.1))
	bassTable = newWavetable([]float64{1, 0.35, 0.12, 0.05, 0.02})
)

// harmonicSeries falls off as 1/n^slope: 1 is a sawtooth, larger is darker.
func harmonicSeries(n int, slope float64) []float64 {
	h := make([]float64, n)
	for k := range h {
		h[k] = 1 / math.Pow(float64(k+1), slope)
	}
	return h
}

// pad is a held chord tone for the music: two slightly detuned warm voices,
// one for each channel, swelling in and out slowly.
//
//go:norace
func pad(freq, hold float64) (left, right []float64) {
	const attack, release = 0.5, 1.4
	n := seconds(hold + release)
	left, right = make([]float64, n), make([]float64, n)
	lpL, lpR := newLowpass(2400), newLowpass(2400)
	const detune = 0.0035 // about 6 cents: a slow, gentle chorus
	for i := range n {
		if i%4096 == 0 {
			yield()
		}
		t := float64(i) / SampleRate
		env := attackRelease(t, attack, hold, release)
		left[i] = lpL.next(warmTable.at(freq*(1-detune)*t)) * env
		right[i] = lpR.next(warmTable.at(freq*(1+detune)*t+0.25)) * env
	}
	return left, right
}

// bass is a round plucked bass note.
//
//go:norace
func bass(freq, hold float64) []float64 {
	const release = 0.2
	v := make([]float64, seconds(hold+release))
	lp := newLowpass(700)
	pluck := newStrikeEnv(0.012, 1.2)
	for i := range v {
		if i%4096 == 0 {
			yield()
		}
		t := float64(i) / SampleRate
		env := pluck.next() * attackRelease(t, 0.001, hold, release)
		v[i] = lp.next(bassTable.at(freq*t)) * env
	}
	return v
}

// horn is a soft brass voice for the fanfares: its filter opens with the
// attack and closes as the note settles, never buzzing.
//
//go:norace
func horn(freq, hold, brightness float64) []float64 {
	const attack, release = 0.03, 0.3
	v := make([]float64, seconds(hold+release))
	lp := newLowpass(freq)
	phase := 0.0
	for i := range v {
		if i%4096 == 0 {
			yield()
		}
		t := float64(i) / SampleRate
		if i%32 == 0 {
			cutoff := freq * (1.5 + brightness*(2.5*math.Exp(-t/0.15)+1))
			*lp = lowpass{a: 1 - math.Exp(-2*math.Pi*cutoff/SampleRate), y: lp.y}
		}
		// A gentle vibrato that sets in after the attack.
		vibrato := 1 + 0.004*sine(5.2*t)*min(1, max(0, t-0.25)/0.4)
		phase += freq * vibrato / SampleRate
		env := attackRelease(t, attack, hold, release)
		v[i] = lp.next(hornTable.at(phase)) * env
	}
	return v
}

// knock is a short burst of coloured noise: the contact of one piece with
// the board.
//
//go:norace
func knock(centre, q, tau, length float64, seed uint64) []float64 {
	v := make([]float64, seconds(length))
	n := newNoise(seed)
	bp := newBandpass(centre, q)
	env := newStrikeEnv(0.0008, tau)
	for i := range v {
		if i%4096 == 0 {
			yield()
		}
		v[i] = bp.next(n.next()) * env.next()
	}
	fadeTail(v, seconds(0.01))
	return v
}

// sweep is a sine gliding exponentially from one frequency to another: the
// "gulp" of a gobble.
//
//go:norace
func sweep(from, to, length, tau float64) []float64 {
	v := make([]float64, seconds(length))
	phase := 0.0
	env := newStrikeEnv(0.004, tau)
	for i := range v {
		if i%4096 == 0 {
			yield()
		}
		t := float64(i) / SampleRate
		f := to + (from-to)*math.Exp(-t/(length/3))
		phase += f / SampleRate
		v[i] = sine(phase) * env.next()
	}
	fadeTail(v, seconds(0.02))
	return v
}

// shaker is a soft brushed hit of high noise: air and a gentle pulse.
//
//go:norace
func shaker(length float64, seed uint64) []float64 {
	v := make([]float64, seconds(length))
	n := newNoise(seed)
	bp := newBandpass(7000, 1.2)
	env := newStrikeEnv(0.012, 0.035)
	for i := range v {
		if i%4096 == 0 {
			yield()
		}
		v[i] = bp.next(n.next()) * env.next()
	}
	fadeTail(v, seconds(0.02))
	return v
}
