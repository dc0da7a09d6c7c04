package sound

import (
	"encoding/binary"
	"errors"
	"io"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// recorder is a mixer that remembers what it was asked to play.
type recorder struct {
	mu     sync.Mutex
	played []*recordedVoice
	music  *loopStream
	failed error
}

func (r *recorder) err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

func (r *recorder) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = err
}

type recordedVoice struct {
	mu     sync.Mutex
	sound  pcm16
	volume float64
	done   bool
}

func (v *recordedVoice) SetVolume(volume float64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.volume = volume
}

func (v *recordedVoice) IsPlaying() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return !v.done
}

func (v *recordedVoice) level() float64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.volume
}

func (r *recorder) playEffect(sound pcm16, volume float64) voice {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := &recordedVoice{sound: sound, volume: volume}
	r.played = append(r.played, v)
	return v
}

func (r *recorder) startMusic(music io.Reader) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.music = music.(*loopStream)
}

func (r *recorder) voices() []*recordedVoice {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*recordedVoice(nil), r.played...)
}

func (r *recorder) musicFade() (fade, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.music == nil {
		return fade{}, false
	}
	return *r.music.fade.Load(), true
}

// eventually waits until ok holds, failing the test after a generous while:
// the player renders on a thread of lower priority (nice 10), which a busy
// machine gives a tenth of a core's share (with -race and two busy loops
// beside the tests, 10 s were not enough to render the effects and the
// music).
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("%s did not happen", what)
}

// testPlayer is a player on a recorder with a one-second music loop, its
// effects rendered and its music started.
func testPlayer(t *testing.T) (*Player, *recorder) {
	t.Helper()
	out := &recorder{}
	p := newPlayer(func() (mixer, error) { return out, nil }, func() pcm16 { return newPCM16(rampStereo(SampleRate)) })
	t.Cleanup(p.close)
	eventually(t, "the music starts", func() bool { _, ok := out.musicFade(); return ok })
	// The effects render before the music, so they are ready too.
	return p, out
}

func TestPlayerPlaysEffectsAtTheirVolume(t *testing.T) {
	p, out := testPlayer(t)
	p.SetVolumes(Volumes{Master: 0.5, Music: 1, Effects: 0.8})
	p.Play(PutDown)
	p.Play(MenuHover)
	eventually(t, "two effects play", func() bool { return len(out.voices()) == 2 })
	v := out.voices()
	if got, want := v[0].level(), 0.5*0.8; got != want {
		t.Errorf("put down plays at %v, want %v", got, want)
	}
	if got, want := v[1].level(), 0.5*0.8*mixLevel(MenuHover); got != want {
		t.Errorf("menu hover plays at %v, want %v", got, want)
	}
	played, err := io.ReadAll(v[0].sound.reader())
	if err != nil {
		t.Fatal(err)
	}
	want := RenderEffect(PutDown)
	if len(played) != 8*want.Len() {
		t.Fatalf("put down plays %d bytes, want %d (float32 stereo)", len(played), 8*want.Len())
	}
	for i := range want.L {
		for ch, w := range [2]float64{want.L[i], want.R[i]} {
			got := float64(math.Float32frombits(binary.LittleEndian.Uint32(played[8*i+4*ch:])))
			if math.Abs(got-w) > 0.5/fullScale+1e-9 {
				t.Fatalf("put down plays %v at frame %d channel %d, RenderEffect(PutDown) has %v", got, i, ch, w)
			}
		}
	}
}

// Volumes apply at once, to the sounds already playing too; mute silences
// everything and plays no new effect.
func TestPlayerAppliesVolumesAtOnce(t *testing.T) {
	p, out := testPlayer(t)
	p.PlayMusic()
	p.Play(Hint)
	eventually(t, "the hint plays", func() bool { return len(out.voices()) == 1 })
	hint := out.voices()[0]

	p.SetVolumes(Volumes{Master: 1, Music: 0.5, Effects: 0.25})
	eventually(t, "the playing hint turns down", func() bool { return hint.level() == 0.25 })
	eventually(t, "the music turns down", func() bool { f, _ := out.musicFade(); return f.gain == 0.5 })
	if f, _ := out.musicFade(); f.seconds != volumeGlide {
		t.Errorf("a volume change glides over %v s, want %v s", f.seconds, volumeGlide)
	}

	p.SetVolumes(Volumes{Master: 1, Music: 0.5, Effects: 0.25, Mute: true})
	eventually(t, "mute silences the hint", func() bool { return hint.level() == 0 })
	eventually(t, "mute silences the music", func() bool { f, _ := out.musicFade(); return f.gain == 0 })
	p.Play(PutDown)
	p.SetVolumes(Volumes{Master: 1, Music: 0.5, Effects: 0.25, Mute: true}) // a request after the Play, to wait on
	eventually(t, "the player handles the requests", func() bool { return len(p.requests) == 0 && len(p.wake) == 0 })
	time.Sleep(10 * time.Millisecond)
	if n := len(out.voices()); n != 1 {
		t.Errorf("muted, an effect still started (%d voices)", n)
	}
}

