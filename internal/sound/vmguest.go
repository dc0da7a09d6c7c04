//go:build ebitenginevmguest

package sound

import (
	"io"

	"github.com/hajimehoshi/ebiten/v2/audio"
)

const vmGuestBuild = true

// openVMGuest is the output of a game built as an Ebitengine VM guest.
func openVMGuest() mixer { return &ebitenMixer{context: audio.NewContext(SampleRate)} }

// ebitenMixer plays through Ebitengine's audio, for VM guests.
type ebitenMixer struct {
	context *audio.Context
	music   *audio.Player
}

func (m *ebitenMixer) playEffect(sound pcm16, volume float64) voice {
	if !m.context.IsReady() {
		// Ebitengine would hold the effect until the device opens and then
		// play everything held at once; a late knock is worse than none.
		return silentVoice{}
	}
	p, err := m.context.NewPlayerF32(sound.reader())
	if err != nil {
		return silentVoice{} // Ebitengine documents no error for a reader like this
	}
	p.SetVolume(volume)
	p.Play()
	return p
}

func (m *ebitenMixer) startMusic(music io.Reader) {
	p, err := m.context.NewPlayerF32(music)
	if err != nil {
		return // Ebitengine documents no error for a stream like ours
	}
	p.SetBufferSize(musicBuffer)
	p.Play()
	m.music = p
}

// err is nil: Ebitengine reports its errors from RunGame.
func (m *ebitenMixer) err() error { return nil }

type silentVoice struct{}

func (silentVoice) SetVolume(float64) {}
func (silentVoice) IsPlaying() bool   { return false }
