package main

import (
	"bytes"
	"strings"
	"testing"
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
