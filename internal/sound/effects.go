package sound

import (
	"fmt"
	"math"
)

// EffectLoudness is the loudness (see Stereo.Loudness) every effect is
// rendered at: -20 dBFS leaves headroom for the music and for effects that
// overlap.
const EffectLoudness = 0.1

// String names the effect, for logs and tests.
func (e Effect) String() string {
	names := [...]string{"pick up", "put down", "gobble", "illegal", "hint", "your turn",
		"win fanfare", "loss sting", "draw chord", "menu hover", "menu click"}
	if e < 0 || int(e) >= len(names) {
		return fmt.Sprintf("Effect(%d)", int(e))
	}
	return names[e]
}

// Effects lists every effect the game plays.
func Effects() []Effect {
	es := make([]Effect, numEffects)
	for i := range es {
		es[i] = Effect(i)
	}
	return es
}

// RenderEffect synthesizes an effect at EffectLoudness. The same effect
// always gives the same samples.
func RenderEffect(e Effect) Stereo {
	var (
		s Stereo
		r room
	)
	switch e {
	case PickUp:
		s, r = pickUp()
	case PutDown:
		s, r = putDown()
	case Gobble:
		s, r = gobble()
	case Illegal:
		s, r = illegal()
	case Hint:
		s, r = hint()
	case YourTurn:
		s, r = yourTurn()
	case WinFanfare:
		s, r = winFanfare()
	case LossSting:
		s, r = lossSting()
	case DrawChord:
		s, r = drawChord()
	case MenuHover:
		s, r = menuHover()
	case MenuClick:
		s, r = menuClick()
	default:
		return newStereo(0)
	}
	// Room for the notes' and the room's tails, cut where they have died away.
	s = Stereo{L: append(s.L, make([]float64, seconds(1.5))...), R: append(s.R, make([]float64, seconds(1.5))...)}
	addReverb(s, r)
	s.scale(EffectLoudness / s.Loudness())
	return trimTail(s, EffectLoudness*tailLevel)
}

// tailLevel is where an effect's tail is cut, relative to its loudness
// (-40 dB), and closingFade how softly.
const (
	tailLevel   = 0.01
	closingFade = 0.03
)

// trimTail cuts a sound where it has stayed below level for good, closing
// with a short fade.
func trimTail(s Stereo, level float64) Stereo {
	end := s.Len()
	for end > 0 && math.Abs(s.L[end-1]) < level && math.Abs(s.R[end-1]) < level {
		end--
	}
	end = min(s.Len(), end+seconds(closingFade))
	s = Stereo{L: s.L[:end], R: s.R[:end]}
	fadeTail(s.L, seconds(closingFade))
	fadeTail(s.R, seconds(closingFade))
	return s
}

// A piece lifted off the board: a light wooden tock that rises.
func pickUp() (Stereo, room) {
	s := newStereo(seconds(0.35))
	s.mix(struck(560, woodBody, 0.2, struckOptions{attack: 0.003, bend: -0.12, bendTau: 0.04, tauScale: 0.8}), 0, 1, 0, false)
	s.mix(knock(3200, 1.5, 0.004, 0.05, 1), 0, 0.25, 0, false)
	return s, smallRoom
}

// A piece set down: a round knock of wood on wood. Its body sits around
// 300 Hz, where a laptop's small speakers still carry it.
func putDown() (Stereo, room) {
	s := newStereo(seconds(0.4))
	s.mix(struck(300, woodBody, 0.3, struckOptions{bend: 0.15, bendTau: 0.012, tauScale: 1.1}), 0, 1, 0, false)
	s.mix(struck(120, []partial{{1, 1, 0.05}}, 0.2, struckOptions{attack: 0.003}), 0, 0.5, 0, false)
	s.mix(knock(2200, 1.2, 0.005, 0.06, 2), 0, 0.7, 0, false)
	return s, smallRoom
}

// A piece covering another: the put-down's knock, lower and heavier, a
// second settling knock and a low gulp under it.
func gobble() (Stereo, room) {
	s := newStereo(seconds(0.6))
	s.mix(struck(200, woodBody, 0.4, struckOptions{bend: 0.2, bendTau: 0.015, tauScale: 1.6}), 0, 1, 0, false)
	s.mix(struck(165, woodBody, 0.35, struckOptions{bend: 0.1, bendTau: 0.01, tauScale: 1.4}), seconds(0.05), 0.6, 0, false)
	s.mix(sweep(230, 90, 0.4, 0.11), 0, 0.7, 0, false)
	s.mix(knock(1500, 1.0, 0.008, 0.08, 3), 0, 0.6, 0, false)
	return s, room{size: 0.55, damp: 0.5, wet: 0.22}
}

// Not allowed: two muted low notes, falling, like a gentle "uh-uh".
func illegal() (Stereo, room) {
	s := newStereo(seconds(0.65))
	mute := struckOptions{attack: 0.004, tauScale: 0.3}
	s.mix(struck(midiHz(64), marimbaBody, 0.3, mute), 0, 1, 0, false)              // E4
	s.mix(struck(midiHz(60), marimbaBody, 0.35, mute), seconds(0.14), 1, 0, false) // C4
	return s, smallRoom
}

