package sound

// The reverb is Jezar's Freeverb: eight damped comb filters in parallel and
// four all-pass filters in series per channel, the right channel's delays a
// little longer so the two decorrelate into a wide, soft room.

type comb struct {
	buf               []float64
	i                 int
	feedback, damp, y float64
}

//go:norace
func (c *comb) next(x float64) float64 {
	out := c.buf[c.i]
	c.y = out*(1-c.damp) + c.y*c.damp
	c.buf[c.i] = x + c.y*c.feedback
	c.i++
	if c.i == len(c.buf) {
		c.i = 0
	}
	return out
}

type allpass struct {
	buf []float64
	i   int
}

//go:norace
func (a *allpass) next(x float64) float64 {
	b := a.buf[a.i]
	a.buf[a.i] = x + b*0.5
	a.i++
	if a.i == len(a.buf) {
		a.i = 0
	}
	return b - x
}

// room describes a reverb: size sets the decay (0…1), damp how quickly the
// highs die away (0…1), wet the level of the reverb against the dry sound.
type room struct {
	size, damp, wet float64
}

var (
	// smallRoom gives the effects a body without smearing them.
	smallRoom = room{size: 0.45, damp: 0.5, wet: 0.18}
	// hall is the music's space: long, dark and soft.
	hall = room{size: 0.82, damp: 0.3, wet: 0.3}
)

type reverb struct {
	combs     [2][8]comb
	allpasses [2][4]allpass
}

func newReverb(r room) *reverb {
	combTuning := [8]int{1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617}
	allpassTuning := [4]int{556, 441, 341, 225}
	const spread = 23
	scaled := func(n int) int { return n * SampleRate / 44100 }
	rv := &reverb{}
	for ch := range 2 {
		for k, n := range combTuning {
			rv.combs[ch][k] = comb{
				buf:      make([]float64, scaled(n+ch*spread)),
				feedback: 0.7 + 0.28*r.size,
				damp:     0.4 * r.damp,
			}
		}
		for k, n := range allpassTuning {
			rv.allpasses[ch][k] = allpass{buf: make([]float64, scaled(n+ch*spread))}
		}
	}
	return rv
}

// process runs the reverb over s from sample from to the end and mixes the
// wet signal into it.
//
//go:norace
func (rv *reverb) process(s Stereo, r room, from int) {
	const inputGain = 0.015
	wet := r.wet * 3 // Freeverb's scale: its wet path is quiet by design.
	for i := from; i < len(s.L); i++ {
		if i%4096 == 0 {
			yield()
		}
		in := (s.L[i] + s.R[i]) * inputGain
		var out [2]float64
		for ch := range 2 {
			acc := 0.0
			for k := range rv.combs[ch] {
				acc += rv.combs[ch][k].next(in)
			}
			for k := range rv.allpasses[ch] {
				acc = rv.allpasses[ch][k].next(acc)
			}
			out[ch] = acc
		}
		s.L[i] += out[0] * wet
		s.R[i] += out[1] * wet
	}
}

// addReverb gives a one-shot sound its room. The sound must already have
// room at its end for the tail.
func addReverb(s Stereo, r room) {
	newReverb(r).process(s, r, 0)
}

// addLoopReverb gives a loop its room as if it had always been playing: the
// reverb first hears the loop's last seconds to fill up with its tail, then
// processes the loop itself, so the reverb at the start already carries the
// end. Twelve seconds is long enough for any room here to decay below what
// 16-bit audio can hear.
func addLoopReverb(s Stereo, r room) {
	rv := newReverb(r)
	from := max(0, s.Len()-seconds(12))
	warm := Stereo{L: append([]float64(nil), s.L[from:]...), R: append([]float64(nil), s.R[from:]...)}
	rv.process(warm, r, 0)
	rv.process(s, r, 0)
}
