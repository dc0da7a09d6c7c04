package sound

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A score line is written in a tiny notation, one token per note:
//
//	A4/1.5     the A above middle C for one and a half beats
//	Bb3/1      flats with b, sharps with #
//	F2+A3+C4/4 notes sounding together (a chord; the first is its bass)
//	r/1        a rest of one beat
//	|          a bar line: every bar must add up to the bar's beats

// Note is one event of a score: pitches (MIDI numbers, the first the lowest
// or bass) sounding from Start for Length, both in beats.
type Note struct {
	Start, Length float64
	Pitches       []int
}

// ParseLine reads a score line of bars of beatsPerBar beats each.
func ParseLine(line string, beatsPerBar float64) ([]Note, error) {
	var notes []Note
	at, barStart, bar := 0.0, 0.0, 1
	checkBar := func() error {
		if math.Abs(at-barStart-beatsPerBar) > 1e-9 {
			return fmt.Errorf("bar %d has %g beats, want %g", bar, at-barStart, beatsPerBar)
		}
		bar++
		barStart = at
		return nil
	}
	for _, token := range strings.Fields(line) {
		if token == "|" {
			if err := checkBar(); err != nil {
				return nil, err
			}
			continue
		}
		what, beats, ok := strings.Cut(token, "/")
		if !ok {
			return nil, fmt.Errorf("bar %d: note %q has no length (write it as %s/1)", bar, token, token)
		}
		length, err := strconv.ParseFloat(beats, 64)
		if err != nil || !(length > 0 && length <= 64) {
			return nil, fmt.Errorf("bar %d: note %q: length %q is not a number of beats", bar, token, beats)
		}
		if what != "r" {
			var pitches []int
			for _, name := range strings.Split(what, "+") {
				p, err := ParsePitch(name)
				if err != nil {
					return nil, fmt.Errorf("bar %d: %w", bar, err)
				}
				pitches = append(pitches, p)
			}
			notes = append(notes, Note{Start: at, Length: length, Pitches: pitches})
		}
		at += length
	}
	if at > barStart {
		if err := checkBar(); err != nil {
			return nil, err
		}
	}
	return notes, nil
}

// ParsePitch reads a note name with its octave, e.g. "C4" (middle C, MIDI
// 60), "F#3", "Bb1".
func ParsePitch(name string) (int, error) {
	steps := map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}
	if name == "" {
		return 0, fmt.Errorf("empty note name")
	}
	step, ok := steps[name[0]]
	if !ok {
		return 0, fmt.Errorf("note %q: no such note letter", name)
	}
	rest := name[1:]
	switch {
	case strings.HasPrefix(rest, "#"):
		step++
		rest = rest[1:]
	case strings.HasPrefix(rest, "b"):
		step--
		rest = rest[1:]
	}
	octave, err := strconv.Atoi(rest)
	if err != nil || octave < 0 || octave > 8 {
		return 0, fmt.Errorf("note %q: octave %q is not 0 to 8", name, rest)
	}
	return 12*(octave+1) + step, nil
}
