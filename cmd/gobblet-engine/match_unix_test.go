//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// matchAgainst plays a short match against a shell script speaking (or not)
// the protocol, and returns everything the match printed.
func matchAgainst(t *testing.T, script string, args ...string) (output string, took time.Duration) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "engine.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script), 0o700); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	args = append([]string{"match", "--variant", "gobblers", "--games", "2", "--parallel", "1", "--p1", "cmd:" + path, "--p2", "easy"}, args...)
	cmd := exec.CommandContext(ctx, engineBin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("the match against %q was still running after a minute:\n%s", script, out.String())
	}
	return out.String(), time.Since(start)
}

func TestMatchShowsAnExternalEngineEscaped(t *testing.T) {
	out, _ := matchAgainst(t, `printf '\033]0;pwned\007 starting\n' >&2
while read line; do
	case "$line" in go*) printf 'error \033[2J\302\233\n' ;; esac
done
`)
	if hasControl(out) {
		t.Errorf("the match printed a control character:\n%q", out)
	}
	for _, want := range []string{`\x1b]0;pwned\x07 starting`, `said "error \x1b[2J\u009b"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the match does not show %s:\n%s", want, out)
		}
	}
}

func TestMatchBoundsAnExternalEngine(t *testing.T) {
	for _, tc := range []struct{ rule, script, want string }{
		{"an engine that never answers loses on time",
			"while read line; do :; done\n", "gave no move within 1s"},
		{"an endless line is refused, not buffered",
			"while read line; do case \"$line\" in go*) head -c 200000 /dev/zero | tr '\\0' a; echo ;; esac; done\n", "a line longer than 65536 bytes"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			out, took := matchAgainst(t, tc.script, "--engine-timeout", "1s", "--quiet")
			if !strings.Contains(out, tc.want) || !strings.Contains(out, "result W 0 D 0 L 2") {
				t.Errorf("after %v:\n%s", took, out)
			}
		})
	}
}
