package sound

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gobblet-game/gobblet/internal/coop"
)

// The music and the effects made elsewhere. In a browser the page's one thread draws the
// frames and reads the input, and rendering the 72-second loop there took a
// third of it for seconds, in 8 ms slices, while the computer thought
// (issue 25). So the page's search worker, a thread of its own and idle
// at start, renders it (MusicPCM) and sends the samples to the page as a
// transferable buffer; the page's player only takes them into its music
// stream (SetMusicSource). The effects, a second of the page's thread on
// a phone, come the same way (EffectsPCM, SetEffectsSource). Where there
// is no worker, or it fails, the page renders them itself, as before; on
// the desktop nothing changes.
//
// Both sides run the same code on the same machine (the worker is the
// same version), so the samples are the same to the bit: the worker's
// loop is what the page would have rendered (TestReceivedMusicIsRendered).

// source, when set, gives the music rendered elsewhere.
var source atomic.Pointer[func() (PCM, error)]

// SetMusicSource makes src where the player's music comes from (call it
// before NewPlayer): the player calls it once, from its own goroutine,
// when its device has opened, and renders the music itself if src fails
// (src says why in its own log). src's PCM must be whole frames
// (NewReceivedPCM).
func SetMusicSource(src func() (PCM, error)) {
	if src == nil {
		source.Store(nil)
		return
	}
	source.Store(&src)
}

// PCM is a rendered sound as the player keeps it: 16-bit stereo at
// SampleRate, interleaved left, right.
type PCM []int16

// MusicPCM renders the game's music as the player plays it, for a player
// elsewhere (SetMusicSource). hold, if not nil, is called between slices
// of the work (every 4096 samples) and may block: a search worker holds
// the rendering while it searches. MusicPCM and EffectsPCM render one at
// a time: a second call waits for the first.
func MusicPCM(hold func()) PCM {
	defer oneAtATime(hold)()
	return PCM(newPCM16(RenderMusic(Theme())))
}

// EffectsPCM renders every effect, in Effects' order, as the player plays
// them, for a player elsewhere (SetEffectsSource); hold as MusicPCM's.
func EffectsPCM(hold func()) []PCM {
	defer oneAtATime(hold)()
	fx := make([]PCM, numEffects)
	for _, e := range Effects() {
		fx[e] = PCM(newPCM16(RenderEffect(e)))
	}
	return fx
}

// holding is the hold of the rendering under way, if it has one. Every
// rendering's slices call it (yield), so two renderings at once would
// share it: rendering lets one run at a time (a worker asked for the
// effects and the music renders them one after the other).
var (
	holding   atomic.Pointer[func()]
	rendering sync.Mutex
)

// oneAtATime waits for any other rendering to end and makes hold (nil:
// none) the hold of this one, until the function it returns is called.
func oneAtATime(hold func()) (done func()) {
	rendering.Lock()
	if hold != nil {
		holding.Store(&hold)
	}
	return func() {
		holding.Store(nil)
		rendering.Unlock()
	}
}

// yield is where the synthesizer's loops hand the thread on: every 8 ms
// to the browser's event loop (internal/coop), and to a search worker's
// hold.
func yield() {
	coop.Yield()
	if h := holding.Load(); h != nil {
		(*h)()
	}
}

// MaxMusicBytes bounds the music a page takes from its worker: the theme
// is 72 s, 13.8 MB.
const MaxMusicBytes = 64 << 20

// Bytes is p's memory as bytes (little-endian on every machine a browser
// runs WebAssembly on), for a copy to or from a buffer elsewhere without
// a second copy in Go.
func (p PCM) Bytes() []byte {
	if len(p) == 0 {
		return nil
	}
	if !littleEndian {
		panic("sound: PCM.Bytes on a big-endian machine")
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&p[0])), 2*len(p))
}

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// MaxEffectsBytes bounds the effects a page takes from its worker: all of
// them are 4.0 MB.
const MaxEffectsBytes = 16 << 20

