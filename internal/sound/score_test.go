package sound

import (
	"math"
	"strings"
	"testing"
)

func TestParsePitch(t *testing.T) {
	for _, tc := range []struct {
		name string
		want int
	}{
		{"C4", 60}, // middle C
		{"A4", 69}, // 440 Hz
		{"Bb1", 34},
		{"F#3", 54},
		{"C0", 12},
		{"B8", 119},
	} {
		got, err := ParsePitch(tc.name)
		if err != nil || got != tc.want {
			t.Errorf("ParsePitch(%q) = %d, %v; want %d", tc.name, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "H4", "C", "C9", "C-1", "Cb", "c4", "C#x"} {
		if p, err := ParsePitch(bad); err == nil {
			t.Errorf("ParsePitch(%q) = %d, want an error", bad, p)
		}
	}
}

func TestParseLine(t *testing.T) {
	notes, err := ParseLine("A4/1 r/1 F2+A3+C4/2 | C5/4", 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []Note{{0, 1, []int{69}}, {2, 2, []int{41, 57, 60}}, {4, 4, []int{72}}}
	if len(notes) != len(want) {
		t.Fatalf("got %v, want %v", notes, want)
	}
	for i := range want {
		if notes[i].Start != want[i].Start || notes[i].Length != want[i].Length ||
			len(notes[i].Pitches) != len(want[i].Pitches) || notes[i].Pitches[0] != want[i].Pitches[0] {
			t.Errorf("note %d = %v, want %v", i, notes[i], want[i])
		}
	}
}

// Every bar adds up: a bar too long or too short is an error that names it.
func TestParseLineChecksBars(t *testing.T) {
	for _, tc := range []struct{ line, wantErr string }{
		{"A4/1 A4/1 A4/1 | A4/4", "bar 1 has 3 beats"},
		{"A4/4 | A4/5", "bar 2 has 5 beats"},
		{"A4/4 | A4/2", "bar 2 has 2 beats"},
		{"A4", "has no length"},
		{"A4/x", "is not a number"},
		{"A4/0", "is not a number"},
		{"A4/NaN", "is not a number"},
		{"Q4/4", "no such note letter"},
	} {
		_, err := ParseLine(tc.line, 4)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseLine(%q) error = %v, want one with %q", tc.line, err, tc.wantErr)
		}
	}
}

// Whatever the line, ParseLine returns an error or notes that fit their
// bars, in order, with pitches a synthesizer can play.
func FuzzParseLine(f *testing.F) {
	for _, seed := range []string{melodyA, chordsA, melodyB, chordsB, melodyA2, "r/4", "A4/1 | |", "F#3+Bb2/4", "A4/1e9", "C4/0.1 C4/3.9"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		notes, err := ParseLine(line, 4)
		if err != nil {
			return
		}
		end := 0.0
		for _, n := range notes {
			if n.Start < end-1e-9 || !(n.Length > 0) || math.IsInf(n.Length, 0) {
				t.Fatalf("note %v out of order or empty in %q", n, line)
			}
			end = n.Start + n.Length
			for _, p := range n.Pitches {
				if p < 0 || p > 127 {
					t.Fatalf("pitch %d in %q", p, line)
				}
			}
		}
	})
}
