package main

import (
	"bufio"
	"errors"
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
