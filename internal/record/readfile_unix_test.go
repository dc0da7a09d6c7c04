//go:build unix

package record

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO with no writer blocks a plain open forever; ReadFile must refuse
// it at once.
func TestReadFileRefusesAFIFOWithoutBlocking(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if _, err := readWithin(t, path); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("ReadFile(FIFO) = %v, want ErrNotRegular", err)
	}
}
