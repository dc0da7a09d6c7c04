package sound

import (
	"fmt"
	"slices"
)

// The music is a calm piece in F major, 24 bars at 80 beats a minute (72
// seconds), in the form A B A': an electric piano sings the melody over a
// pad, a round bass, and, from the middle part on, a kalimba picking the
// chords and a soft brushed shaker. It is one seamless loop: the last bar leads back to the first, and
// every tail that rings past the end sounds again at the start.

// Song is a piece of music written as score lines.
type Song struct {
	Tempo       float64 // beats a minute
	BeatsPerBar float64
	Melody      []Note
	Chords      []Note // the first pitch of a chord is its bass
	// ArpeggioFrom is the beat from which the kalimba picks the chords.
	ArpeggioFrom float64
}

// Beats is the song's length in beats.
func (s Song) Beats() float64 {
	end := 0.0
	for _, c := range s.Chords {
		end = max(end, c.Start+c.Length)
	}
	return end
}

// Seconds is the song's length in seconds.
func (s Song) Seconds() float64 { return s.Beats() * 60 / s.Tempo }

var (
	melodyA = `A4/1 C5/1 E5/1.5 D5/0.5 | C5/2 A4/1 D5/1 | D5/1.5 C5/0.5 Bb4/1 A4/1 | G4/3 r/1 |
	           A4/1 C5/1 F5/1.5 E5/0.5 | D5/2 C5/1 A4/1 | Bb4/1 D5/1 C5/1 Bb4/1 | A4/1 G4/1 r/1 C5/1`
	chordsA = `F2+A3+C4+E4/4 | D2+A3+C4+F4/4 | Bb1+A3+D4+F4/4 | C2+Bb3+C4+F4/4 |
	           A1+A3+C4+F4/4 | D2+A3+C4+F4/4 | G2+Bb3+D4+F4/4 | C2+Bb3+C4+F4/2 C2+Bb3+E4+G4/2`
	melodyB = `D5/1.5 C5/0.5 D5/1 F5/1 | E5/2 C5/1 A4/1 | A4/1 C5/1 D5/1 F5/1 | D5/2 E5/1 C5/1 |
	           D5/1 F5/1 A5/1.5 G5/0.5 | G5/1.5 E5/0.5 C5/2 | D5/1 Bb4/1 D5/1 F5/1 | F5/1 E5/1 C5/2`
	chordsB = `Bb1+F3+A3+D4/4 | A1+G3+C4+E4/4 | D2+F3+A3+C4/4 | G2+Bb3+D4+F4/2 C2+Bb3+E4+G4/2 |
	           Bb1+A3+D4+F4/4 | A1+G3+C4+E4/4 | G2+F3+Bb3+D4/4 | C2+F3+Bb3+C4/2 C2+E3+Bb3+C4/2`
	melodyA2 = `A4/1 C5/1 E5/1.5 D5/0.5 | C5/2 A4/1 D5/1 | F5/1.5 E5/0.5 D5/1 C5/1 | Bb4/2 G4/1 r/1 |
	            A4/1 C5/1 A5/1.5 G5/0.5 | F5/2 E5/1 D5/1 | D5/1 Bb4/1 G4/1 Bb4/1 | A4/2 G4/1 Bb4/1`
)

// Theme is the game's music.
func Theme() Song {
	const beatsPerBar, section = 4, 32
	song := Song{Tempo: 80, BeatsPerBar: beatsPerBar, ArpeggioFrom: section}
	for k, part := range [][2]string{{melodyA, chordsA}, {melodyB, chordsB}, {melodyA2, chordsA}} {
		melody, err := ParseLine(part[0], beatsPerBar)
		if err != nil {
			panic(fmt.Sprintf("theme melody, part %d: %v", k+1, err))
		}
		chords, err := ParseLine(part[1], beatsPerBar)
		if err != nil {
			panic(fmt.Sprintf("theme chords, part %d: %v", k+1, err))
		}
		offset := float64(k * section)
		for _, n := range melody {
			n.Start += offset
			song.Melody = append(song.Melody, n)
		}
		for _, c := range chords {
			c.Start += offset
			song.Chords = append(song.Chords, c)
		}
	}
	return song
}

// MusicLoudness is the RMS the music is rendered at: below the effects, so a
// move is heard over it.
const MusicLoudness = 0.05

