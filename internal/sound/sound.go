// Package sound makes and plays the game's sounds. Every sound is
// synthesized in plain Go at start-up (synth.go, instruments.go, reverb.go,
// effects.go, music.go), so the assets are ours and reproducible from code.
// The Player (player.go) plays them from its own goroutine, so the game's
// Update never waits for it; only its output (device.go) touches an audio
// library, and it keeps a missing or failing sound device from ever stopping
// the game: the game plays on in silence.
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

// effectGain is what an effect plays at under v.
func (v Volumes) effectGain() float64 {
	if v.Mute {
		return 0
	}
	return clamp01(v.Master) * clamp01(v.Effects)
}

// musicGain is what the music plays at under v.
func (v Volumes) musicGain() float64 {
	if v.Mute {
		return 0
	}
	return clamp01(v.Master) * clamp01(v.Music)
}

func clamp01(x float64) float64 {
	if !(x > 0) { // also NaN
		return 0
	}
	return min(x, 1)
}
