package settings

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

func samplePuzzles() Puzzles {
	p := NewPuzzles()
	p.Rating, p.Streak, p.Best, p.Daily = 1264, 2, 5, "2026-11-26"
	p.Solved = []string{"g0001", "c0007"}
	p.Failed = []string{"g0012"}
	return p
}

// The progress written is the progress read back, in a folder and on a
// browser's shelf; the lists come back sorted.
func TestPuzzleProgressRoundTrip(t *testing.T) {
	want := samplePuzzles()
	want.Solved = []string{"c0007", "g0001"}
	folder, shelf := openTemp(t), NewShelfStore(NewMemoryShelf())
	for _, place := range []struct {
		name string
		load func() (Puzzles, *Notice)
		save func(Puzzles) error
	}{
		{"folder", folder.LoadPuzzles, folder.SavePuzzles},
		{"shelf", shelf.LoadPuzzles, shelf.SavePuzzles},
	} {
		fresh, notice := place.load()
		if notice != nil || !reflect.DeepEqual(fresh, NewPuzzles()) {
			t.Errorf("%s: no file should give a new progress quietly: %+v %q", place.name, fresh, notice)
		}
		if err := place.save(samplePuzzles()); err != nil {
			t.Fatalf("%s: %v", place.name, err)
		}
		got, notice := place.load()
		if notice != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read back %+v %q, want %+v", place.name, got, notice, want)
		}
	}
}

// A progress file that cannot be read is set aside with a sentence, and the
// progress starts again; a newer version's file is kept as it is.
func TestUnreadablePuzzleProgressIsKeptAside(t *testing.T) {
	good, err := MarshalPuzzles(samplePuzzles())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"corrupt", append([]byte("\x00garbage"), good...), "could not be read"},
		{"truncated", good[:len(good)/2], "could not be read"},
		{"a rating beyond any", bytes.Replace(good, []byte(`"rating": 1264`), []byte(`"rating": 99999`), 1), "could not be read"},
		{"a puzzle twice", bytes.Replace(good, []byte(`"g0001"`), []byte(`"c0007"`), 1), "could not be read"},
		{"not a date", bytes.Replace(good, []byte(`2026-11-26`), []byte(`yesterday`), 1), "could not be read"},
		{"from a newer version", []byte(`{"version": 2, "rating": 1300, "themes": 4}`), "saved by a newer version"},
	} {
		s := openTemp(t)
		if err := os.WriteFile(s.Path(PuzzlesFile), tc.data, 0o600); err != nil {
			t.Fatal(err)
		}
		got, n := s.LoadPuzzles()
		notice := n.String()
		if !strings.HasPrefix(notice, "Your puzzle progress ") || !strings.Contains(notice, tc.says) || !strings.Contains(notice, "it starts again") {
			t.Errorf("%s: the notice %q should say the progress %s and starts again", tc.name, notice, tc.says)
		}
		if !reflect.DeepEqual(got, NewPuzzles()) {
			t.Errorf("%s: the progress should start again, got %+v", tc.name, got)
		}
		if kept, err := os.ReadFile(s.Path(PuzzlesFile + ".corrupt")); err != nil || !bytes.Equal(kept, tc.data) {
			t.Errorf("%s: the old file should be kept aside whole: %v", tc.name, err)
		}
		if err := s.SavePuzzles(samplePuzzles()); err != nil {
			t.Errorf("%s: a save after the file was set aside: %v", tc.name, err)
		}
		if _, notice := s.LoadPuzzles(); notice != nil {
			t.Errorf("%s: the second read says %q", tc.name, notice)
		}
	}
}

// MarshalPuzzles refuses what ParsePuzzles would refuse, so the game never
// writes a file it cannot read back.
func TestSavePuzzlesRefusesWhatLoadWouldRefuse(t *testing.T) {
	for name, change := range map[string]func(*Puzzles){
		"a negative rating":  func(p *Puzzles) { p.Rating = -5 },
		"a negative streak":  func(p *Puzzles) { p.Streak = -1 },
		"an id with a slash": func(p *Puzzles) { p.Solved = append(p.Solved, "../x") },
		"an empty id":        func(p *Puzzles) { p.Failed = append(p.Failed, "") },
		"a wrong date":       func(p *Puzzles) { p.Daily = "26/11/2026" },
	} {
		p := samplePuzzles()
		change(&p)
		if _, err := MarshalPuzzles(p); err == nil {
			t.Errorf("%s: MarshalPuzzles wrote it", name)
		}
	}
}

// FuzzParsePuzzles: progress ParsePuzzles accepts is progress MarshalPuzzles
// writes back and ParsePuzzles reads again unchanged.
func FuzzParsePuzzles(f *testing.F) {
	good, _ := MarshalPuzzles(samplePuzzles())
	f.Add(good)
	fresh, _ := MarshalPuzzles(NewPuzzles())
	f.Add(fresh)
	f.Add([]byte(`{"version": 1, "rating": 1200, "solved": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePuzzles(data)
		if err != nil {
			return
		}
		text, err := MarshalPuzzles(p)
		if err != nil {
			t.Fatalf("parsed but cannot write: %v", err)
		}
		back, err := ParsePuzzles(text)
		if err != nil || !reflect.DeepEqual(back, p) {
			t.Fatalf("round trip: %v\n%+v\n%+v", err, p, back)
		}
	})
}
