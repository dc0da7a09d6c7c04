package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var engineBin string

// TestMain builds the real binary once; the tests pipe commands into it.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gobblet-engine-test")
	if err != nil {
		panic(err)
	}
	engineBin = filepath.Join(dir, "gobblet-engine")
	if runtime.GOOS == "windows" {
		engineBin += ".exe"
	}
	out, err := exec.Command("go", "build", "-o", engineBin, ".").CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runEngine(t *testing.T, input string, args ...string) (stdout string, exit int) {
	t.Helper()
	cmd := exec.Command(engineBin, args...)
	cmd.Stdin = strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), 0
}

func lines(s string) []string { return strings.Split(strings.TrimRight(s, "\n"), "\n") }

// TestProtocolSession drives a whole session through the real binary.
func TestProtocolSession(t *testing.T) {
	in := strings.Join([]string{
		"position startpos gobblers",
		"pos",
		"perft 2",
		"play 3@b2",
		"pos",
		"status",
		"position startpos   classic   moves 4@a1 4@b2",
		"pos",
		"perft 1",
		"position gobblers:.,.,./.,.,./x1,x1,.:x moves 2@c1",
		"status",
		"legal",
		"go",
		"isready",
		// no quit: one read while a perft ran would end it (see
		// TestQuitEndsTheSession); the end of a pipe lets the work finish
	}, "\n") + "\n"
	out, code := runEngine(t, in)
	want := []string{
		"pos gobblers:.,.,./.,.,./.,.,.:x",
		"perft 675",
		"pos gobblers:.,.,./.,x3,./.,.,.:o",
		"status ongoing",
		"pos classic:.,.,.,./.,.,.,./.,o4,.,./x4,.,.,.:x",
		"perft 42",
		"status x line",
		"legal",
		"bestmove none",
		"readyok",
	}
	if code != 0 || strings.Join(lines(out), "\n") != strings.Join(want, "\n") {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", code, out, strings.Join(want, "\n"))
	}
}

// TestQuitEndsTheSession: nothing after a quit is answered, and the exit
// status is 0.
func TestQuitEndsTheSession(t *testing.T) {
	out, code := runEngine(t, "position startpos gobblers\npos\nquit\npos\n")
	if code != 0 || out != "pos gobblers:.,.,./.,.,./.,.,.:x\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
}

// TestProtocolBadInput: every malformed line gets exactly one error line,
// the engine reads on, and the position is unchanged.
func TestProtocolBadInput(t *testing.T) {
	bad := []string{
		"frobnicate",
		"position",
		"position startpos",
		"position startpos chess",
		"position gobblers:.,.,./.,.,.:x",
		"position startpos gobblers moves 3@b2 3@b2",
		"position startpos gobblers 3@b2",
		"play",
		"play 9@a1",
		"play a1-b2",
		"play 4@a1 4@b1",
		"perft",
		"perft -1",
		"perft x",
		"perft 99",
		"setoption",
		"setoption seed banana",
		"setoption colour red",
		"setoption hash 0",
		"go level godlike",
		"go depth",
		"go depth zero",
		"go nodes -5",
		"go sideways 3",
		"legal now",
		"status please",
		"pos x",
		strings.Repeat("x", 100000),
		"play " + strings.Repeat("1@", 50000),
	}
	var in strings.Builder
	in.WriteString("position startpos classic moves 4@a1\n")
	for _, b := range bad {
		in.WriteString(b + "\npos\n")
	}
	out, code := runEngine(t, in.String())
	got := lines(out)
	if code != 0 || len(got) != 2*len(bad) {
		t.Fatalf("exit %d, %d lines for %d bad commands:\n%s", code, len(got), len(bad), out)
	}
	for i, b := range bad {
		if !strings.HasPrefix(got[2*i], "error ") || len(got[2*i]) < 12 {
			t.Errorf("%.40q answered %q, want one error line", b, got[2*i])
		}
		if got[2*i+1] != "pos classic:.,.,.,./.,.,.,./.,.,.,./x4,.,.,.:o" {
			t.Errorf("after %.40q the position is %q", b, got[2*i+1])
		}
	}
}

// TestProtocolGoPlaysALegalMove: go answers with info lines then one legal
// bestmove; the same seed gives the same move.
func TestProtocolGoPlaysALegalMove(t *testing.T) {
	in := "setoption seed 7\nposition startpos gobblers moves 1@a1 2@b2\nlegal\ngo level easy\nisready\n"
	out1, _ := runEngine(t, in)
	out2, _ := runEngine(t, in)
	ls := lines(out1)
	best := ls[len(ls)-2]
	if !strings.HasPrefix(best, "bestmove ") || ls[len(ls)-1] != "readyok" {
		t.Fatalf("output:\n%s", out1)
	}
	if !strings.Contains(" "+ls[0]+" ", " "+strings.TrimPrefix(best, "bestmove ")+" ") {
		t.Errorf("%s is not in %s", best, ls[0])
	}
	for _, l := range ls[1 : len(ls)-2] {
		if !strings.HasPrefix(l, "info depth ") {
			t.Errorf("unexpected line %q", l)
		}
	}
	if lines(out2)[len(lines(out2))-2] != best {
		t.Errorf("same seed, different moves: %s / %s", best, lines(out2)[len(lines(out2))-2])
	}
}

func TestProtocolMoveLimit(t *testing.T) {
	out, _ := runEngine(t, "setoption movelimit 2\nposition startpos classic moves 4@a1 4@b1\nstatus\ngo\n")
	if got := lines(out); got[0] != "status draw movelimit" || got[1] != "bestmove none" {
		t.Errorf("output:\n%s", out)
	}
}

func TestProtocolRepetition(t *testing.T) {
	out, _ := runEngine(t, "position startpos gobblers moves 1@a1 1@c3 a1-a2 c3-c2 a2-a1 c2-c3 a1-a2 c3-c2 a2-a1 c2-c3\nstatus\n")
	if got := lines(out); got[0] != "status draw repetition" {
		t.Errorf("output:\n%s", out)
	}
}

func TestPerftSubcommand(t *testing.T) {
	out, code := runEngine(t, "", "perft", "classic", "4")
	if code != 0 || !strings.Contains(out, "nodes 406560 ") || !strings.Contains(out, "nps ") {
		t.Errorf("exit %d: %s", code, out)
	}
	out, code = runEngine(t, "", "perft", "gobblers", "1", "--pos", "gobblers:x3,o2,o1/.,x1,./x2,x3,.:o")
	if code != 0 || !strings.Contains(out, "nodes 23 ") {
		t.Errorf("exit %d: %s", code, out)
	}
	if _, code = runEngine(t, "", "perft", "gobblers", "deep"); code == 0 {
		t.Error("a bad depth exited 0")
	}
}

func TestHelp(t *testing.T) {
	out, code := runEngine(t, "", "--help")
	if code != 0 || !strings.Contains(out, "perft") || !strings.Contains(out, "bench") {
		t.Errorf("exit %d: %s", code, out)
	}
}
