package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/record"
)

var plyLine = regexp.MustCompile(`^ply (\d+) (\S+) (best|good|inaccuracy|mistake|blunder) (\d+) (\d+) best (\S+)$`)

// TestAnnotateSubcommand drives the real binary on a 3×3 game: exact
// marks from the solution, one line per ply, then the accuracy.
func TestAnnotateSubcommand(t *testing.T) {
	out, code := runEngine(t, "", "annotate", "../../internal/record/testdata/gobblers-o-first.gobblet")
	want := []string{
		"ply 1 3@a1 best 0 0 best 3@a1",
		"ply 2 2@c3 blunder 100 0 best 3@b1",
		"ply 3 1@a3 blunder 100 0 best 3@c3",
		"ply 4 1@b1 blunder 100 0 best 3@a3",
		"accuracy 0.5 3.0",
	}
	if code != 0 || strings.Join(lines(out), "\n") != strings.Join(want, "\n") {
		t.Errorf("exit %d:\n%s\nwant:\n%s", code, out, strings.Join(want, "\n"))
	}
}

// TestAnnotateClassic checks the 4×4 lines' form with a small budget, and
// that the analysis kept in a file is printed as kept.
func TestAnnotateClassic(t *testing.T) {
	const path = "../../internal/record/testdata/classic-x-wins.gobblet"
	out, code := runEngine(t, "", "annotate", "--nodes", "20000", path)
	ls := lines(out)
	if code != 0 || len(ls) != 14 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for i, l := range ls[:13] {
		m := plyLine.FindStringSubmatch(l)
		if m == nil || m[1] != strconv.Itoa(i+1) {
			t.Errorf("line %q", l)
		}
	}
	if !regexp.MustCompile(`^accuracy \d+\.\d \d+\.\d$`).MatchString(ls[13]) {
		t.Errorf("line %q", ls[13])
	}

	// The same analysis kept in the file, with a mark changed by hand in
	// the tag, is printed as kept: no search at the same budget.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rec.Game()
	a, err := analysis.Analyze(context.Background(), g, analysis.Options{Nodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	analysis.Keep(rec, a)
	for i, tag := range rec.Tags {
		if tag.Name == analysis.TagName {
			words := strings.Split(tag.Value, " ")
			words[3] = "4@d4:90:10" // the first move, now a blunder
			rec.Tags[i].Value = strings.Join(words, " ")
		}
	}
	kept, err := record.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "kept.gobblet")
	if err := os.WriteFile(file, kept, 0o644); err != nil {
		t.Fatal(err)
	}
	out, code = runEngine(t, "", "annotate", "--nodes", "20000", file)
	if code != 0 || lines(out)[0] != "ply 1 4@c2 blunder 90 10 best 4@d4" {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, code = runEngine(t, "", "annotate", "--nodes", "20001", file)
	if code != 0 || lines(out)[0] == "ply 1 4@c2 blunder 90 10 best 4@d4" {
		t.Errorf("another budget printed the kept analysis: exit %d:\n%s", code, out)
	}
}

// runEngineErr runs the binary and returns its standard error too.
func runEngineErr(t *testing.T, input string, args ...string) (stdout, stderr string, exit int) {
	t.Helper()
	cmd := exec.Command(engineBin, args...)
	cmd.Stdin = strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), errb.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), 0
}

func TestAnnotateRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.gobblet")
	if err := os.WriteFile(bad, []byte("[Variant \"gobblers\"]\n1. 3@b2 2@b2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rule  string
		args  []string
		input string
		want  string
	}{
		{"an illegal move names its line", []string{bad}, "", "bad.gobblet: line 2: move 1 (o) 2@b2"},
		{"a missing file", []string{filepath.Join(dir, "none.gobblet")}, "", "no such file"},
		{"an empty input", []string{"-"}, "", "the file is empty"},
		{"no file", nil, "", "want one FILE"},
		{"a zero budget", []string{"--nodes", "0", bad}, "", "the node budget must be at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			stdout, stderr, code := runEngineErr(t, tt.input, append([]string{"annotate"}, tt.args...)...)
			if code == 0 || !strings.Contains(stderr, tt.want) || strings.Contains(stdout, "ply ") {
				t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, tt.want)
			}
			if !strings.HasPrefix(stderr, "gobblet-engine annotate") && tt.args != nil {
				t.Errorf("stderr %q", stderr)
			}
		})
	}
}
