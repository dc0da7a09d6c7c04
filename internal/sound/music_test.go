package sound

import (
	"bytes"
	"math"
	"slices"
	"sort"
	"sync"
	"testing"
)

// The theme takes a second or so to render: the tests share one render.
var theme = sync.OnceValue(func() Stereo { return RenderMusic(Theme()) })

// The renderer is deterministic; the theme's first part, rendered twice as
// a song of its own, shows it at an eighth of the cost.
func TestMusicIsDeterministic(t *testing.T) {
	song := Theme()
	var part Song
	part.Tempo, part.BeatsPerBar, part.ArpeggioFrom = song.Tempo, song.BeatsPerBar, 0
	for _, n := range song.Melody {
		if n.Start < 12 {
			part.Melody = append(part.Melody, n)
		}
	}
	for _, c := range song.Chords {
		if c.Start < 12 {
			part.Chords = append(part.Chords, c)
		}
	}
	if !bytes.Equal(RenderMusic(part).Float32LE(), RenderMusic(part).Float32LE()) {
		t.Error("two renders of the theme's first part differ")
	}
}

func TestMusicIsAtLeastAMinute(t *testing.T) {
	if d := theme().Duration(); d < 60 {
		t.Errorf("the theme lasts %.1f s, want a minute or more", d)
	}
	if d, want := theme().Duration(), Theme().Seconds(); math.Abs(d-want) > 0.01 {
		t.Errorf("the render lasts %.2f s, the score %.2f s", d, want)
	}
}

func TestMusicDoesNotClip(t *testing.T) {
	limit := math.Pow(10, -1.0/20)
	if peak := theme().Peak(); peak >= limit {
		t.Errorf("the theme peaks at %.3f (%.1f dBFS), want below %.3f", peak, dB(peak), limit)
	}
	if rms := theme().RMS(); math.Abs(dB(rms/MusicLoudness)) > 0.1 {
		t.Errorf("the theme's RMS is %.4f, want %.4f", rms, MusicLoudness)
	}
}

// seamJump is the jump from the loop's last sample to its first, in units
// of the loop's typical sample-to-sample step (its 99th percentile).
func seamJump(s Stereo) float64 {
	steps := make([]float64, 0, s.Len())
	for i := 1; i < s.Len(); i += 7 {
		steps = append(steps, math.Abs(s.L[i]-s.L[i-1]), math.Abs(s.R[i]-s.R[i-1]))
	}
	sort.Float64s(steps)
	typical := steps[len(steps)*99/100]
	n := s.Len()
	jump := math.Max(math.Abs(s.L[0]-s.L[n-1]), math.Abs(s.R[0]-s.R[n-1]))
	return jump / typical
}

// Played as a loop, the end runs into the start without a click: the jump
// there is no bigger than the music's ordinary steps.
func TestMusicLoopIsSeamless(t *testing.T) {
	if jump := seamJump(theme()); jump > 1 {
		t.Errorf("the jump at the loop point is %.2f times a typical step", jump)
	}
}

// The seam measure hears a click: the same music cut at a point that is no
// loop point jumps.
func TestSeamJumpHearsACut(t *testing.T) {
	s := theme()
	cut := seconds(10.3)
	if jump := seamJump(Stereo{L: s.L[:cut], R: s.R[:cut]}); jump <= 1 {
		t.Errorf("a loop cut at 10.3 s shows a jump of only %.2f typical steps", jump)
	}
}

// The reverb of the last bars rings on into the first: the start of the
// loop is not the silence a cold start would give.
func TestMusicLoopCarriesItsTail(t *testing.T) {
	if rms := theme().windowRMS(0, seconds(0.05)); rms < MusicLoudness/10 {
		t.Errorf("the loop starts at RMS %.4f: the tail of its end is missing", rms)
	}
}

