package record

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: whatever Parse accepts, Write writes back to text that parses
// to the same record and writes again to the same bytes. Seeds: the sample
// records in testdata and testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.gobblet")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse(data)
		if err != nil {
			if r != nil {
				t.Fatal("a record and an error")
			}
			return
		}
		text, err := Marshal(r)
		if err != nil {
			t.Fatalf("parsed but cannot write: %v", err)
		}
		back, err := Parse(text)
		if err != nil {
			t.Fatalf("written text does not parse: %v\n%s", err, text)
		}
		sameRecord(t, r, back)
		again, err := Marshal(back)
		if err != nil || !bytes.Equal(again, text) {
			t.Fatalf("second write differs (%v):\n%s\n---\n%s", err, text, again)
		}
	})
}

// FuzzParseStats: accepted statistics survive a round trip unchanged.
func FuzzParseStats(f *testing.F) {
	f.Add([]byte(`{"version":1,"tallies":[{"variant":"classic","level":"hard","won":3,"drawn":1,"lost":2}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseStats(data)
		if err != nil {
			return
		}
		text, err := MarshalStats(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseStats(text)
		if err != nil {
			t.Fatalf("written statistics do not parse: %v\n%s", err, text)
		}
		again, _ := MarshalStats(back)
		if !bytes.Equal(again, text) {
			t.Fatalf("second write differs:\n%s\n---\n%s", text, again)
		}
	})
}
