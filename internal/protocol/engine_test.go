package protocol

import (
	"bufio"
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

// session is Run on a pipe that stays open until the test closes it, so
// that only what the test sends can end the work (a closed input would
// end it too, as a person's end of input).
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string
	done chan struct{}
}

func startSession(t *testing.T, endStopsWork bool) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: make(chan string, 1<<16), done: make(chan struct{})}
	e := NewEngine(outW)
	e.EndStopsWork = endStopsWork
	go func() { e.Run(inR); outW.Close(); close(s.done) }()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(text string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, text); err != nil {
		s.t.Fatal(err)
	}
}

// linesUntil returns the reply lines, info lines left out, up to the first
// one that last accepts (or, with last nil, up to the end of the session).
// A session that has not got there within a minute has work nothing ended.
func (s *session) linesUntil(last func(string) bool) []string {
	s.t.Helper()
	var got []string
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-s.out:
			if !ok {
				if last != nil {
					s.t.Fatalf("the session ended after %q", got)
				}
				<-s.done
				return got
			}
			if strings.HasPrefix(l, "info ") {
				continue
			}
			got = append(got, l)
			if last != nil && last(l) {
				return got
			}
		case <-timeout:
			s.t.Fatalf("still running after a minute, having answered %d lines, the last %q", len(got), got[max(0, len(got)-3):])
		}
	}
}

// Whatever comes between a long count or search and the stop, quit or end
// of input that follows it (a blank line, an isready, a typo), the work
// ends at once with its answer, and what came between is answered after
// it, in order: isready with readyok, a typo with an error.
func TestStopQuitAndEndOfInputEndTheWorkWhateverCameBetween(t *testing.T) {
	const start = "pos classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x"
	works := []struct{ name, cmd, answer string }{
		{"a count of years", "perft 12", "perft stopped "},
		{"a search of depth 200", "go depth 200", "bestmove "},
	}
	betweens := []struct{ name, line, reply string }{
		{"a blank line", "", ""},
		{"a line of spaces", " \t ", ""},
		{"isready", "isready", "readyok"},
		{"an unknown command", "frobnicate", "error unknown command"},
		{"a stop with a word too many", "stop now", "error stop takes no arguments"},
	}
	for _, w := range works {
		for _, b := range betweens {
			// want checks the answers: the work's, then the reply to what came between.
			want := func(t *testing.T, got []string, then ...string) {
				t.Helper()
				n := 1 + len(then)
				if b.reply != "" {
					n++
				}
				ok := len(got) == n && strings.HasPrefix(got[0], w.answer) && got[0] != "bestmove none"
				if ok && b.reply != "" {
					ok = strings.HasPrefix(got[1], b.reply)
				}
				if ok {
					ok = strings.Join(got[n-len(then):], "|") == strings.Join(then, "|")
				}
				if !ok {
					t.Errorf("answered %q, want %q, %q, then %q", got, w.answer+"…", b.reply, then)
				}
			}
			prefix := "position startpos classic\n" + w.cmd + "\n" + b.line + "\n"
			t.Run(w.name+", "+b.name+", then stop", func(t *testing.T) {
				s := startSession(t, false)
				s.send(prefix + "stop\npos\n")
				want(t, s.linesUntil(func(l string) bool { return strings.HasPrefix(l, "pos ") }), start)
			})
			t.Run(w.name+", "+b.name+", then quit", func(t *testing.T) {
				s := startSession(t, false)
				s.send(prefix + "quit\npos\n") // the input stays open: quit alone ends the session
				want(t, s.linesUntil(nil))
			})
			t.Run(w.name+", "+b.name+", then a person's end of input", func(t *testing.T) {
				s := startSession(t, true)
				s.send(prefix)
				s.in.Close()
				want(t, s.linesUntil(nil))
			})
		}
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

// While a search runs, Run holds only so many commands: a client that
// streams them cannot fill its memory. Those read beyond are answered with
// an error each, in their turn, and a stop among them still ends the search.
func TestRunHoldsOnlySoManyCommandsWhileASearchRuns(t *testing.T) {
	const line = "pos"
	held := (maxQueuedBytes + len(line) + lineCost - 1) / (len(line) + lineCost)
	s := startSession(t, false)
	// a quit is always held: nothing after it is read
	s.send("position startpos classic\ngo depth 200\n" + strings.Repeat(line+"\n", held+50) + "stop\nquit\n")
	got := s.linesUntil(nil)
	count := map[string]int{}
	for _, l := range got[1:] {
		count[l]++
	}
	pos, refused := "pos classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", "error more than 1024 KiB of commands waited for the work before them: ignored"
	if !strings.HasPrefix(got[0], "bestmove ") || count[pos] != held || count[refused] != 51 || len(count) != 2 ||
		got[held] != pos || got[held+1] != refused {
		t.Errorf("answered %q, then %d positions (want %d), %d refusals (want 51, the stop's included) and %d other lines",
			got[0], count[pos], held, count[refused], len(got)-1-count[pos]-count[refused])
	}
}
