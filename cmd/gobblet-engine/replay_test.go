package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/gobblet-game/gobblet/internal/record"
)

func TestReplayPrintsEveryMoveAndTheResult(t *testing.T) {
	var out bytes.Buffer
	if err := replay(&out, nil, []string{"../../internal/record/testdata/classic-x-wins.gobblet"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.HasPrefix(lines[0], "classic: x human Ann, o ai hard (alphabeta)") {
		t.Errorf("header %q", lines[0])
	}
	want := []string{
		"1.    4@c2   classic:.,.,.,./.,.,.,./.,.,x4,./.,.,.,.:o",
		"4...  a1-c3  classic:.,.,o2,./.,.,x2o4,./.,x4,x4,x3/.,.,.,o3:x",
		"7.    3@a3   classic:o4,o2,.,./x3,x4,x2,x1/.,x4,.,x3/.,.,.,o3:o",
		"result       x line (a win for x by a line) after 13 moves",
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w+"\n") {
			t.Errorf("missing line %q in:\n%s", w, out.String())
		}
	}
}

func TestReplayDrawsBoards(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("[Variant \"gobblers\"]\n1. 3@b2 2@b2\n")
	if err := replay(&out, in, []string{"--board", "-"}); err == nil {
		t.Fatal("a size-2 piece covered a size-3 piece")
	}
	in = strings.NewReader("[Variant \"gobblers\"]\n1. 2@b2 3@b2\n")
	out.Reset()
	if err := replay(&out, in, []string{"--board", "-"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "2   .  o3+  . \n") {
		t.Errorf("no gobbling stack on b2:\n%s", out.String())
	}
}

func TestReplayRefusesBadFiles(t *testing.T) {
	tests := []struct{ rule, text, want string }{
		{"an illegal move names its line and number", "[Variant \"classic\"]\n\n1. 4@a1 4@d4\n2. 3@b2 4@d4\n", "-: line 4: move 2 (o) 4@d4: "},
		{"an empty file", "", "-: the file is empty"},
		{"a newer format", "[Format \"gobblet 9\"]\n", "newer version of Gobblet"},
		{"a wrong result", "[Variant \"gobblers\"]\n[Result \"x wins\"]\n", "-: line 2: the result says a win for x"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			var out bytes.Buffer
			err := replay(&out, strings.NewReader(tt.text), []string{"-"})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
	var out bytes.Buffer
	if err := replay(&out, nil, nil); err == nil {
		t.Error("no FILE accepted")
	}
	if err := replay(&out, nil, []string{"testdata/no such file"}); err == nil {
		t.Error("a missing file accepted")
	}
}

// hasControl reports whether s holds a character a terminal would obey or
// that reorders a line, other than the newline ending each line.
func hasControl(s string) bool {
	for _, r := range s {
		if r != '\n' && !unicode.IsGraphic(r) {
			return true
		}
	}
	return false
}

func TestReplayEscapesWhatTheRecordSays(t *testing.T) {
	for _, tc := range []struct{ rule, text, want string }{
		{"a comment cannot retitle the terminal", "[Variant \"gobblers\"]\n{\x1b]0;pwned\x07} 1. 3@b2 {\x1b[2J}\n", `{\x1b]0;pwned\x07}`},
		{"a name cannot send a C1 control", "[Variant \"gobblers\"]\n[XName \"Ann\u009b2J\"]\n1. 3@b2\n", `unknown Ann\u009b2J`},
		{"a name cannot turn the line backwards", "[Variant \"gobblers\"]\n[X \"human\"]\n[XName \"\u202eAnn\"]\n1. 3@b2\n", `human \u202eAnn`},
		{"a level and an algorithm are escaped too", "[Variant \"gobblers\"]\n[O \"ai\"]\n[OLevel \"hard\u2066\"]\n[OAlgorithm \"x\u0085\"]\n1. 3@b2\n", `ai hard\u2066 (x\u0085)`},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			var out bytes.Buffer
			if err := replay(&out, strings.NewReader(tc.text), []string{"-"}); err != nil {
				t.Fatal(err)
			}
			if hasControl(out.String()) || !strings.Contains(out.String(), tc.want) {
				t.Errorf("output %q, want %q in it and no control character", out.String(), tc.want)
			}
		})
	}
}

func TestReplayRefusesHugeAndSpecialFiles(t *testing.T) {
	huge := filepath.Join(t.TempDir(), "huge.gobblet")
	if err := os.WriteFile(huge, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 200<<20); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	for _, tc := range []struct{ rule, path, want string }{
		{"a 200 MB file is not read whole", huge, "is larger than 4 MiB, which no game file is"},
		{"a folder is not a record", t.TempDir(), "is not a regular file (a folder)"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			var out bytes.Buffer
			if err := replay(&out, nil, []string{tc.path}); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
	var out bytes.Buffer
	err := replay(&out, bytes.NewReader(make([]byte, record.MaxSize+1)), []string{"-"})
	if err == nil || !strings.Contains(err.Error(), "larger than 4 MiB") {
		t.Errorf("an overlong standard input: %v", err)
	}
}

// The binary prints the error that quotes a hostile file name escaped.
func TestReplayErrorEscapesTheFileName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "\x1b]0;pwned\x07.gobblet")
	if err := os.WriteFile(path, []byte("[Variant \"chess\"]\n"), 0o600); err != nil {
		t.Skip("this file system refuses control characters in names:", err)
	}
	cmd := exec.Command(engineBin, "replay", path)
	msg, _ := cmd.CombinedOutput()
	if hasControl(string(msg)) || !strings.Contains(string(msg), `\x1b]0;pwned\x07.gobblet`) {
		t.Errorf("message %q", msg)
	}
}
