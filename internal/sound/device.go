package sound

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/ebitengine/oto/v3"
)

// The game plays through oto, the library under Ebitengine's audio, used
// directly. Through Ebitengine's audio a device that fails to open, or a
// sound server that goes away mid-game, comes back as an error from
// RunGame and ends the game; through oto it stays an error value here, and
// the game plays on in silence. (Only a game built as an Ebitengine VM guest
// goes through Ebitengine's audio: its sound goes to the host, no device can
// fail, and the host can hear what it plays; vmguest.go, built only for a
// guest, so that no other build links Ebitengine's audio: the browser's
// search worker renders the music with this package, and stays small.)

// openTimeout bounds the wait for the device: a sound server that does not
// answer is as good as none. (Opening takes up to two seconds with
// PulseAudio, so the player opens in the background.) A page has no limit:
// its audio opens at the player's first click, tap or key, which may come
// at any time (after 10 s the page gave up, and stayed silent).
func openTimeout() time.Duration {
	if runtime.GOOS == "js" {
		return 0
	}
	return 10 * time.Second
}

var errOpenTimeout = errors.New("the sound system did not answer in time")

// openDevice opens the audio output.
func openDevice() (mixer, error) {
	if vmGuestBuild && os.Getenv("EBITENGINE_VM_ENDPOINT") != "" {
		return openVMGuest(), nil
	}
	return openOto(openTimeout())
}

// otoMixer plays through oto.
type otoMixer struct {
	context *oto.Context
	music   *oto.Player
}

func openOto(timeout time.Duration) (*otoMixer, error) {
	quietLibraries()
	name := "Gobblet"
	context, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:      SampleRate,
		ChannelCount:    2,
		Format:          oto.FormatFloat32LE,
		ApplicationName: name,
	})
	if err != nil {
		return nil, fmt.Errorf("open sound device: %w", err)
	}
	if err := waitReady(ready, context.Err, timeout); err != nil {
		return nil, fmt.Errorf("open sound device: %w", err)
	}
	return &otoMixer{context: context}, nil
}

// waitReady waits for a device's initialization and says how it went;
// a timeout of 0 waits as long as it takes.
func waitReady(ready <-chan struct{}, result func() error, timeout time.Duration) error {
	if timeout <= 0 {
		<-ready
		return result()
	}
	select {
	case <-ready:
		return result()
	case <-time.After(timeout):
		return errOpenTimeout
	}
}

func (m *otoMixer) playEffect(sound pcm16, volume float64) voice {
	p := m.context.NewPlayer(sound.reader())
	p.SetVolume(volume)
	p.Play()
	return p // oto.Player has SetVolume and IsPlaying
}

// musicBuffer bounds how long a volume change takes to reach the ear.
const musicBuffer = 100 * time.Millisecond

func (m *otoMixer) startMusic(music io.Reader) {
	p := m.context.NewPlayer(music)
	p.SetBufferSize(int(musicBuffer.Seconds()*SampleRate) * 8)
	p.Play()
	m.music = p // oto stops a player that is no longer referenced
}

func (m *otoMixer) err() error { return m.context.Err() }
