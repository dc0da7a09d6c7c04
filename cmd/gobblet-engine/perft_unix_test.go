//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Ctrl+C ends a count that would take years, and the count says what it had.
func TestPerftSubcommandStopsOnInterrupt(t *testing.T) {
	cmd := exec.Command(engineBin, "perft", "classic", "12")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // well after the handler is set, even on a loaded machine
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(out.String(), "perft classic depth 12 stopped after ") {
			t.Errorf("exit %v, output %q", err, out.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("perft classic 12 went on after Ctrl+C")
	}
}