// A hint: two soft bells, rising a fifth, with a shimmer after them.
func hint() (Stereo, room) {
	s := newStereo(seconds(1.4))
	s.mix(struck(midiHz(79), bellBody, 1.1, struckOptions{attack: 0.003, tauScale: 0.5}), 0, 0.8, -0.3, false)            // G5
	s.mix(struck(midiHz(86), bellBody, 1.1, struckOptions{attack: 0.003, tauScale: 0.5}), seconds(0.11), 0.7, 0.3, false) // D6
	return s, room{size: 0.7, damp: 0.3, wet: 0.3}
}

// Your turn: a friendly marimba fourth.
func yourTurn() (Stereo, room) {
	s := newStereo(seconds(0.9))
	s.mix(struck(midiHz(72), marimbaBody, 0.7, struckOptions{tauScale: 0.6}), 0, 0.9, -0.15, false)          // C5
	s.mix(struck(midiHz(77), marimbaBody, 0.7, struckOptions{tauScale: 0.6}), seconds(0.12), 1, 0.15, false) // F5
	return s, smallRoom
}

// A win: a soft horn arpeggio up the F major chord into a held chord, bells
// on top.
func winFanfare() (Stereo, room) {
	s := newStereo(seconds(3.2))
	step := 0.13
	for k, note := range []float64{65, 69, 72} { // F4 A4 C5
		s.mix(horn(midiHz(note), step*1.2, 0.8), seconds(float64(k)*step), 0.7, -0.2+0.2*float64(k), false)
	}
	chord := seconds(3 * step)
	for k, note := range []float64{53, 60, 65, 69, 72, 77} { // F3 C4 F4 A4 C5 F5
		s.mix(horn(midiHz(note), 1.3, 0.5), chord, 0.45, -0.5+0.2*float64(k), false)
	}
	for k, note := range []float64{84, 89, 93} { // C6 F6 A6
		s.mix(struck(midiHz(note), bellBody, 1.6, struckOptions{attack: 0.003}), chord+seconds(0.06*float64(k)), 0.35, 0.4-0.4*float64(k), false)
	}
	return s, room{size: 0.75, damp: 0.4, wet: 0.3}
}

// A loss: a dark horn falling down the C minor chord, settling low.
func lossSting() (Stereo, room) {
	s := newStereo(seconds(2.8))
	step := 0.32
	for k, note := range []float64{67, 63, 60} { // G4 Eb4 C4
		s.mix(horn(midiHz(note), step*1.1, 0.2), seconds(float64(k)*step), 0.7, 0, false)
	}
	for _, note := range []float64{48, 55, 60, 63} { // C3 G3 C4 Eb4
		l, r := pad(midiHz(note), 1.0)
		at := seconds(3 * step)
		s.mix(l, at, 0.4, -0.6, false)
		s.mix(r, at, 0.4, 0.6, false)
	}
	return s, room{size: 0.75, damp: 0.6, wet: 0.3}
}

// A draw: an open, unresolved chord (F sus2), neither glad nor sad, rolled
// on the marimba over a pad.
func drawChord() (Stereo, room) {
	s := newStereo(seconds(2.6))
	for k, note := range []float64{53, 60, 67, 72} { // F3 C4 G4 C5
		l, r := pad(midiHz(note), 1.0)
		s.mix(l, 0, 0.35, -0.6, false)
		s.mix(r, 0, 0.35, 0.6, false)
		s.mix(struck(midiHz(note+12), marimbaBody, 1.2, struckOptions{tauScale: 1.2}), seconds(0.07*float64(k)), 0.5, -0.3+0.2*float64(k), false)
	}
	return s, room{size: 0.75, damp: 0.4, wet: 0.3}
}

// Menu hover: the lightest tick, a tiny high kalimba note.
func menuHover() (Stereo, room) {
	s := newStereo(seconds(0.2))
	s.mix(struck(midiHz(88), kalimbaBody, 0.12, struckOptions{attack: 0.002, tauScale: 0.04}), 0, 1, 0, false) // E6
	return s, room{size: 0.3, damp: 0.5, wet: 0.12}
}

// Menu click: a fuller tick with a low body under it.
func menuClick() (Stereo, room) {
	s := newStereo(seconds(0.3))
	s.mix(struck(midiHz(81), kalimbaBody, 0.2, struckOptions{attack: 0.002, tauScale: 0.08}), 0, 1, 0, false) // A5
	s.mix(struck(midiHz(69), woodBody, 0.15, struckOptions{attack: 0.002, tauScale: 0.6}), 0, 0.6, 0, false)  // A4
	return s, room{size: 0.3, damp: 0.5, wet: 0.12}
}

// dB converts a linear ratio to decibels.
func dB(ratio float64) float64 { return 20 * math.Log10(ratio) }