func TestPlayerStartsAndStopsMusic(t *testing.T) {
	p, out := testPlayer(t)
	if f, _ := out.musicFade(); f.gain != 0 {
		t.Errorf("the music plays (gain %v) before PlayMusic", f.gain)
	}
	p.PlayMusic()
	eventually(t, "the music fades in", func() bool { f, _ := out.musicFade(); return f == fade{1, musicFadeIn} })
	p.StopMusic()
	eventually(t, "the music fades out", func() bool { f, _ := out.musicFade(); return f == fade{0, musicFadeOut} })
}

// The fanfare fades the music out while it plays, then brings it back.
func TestFanfareDucksTheMusic(t *testing.T) {
	p, out := testPlayer(t)
	p.PlayMusic()
	eventually(t, "the music fades in", func() bool { f, _ := out.musicFade(); return f.gain == 1 })
	p.Play(WinFanfare)
	eventually(t, "the music ducks", func() bool { f, _ := out.musicFade(); return f == fade{0, duckFadeOut} })
	// The fanfare lasts seconds; shorten the wait.
	p.duckUntil.Store(time.Now().Add(20 * time.Millisecond).UnixNano())
	p.DuckMusic(0)
	eventually(t, "the music comes back", func() bool { f, _ := out.musicFade(); return f == fade{1, duckFadeBack} })
}

