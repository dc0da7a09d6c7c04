package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestSubcommandHelpExitsZero: PROTOCOL.md promises -h / --help on
// every sub-command. Asking for help is not an error: it prints the usage
// on standard output (as the top-level --help does, so `| less` works)
// and exits 0. perft once printed "flag: help requested" and exited 1.
func TestSubcommandHelpExitsZero(t *testing.T) {
	for _, sc := range []string{"perft", "bench", "match", "solve", "replay"} {
		for _, h := range []string{"-h", "--help"} {
			cmd := exec.Command(engineBin, sc, h)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != 0 || !strings.Contains(string(out), "usage") || strings.Contains(string(out), "help requested") || stderr.Len() > 0 {
				t.Errorf("gobblet-engine %s %s: exit %d, standard output:\n%s\nstandard error:\n%s", sc, h, code, out, stderr.String())
			}
		}
	}
}

// TestMistakenFlagPrintsUsageOnStandardError: a wrong flag is an error: a
// message and the usage on standard error, nothing on standard output, a
// non-zero exit.
func TestMistakenFlagPrintsUsageOnStandardError(t *testing.T) {
	for _, sc := range []string{"perft", "bench", "match", "solve", "replay"} {
		cmd := exec.Command(engineBin, sc, "--no-such-flag")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err == nil || len(out) > 0 || !strings.Contains(stderr.String(), "no-such-flag") {
			t.Errorf("gobblet-engine %s --no-such-flag: err %v, standard output %q, standard error:\n%s", sc, err, out, stderr.String())
		}
	}
}

// TestCRLFBlankLinesAndSpaces: a Windows referee's \r\n, blank lines,
// lines of spaces, runs of spaces and trailing spaces are all accepted.
func TestCRLFBlankLinesAndSpaces(t *testing.T) {
	in := "position   startpos  gobblers   moves  1@a1   2@b2  \r\n" +
		"\r\n" +
		"   \r\n" +
		"pos \r\n" +
		"status\r\n" +
		"play   a1-c3\r\n" +
		"pos\r\n" +
		"isready\r\n" +
		"quit\r\n"
	out, code := runEngine(t, in)
	want := []string{
		"pos gobblers:.,.,./.,o2,./x1,.,.:x",
		"status ongoing",
		"pos gobblers:.,.,x1/.,o2,./.,.,.:o",
		"readyok",
	}
	if code != 0 || strings.Join(lines(out), "\n") != strings.Join(want, "\n") {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", code, out, strings.Join(want, "\n"))
	}
}

var infoLine = regexp.MustCompile(`^info depth \d+ score (cp -?\d+|win \d+|loss \d+) nodes \d+ nps \d+ time \d+ pv( [1-4]@[a-d][1-4]| [a-d][1-4]-[a-d][1-4])+$`)

// TestInteractive drives the engine the way a referee does: one
// command at a time, waiting for each reply line before sending the next
// (so replies must be flushed at once, not at exit). Two go commands in a
// row, a go near the end of the game, a go when it is over, and isready.
func TestInteractive(t *testing.T) {
	cmd := exec.Command(engineBin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	replies := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			replies <- sc.Text()
		}
		close(replies)
	}()
	send := func(c string) {
		t.Helper()
		if _, err := stdin.Write([]byte(c + "\n")); err != nil {
			t.Fatal(err)
		}
	}
	read := func(c string) string {
		t.Helper()
		select {
		case l, ok := <-replies:
			if !ok {
				t.Fatalf("%q: the engine ended", c)
			}
			return l
		case <-time.After(20 * time.Second):
			t.Fatalf("%q: no reply line within 20 s (not flushed?)", c)
		}
		return ""
	}
	ask := func(c string) string { t.Helper(); send(c); return read(c) }
	goCmd := func(c, legal string) {
		t.Helper()
		send(c)
		for {
			l := read(c)
			if strings.HasPrefix(l, "bestmove ") {
				m := strings.TrimPrefix(l, "bestmove ")
				if legal == "legal" {
					if m != "none" {
						t.Errorf("%q when over: %q, want bestmove none", c, l)
					}
				} else if !strings.Contains(legal+" ", " "+m+" ") {
					t.Errorf("%q: %q is not in %q", c, l, legal)
				}
				return
			}
			if !infoLine.MatchString(l) {
				t.Errorf("%q: bad line %q", c, l)
			}
		}
	}

	send("setoption seed 11")
	send("position startpos classic")
	if got := ask("isready"); got != "readyok" {
		t.Fatalf("isready: %q", got)
	}
	legal := ask("legal")
	goCmd("go depth 2", legal)
	goCmd("go nodes 2000", legal)
	goCmd("go depth 2 nodes 2000 movetime 500", legal)

	// Near the end: x wins at once (2@b3 and others) or loses in 2; then
	// a position where every move of x loses in 2 (a double threat of o).
	for _, pos := range []string{"gobblers:o2,.,./o1,x1,./.,x2,o3:x", "gobblers:o2,.,o1/o3,x1,x2/.,.,o3:x"} {
		send("position " + pos)
		if got := ask("status"); got != "status ongoing" {
			t.Fatalf("%s: %q", pos, got)
		}
		legal = ask("legal")
		for _, c := range []string{"go depth 2", "go nodes 2000", "go level easy", "go level perfect", "go depth 2"} {
			goCmd(c, legal)
		}
	}
	// x wins with 2@c1 or 1@c1; after it the game is over.
	send("position gobblers:.,.,./o1,o1,./x3,x3,.:x moves 2@c1")
	if got := ask("status"); got != "status x line" {
		t.Errorf("status: %q", got)
	}
	legal = ask("legal")
	if legal != "legal" {
		t.Errorf("legal when over: %q", legal)
	}
	goCmd("go depth 2", legal)
	goCmd("go level perfect", legal)
	if got := ask("isready"); got != "readyok" {
		t.Errorf("isready: %q", got)
	}
	send("quit")
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("quit: %v", err)
	}
}

