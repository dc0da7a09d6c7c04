package sound

import (
	"math"
)

// The loops also call yield (received.go: coop.Yield, and a search worker's
// hold) every 4096 samples: in a browser, where the sounds are made on one
// thread (the page's, or the search worker's), it lets frames be drawn or a
// search run meanwhile (the music alone takes seconds there); elsewhere it
// is nothing.

// About //go:norace on the synthesizer's loops: they work on buffers that
// only their own goroutine holds, so the race detector has nothing to find
// there and would only slow them twentyfold under `go test -race`. The
// player's code, where goroutines do share, stays instrumented.

// SampleRate is the rate of every rendered sound and of the audio context.
const SampleRate = 48000

// Stereo is a rendered sound: two channels of equal length, linear, full
// scale at ±1.
type Stereo struct {
	L, R []float64
}

func newStereo(samples int) Stereo {
	return Stereo{L: make([]float64, samples), R: make([]float64, samples)}
}

// Len is the length in samples per channel.
func (s Stereo) Len() int { return len(s.L) }

// Duration is the length in seconds.
func (s Stereo) Duration() float64 { return float64(len(s.L)) / SampleRate }

// scale multiplies both channels by g.
//
//go:norace
func (s Stereo) scale(g float64) {
	for i := range s.L {
		if i%4096 == 0 {
			yield()
		}
		s.L[i] *= g
		s.R[i] *= g
	}
}

// mix adds a mono voice starting at sample start, with gain and an
// equal-power pan (-1 left … +1 right). With wrap, whatever runs past the end
// comes back in at the beginning, which is how the music loop stays seamless.
//
//go:norace
func (s Stereo) mix(voice []float64, start int, gain, pan float64, wrap bool) {
	angle := (pan + 1) * math.Pi / 4
	gl, gr := gain*math.Cos(angle), gain*math.Sin(angle)
	n := len(s.L)
	for i, v := range voice {
		if i%4096 == 0 {
			yield()
		}
		j := start + i
		if j >= n || j < 0 {
			if !wrap {
				if j >= n {
					return
				}
				continue
			}
			j = ((j % n) + n) % n
		}
		s.L[j] += v * gl
		s.R[j] += v * gr
	}
}

// Peak is the largest absolute sample.
//
//go:norace
func (s Stereo) Peak() float64 {
	p := 0.0
	for i := range s.L {
		p = max(p, math.Abs(s.L[i]), math.Abs(s.R[i]))
	}
	return p
}

// RMS is the root mean square over both channels and the whole sound.
func (s Stereo) RMS() float64 {
	return s.windowRMS(0, len(s.L))
}

//go:norace
func (s Stereo) windowRMS(from, to int) float64 {
	if to <= from {
		return 0
	}
	sum := 0.0
	for i := from; i < to; i++ {
		if i%4096 == 0 {
			yield()
		}
		sum += s.L[i]*s.L[i] + s.R[i]*s.R[i]
	}
	return math.Sqrt(sum / float64(2*(to-from)))
}

// Loudness is the RMS of the loudest 100 ms window: how loud a short sound
// feels, independent of how long its tail rings on.
func (s Stereo) Loudness() float64 {
	const window, hop = SampleRate / 10, SampleRate / 100
	if len(s.L) <= window {
		// A sound shorter than the window is heard as that window.
		return s.windowRMS(0, len(s.L)) * math.Sqrt(float64(len(s.L))/window)
	}
	best := 0.0
	for from := 0; from+window <= len(s.L); from += hop {
		yield()
		best = max(best, s.windowRMS(from, from+window))
	}
	return best
}

// Float32LE is the sound as interleaved little-endian 32-bit floats, the
// format Ebitengine's audio plays.
//
//go:norace
func (s Stereo) Float32LE() []byte {
	b := make([]byte, 0, 8*len(s.L))
	for i := range s.L {
		if i%4096 == 0 {
			yield()
		}
		b = appendFloat32LE(b, s.L[i])
		b = appendFloat32LE(b, s.R[i])
	}
	return b
}

