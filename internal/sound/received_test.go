package sound

import (
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
	release, letGo := holdRelease(t)
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
	letGo()
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

// The effects a worker renders and sends are, sample for sample and each in
// its place, the effects the player would render itself, and the player
// plays what it received without a copy.
func TestReceivedEffectsAreRendered(t *testing.T) {
	want := renderAllEffects()
	holds := 0
	sent := EffectsPCM(func() { holds++ })
	if len(sent) != len(Effects()) {
		t.Fatalf("EffectsPCM gave %d effects, want %d", len(sent), len(Effects()))
	}
	sizes := make([]int, len(sent))
	for _, e := range Effects() {
		if !slices.Equal(sent[e], PCM(want[e])) {
			t.Errorf("%s: EffectsPCM differs from RenderEffect's samples (%d and %d samples)", e, len(sent[e]), len(want[e]))
		}
		sizes[e] = len(sent[e].Bytes())
	}
	if holds < len(Effects()) {
		t.Errorf("hold was called %d times for %d effects: a search would wait for whole effects", holds, len(Effects()))
	}
	got, err := NewReceivedEffects(sizes)
	if err != nil {
		t.Fatalf("NewReceivedEffects(%v): %v", sizes, err)
	}
	for i := range got {
		copy(got[i].Bytes(), slices.Clone(sent[i].Bytes()))
	}

	defer SetEffectsSource(nil)
	asked := 0
	SetEffectsSource(func() ([]PCM, error) { asked++; return got, nil })
	played := effectsTaken(t)
	if asked != 1 {
		t.Errorf("the player asked its source %d times, want once", asked)
	}
	for _, e := range Effects() {
		if !slices.Equal(played[e], want[e]) {
			t.Errorf("%s: the player plays %d samples, want the %d rendered", e, len(played[e]), len(want[e]))
		}
		if !slices.Contains(menuEffects, e) && &played[e][0] != &got[e][0] {
			t.Errorf("%s: the player copied the effect it received", e)
		}
	}
}

// effectsTaken is what a player takes of what playerEffects gives: every
// effect, else the test fails.
func effectsTaken(t *testing.T) renderedEffects {
	t.Helper()
	var p Player
	completed := 0
	playerEffects(func(fx renderedEffects) {
		if p.takeEffects(fx) {
			completed++
		}
	})
	if completed != 1 {
		t.Fatalf("the player's effects were completed %d times, want once", completed)
	}
	return p.effects
}

// With a source (a worker that starts seconds into the page's life), the
// effects of the menus come first, rendered by the player, before the
// source is asked: the first clicks on a menu are heard.
func TestTheMenusEffectsComeFirst(t *testing.T) {
	defer SetEffectsSource(nil)
	answer := make(chan struct{})
	SetEffectsSource(func() ([]PCM, error) { <-answer; return nil, errors.New("the worker failed") })
	given := make(chan renderedEffects, 2)
	go playerEffects(func(fx renderedEffects) { given <- fx })
	first := <-given
	for _, e := range Effects() {
		if in := slices.Contains(menuEffects, e); in != (first[e] != nil) {
			t.Errorf("%s given first: %v, want %v", e, !in, in)
		}
	}
	var p Player
	if p.takeEffects(first) {
		t.Error("the player says it has every effect with the menu's alone")
	}
	close(answer)
	if !p.takeEffects(<-given) {
		t.Error("the player does not say it has every effect once the rest came")
	}
	if p.takeEffects(renderAllEffects()) {
		t.Error("the player says twice that it has every effect")
	}
}

// Where the source fails, or gives what cannot be the effects, the player
// renders them itself.
func TestPlayerRendersTheEffectsWhenTheSourceFails(t *testing.T) {
	defer SetEffectsSource(nil)
	for name, src := range map[string]func() ([]PCM, error){
		"an error":     func() ([]PCM, error) { return nil, errors.New("the worker failed") },
		"too few":      func() ([]PCM, error) { return make([]PCM, 3), nil },
		"none and nil": func() ([]PCM, error) { return nil, nil },
		"one too many": func() ([]PCM, error) { return make([]PCM, len(Effects())+1), nil },
		"eleven empty": func() ([]PCM, error) { return make([]PCM, len(Effects())), nil },
		"half a frame": func() ([]PCM, error) {
			fx := EffectsPCM(nil)
			fx[Gobble] = fx[Gobble][:len(fx[Gobble])-1]
			return fx, nil
		},
	} {
		SetEffectsSource(src)
		got, want := effectsTaken(t), renderAllEffects()
		for _, e := range Effects() {
			if !slices.Equal(got[e], want[e]) {
				t.Errorf("%s: the player does not play the %s it renders", name, e)
			}
		}
	}
}

// A source set back to none is none: the player renders the sounds.
func TestNoSourceAfterOne(t *testing.T) {
	SetEffectsSource(func() ([]PCM, error) { return nil, errors.New("never asked") })
	SetEffectsSource(nil)
	SetMusicSource(func() (PCM, error) { return nil, errors.New("never asked") })
	SetMusicSource(nil)
	if effectsSource.Load() != nil || source.Load() != nil {
		t.Fatal("a source set to nil is still set")
	}
	if got := effectsTaken(t); &got[Gobble][0] != &renderAllEffects()[Gobble][0] {
		t.Error("with no source the player does not play the effects it renders")
	}
}

func TestNewReceivedEffectsRefusesWhatIsNotTheEffects(t *testing.T) {
	n := len(Effects())
	each := func(size int, last int) []int {
		s := slices.Repeat([]int{size}, n)
		s[n-1] = last
		return s
	}
	for name, sizes := range map[string][]int{
		"none":             nil,
		"one too few":      each(4, 4)[1:],
		"one too many":     append(each(4, 4), 4),
		"an empty effect":  each(4, 0),
		"a negative size":  each(4, -4),
		"half a frame":     each(4, 6),
		"an odd size":      each(4, 3),
		"too large in all": each(MaxEffectsBytes/n+4, 4),
	} {
		if fx, err := NewReceivedEffects(sizes); err == nil {
			t.Errorf("%s: NewReceivedEffects(%v) = %d effects, want an error", name, sizes, len(fx))
		}
	}
	fx, err := NewReceivedEffects(each(8, 4))
	if err != nil || len(fx) != n || len(fx[0]) != 4 || len(fx[n-1]) != 2 {
		t.Errorf("NewReceivedEffects of %d effects: %d effects, %v", n, len(fx), err)
	}
}

// Two renderings never run at once (the one hook, holding, would call
// the other's hold): the second starts once the first is done, each
// calling its own hold.
func TestOneRenderingWithAHoldAtATime(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the music once more")
	}
	release, letGo := holdRelease(t)
	held := make(chan struct{})
	var musicHeldEarly atomic.Bool
	fxDone := make(chan []PCM)
	go func() {
		var once bool
		fxDone <- EffectsPCM(func() {
			if !once {
				once = true
				close(held)
				<-release
			}
		})
	}()
	<-held
	musicDone := make(chan PCM)
	go func() {
		musicDone <- MusicPCM(func() {
			select {
			case <-release:
			default:
				musicHeldEarly.Store(true)
			}
		})
	}()
	time.Sleep(200 * time.Millisecond)
	letGo()
	fx := <-fxDone
	music := <-musicDone
	if musicHeldEarly.Load() {
		t.Error("the music's rendering ran (and called its hold) while the effects' was held")
	}
	want := renderAllEffects()
	for _, e := range Effects() {
		if !slices.Equal(fx[e], PCM(want[e])) {
			t.Errorf("%s differs when the music waits for it", e)
		}
	}
	if !slices.Equal(music, PCM(newPCM16(theme()))) {
		t.Error("the music differs when it waits for the effects")
	}
}

// holdRelease is a channel a test's hold blocks on and the function that
// closes it, once; a test that stops early (t.Fatal) closes it too, so the
// rendering it held ends and lets the next tests' renderings run (they
// render one at a time) instead of hanging them until the timeout.
func holdRelease(t *testing.T) (release chan struct{}, letGo func()) {
	release = make(chan struct{})
	letGo = sync.OnceFunc(func() { close(release) })
	t.Cleanup(letGo)
	return release, letGo
}
