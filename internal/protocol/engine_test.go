package protocol

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzHandle feeds arbitrary command lines: nothing panics, an error is one
// line, and a command that answers with an error leaves the position as it
// was.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		"position startpos gobblers moves 3@b2 1@a1",
		"position classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,.:x moves b3-a1",
		"play 4@a1", "legal", "perft 2", "status", "pos", "setoption seed 3",
		"setoption movelimit 4", "go level easy", "go depth 1", "analyse",
		"position startpos gobblers moves 3@b2 3@b2", "play", "perft -3", "\x00\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.HasPrefix(strings.TrimSpace(line), "go") || strings.HasPrefix(strings.TrimSpace(line), "perft") {
			return // searches and deep perfts are slow, and are tested elsewhere
		}
		var out bytes.Buffer
		e := NewEngine(&out)
		e.Handle("position startpos classic moves 4@a1 4@b2")
		before := e.game.Position()
		e.Handle(line)
		e.out.Flush()
		text := out.String()
		if strings.HasPrefix(text, "error ") {
			if strings.Count(text, "\n") != 1 {
				t.Fatalf("%q: error reply is not one line: %q", line, text)
			}
			if p := e.game.Position(); !p.Equal(&before) {
				t.Fatalf("%q: error but the position changed to %s", line, p)
			}
		}
	})
}

func TestSetoptionSeedRepeats(t *testing.T) {
	run := func() string {
		var out bytes.Buffer
		e := NewEngine(&out)
		for _, l := range []string{"setoption seed 42", "position startpos classic", "go level easy", "play 4@a1", "go level easy"} {
			e.Handle(l)
		}
		e.out.Flush()
		var best []string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "bestmove") {
				best = append(best, l)
			}
		}
		return strings.Join(best, ",")
	}
	a, b := run(), run()
	if a != b || a == "" {
		t.Errorf("same seed gave %q and %q", a, b)
	}
}

func TestOverlongLineIsRefusedWhole(t *testing.T) {
	var out bytes.Buffer
	in := "pos\n" + strings.Repeat("a", 3*MaxLine) + "\npos\n"
	NewEngine(&out).Run(strings.NewReader(in))
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 3 || !strings.HasPrefix(got[1], "error line longer") || got[0] != got[2] {
		t.Errorf("output: %q", got)
	}
}

func TestEndOfInputWithoutNewline(t *testing.T) {
	var out bytes.Buffer
	NewEngine(&out).Run(strings.NewReader("position startpos gobblers\npos"))
	if strings.TrimSpace(out.String()) != "pos gobblers:.,.,./.,.,./.,.,.:x" {
		t.Errorf("output: %q", out.String())
	}
}