// NewReceivedEffects is room for the effects received from elsewhere, one
// PCM for each of sizes (in bytes, in Effects' order; copy each effect
// into its Bytes), or an error that says why they cannot be the effects:
// not one for each effect, one empty or not whole stereo frames, or too
// large in all.
func NewReceivedEffects(sizes []int) ([]PCM, error) {
	if err := effectSizes(sizes); err != nil {
		return nil, err
	}
	fx := make([]PCM, numEffects)
	for i, n := range sizes {
		fx[i] = make(PCM, n/2)
	}
	return fx, nil
}

// effectSizes says why effects of sizes (in bytes, in Effects' order)
// cannot be the effects: not one for each effect, one empty or not whole
// stereo frames, or too large in all; nil if they can.
func effectSizes(sizes []int) error {
	if len(sizes) != int(numEffects) {
		return fmt.Errorf("%d effects received, want %d", len(sizes), numEffects)
	}
	total := 0
	for i, n := range sizes {
		switch {
		case n <= 0:
			return fmt.Errorf("the effect %q is empty", Effect(i))
		case n%4 != 0:
			return fmt.Errorf("the effect %q is %d bytes: not whole 16-bit stereo frames", Effect(i), n)
		}
		if total += n; total > MaxEffectsBytes {
			return fmt.Errorf("the effects are over %d bytes", MaxEffectsBytes)
		}
	}
	return nil
}

// NewReceivedPCM is room for a loop of n bytes received from elsewhere
// (copy them into its Bytes), or an error that says why such a loop cannot
// be music: empty, too large, or not whole stereo frames.
func NewReceivedPCM(n int) (PCM, error) {
	switch {
	case n <= 0:
		return nil, errors.New("the music is empty")
	case n > MaxMusicBytes:
		return nil, fmt.Errorf("the music is %d bytes: at most %d", n, MaxMusicBytes)
	case n%4 != 0:
		return nil, fmt.Errorf("the music is %d bytes: not whole 16-bit stereo frames", n)
	}
	return make(PCM, n/2), nil
}

// playerMusic is the loop the player plays: from the source, or, where
// there is none or it fails, rendered here.
func playerMusic() pcm16 {
	if src := source.Load(); src != nil {
		if pcm, err := (*src)(); err == nil {
			return pcm16(pcm)
		}
	}
	return pcm16(MusicPCM(nil))
}

// effectsSource, when set, gives the effects rendered elsewhere.
var effectsSource atomic.Pointer[func() ([]PCM, error)]

// SetEffectsSource makes src where the player's effects come from (call
// it before NewPlayer): the player calls it once, from its own goroutine,
// as it starts, and renders the effects itself if src fails (src says why
// in its own log). src's effects must be NewReceivedEffects'.
func SetEffectsSource(src func() ([]PCM, error)) {
	if src == nil {
		effectsSource.Store(nil)
		return
	}
	effectsSource.Store(&src)
}

// wholeEffects reports whether fx can be the effects (effectSizes).
func wholeEffects(fx []PCM) bool {
	sizes := make([]int, len(fx))
	for i, pcm := range fx {
		sizes[i] = 2 * len(pcm)
	}
	return effectSizes(sizes) == nil
}

// menuEffects are the effects a player can hear before any game starts.
// Where the effects come from elsewhere (a worker that starts a few
// seconds into the page's life), the player renders these itself at once:
// they are short, some 80 ms of a page's thread of the 1.2 s all take.
var menuEffects = []Effect{MenuHover, MenuClick}

// playerEffects gives the player its effects: from the source, the menu's
// rendered here first; where there is no source, or it fails, all
// rendered here.
func playerEffects(give func(renderedEffects)) {
	src := effectsSource.Load()
	if src == nil {
		give(renderAllEffects())
		return
	}
	var menu renderedEffects
	for _, e := range menuEffects {
		menu[e] = newPCM16(RenderEffect(e))
	}
	give(menu)
	if fx, err := (*src)(); err == nil && wholeEffects(fx) {
		var r renderedEffects
		for i, pcm := range fx {
			r[i] = pcm16(pcm)
		}
		give(r)
		return
	}
	give(renderAllEffects())
}