// A melody over chords, not a drone: every bar has a chord of three or more
// pitch classes, the chords change, and the melody moves above them.
func TestThemeIsAMelodyOverChords(t *testing.T) {
	song := Theme()
	chords := map[string]bool{}
	for _, c := range song.Chords {
		classes := map[int]bool{}
		for _, p := range c.Pitches {
			classes[p%12] = true
		}
		if len(classes) < 3 {
			t.Errorf("the chord at beat %g has %d pitch classes", c.Start, len(classes))
		}
		chords[string(rune(c.Pitches[0]))+string(slices.Sorted(func(yield func(rune) bool) {
			for p := range classes {
				if !yield(rune(p)) {
					return
				}
			}
		}))] = true
	}
	if len(chords) < 6 {
		t.Errorf("only %d different chords", len(chords))
	}

	pitches := map[int]bool{}
	sounding := 0.0
	for _, n := range song.Melody {
		pitches[n.Pitches[0]] = true
		sounding += n.Length
		c := chordAt(song, n.Start)
		if c == nil {
			t.Fatalf("no chord under the melody at beat %g", n.Start)
		}
		if top := slices.Max(c.Pitches); n.Pitches[0] < top {
			t.Errorf("the melody at beat %g (%d) is under its chord (top %d)", n.Start, n.Pitches[0], top)
		}
	}
	if len(pitches) < 8 {
		t.Errorf("the melody uses only %d pitches", len(pitches))
	}
	if share := sounding / song.Beats(); share < 0.8 {
		t.Errorf("the melody sounds only %.0f%% of the time", 100*share)
	}
	inKey := map[int]bool{0: true, 2: true, 4: true, 5: true, 7: true, 9: true, 11: true} // F major, from F
	for _, n := range song.Melody {
		if !inKey[(n.Pitches[0]-5+120)%12] {
			t.Errorf("the melody note %d at beat %g is out of F major", n.Pitches[0], n.Start)
		}
	}
}

func chordAt(song Song, beat float64) *Note {
	for i, c := range song.Chords {
		if c.Start <= beat && beat < c.Start+c.Length {
			return &song.Chords[i]
		}
	}
	return nil
}

// The melody is heard: while each of the first notes sounds, its pitch
// stands out of the spectrum against the note a semitone below (out of the
// key for these notes, so nothing else plays it).
func TestMelodyIsAudible(t *testing.T) {
	song, s := Theme(), theme()
	beat := 60 / song.Tempo
	for _, n := range song.Melody[:6] {
		from := seconds(n.Start*beat) + seconds(0.05)
		window := s.L[from : from+seconds(0.3)]
		f := midiHz(float64(n.Pitches[0]))
		note, neighbour := goertzel(window, f), goertzel(window, f/math.Pow(2, 1.0/12))
		if dB(math.Sqrt(note/neighbour)) < 10 {
			t.Errorf("at beat %g the melody note %.0f Hz is only %.1f dB above its lower neighbour",
				n.Start, f, dB(math.Sqrt(note/neighbour)))
		}
	}
}

// goertzel is the power of v at one frequency.
func goertzel(v []float64, freq float64) float64 {
	w := 2 * math.Pi * freq / SampleRate
	coeff := 2 * math.Cos(w)
	var s1, s2 float64
	for i, x := range v {
		hann := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(len(v)))
		s0 := x*hann + coeff*s1 - s2
		s2, s1 = s1, s0
	}
	return s1*s1 + s2*s2 - coeff*s1*s2
}

// The music is calm, not harsh: hardly any energy above 6 kHz.
func TestMusicIsNotHarsh(t *testing.T) {
	s := theme()
	if share := highShare(s.L[seconds(30):seconds(60)], 6000); share > 0.01 {
		t.Errorf("%.2f%% of the music's energy is above 6 kHz", 100*share)
	}
}

func BenchmarkRenderMusic(b *testing.B) {
	for b.Loop() {
		RenderMusic(Theme())
	}
}

func BenchmarkRenderEffects(b *testing.B) {
	for b.Loop() {
		for _, e := range Effects() {
			RenderEffect(e)
		}
	}
}
