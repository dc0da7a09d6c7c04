package protocol

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/gobblet-game/gobblet/internal/rules"
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
		"\x1b]0;pwned\x07", "play 4@a1\u202e", "position startpos \u009b2J", "setoption \x1b[2J 1",
		"position classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,\x1b:x", "play " + strings.Repeat("é", 3000),
		"position startpos " + strings.Repeat("x", 5000),
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
		for _, r := range text {
			if r != '\n' && !unicode.IsGraphic(r) {
				t.Fatalf("%q: the reply %q holds %U", line, text, r)
			}
		}
		if strings.HasPrefix(text, "error ") && len(text) > len("error \n")+maxErrorText {
			t.Fatalf("%q: an error line of %d bytes", line, len(text))
		}
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

// runFor runs a whole session and fails the test if it does not end within
// a minute (a count or a search that nothing can stop).
func runFor(t *testing.T, input string) []string {
	t.Helper()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { NewEngine(&out).Run(strings.NewReader(input)); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%q: still running after a minute", input)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestStopAndQuitEndTheWorkTheyFollow(t *testing.T) {
	for _, tc := range []struct {
		rule, input string
		want        func(lines []string) bool
	}{
		{"stop ends a perft that would take years, which reports what it counted",
			"position startpos classic\nperft 12\nstop\npos\n",
			func(l []string) bool {
				return len(l) == 2 && strings.HasPrefix(l[0], "perft stopped ") && l[1] == "pos classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x"
			}},
		{"quit ends a perft and exits",
			"position startpos gobblers\nperft 12\nquit\npos\n",
			func(l []string) bool { return len(l) == 1 && strings.HasPrefix(l[0], "perft stopped ") }},
		{"stop ends a day-long search, which still answers a legal move",
			"position startpos classic\ngo movetime 86400000\nstop\nisready\n",
			func(l []string) bool {
				return len(l) >= 2 && strings.HasPrefix(l[len(l)-2], "bestmove ") && l[len(l)-2] != "bestmove none" && l[len(l)-1] == "readyok"
			}},
		{"quit ends a search of depth 200",
			"position startpos classic\ngo depth 200\nquit\n",
			func(l []string) bool { return strings.HasPrefix(l[len(l)-1], "bestmove ") }},
		{"end of input waits for the count to finish",
			"position startpos gobblers\nperft 5\n",
			func(l []string) bool { return len(l) == 1 && l[0] == "perft 16635384" }},
		{"commands read during a count are answered after it, in order",
			"position startpos gobblers\nperft 5\npos\nplay 1@a1\nisready\npos\n",
			func(l []string) bool {
				return strings.Join(l, "|") == "perft 16635384|pos gobblers:.,.,./.,.,./.,.,.:x|readyok|pos gobblers:.,.,./.,.,./x1,.,.:o"
			}},
		{"a stop with nothing to end is ignored",
			"stop\npos\n",
			func(l []string) bool { return len(l) == 1 && l[0] == "pos classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x" }},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			if got := runFor(t, tc.input); !tc.want(got) {
				t.Errorf("%q answered %q", tc.input, got)
			}
		})
	}
}

func TestPerftCountsAsTheRulesDo(t *testing.T) {
	for _, pos := range []string{
		"gobblers:.,.,./.,.,./.,.,.:x",
		"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x",
		"classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,.:x",
		"gobblers:x3,o2,o1/.,x1,./x2,x3,.:o",
	} {
		p, err := rules.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		for depth := 0; depth <= perftChunk+1; depth++ {
			got, err := Perft(context.Background(), p, depth)
			if want := rules.Perft(p, depth); got != want || err != nil {
				t.Errorf("%s depth %d: %d, %v; the rules count %d", pos, depth, got, err, want)
			}
		}
	}
}