// engineSession is the real binary with its input kept open, so that only
// what the test sends can end the work.
type engineSession struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   chan string
	ended chan error
}

// startEngineSession starts the binary; stdin, when not nil, replaces the
// pipe the test writes to.
func startEngineSession(t *testing.T, stdin *os.File) *engineSession {
	t.Helper()
	s := &engineSession{t: t, cmd: exec.Command(engineBin), out: make(chan string, 1024), ended: make(chan error, 1)}
	if stdin != nil {
		s.cmd.Stdin = stdin
	} else {
		in, err := s.cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		s.in = in
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
		s.ended <- s.cmd.Wait()
	}()
	t.Cleanup(func() {
		if s.in != nil {
			s.in.Close()
		}
		s.cmd.Process.Kill()
	})
	return s
}

// linesUntil returns the reply lines, info lines left out, up to the first
// that last accepts, or with last nil up to the engine's exit, which must
// be a clean one. An engine that has not got there within a minute has
// work nothing ended.
func (s *engineSession) linesUntil(last func(string) bool) []string {
	s.t.Helper()
	var got []string
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-s.out:
			if !ok {
				if last != nil {
					s.t.Fatalf("the engine ended after %q", got)
				}
				if err := <-s.ended; err != nil {
					s.t.Errorf("exit: %v", err)
				}
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
			s.t.Fatalf("still running after a minute, having answered %q", got)
		}
	}
}

// stopWorkCases are the long work and what may come between it and the
// stop, quit or end of input that must end it.
var stopWorkCases = struct {
	works    []struct{ name, cmd, answer string }
	betweens []struct{ name, line, reply string }
}{
	works: []struct{ name, cmd, answer string }{
		{"a count of years", "perft 12", "perft stopped "},
		{"a search of depth 200", "go depth 200", "bestmove "},
	},
	betweens: []struct{ name, line, reply string }{
		{"a blank line", "", ""},
		{"isready", "isready", "readyok"},
		{"an unknown command", "frobnicate", "error unknown command"},
	},
}

// checkStopped checks the answers to a work ended early: the work's, then
// the reply to what came between, then the lines of then.
func checkStopped(t *testing.T, got []string, answer, reply string, then ...string) {
	t.Helper()
	want := []string{answer + "…"}
	if reply != "" {
		want = append(want, reply+"…")
	}
	want = append(want, then...)
	ok := len(got) == len(want) && strings.HasPrefix(got[0], answer) && got[0] != "bestmove none"
	for i := 1; ok && i < len(want); i++ {
		ok = strings.HasPrefix(got[i], strings.TrimSuffix(want[i], "…"))
	}
	if !ok {
		t.Errorf("answered %q, want %q", got, want)
	}
}

// TestStopAndQuitEndTheWorkWhateverCameBetween: a stop or a quit ends a
// count or a search at once whatever came between (a blank line, an
// isready, a typo); isready is still answered after the work's answer.
func TestStopAndQuitEndTheWorkWhateverCameBetween(t *testing.T) {
	const start = "pos classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x"
	for _, w := range stopWorkCases.works {
		for _, b := range stopWorkCases.betweens {
			prefix := "position startpos classic\n" + w.cmd + "\n" + b.line + "\n"
			t.Run(w.name+", "+b.name+", then stop", func(t *testing.T) {
				s := startEngineSession(t, nil)
				io.WriteString(s.in, prefix+"stop\npos\n")
				checkStopped(t, s.linesUntil(func(l string) bool { return strings.HasPrefix(l, "pos ") }), w.answer, b.reply, start)
				s.in.Close()
				if rest := s.linesUntil(nil); len(rest) > 0 {
					t.Errorf("at the end of input it answered %q", rest)
				}
			})
			t.Run(w.name+", "+b.name+", then quit", func(t *testing.T) {
				s := startEngineSession(t, nil)
				io.WriteString(s.in, prefix+"quit\npos\n") // the input stays open: quit alone ends the engine
				checkStopped(t, s.linesUntil(nil), w.answer, b.reply)
			})
		}
	}
}

// TestScriptsEndOfInputLetsTheWorkFinish: a script's input (a pipe) ends
// right after its last command; the engine still answers it in full, the
// same every time, then exits.
func TestScriptsEndOfInputLetsTheWorkFinish(t *testing.T) {
	out, code := runEngine(t, "position startpos gobblers\nperft 5\n")
	if code != 0 || out != "perft 16635384\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
}
