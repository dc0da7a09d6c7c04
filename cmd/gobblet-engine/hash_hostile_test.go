//go:build linux

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// setoption hash takes up to 4096 MiB, and the table is made at the next
// go: where the address space is limited (ulimit -v) the runtime could not
// map it and the engine died with "fatal error: out of memory", which no
// recover catches. setoption now refuses what the limit cannot hold, with
// an error line, and the engine searches on with its table as it was.
func TestHashTooBigForTheMachineIsAnErrorNotACrash(t *testing.T) {
	cmd := exec.Command("sh", "-c", "ulimit -v 1500000; exec "+engineBin)
	cmd.Stdin = strings.NewReader("setoption hash 4096\nposition startpos classic\ngo depth 2\nisready\nquit\n")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "readyok") || !strings.Contains(string(out), "bestmove") {
		t.Errorf("the engine did not survive: %v\n%.300s", err, out)
	}
	if !strings.Contains(string(out), "error hash 4096 MiB is more than this process may use") {
		t.Errorf("setoption hash 4096 under a 1.5 GB limit was not refused:\n%.300s", out)
	}
}
