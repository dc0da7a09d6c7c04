package puzzle

import (
	"strings"
	"testing"
)

// TestParseRefusesBadLines: each broken line is refused with a sentence
// naming the line.
func TestParseRefusesBadLines(t *testing.T) {
	good := "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1"
	if _, err := Parse(good); err != nil {
		t.Fatalf("a good line: %v", err)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"too few fields", "g1 gobblers gobblers:.,.,./.,.,./.,.,.:x 600", "at least one move"},
		{"a bad id", "g-1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1", "id"},
		{"an unknown variant", "g1 chess gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1", "variant"},
		{"a variant that does not match", "g1 classic gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1", "the puzzle says"},
		{"a bad position", "g1 gobblers gobblers:.,.,./.,x9,./x2,x3,.:x 600 3@c1", "position"},
		{"a game already over", "g1 gobblers gobblers:.,.,./.,.,./x2,x3,x1:o 600 3@c1", "already over"},
		{"a rating out of range", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 5000 3@c1", "rating"},
		{"a rating that is no number", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x hard 3@c1", "rating"},
		{"an even solution", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1 1@a3", "odd"},
		{"a bad move", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@z9", "move"},
		{"an illegal move", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 1@b2", "not legal"},
		{"a last move that does not win", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@a3", "does not win"},
		{"a line that ends early", "g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1 1@a3 1@b3", "before the solution"},
		{"an id twice", good + "\n" + good, "already used on line 1"},
		{"ratings out of order", strings.Replace(good, "600", "700", 1) + "\n" + strings.Replace(good, "g1", "g2", 1), "sorted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.text)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "line ") {
				t.Errorf("got %v, want an error about %q", err, tc.want)
			}
		})
	}
	// Comments and blank lines are skipped.
	if all, err := Parse("# a comment\n\n" + good + "\n"); err != nil || len(all) != 1 {
		t.Errorf("%d puzzles, %v", len(all), err)
	}
}

// FuzzParseLine: any line either is refused or reads back to itself once
// formatted (a canonical line is a fixed point).
func FuzzParseLine(f *testing.F) {
	for i, s := range strings.Split(setText, "\n") {
		if i == 40 {
			break
		}
		f.Add(s)
	}
	f.Add("g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1")
	f.Add("c1 classic classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x 600 4@a1")
	f.Add("g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1 1@a3 1@b3")
	f.Add("")
	f.Add("   ")
	f.Fuzz(func(t *testing.T, line string) {
		pz, err := ParseLine(line)
		if err != nil {
			return
		}
		text := Format(pz)
		back, err := ParseLine(text)
		if err != nil {
			t.Fatalf("%q formats as %q, which does not read: %v", line, text, err)
		}
		if Format(back) != text || back.WinIn != pz.WinIn || len(back.Solution) != len(pz.Solution) {
			t.Fatalf("%q does not read back: %q", text, Format(back))
		}
	})
}

// FuzzParse: a whole file either reads or is refused; never a panic, and
// what reads keeps its promises.
func FuzzParse(f *testing.F) {
	f.Add(setText[:min(len(setText), 2000)])
	f.Add("# only a comment\n")
	f.Add("g1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1\ng1 gobblers gobblers:.,.,./.,x1,./x2,x3,.:x 600 3@c1")
	f.Fuzz(func(t *testing.T, text string) {
		all, err := Parse(text)
		if err != nil {
			return
		}
		ids := map[string]bool{}
		for i, pz := range all {
			if ids[pz.ID] || pz.Rating < MinRating || pz.Rating > MaxRating || (i > 0 && pz.Rating < all[i-1].Rating) {
				t.Fatalf("a set that breaks its promises was read: %q", text)
			}
			ids[pz.ID] = true
		}
	})
}
