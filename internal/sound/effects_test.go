package sound

import (
	"bytes"
	"math"
	"math/cmplx"
	"sync"
	"testing"
)

// The tests share one render of each effect.
var rendered = sync.OnceValue(func() map[Effect]Stereo {
	m := map[Effect]Stereo{}
	for _, e := range Effects() {
		m[e] = RenderEffect(e)
	}
	return m
})

func TestEffectsAreDeterministic(t *testing.T) {
	for _, e := range Effects() {
		if !bytes.Equal(rendered()[e].Float32LE(), RenderEffect(e).Float32LE()) {
			t.Errorf("%v: two renders differ", e)
		}
	}
}

// Full scale is 1; every effect peaks at least 1 dB below it, even at the
// loudest place in the mix.
func TestEffectsDoNotClip(t *testing.T) {
	limit := math.Pow(10, -1.0/20)
	for _, e := range Effects() {
		if peak := rendered()[e].Peak() * mixLevel(e); peak >= limit {
			t.Errorf("%v peaks at %.3f (%.1f dBFS), want below %.3f", e, peak, dB(peak), limit)
		}
	}
}

// The effects are equally loud, measured as the RMS of their loudest 100 ms,
// so none startles and none is lost.
func TestEffectsAreEquallyLoud(t *testing.T) {
	const band = 1.0 // dB
	for _, e := range Effects() {
		s := rendered()[e]
		if d := dB(s.Loudness() / EffectLoudness); math.Abs(d) > band/2 {
			t.Errorf("%v: loudness %.4f is %+.2f dB from %.4f", e, s.Loudness(), d, EffectLoudness)
		}
		if s.RMS() == 0 || s.Loudness() < s.RMS() {
			t.Errorf("%v: RMS %.4f, loudness %.4f: the loudest window cannot be below the average", e, s.RMS(), s.Loudness())
		}
	}
}

// A sound starts from silence without a click, gets going within 30 ms, and
// ends in silence.
func TestEffectsStartAndEndSoftly(t *testing.T) {
	for _, e := range Effects() {
		s := rendered()[e]
		if first := math.Max(math.Abs(s.L[0]), math.Abs(s.R[0])); first > 0.01 {
			t.Errorf("%v starts at %.3f, not from silence", e, first)
		}
		if onset := s.windowRMS(0, seconds(0.03)); onset < EffectLoudness/10 {
			t.Errorf("%v: the first 30 ms have RMS %.4f: the sound starts late", e, onset)
		}
		n := s.Len()
		if last := math.Max(math.Abs(s.L[n-1]), math.Abs(s.R[n-1])); last > 1e-4 {
			t.Errorf("%v ends at %.5f, not in silence", e, last)
		}
		// Before the closing fade, the tail has died away by itself.
		fade := seconds(closingFade)
		if tail := s.windowRMS(n-fade-seconds(0.02), n-fade); tail > EffectLoudness/30 {
			t.Errorf("%v: the tail is still at %.1f dB of its loudness when cut", e, dB(tail/EffectLoudness))
		}
	}
}

// Nothing harsh: little energy above 6 kHz, where raw square waves and
// aliasing would put it.
func TestEffectsAreNotHarsh(t *testing.T) {
	for _, e := range Effects() {
		s := rendered()[e]
		if share := highShare(s.L, 6000); share > 0.02 {
			t.Errorf("%v has %.1f%% of its energy above 6 kHz", e, 100*share)
		}
	}
}

func TestHighShareSeesASquareWave(t *testing.T) {
	square := make([]float64, SampleRate/4)
	for i := range square {
		square[i] = math.Copysign(0.5, math.Sin(2*math.Pi*440*float64(i)/SampleRate))
	}
	if share := highShare(square, 6000); share < 0.02 {
		t.Errorf("a raw 440 Hz square wave has only %.2f%% above 6 kHz: the harshness test is blind", 100*share)
	}
}

// A gobble is the heavier put-down: more of its energy is low.
func TestGobbleIsDeeperThanPutDown(t *testing.T) {
	gobble, putDown := centroid(rendered()[Gobble].L), centroid(rendered()[PutDown].L)
	if gobble >= putDown {
		t.Errorf("gobble's spectral centroid %.0f Hz is not below put down's %.0f Hz", gobble, putDown)
	}
	if rendered()[Gobble].Duration() <= rendered()[PutDown].Duration() {
		t.Errorf("gobble is not fuller (longer) than put down")
	}
}

func TestEffectNames(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Effects() {
		name := e.String()
		if seen[name] || name == "" {
			t.Errorf("effect %d has name %q twice or empty", int(e), name)
		}
		seen[name] = true
	}
	if got := Effect(99).String(); got != "Effect(99)" {
		t.Errorf("Effect(99).String() = %q", got)
	}
}

// spectrum is the power spectrum of the first 2^k samples of v (k as large
// as fits), with the frequency of each bin.
func spectrum(v []float64) (power, freq []float64) {
	n := 1
	for n*2 <= len(v) {
		n *= 2
	}
	x := make([]complex128, n)
	for i := range x {
		hann := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n))
		x[i] = complex(v[i]*hann, 0)
	}
	fft(x)
	power, freq = make([]float64, n/2), make([]float64, n/2)
	for i := range power {
		power[i] = real(x[i])*real(x[i]) + imag(x[i])*imag(x[i])
		freq[i] = float64(i) * SampleRate / float64(n)
	}
	return power, freq
}

// fft is an in-place radix-2 Cooley-Tukey transform (len(x) a power of 2).
func fft(x []complex128) {
	n := len(x)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			x[i], x[j] = x[j], x[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, -2*math.Pi/float64(size)))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := 0; k < size/2; k++ {
				a, b := x[start+k], x[start+k+size/2]*wk
				x[start+k], x[start+k+size/2] = a+b, a-b
				wk *= w
			}
		}
	}
}

func highShare(v []float64, above float64) float64 {
	power, freq := spectrum(v)
	total, high := 0.0, 0.0
	for i, p := range power {
		total += p
		if freq[i] > above {
			high += p
		}
	}
	return high / total
}

func centroid(v []float64) float64 {
	power, freq := spectrum(v)
	sum, weighted := 0.0, 0.0
	for i, p := range power {
		sum += p
		weighted += p * freq[i]
	}
	return weighted / sum
}
