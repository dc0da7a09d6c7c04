package sound

import (
	"encoding/binary"
	"io"
	"math"
	"sync/atomic"
)

// loopStream plays a loop forever as float32 stereo bytes, with a gain that
// glides to its target sample by sample: volume changes, fades and ducking
// never click, and they take effect within the audio buffer's length.
type loopStream struct {
	frames pcm16
	pos    int     // next frame
	gain   float64 // the reader's own: only Read touches it
	fade   atomic.Pointer[fade]
	// partial keeps the bytes of a frame a short Read could not take.
	partial []byte
}

// fade is where the gain goes and how fast: a full swing from 0 to 1 takes
// seconds.
type fade struct{ gain, seconds float64 }

// pcm16 is a rendered sound kept at 16 bits, interleaved left, right: half
// the memory of float32 (the 72 s music loop takes 14 MB instead of 28), and
// 16-bit resolution is below what a listener hears under the game's sounds.
// The audio output gets float32 all the same, converted as it plays.
type pcm16 []int16

// fullScale maps ±1 onto 16 bits: a power of two, so a sample read back is
// the stored one exactly.
const fullScale = 1 << 15

func newPCM16(s Stereo) pcm16 {
	p := make(pcm16, 0, 2*s.Len())
	for i := range s.L {
		if i%4096 == 0 {
			yield()
		}
		p = append(p, toInt16(s.L[i]), toInt16(s.R[i]))
	}
	return p
}

// toInt16 rounds a sample to 16 bits, clipping at full scale.
func toInt16(v float64) int16 {
	return int16(max(-fullScale, min(fullScale-1, math.Round(v*fullScale))))
}

// frames is the sound's length in frames (a sample for each channel).
func (p pcm16) frames() int { return len(p) / 2 }

// reader plays the sound once, as float32 stereo bytes.
func (p pcm16) reader() io.Reader { return &pcmReader{pcm: p} }

// pcmReader reads a pcm16 as little-endian float32 samples, in reads of any
// size.
type pcmReader struct {
	pcm     pcm16
	pos     int    // next sample
	partial []byte // the bytes of a sample a short Read could not take
}

func (r *pcmReader) Read(b []byte) (int, error) {
	n := copy(b, r.partial)
	r.partial = r.partial[n:]
	var sample [4]byte
	for n < len(b) && r.pos < len(r.pcm) {
		binary.LittleEndian.PutUint32(sample[:], math.Float32bits(float32(r.pcm[r.pos])/fullScale))
		r.pos++
		k := copy(b[n:], sample[:])
		n += k
		r.partial = append(r.partial[:0], sample[k:]...)
	}
	if n == 0 && len(b) > 0 {
		return 0, io.EOF
	}
	return n, nil
}

func newLoopStream(s Stereo) *loopStream { return loopOf(newPCM16(s)) }

// loopOf plays p, kept as it is (not copied).
func loopOf(p pcm16) *loopStream {
	ls := &loopStream{frames: p}
	ls.fade.Store(&fade{})
	return ls
}

// fadeTo sets the gain's target; safe from any goroutine.
func (ls *loopStream) fadeTo(gain, seconds float64) {
	ls.fade.Store(&fade{gain: gain, seconds: seconds})
}

func (ls *loopStream) Read(b []byte) (int, error) {
	n := 0
	if len(ls.partial) > 0 {
		n = copy(b, ls.partial)
		ls.partial = ls.partial[n:]
		if len(ls.partial) > 0 {
			return n, nil
		}
	}
	f := ls.fade.Load()
	step := 1.0
	if f.seconds > 0 {
		step = 1 / (f.seconds * SampleRate)
	}
	var frame [8]byte
	for n < len(b) {
		switch {
		case ls.gain < f.gain:
			ls.gain = math.Min(f.gain, ls.gain+step)
		case ls.gain > f.gain:
			ls.gain = math.Max(f.gain, ls.gain-step)
		}
		g := float32(ls.gain) / fullScale
		binary.LittleEndian.PutUint32(frame[0:], math.Float32bits(float32(ls.frames[2*ls.pos])*g))
		binary.LittleEndian.PutUint32(frame[4:], math.Float32bits(float32(ls.frames[2*ls.pos+1])*g))
		// A silent loop waits where it is, so music that comes back goes on
		// from where it faded out.
		if ls.gain > 0 {
			ls.pos++
			if 2*ls.pos == len(ls.frames) {
				ls.pos = 0
			}
		}
		k := copy(b[n:], frame[:])
		n += k
		if k < len(frame) {
			ls.partial = append(ls.partial[:0], frame[k:]...)
		}
	}
	return n, nil
}
