//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Started from a terminal on a machine without sound, the game says so in
// one line of its own; what the audio libraries print as they look for a
// device (ALSA, its JACK plugin) stays out of the terminal.
func TestNoSoundDeviceIsSaidOnce(t *testing.T) {
	run := t.TempDir()
	os.Chmod(run, 0o700)
	g := startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", t.TempDir(), "--debug"}, "",
		"XDG_RUNTIME_DIR="+run, "PULSE_SERVER=unix:"+filepath.Join(run, "nowhere", "native"))
	g.waitLog(`^gobblet: no sound device: playing silently$`, 20*time.Second)
	time.Sleep(time.Second)
	if n := g.countLog(`^gobblet: no sound device: playing silently$`); n != 1 {
		t.Errorf("the game said %d times that it plays silently, want once", n)
	}
	// The game's own lines begin "gobblet: "; the libraries' are the rest
	// (44 before they were quieted).
	g.mu.Lock()
	var noise []string
	for _, l := range g.lines {
		if !strings.HasPrefix(l, "gobblet: ") && reAudioNoise.MatchString(l) {
			noise = append(noise, l)
		}
	}
	g.mu.Unlock()
	if len(noise) > 0 {
		t.Errorf("the audio libraries printed %d lines:\n%s", len(noise), strings.Join(noise, "\n"))
	}
	// The debug log has the reason, for whoever asked for it.
	if g.countLog(`^gobblet: sound: open sound device: `) != 1 {
		t.Errorf("the debug log does not say why there is no sound; log:\n%s", g.log())
	}
}

var reAudioNoise = regexp.MustCompile(`ALSA|[Jj]ack|JACK|Cannot connect to server|/dev/dsp|PulseAudio|^$`)

// A build without a stamped version says what it was built from.
func TestVersion(t *testing.T) {
	out, err := exec.Command(filepath.Join(binDir, "gobblet"), "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("gobblet --version: %v: %s", err, out)
	}
	line := strings.TrimSpace(string(out))
	t.Logf("gobblet --version: %s", line)
	if !strings.HasPrefix(line, "gobblet dev, commit ") && !strings.HasPrefix(line, "gobblet dev (no commit recorded") {
		t.Errorf("gobblet --version says %q", line)
	}
}
