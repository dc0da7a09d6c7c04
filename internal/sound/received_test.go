package sound

import (
	"errors"
	"slices"
	"sync/atomic"
	"testing"
)

// transfer is the way the music goes from a worker to the page, without
// the browser: its bytes copied into a buffer of their own, then into the
// page's room for them.
func transfer(t *testing.T, p PCM) PCM {
	t.Helper()
	buf := slices.Clone(p.Bytes()) // the worker's ArrayBuffer, moved to the page
	got, err := NewReceivedPCM(len(buf))
	if err != nil {
		t.Fatalf("NewReceivedPCM(%d): %v", len(buf), err)
	}
	if n := copy(got.Bytes(), buf); n != len(buf) {
		t.Fatalf("room for %d bytes, %d copied", len(buf), n)
	}
	return got
}

// The music a worker renders and sends is, sample for sample, the music
// the player would render itself.
func TestReceivedMusicIsRendered(t *testing.T) {
	want := newPCM16(theme())
	holds := 0
	sent := MusicPCM(func() { holds++ })
	if !slices.Equal(sent, PCM(want)) {
		t.Fatalf("MusicPCM differs from RenderMusic's samples (%d and %d samples)", len(sent), len(want))
	}
	// hold comes at least every 4096 frames: a search waits no longer.
	if min := len(want) / 2 / 4096; holds < min {
		t.Errorf("hold was called %d times, want at least %d (every 4096 frames)", holds, min)
	}
	got := transfer(t, sent)
	if !slices.Equal(got, PCM(want)) {
		t.Fatal("the music received differs from the music sent")
	}
	if len(got) != 2*theme().Len() {
		t.Errorf("%d samples received, want %d (stereo)", len(got), 2*theme().Len())
	}

	defer SetMusicSource(nil)
	asked := 0
	SetMusicSource(func() (PCM, error) { asked++; return got, nil })
	played := playerMusic()
	if asked != 1 || !slices.Equal(played, want) {
		t.Errorf("the player asked its source %d times and plays %d samples, want once and the theme's %d", asked, len(played), len(want))
	}
	if &played[0] != &got[0] {
		t.Error("the player copied the music it received: two copies of 14 MB")
	}
}

// Where the source fails, the player renders the music itself.
func TestPlayerRendersTheMusicWhenTheSourceFails(t *testing.T) {
	defer SetMusicSource(nil)
	SetMusicSource(func() (PCM, error) { return nil, errors.New("the worker failed") })
	if got, want := playerMusic(), newPCM16(theme()); !slices.Equal(got, want) {
		t.Errorf("after the source failed the player plays %d samples, want the theme's %d", len(got), len(want))
	}
}

// While hold blocks, the rendering waits there (a search worker's search
// comes first), and it goes on, to the same samples, once hold returns.
func TestHoldPausesTheRendering(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the music once more")
	}
	var calls atomic.Int64
	held := make(chan struct{})
	release := make(chan struct{})
	done := make(chan PCM)
	go func() {
		done <- MusicPCM(func() {
			if calls.Add(1) == 10 {
				close(held)
				<-release
			}
		})
	}()
	select {
	case <-held:
	case <-done:
		t.Fatalf("the rendering finished after %d calls of its hold, want it held at the 10th", calls.Load())
	}
	select {
	case <-done:
		t.Fatal("the rendering finished while its hold blocked")
	default:
	}
	if n := calls.Load(); n != 10 {
		t.Errorf("hold was called %d times while the first call still blocked, want 10", n)
	}
	close(release)
	if got := <-done; !slices.Equal(got, PCM(newPCM16(theme()))) {
		t.Error("the music rendered with a pause differs from the theme")
	}
	if h := holding.Load(); h != nil {
		t.Error("MusicPCM left its hold in place for later renderings")
	}
}

func TestNewReceivedPCMRefusesWhatIsNotMusic(t *testing.T) {
	for _, n := range []int{0, -4, 6, 2, MaxMusicBytes + 4} {
		if p, err := NewReceivedPCM(n); err == nil {
			t.Errorf("NewReceivedPCM(%d) = %d samples, want an error", n, len(p))
		}
	}
	p, err := NewReceivedPCM(8)
	if err != nil || len(p) != 4 || len(p.Bytes()) != 8 {
		t.Errorf("NewReceivedPCM(8) = %d samples (%d bytes), %v; want 4 samples, 8 bytes", len(p), len(p.Bytes()), err)
	}
}

// Bytes is the samples' own memory, little-endian.
func TestPCMBytesAreLittleEndian(t *testing.T) {
	p := PCM{0x0102, -2}
	if got, want := p.Bytes(), []byte{0x02, 0x01, 0xfe, 0xff}; !slices.Equal(got, want) {
		t.Errorf("Bytes = % x, want % x", got, want)
	}
	p.Bytes()[0] = 0x03
	if p[0] != 0x0103 {
		t.Errorf("a write through Bytes gave %#x, want 0x103: Bytes is a copy", p[0])
	}
}
