package sound

import (
	"github.com/gobblet-game/gobblet/internal/coop"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Player plays effects and music. A Player whose device could not be opened
// is silent: every method still works and Available reports false.
//
// Every method returns at once and is safe from any goroutine (Ebitengine's
// Update included): requests go to the player's own goroutine, which renders
// the sounds in the background and talks to the audio output.
type Player struct {
	status atomic.Pointer[status]

	requests chan Effect   // effects to start, oldest first
	wake     chan struct{} // volumes, music or ducking changed
	stop     chan struct{} // closed to end the goroutine (tests only)
	opened   chan struct{} // closed once the device is open or given up on
	// musicStarted is closed once the music plays on the device,
	// effectsReady once the effects are rendered for it
	musicStarted, effectsReady chan struct{}

	volumes   atomic.Pointer[Volumes]
	musicOn   atomic.Bool
	duckUntil atomic.Int64 // Unix nanoseconds

	// Owned by the player's goroutine.
	out       mixer
	effects   [numEffects]pcm16
	music     *loopStream
	playing   []playingEffect
	wasOn     bool
	wasDucked bool
	duckTimer *time.Timer
}

// status is whether sound reaches a device, and if not, why.
type status struct {
	reason string // for the player, "" when sound works
	err    error  // in detail, for a log
}

type playingEffect struct {
	voice  voice
	effect Effect
}

// mixer is the audio output the player drives: the device (device.go), a
// recorder in the tests.
type mixer interface {
	// playEffect starts a one-shot sound at a volume.
	playEffect(sound pcm16, volume float64) voice
	// startMusic starts the endless music stream.
	startMusic(music io.Reader)
	// err reports a device that failed.
	err() error
}

// voice is an effect that is playing (an oto or Ebitengine player).
type voice interface {
	SetVolume(volume float64)
	IsPlaying() bool
}

var (
	openOnce   sync.Once
	openPlayer *Player
)

// NewPlayer starts the sound: it returns at once, and opens the audio
// device and renders the sounds in the background. It never fails; without
// a device the player is silent. The process has one audio device, so every
// call returns the same Player.
//
// GOBBLET_NOSOUND=1 in the environment keeps the game silent.
func NewPlayer() *Player {
	openOnce.Do(func() {
		if os.Getenv("GOBBLET_NOSOUND") != "" {
			openPlayer = NewSilentPlayer("Sound is turned off (GOBBLET_NOSOUND).")
			return
		}
		openPlayer = newPlayer(openDevice, playerMusic)
	})
	return openPlayer
}

// NewSilentPlayer is a Player that never makes a sound, for a -nosound
// switch; reason says why, for the Options screen.
func NewSilentPlayer(reason string) *Player {
	p := &Player{opened: make(chan struct{}), musicStarted: make(chan struct{}), effectsReady: make(chan struct{})}
	close(p.opened)
	p.status.Store(&status{reason: reason})
	p.volumes.Store(&Volumes{Master: 1, Music: 1, Effects: 1})
	return p
}

// newPlayer starts a player on the output that open opens; music makes
// the loop (the theme, rendered here or received: playerMusic; something
// shorter in tests).
func newPlayer(open func() (mixer, error), music func() pcm16) *Player {
	p := &Player{
		requests: make(chan Effect, 32),
		wake:     make(chan struct{}, 1),
		stop:     make(chan struct{}),
		opened:   make(chan struct{}),
		// closed by run once the effects are ready, and the music plays
		effectsReady: make(chan struct{}),
		musicStarted: make(chan struct{}),
	}
	p.status.Store(&status{})
	p.volumes.Store(&Volumes{Master: 1, Music: 1, Effects: 1})
	go p.run(open, music)
	return p
}

// Available reports whether sound reaches a device. It can change, so ask
// it when you draw: it is true while the device opens (the first moments),
// and turns false if the device cannot be opened or fails during the game
// (the sound server stops, say).
func (p *Player) Available() bool { return p.status.Load().reason == "" }

// Opened is closed once the device has opened or the player has given up
// on it: Available and Err then say how it went.
func (p *Player) Opened() <-chan struct{} { return p.opened }

// EffectsReady is closed once the effects, rendered in the background, can
// be heard (never without a device).
func (p *Player) EffectsReady() <-chan struct{} { return p.effectsReady }

// MusicStarted is closed once the music, rendered in the background, has
// started on the device (it may be silent then: off, muted or faded).
func (p *Player) MusicStarted() <-chan struct{} { return p.musicStarted }

// Reason says in a short sentence, for the Options screen, why sound is
// unavailable ("" when it is not).
func (p *Player) Reason() string { return p.status.Load().reason }

// Err is the device's failure in detail, for a log (nil when sound works or
// was turned off on purpose).
func (p *Player) Err() error { return p.status.Load().err }

// Play starts an effect. The result sounds (WinFanfare, LossSting,
// DrawChord) fade the music out while they play and bring it back after.
// An effect asked for before the sounds are rendered (the first moments
// after start-up) is skipped.
func (p *Player) Play(e Effect) {
	if !p.Available() || e < 0 || e >= numEffects {
		return
	}
	select {
	case p.requests <- e:
	default: // a burst of effects: drop the extra rather than wait
	}
}

// SetVolumes applies volumes at once, to the sounds already playing too.
func (p *Player) SetVolumes(v Volumes) {
	p.volumes.Store(&v)
	p.poke()
}

// Volumes are the volumes last set.
func (p *Player) Volumes() Volumes { return *p.volumes.Load() }

// PlayMusic starts (or keeps playing) the background loop, fading it in.
func (p *Player) PlayMusic() {
	p.musicOn.Store(true)
	p.poke()
}

// StopMusic fades the music out; PlayMusic brings it back where it left off.
func (p *Player) StopMusic() {
	p.musicOn.Store(false)
	p.poke()
}

// DuckMusic fades the music out for d, then back in.
func (p *Player) DuckMusic(d time.Duration) {
	until := time.Now().Add(d).UnixNano()
	if until > p.duckUntil.Load() {
		p.duckUntil.Store(until)
	}
	p.poke()
}

func (p *Player) poke() {
	if !p.Available() {
		return
	}
	select {
	case p.wake <- struct{}{}:
	default: // already woken: it will read the newest state
	}
}

// close ends the player's goroutine (tests).
func (p *Player) close() { close(p.stop) }

// The player's goroutine.

type renderedEffects [numEffects]pcm16

// renderAllEffects renders every effect once a process.
var renderAllEffects = sync.OnceValue(func() renderedEffects {
	var fx renderedEffects
	for _, e := range Effects() {
		fx[e] = newPCM16(RenderEffect(e))
	}
	return fx
})

func (p *Player) run(open func() (mixer, error), music func() pcm16) {
	effectsReady := make(chan renderedEffects, 2)
	musicReady := make(chan *loopStream, 1)
	opened := make(chan bool, 1)
	go func() {
		// Made on a thread of lower priority: the window's first frames,
		// drawn meanwhile, go first.
		runtime.LockOSThread()
		coop.Background()
		playerEffects(func(fx renderedEffects) { effectsReady <- fx })
		// The music takes a second and, for a moment, some 100 MB to
		// render (in a browser, its search worker renders it: received.go):
		// only for a device that plays it. Meanwhile the collector
		// runs sooner (its buffers hold no pointers, so that is cheap) and
		// the scratch memory goes back to the system after: the runtime
		// would otherwise keep a heap twice the render's size.
		if <-opened {
			if runtime.GOOS == "js" {
				// A page's memory never shrinks, and a forced collection
				// would hold its one thread for a while: just render (or
				// wait for the worker's loop).
				musicReady <- loopOf(music())
				return
			}
			gc := debug.SetGCPercent(25)
			musicReady <- loopOf(music())
			debug.SetGCPercent(gc)
			debug.FreeOSMemory()
		}
	}()
	out, err := open()
	opened <- err == nil
	if err != nil {
		p.status.Store(&status{reason: "No sound device was found.", err: err})
		close(p.opened)
		return
	}
	p.out = out
	close(p.opened)
	// Effects asked for while the device opened are late now: skip them.
	for len(p.requests) > 0 {
		<-p.requests
	}
	p.duckTimer = time.NewTimer(time.Hour)
	p.duckTimer.Stop()
	check := time.NewTicker(deviceCheck)
	defer check.Stop()
	for p.Available() {
		select {
		case <-p.stop:
			return
		case <-check.C:
			p.deviceFailed()
		case e := <-p.requests:
			p.start(e)
		case <-p.wake:
			p.apply()
		case <-p.duckTimer.C:
			p.apply()
		case fx := <-effectsReady:
			if p.takeEffects(fx) {
				close(p.effectsReady)
			}
		case m := <-musicReady:
			p.music = m
			p.apply()
			p.out.startMusic(m)
			close(p.musicStarted)
		}
	}
}

// takeEffects keeps the effects in fx that the player lacks, and reports
// whether it has every effect now, for the first time.
func (p *Player) takeEffects(fx renderedEffects) (complete bool) {
	was := true
	for e := range fx {
		if p.effects[e] == nil {
			was = false
			p.effects[e] = fx[e]
		}
	}
	for e := range p.effects {
		if p.effects[e] == nil {
			return false
		}
	}
	return !was
}

// mixLevel sets an effect's place in the mix. The effects are rendered
// equally loud; a hover plays softer because it comes with every twitch of
// the mouse over a menu.
func mixLevel(e Effect) float64 {
	switch e {
	case MenuHover:
		return 0.5
	case MenuClick, PickUp:
		return 0.8
	}
	return 1
}

// deviceFailed notices a device that stopped working: from then on the
// player is silent and its goroutine ends.
func (p *Player) deviceFailed() bool {
	if err := p.out.err(); err != nil {
		p.status.Store(&status{reason: "The sound device stopped working.", err: err})
		return true
	}
	return false
}

func (p *Player) start(e Effect) {
	if p.deviceFailed() {
		return
	}
	sound := p.effects[e]
	if sound == nil {
		// Still being rendered, on a thread that yields to the others: on
		// a busy machine that can take seconds. This one is wanted now, so
		// it is rendered here, once (a few ms): takeEffects keeps it.
		sound = newPCM16(RenderEffect(e))
		p.effects[e] = sound
	}
	switch e {
	case WinFanfare, LossSting, DrawChord:
		length := time.Duration(sound.frames()) * time.Second / SampleRate
		p.DuckMusic(length)
	}
	gain := p.Volumes().effectGain()
	if gain == 0 {
		return
	}
	p.prune()
	v := p.out.playEffect(sound, gain*mixLevel(e))
	p.playing = append(p.playing, playingEffect{voice: v, effect: e})
}

// prune forgets the effects that have finished.
func (p *Player) prune() {
	kept := p.playing[:0]
	for _, pe := range p.playing {
		if pe.voice.IsPlaying() {
			kept = append(kept, pe)
		}
	}
	clear(p.playing[len(kept):])
	p.playing = kept
}

// Fade times: a volume change is heard at once, yet without a click; music
// comes and goes gently.
const (
	volumeGlide   = 0.05
	musicFadeIn   = 2.5
	musicFadeOut  = 1.5
	duckFadeOut   = 0.5
	duckFadeBack  = 3
	duckCheckTick = 50 * time.Millisecond
	// deviceCheck is how often the player looks whether the device failed.
	deviceCheck = time.Second
)

// apply brings the output in line with the volumes, the music switch and
// the ducking.
func (p *Player) apply() {
	if p.deviceFailed() {
		return
	}
	v := p.Volumes()
	p.prune()
	for _, pe := range p.playing {
		pe.voice.SetVolume(v.effectGain() * mixLevel(pe.effect))
	}

	on := p.musicOn.Load()
	remaining := time.Until(time.Unix(0, p.duckUntil.Load()))
	ducked := remaining > 0
	if ducked {
		p.duckTimer.Reset(remaining + duckCheckTick)
	}
	gain, glide := v.musicGain(), volumeGlide
	switch {
	case !on:
		gain, glide = 0, musicFadeOut
	case ducked:
		gain, glide = 0, duckFadeOut
	case p.wasDucked:
		glide = duckFadeBack
	case !p.wasOn:
		glide = musicFadeIn
	}
	if p.music == nil {
		return // the music is still rendering; it starts from this state
	}
	p.music.fadeTo(gain, glide)
	p.wasOn, p.wasDucked = on, ducked
}