func TestSilentPlayer(t *testing.T) {
	p := NewSilentPlayer("No sound device was found.")
	if p.Available() || p.Reason() == "" {
		t.Errorf("a silent player says Available %v, reason %q", p.Available(), p.Reason())
	}
	// Every method returns at once.
	done := make(chan struct{})
	go func() {
		for range 1000 {
			p.Play(Gobble)
			p.SetVolumes(Volumes{Master: 1})
			p.PlayMusic()
			p.DuckMusic(time.Second)
			p.StopMusic()
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a silent player blocks")
	}
	if v := p.Volumes(); v.Master != 1 {
		t.Errorf("Volumes() = %+v, want the last set", v)
	}
	select {
	case <-p.Opened():
	default:
		t.Error("a silent player's Opened is not closed: nothing is left to wait for")
	}
	if p.Err() != nil {
		t.Errorf("a player silent on purpose reports a failure: %v", p.Err())
	}
}

// Play never waits for the player's goroutine, however many effects come.
func TestPlayDoesNotBlock(t *testing.T) {
	out := &recorder{}
	p := &Player{requests: make(chan Effect, 2), wake: make(chan struct{}, 1), out: out}
	p.status.Store(&status{})
	p.volumes.Store(&Volumes{Master: 1, Music: 1, Effects: 1})
	// No goroutine reads the requests: the queue fills, and Play drops.
	for range 100 {
		p.Play(PickUp)
		p.SetVolumes(Volumes{Master: 1})
	}
	if len(p.requests) != 2 {
		t.Errorf("%d requests queued, want the queue's 2", len(p.requests))
	}
}

func TestVolumesClamp(t *testing.T) {
	for _, tc := range []struct {
		v             Volumes
		effect, music float64
	}{
		{Volumes{Master: 1, Music: 1, Effects: 1}, 1, 1},
		{Volumes{Master: 0.5, Music: 0.5, Effects: 0.2}, 0.1, 0.25},
		{Volumes{Master: 2, Music: -1, Effects: 1}, 1, 0},
		{Volumes{Master: 1, Music: 1, Effects: 1, Mute: true}, 0, 0},
	} {
		if e, m := tc.v.effectGain(), tc.v.musicGain(); e != tc.effect || m != tc.music {
			t.Errorf("%+v: effects %v, music %v; want %v, %v", tc.v, e, m, tc.effect, tc.music)
		}
	}
}

// A device that fails mid-game makes the player silent, not the game stop.
func TestPlayerSurvivesALostDevice(t *testing.T) {
	p, out := testPlayer(t)
	if !p.Available() {
		t.Fatal("a working player says sound is unavailable")
	}
	lost := errors.New("pulseaudio: connection closed")
	out.fail(lost)
	p.Play(PutDown)
	eventually(t, "the player notices", func() bool { return !p.Available() })
	if p.Reason() == "" || !errors.Is(p.Err(), lost) {
		t.Errorf("reason %q, err %v; want a sentence and %v", p.Reason(), p.Err(), lost)
	}
	for range 100 {
		p.Play(PutDown) // returns at once, plays nothing
	}
	if n := len(out.voices()); n != 0 {
		t.Errorf("%d effects played on a failed device", n)
	}
}

func TestWaitReady(t *testing.T) {
	failed := errors.New("no device")
	ready := make(chan struct{})
	close(ready)
	if err := waitReady(ready, func() error { return nil }, time.Minute); err != nil {
		t.Errorf("a device that opens: %v", err)
	}
	if err := waitReady(ready, func() error { return failed }, time.Minute); !errors.Is(err, failed) {
		t.Errorf("a device that fails: %v, want %v", err, failed)
	}
	if err := waitReady(make(chan struct{}), func() error { return nil }, 10*time.Millisecond); !errors.Is(err, errOpenTimeout) {
		t.Errorf("a device that never answers: %v, want %v", err, errOpenTimeout)
	}
	// No limit (a page, whose audio opens at the first click): it waits.
	late := make(chan struct{})
	time.AfterFunc(50*time.Millisecond, func() { close(late) })
	if err := waitReady(late, func() error { return nil }, 0); err != nil {
		t.Errorf("waitReady without a limit: %v", err)
	}
}

// Without a device the player is silent and says why, and it does not
// render the music (a second of work and tens of megabytes) for nobody.
func TestPlayerWithoutADevice(t *testing.T) {
	none := errors.New("no sound server")
	var rendered atomic.Bool
	p := newPlayer(func() (mixer, error) { return nil, none }, func() pcm16 { rendered.Store(true); return newPCM16(rampStereo(100)) })
	t.Cleanup(p.close)
	select {
	case <-p.Opened():
	case <-time.After(10 * time.Second):
		t.Fatal("the player did not say it gave up on the device")
	}
	if p.Available() {
		t.Error("the player gave up on the device, yet says sound is available")
	}
	if p.Reason() == "" || !errors.Is(p.Err(), none) {
		t.Errorf("reason %q, err %v; want a sentence and %v", p.Reason(), p.Err(), none)
	}
	renderAllEffects() // the music would come right after the effects
	time.Sleep(100 * time.Millisecond)
	if rendered.Load() {
		t.Error("the music was rendered without a device to play it")
	}
	p.Play(Gobble)
	p.PlayMusic()
}

// An effect asked for before the effects are rendered (they render on a
// thread that yields to the others, seconds on a busy machine) is rendered
// at once and played, not dropped; the set that comes later keeps it.
func TestAnEffectNotYetRenderedIsPlayed(t *testing.T) {
	release, letGo := holdRelease(t)
	defer SetEffectsSource(nil)
	SetEffectsSource(func() ([]PCM, error) {
		<-release // the rest of the effects are late
		return EffectsPCM(nil), nil
	})
	out := &recorder{}
	p := newPlayer(func() (mixer, error) { return out, nil }, func() pcm16 { return newPCM16(rampStereo(SampleRate)) })
	t.Cleanup(p.close)
	eventually(t, "the device opens", func() bool {
		select {
		case <-p.Opened():
			return true
		default:
			return false
		}
	})
	p.Play(PutDown)
	eventually(t, "put down plays before the effects are rendered", func() bool { return len(out.voices()) == 1 })
	want := newPCM16(RenderEffect(PutDown))
	if got := out.voices()[0].sound; !slices.Equal(got, want) {
		t.Errorf("put down played %d samples, not the effect rendered (%d)", len(got), len(want))
	}
	letGo()
	p.Play(PutDown)
	eventually(t, "put down plays again", func() bool { return len(out.voices()) == 2 })
	if got := out.voices()[1].sound; !slices.Equal(got, want) {
		t.Error("put down plays another rendering once the effects come")
	}
	// the music renders after the effects: done before the next test,
	// whose renderings' holds it would call (they are global)
	eventually(t, "the music starts", func() bool { _, ok := out.musicFade(); return ok })
}