func appendFloat32LE(b []byte, v float64) []byte {
	u := math.Float32bits(float32(v))
	return append(b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
}

// noise is a small deterministic generator (xorshift64*): every render of a
// sound gives the same bytes.
type noise struct{ state uint64 }

func newNoise(seed uint64) *noise { return &noise{state: seed*0x9E3779B97F4A7C15 | 1} }

// next is white noise in [-1, 1).
//
//go:norace
func (n *noise) next() float64 {
	n.state ^= n.state >> 12
	n.state ^= n.state << 25
	n.state ^= n.state >> 27
	return float64((n.state*0x2545F4914F6CDD1D)>>11)/(1<<52) - 1
}

// midiHz is the frequency of a MIDI note number (A4 = 69 = 440 Hz).
func midiHz(note float64) float64 { return 440 * math.Pow(2, (note-69)/12) }

func seconds(s float64) int { return int(math.Round(s * SampleRate)) }

// attackRelease shapes a held note: a raised-cosine attack (no click), held
// at 1, then a raised-cosine release after hold seconds.
func attackRelease(t, attack, hold, release float64) float64 {
	switch {
	case t < 0:
		return 0
	case t < attack:
		return 0.5 - 0.5*math.Cos(math.Pi*t/attack)
	case t < hold:
		return 1
	case t < hold+release:
		return 0.5 + 0.5*math.Cos(math.Pi*(t-hold)/release)
	}
	return 0
}

// strikeEnv shapes a struck sound: a short raised-cosine attack, then an
// exponential decay with time constant tau, computed by one multiplication a
// sample (the music needs millions of them).
type strikeEnv struct {
	level, factor float64
	i, attack     int
}

func newStrikeEnv(attack, tau float64) *strikeEnv {
	return &strikeEnv{level: 1, factor: math.Exp(-1 / (tau * SampleRate)), attack: seconds(attack)}
}

//go:norace
func (e *strikeEnv) next() float64 {
	v := e.level
	e.level *= e.factor
	if e.i < e.attack {
		v *= 0.5 - 0.5*math.Cos(math.Pi*float64(e.i)/float64(e.attack))
		e.i++
	}
	return v
}

// fadeTail brings the last part of a voice smoothly to zero so that cutting
// it off never clicks.
//
//go:norace
func fadeTail(v []float64, fade int) {
	fade = min(fade, len(v))
	for i := 0; i < fade; i++ {
		g := 0.5 - 0.5*math.Cos(math.Pi*float64(i)/float64(fade))
		v[len(v)-1-i] *= g
	}
}

// wavetable is one band-limited cycle, built from harmonics so it cannot
// alias however it is read.
type wavetable []float64

const tableSize = 4096

func newWavetable(harmonics []float64) wavetable {
	t := make(wavetable, tableSize+1)
	for i := range tableSize {
		x := 2 * math.Pi * float64(i) / tableSize
		for h, a := range harmonics {
			t[i] += a * math.Sin(float64(h+1)*x)
		}
	}
	t[tableSize] = t[0]
	peak := 0.0
	for _, v := range t {
		peak = max(peak, math.Abs(v))
	}
	for i := range t {
		t[i] /= peak
	}
	return t
}

// at reads the table at a phase in cycles (any real number).
//
//go:norace
func (t wavetable) at(phase float64) float64 {
	phase -= math.Floor(phase)
	x := phase * tableSize
	i := int(x)
	f := x - float64(i)
	return t[i] + f*(t[i+1]-t[i])
}

// sine is a sine wave read from a table: as exact as 16-bit audio needs and
// much faster than math.Sin.
var sineTable = newWavetable([]float64{1})

func sine(cycles float64) float64 { return sineTable.at(cycles) }

// lowpass is a one-pole low-pass filter: gentle, 6 dB per octave.
type lowpass struct{ a, y float64 }

func newLowpass(cutoff float64) *lowpass {
	return &lowpass{a: 1 - math.Exp(-2*math.Pi*cutoff/SampleRate)}
}

//go:norace
func (f *lowpass) next(x float64) float64 {
	f.y += f.a * (x - f.y)
	return f.y
}

// bandpass is a state-variable filter (Chamberlin), used to colour noise.
type bandpass struct{ f, q, low, band float64 }

func newBandpass(centre, q float64) *bandpass {
	return &bandpass{f: 2 * math.Sin(math.Pi*centre/SampleRate), q: 1 / q}
}

//go:norace
func (b *bandpass) next(x float64) float64 {
	b.low += b.f * b.band
	high := x - b.low - b.q*b.band
	b.band += b.f * high
	return b.band
}
