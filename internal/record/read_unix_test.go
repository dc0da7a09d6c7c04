//go:build unix

package record

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe with no writer would block a plain open forever.
func TestReadFileRefusesANamedPipeWithoutWaiting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.gobblet")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(path); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "is a named pipe, not a file") {
			t.Errorf("error %v, want a sentence saying it is a named pipe", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadFile blocked on a named pipe")
	}
}
