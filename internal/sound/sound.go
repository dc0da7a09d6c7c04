// Package sound makes and plays the game's sounds. The synthesizer (synth*.go)
// is plain Go; only the player touches Ebitengine's audio.
//
// API stub: the GUI codes against these names; the implementation replaces
// the bodies.
package sound

// Effect names a sound effect.
type Effect int

const (
	PickUp Effect = iota
	PutDown
	Gobble // a piece covers another: deeper, fuller
	Illegal
	Hint
	YourTurn
	WinFanfare
	LossSting
	DrawChord
	MenuHover
	MenuClick
	numEffects
)

// Volumes are linear gains from 0 to 1.
type Volumes struct {
	Master, Music, Effects float64
	Mute                   bool
}

// Player plays effects and music. A Player whose device could not be opened
// is silent: every method still works and Available reports false.
type Player struct{}

// NewPlayer opens the audio device if there is one; it never fails.
func NewPlayer() *Player { return &Player{} }

// Available reports whether sound reaches a device.
func (p *Player) Available() bool { return false }

// Play starts an effect.
func (p *Player) Play(e Effect) {}

// SetVolumes applies volumes at once.
func (p *Player) SetVolumes(v Volumes) {}

// PlayMusic starts (or keeps playing) the background loop; StopMusic fades it out.
func (p *Player) PlayMusic() {}
func (p *Player) StopMusic() {}