// Whatever a line quotes back (a command, a move, a position, a word), the
// reply holds no control or bidi character and stays short.
func TestErrorsQuoteInputEscapedAndShort(t *testing.T) {
	for _, line := range []string{
		"\x1b]0;pwned\x07",
		"frob\u009b2J",
		"position startpos \x1b[2J",
		"position classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,\x1b[2J:x",
		"position \u202egobblers:.,.,./.,.,./.,.,.:x",
		"position startpos classic moves 4@a1 \u202e4@b2",
		"play 4@a1\u2066",
		"setoption \x1b 1",
		"setoption seed \x07",
		"go level \x1b[5m",
		"go \u009b 1",
		"perft \x1b",
		"play " + strings.Repeat("é", 3000),
		"position startpos " + strings.Repeat("\x1b", 3000),
	} {
		got := runFor(t, line+"\n")
		if len(got) != 1 || !strings.HasPrefix(got[0], "error ") {
			t.Errorf("%.40q answered %q, want one error line", line, got)
			continue
		}
		for _, r := range got[0] {
			if !unicode.IsGraphic(r) {
				t.Errorf("%.40q answered %q, which holds %U", line, got[0], r)
				break
			}
		}
		if len(got[0]) > len("error ")+maxErrorText {
			t.Errorf("%.40q answered %d bytes", line, len(got[0]))
		}
	}
}

func BenchmarkPerftClassic5(b *testing.B) {
	p := rules.Start(rules.Classic)
	for b.Loop() {
		Perft(context.Background(), p, 5)
	}
}

// FuzzRun feeds whole sessions: Run ends, and no reply holds a control
// character. Lines that search or count are dropped, as in FuzzHandle.
func FuzzRun(f *testing.F) {
	for _, s := range []string{
		"position startpos gobblers\nstop\npos\nquit\npos\n",
		"\x1b[2J\r\nplay 4@a1\u202e\nstop now\n",
		"legal\n\n\nisready",
		strings.Repeat("p", MaxLine+1) + "\nstatus\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var kept []string
		for _, l := range strings.Split(input, "\n") {
			if !runsInBackground(l) {
				kept = append(kept, l)
			}
		}
		var out bytes.Buffer
		NewEngine(&out).Run(strings.NewReader(strings.Join(kept, "\n")))
		for _, r := range out.String() {
			if r != '\n' && !unicode.IsGraphic(r) {
				t.Fatalf("%q: the replies %q hold %U", input, out.String(), r)
			}
		}
	})
}

func TestSetoptionHashFitsTheAddressSpace(t *testing.T) {
	got := runFor(t, fmt.Sprintf("setoption hash %d\nsetoption hash %d\nisready\n", maxHashMiB, maxHashMiB+1))
	if len(got) != 2 || !strings.HasPrefix(got[0], "error hash ") || got[1] != "readyok" {
		t.Errorf("output %q", got)
	}
	if uint64(maxHashMiB)<<20 > math.MaxInt/2 {
		t.Errorf("a %d MiB table takes more than half of what this build can address", maxHashMiB)
	}
}

// While a search runs, Run reads only a few commands ahead: a client that
// streams commands cannot make it hold them all in memory.
func TestRunReadsOnlyAFewCommandsAheadOfASearch(t *testing.T) {
	r, w := io.Pipe()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { NewEngine(&out).Run(r); close(done) }()
	fmt.Fprint(w, "position startpos classic\ngo movetime 400\n")
	written := make(chan int)
	go func() {
		n := 0
		defer func() { written <- n }()
		for ; n < 10*maxQueued; n++ {
			if _, err := io.WriteString(w, "pos\n"); err != nil {
				return
			}
			if n == 3*maxQueued {
				return
			}
		}
	}()
	time.Sleep(200 * time.Millisecond) // the search is still running
	w.CloseWithError(io.ErrClosedPipe)
	if n := <-written; n > maxQueued+2 {
		t.Errorf("%d commands were read while the search ran, want %d at most", n, maxQueued+2)
	}
	<-done
}
