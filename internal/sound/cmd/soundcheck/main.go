// Command soundcheck runs a minimal Ebitengine game that plays the game's
// sounds, for the end-to-end sound test (../../testdata/e2e.sh): it must
// keep running without a sound device or when the device goes away, be
// heard through one, and be silent when muted. With -wav it writes every
// sound as a WAV file instead.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/audio"

	"github.com/gobblet-game/gobblet/internal/sound"
)

func main() {
	seconds := flag.Float64("seconds", 5, "run this long, then quit")
	effect := flag.String("effect", "put down", "effect to repeat (a name as in sound.Effect.String, or none)")
	every := flag.Duration("every", 500*time.Millisecond, "how often to play the effect")
	music := flag.Bool("music", false, "play the music too")
	musicFor := flag.Duration("music-for", 0, "with -music: run until the music has played this long (it renders in the background, slowly on a busy machine), at most 3 minutes; says when it started")
	mute := flag.Bool("mute", false, "mute everything")
	throughEbiten := flag.Bool("through-ebiten", false, "play through Ebitengine's audio instead, to show what playing through oto prevents")
	wavDir := flag.String("wav", "", "write every sound as a WAV file into this folder and quit")
	flag.Parse()

	if *wavDir != "" {
		if err := writeWAVs(*wavDir); err != nil {
			fmt.Fprintln(os.Stderr, "soundcheck:", err)
			os.Exit(1)
		}
		return
	}

	g := &game{until: time.Now().Add(time.Duration(*seconds * float64(time.Second))), every: *every}
	if *throughEbiten {
		g.raw = audio.NewContext(sound.SampleRate)
	} else {
		g.player = sound.NewPlayer()
		g.player.SetVolumes(sound.Volumes{Master: 1, Music: 1, Effects: 1, Mute: *mute})
		if *music {
			g.player.PlayMusic()
			if *musicFor > 0 {
				began := time.Now()
				go func() {
					<-g.player.MusicStarted()
					fmt.Printf("music started after %.2f s\n", time.Since(began).Seconds())
					g.stopAt.Store(time.Now().Add(*musicFor).UnixNano())
				}()
			}
		}
		// The effects render in the background, at a lower priority: on a
		// busy machine that takes seconds. The run's time counts from when
		// they can be heard (or the device is given up on).
		g.until = time.Now().Add(3 * time.Minute)
		began := time.Now()
		go func() {
			<-g.player.Opened()
			for g.player.Available() {
				select {
				case <-g.player.EffectsReady():
					fmt.Printf("effects ready after %.2f s\n", time.Since(began).Seconds())
				case <-time.After(100 * time.Millisecond):
					continue // the device may go away meanwhile
				}
				break
			}
			if *musicFor == 0 {
				g.stopAt.Store(time.Now().Add(time.Duration(*seconds * float64(time.Second))).UnixNano())
			}
			g.ready.Store(true)
		}()
		fmt.Printf("sound available: %v %s\n", g.player.Available(), g.player.Reason())
		if err := g.player.Err(); err != nil {
			fmt.Println("sound device:", err)
		}
	}
	if *effect != "none" {
		e, ok := effectNamed(*effect)
		if !ok {
			fmt.Fprintf(os.Stderr, "soundcheck: no effect %q\n", *effect)
			os.Exit(2)
		}
		g.effect = &e
	}

	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("soundcheck")
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintf(os.Stderr, "soundcheck: the game stopped after %d frames: %v\n", g.frames, err)
		os.Exit(1)
	}
	fmt.Printf("ran %d frames, played %d effects\n", g.frames, g.played)
	if g.player != nil {
		fmt.Printf("sound available at the end: %v %s\n", g.player.Available(), g.player.Reason())
	}
}

type game struct {
	player *sound.Player
	raw    *audio.Context
	effect *sound.Effect
	every  time.Duration
	until  time.Time
	stopAt atomic.Int64 // Unix nanoseconds, when set: run until then
	ready  atomic.Bool  // the effects can be heard, or never will
	next   time.Time
	frames int
	played int
}

func (g *game) Update() error {
	g.frames++
	now := time.Now()
	if at := g.stopAt.Load(); now.After(g.until) || at != 0 && now.UnixNano() > at {
		return ebiten.Termination
	}
	if g.effect != nil && now.After(g.next) && (g.player == nil || g.ready.Load()) {
		g.next = now.Add(g.every)
		g.played++
		if g.player != nil {
			g.player.Play(*g.effect)
		} else {
			g.raw.NewPlayerF32FromBytes(sound.RenderEffect(*g.effect).Float32LE()).Play()
		}
	}
	return nil
}

func (g *game) Draw(*ebiten.Image) {}

func (g *game) Layout(int, int) (int, int) { return 320, 240 }

func effectNamed(name string) (sound.Effect, bool) {
	for _, e := range sound.Effects() {
		if e.String() == name {
			return e, true
		}
	}
	return 0, false
}

func writeWAVs(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	write := func(name string, s sound.Stereo) error {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".wav")
		if err := os.WriteFile(path, s.WAV(), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}
	for _, e := range sound.Effects() {
		if err := write(e.String(), sound.RenderEffect(e)); err != nil {
			return err
		}
	}
	return write("music", sound.RenderMusic(sound.Theme()))
}