// RenderMusic plays a song into a seamless loop at MusicLoudness.
func RenderMusic(song Song) Stereo {
	beat := 60 / song.Tempo
	at := func(beats float64) int { return seconds(beats * beat) }
	s := newStereo(at(song.Beats()))
	kalimba := memoize(func(p int) []float64 {
		return struck(midiHz(float64(p)), kalimbaBody, 1.0, struckOptions{attack: 0.003, tauScale: 0.7})
	})
	bell := memoize(func(p int) []float64 {
		return struck(midiHz(float64(p)), bellBody, 1.5, struckOptions{attack: 0.004, tauScale: 0.6})
	})
	feel := newNoise(7) // a player's small unevenness, the same every time
	// The same chord tones come back again and again: render each once.
	type padKey struct{ pitch, hold int }
	pads := map[padKey][2][]float64{}
	// A tone is let go after its last chord, so the cache holds only the
	// tones still to come back (it peaked at 42 MB, issue 15).
	lastUse := map[padKey]int{}
	for ci, c := range song.Chords {
		for _, p := range c.Pitches[1:] {
			lastUse[padKey{p, at(c.Length)}] = ci
		}
	}

	for ci, c := range song.Chords {
		hold := c.Length * beat
		// The pad holds the chord, its notes spread across the stereo field.
		voicing := c.Pitches[1:]
		for k, p := range voicing {
			key := padKey{p, at(c.Length)}
			if _, ok := pads[key]; !ok {
				l, r := pad(midiHz(float64(p)), hold)
				pads[key] = [2][]float64{l, r}
			}
			l, r := pads[key][0], pads[key][1]
			if lastUse[key] == ci {
				delete(pads, key)
			}
			spread := 0.7 * (float64(k)/float64(max(1, len(voicing)-1)) - 0.5)
			s.mix(l, at(c.Start), 0.07, spread-0.5, true)
			s.mix(r, at(c.Start), 0.07, spread+0.5, true)
		}
		// The bass plays the root, and the fifth above in a bar's second half.
		root := float64(c.Pitches[0])
		s.mix(bass(midiHz(root), min(hold, 2*beat)*0.9), at(c.Start), 0.32, 0, true)
		if c.Length >= 4 {
			s.mix(bass(midiHz(root+7), 1.5*beat), at(c.Start+2)+jitter(feel), 0.22, 0, true)
		}
		if c.Start >= song.ArpeggioFrom {
			arpeggio(s, c, at, feel, kalimba)
			brush(s, c, at, feel)
		}
	}

	for _, n := range song.Melody {
		start := at(n.Start) + jitter(feel)
		velocity := 0.78 + 0.08*feel.next()
		if isDownbeat(n.Start, song.BeatsPerBar) {
			velocity += 0.07
		}
		p := float64(n.Pitches[0])
		s.mix(epiano(midiHz(p), n.Length*beat*0.92, velocity), start, 0.3, -0.12, true)
		// In the last part a quiet bell doubles the melody an octave up.
		if n.Start >= 2*song.ArpeggioFrom {
			s.mix(bell(n.Pitches[0]+12), start, 0.08, 0.25, true)
		}
	}

	addLoopReverb(s, hall)
	s.scale(MusicLoudness / s.RMS())
	return s
}

// arpeggio picks a chord's notes an octave up in eighth notes, rising and
// falling.
func arpeggio(s Stereo, c Note, at func(float64) int, feel *noise, kalimba func(int) []float64) {
	tones := slices.Clone(c.Pitches[1:])
	slices.Sort(tones)
	tones = append(tones, tones[0]+12)
	pattern := make([]int, 0, 2*len(tones))
	for i := range tones {
		pattern = append(pattern, i)
	}
	for i := len(tones) - 2; i > 0; i-- {
		pattern = append(pattern, i)
	}
	for k := 0; float64(k)*0.5 < c.Length; k++ {
		p := tones[pattern[k%len(pattern)]] + 12
		velocity := 0.2 + 0.04*feel.next()
		if k%2 == 0 {
			velocity += 0.05
		}
		s.mix(kalimba(p), at(c.Start+float64(k)*0.5)+jitter(feel), velocity, 0.4, true)
	}
}

// brush plays a shaker in eighth notes, leaning on the off-beats.
func brush(s Stereo, c Note, at func(float64) int, feel *noise) {
	for k := 0; float64(k)*0.5 < c.Length; k++ {
		velocity := 0.08 + 0.02*feel.next()
		if k%2 == 1 {
			velocity *= 1.8
		}
		s.mix(shaker(0.15, uint64(k%4)+1), at(c.Start+float64(k)*0.5)+jitter(feel), velocity, -0.35, true)
	}
}

// memoize renders each pitch of an instrument once.
func memoize(render func(pitch int) []float64) func(pitch int) []float64 {
	done := map[int][]float64{}
	return func(pitch int) []float64 {
		v, ok := done[pitch]
		if !ok {
			v = render(pitch)
			done[pitch] = v
		}
		return v
	}
}

// jitter is a human's timing error: a few milliseconds either way.
func jitter(feel *noise) int { return int(feel.next() * 0.006 * SampleRate) }

func isDownbeat(beat, beatsPerBar float64) bool {
	_, frac := divmod(beat, beatsPerBar)
	return frac == 0
}

func divmod(a, b float64) (int, float64) {
	q := int(a / b)
	return q, a - float64(q)*b
}
