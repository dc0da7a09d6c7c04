package sound

import (
	"encoding/binary"
	"io"
	"math"
	"testing"
)

func rampStereo(n int) Stereo {
	s := newStereo(n)
	for i := range n {
		s.L[i] = float64(i+1) / 1024
		s.R[i] = -float64(i+1) / 1024
	}
	return s
}

// readFrames reads n frames through reads of the given sizes, in turn.
func readFrames(t *testing.T, ls *loopStream, n int, sizes ...int) [][2]float32 {
	var b []byte
	for k := 0; len(b) < 8*n; k++ {
		buf := make([]byte, sizes[k%len(sizes)])
		got, err := ls.Read(buf)
		if err != nil || got != len(buf) {
			t.Fatalf("Read(%d bytes) = %d, %v", len(buf), got, err)
		}
		b = append(b, buf...)
	}
	frames := make([][2]float32, n)
	for i := range frames {
		frames[i][0] = math.Float32frombits(binary.LittleEndian.Uint32(b[8*i:]))
		frames[i][1] = math.Float32frombits(binary.LittleEndian.Uint32(b[8*i+4:]))
	}
	return frames
}

// The loop goes round and round, whatever the sizes of the reads, even
// reads that split a frame.
func TestLoopStreamLoops(t *testing.T) {
	ls := newLoopStream(rampStereo(10))
	ls.fadeTo(1, 0)
	frames := readFrames(t, ls, 35, 3, 8, 13, 1, 64)
	for i, f := range frames {
		want := float32(i%10+1) / 1024
		if f[0] != want || f[1] != -want {
			t.Fatalf("frame %d = %v, want ±%v", i, f, want)
		}
	}
}

// A fade glides: the gain moves by the same small step every frame until
// it arrives, so no frame jumps.
func TestLoopStreamFadesSmoothly(t *testing.T) {
	s := newStereo(1000)
	for i := range s.L {
		s.L[i], s.R[i] = 0.5, 0.5
	}
	ls := newLoopStream(s)
	const fade = 0.01 // seconds from 0 to 1: 480 frames
	ls.fadeTo(1, fade)
	frames := readFrames(t, ls, 700, 256)
	step := 0.5 / (fade * SampleRate)
	for i := 1; i < len(frames); i++ {
		if d := float64(frames[i][0] - frames[i-1][0]); d < -1e-6 || d > step*1.01 {
			t.Fatalf("frame %d jumps by %g, want 0 to %g", i, d, step)
		}
	}
	if last := frames[len(frames)-1][0]; last != 0.5 {
		t.Errorf("after the fade the level is %v, want 0.5", last)
	}
	ls.fadeTo(0, fade)
	frames = readFrames(t, ls, 700, 256)
	if last := frames[len(frames)-1][0]; last != 0 {
		t.Errorf("after fading out the level is %v, want 0", last)
	}
}

// Silent, the loop waits: music faded out comes back where it stopped.
func TestLoopStreamWaitsWhileSilent(t *testing.T) {
	ls := newLoopStream(rampStereo(100))
	ls.fadeTo(1, 0)
	readFrames(t, ls, 10, 80)
	ls.fadeTo(0, 0)
	readFrames(t, ls, 50, 80)
	ls.fadeTo(1, 0)
	f := readFrames(t, ls, 1, 8)[0]
	if want := float32(11) / 1024; f[0] != want {
		t.Errorf("after the silence the loop plays %v, want %v (frame 10, the next)", f[0], want)
	}
}

// The loop is kept at 16 bits, 4 bytes a frame: every frame plays back
// within half a 16-bit step of the render, and full scale clips instead of
// wrapping round.
func TestLoopStreamKeepsSixteenBits(t *testing.T) {
	s := newStereo(1000)
	n := newNoise(3)
	for i := range s.L {
		s.L[i], s.R[i] = 0.9*n.next(), 0.3*n.next()
	}
	s.L[10], s.R[10] = 1, -1.5
	ls := newLoopStream(s)
	if got, want := 2*len(ls.frames), 4*s.Len(); got != want {
		t.Errorf("the loop takes %d bytes, want %d (16-bit stereo)", got, want)
	}
	ls.fadeTo(1, 0)
	for i, f := range readFrames(t, ls, s.Len(), 4096) {
		want := [2]float64{min(s.L[i], 32767.0/32768), max(s.R[i], -1)}
		for ch := range 2 {
			if d := math.Abs(float64(f[ch]) - want[ch]); d > 0.5/32768+1e-9 {
				t.Fatalf("frame %d channel %d plays %v, rendered %v", i, ch, f[ch], want[ch])
			}
		}
	}
}

// A one-shot sound plays once, as float32 stereo, through reads of any
// size (even ones that split a sample), and then says it has ended.
func TestPCMReaderPlaysOnce(t *testing.T) {
	s := rampStereo(10)
	r := newPCM16(s).reader()
	var b []byte
	sizes := []int{3, 8, 5, 1, 64}
	for k := 0; ; k++ {
		buf := make([]byte, sizes[k%len(sizes)])
		n, err := r.Read(buf)
		b = append(b, buf[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil || n == 0 {
			t.Fatalf("Read(%d bytes) = %d, %v", len(buf), n, err)
		}
	}
	if len(b) != 8*s.Len() {
		t.Fatalf("read %d bytes, want %d", len(b), 8*s.Len())
	}
	for i := range s.L {
		l := math.Float32frombits(binary.LittleEndian.Uint32(b[8*i:]))
		r := math.Float32frombits(binary.LittleEndian.Uint32(b[8*i+4:]))
		if float64(l) != s.L[i] || float64(r) != s.R[i] {
			t.Fatalf("frame %d = %v, %v; want %v, %v", i, l, r, s.L[i], s.R[i])
		}
	}
}
