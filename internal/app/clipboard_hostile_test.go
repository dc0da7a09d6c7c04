//go:build linux

package app

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A paste of a huge clipboard (100 MB) keeps only a short prefix: the code
// field never receives, nor the game holds, the whole text.
func TestPasteOfAHugeClipboardIsCut(t *testing.T) {
	bin := t.TempDir()
	script := "#!/bin/sh\nhead -c 100000000 /dev/zero | tr '\\000' A\n"
	if err := os.WriteFile(filepath.Join(bin, "wl-paste"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+":/usr/bin:/bin")
	var c clipboard
	c.paste()
	select {
	case text := <-c.pasted:
		if len(text) > maxPaste {
			t.Errorf("pasted %d bytes; at most %d are kept", len(text), maxPaste)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the paste never ended")
	}
}
