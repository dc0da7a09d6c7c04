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
	// A Ctrl+C that comes before the engine set its handler ends it as the
	// signal does by default; a loaded machine can take seconds to get
	// there, so such a run is tried again with a longer wait.
	for _, wait := range []time.Duration{time.Second, 4 * time.Second, 15 * time.Second} {
		cmd := exec.Command(engineBin, "perft", "classic", "12")
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(wait)
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			ee, ok := err.(*exec.ExitError)
			if ok && !ee.Exited() && out.Len() == 0 {
				t.Logf("Ctrl+C after %v came before the engine's handler (%v); again with a longer wait", wait, err)
				continue
			}
			if !ok || ee.ExitCode() != 1 || !strings.Contains(out.String(), "perft classic depth 12 stopped after ") {
				t.Errorf("exit %v, output %q", err, out.String())
			}
			return
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatal("perft classic 12 went on after Ctrl+C")
		}
	}
	t.Error("perft classic 12 was ended by Ctrl+C itself each time, without saying what it had counted")
}
