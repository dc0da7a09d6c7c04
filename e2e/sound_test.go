//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Scenario 5a: with no sound server at all the game plays a game through
// and quits cleanly.
func TestNoSoundServer(t *testing.T) {
	run := t.TempDir()
	os.Chmod(run, 0o700)
	g := startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", t.TempDir(), "--debug"}, "",
		"XDG_RUNTIME_DIR="+run, "PULSE_SERVER=unix:"+filepath.Join(run, "nowhere", "native"))
	g.startNewGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange")
	res := g.playToEnd(startEngine(t), "gobblers", "x", "perfect", false, 20)
	if res != "x line" {
		t.Fatalf("result %q, want x line", res)
	}
	u := g.waitUI("game", "over", 15*time.Second)
	mark := g.logMark()
	g.click(u.Widget(t, "Main menu"))
	u = g.waitUIAfter(mark, "menu", "", 10*time.Second)
	g.clickWhen(u.Widget(t, "Quit"), "Quit", g.hasExited)
	if err := g.waitExit(10 * time.Second); err != nil {
		t.Fatalf("without a sound server the game did not quit cleanly: %v; log:\n%s", err, g.log())
	}
	if n := g.countLog(`panic|fatal`); n > 0 {
		t.Fatalf("the log has %d panic/fatal lines:\n%s", n, g.log())
	}
}

// pulse is a private PulseAudio server with a null sink named cap whose
// monitor the test records.
type pulse struct {
	run string // its XDG_RUNTIME_DIR
	pid int
}

func startPulse(t *testing.T) *pulse {
	t.Helper()
	for _, tool := range []string{"pulseaudio", "parec", "sox"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: install pulseaudio, pulseaudio-utils and sox (make e2e-deps)", tool)
		}
	}
	run, err := os.MkdirTemp("", "gobblet-pulse")
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(run, 0o700)
	cmd := exec.Command("pulseaudio", "-D", "-n", "--exit-idle-time=-1", "--use-pid-file=yes", "--disallow-exit",
		"--load=module-null-sink sink_name=cap", "--load=module-native-protocol-unix")
	cmd.Env = append(os.Environ(), "XDG_RUNTIME_DIR="+run, "HOME="+run)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pulseaudio did not start: %v: %s", err, out)
	}
	p := &pulse{run: run}
	for i := 0; i < 100; i++ {
		b, err := os.ReadFile(filepath.Join(run, "pulse", "pid"))
		if err == nil {
			if p.pid, err = strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if p.pid == 0 {
		t.Fatal("pulseaudio wrote no pid file")
	}
	t.Cleanup(func() {
		if pr, err := os.FindProcess(p.pid); err == nil {
			pr.Kill()
		}
		time.Sleep(100 * time.Millisecond)
		os.RemoveAll(run)
	})
	return p
}

func (p *pulse) env() []string { return []string{"XDG_RUNTIME_DIR=" + p.run, "HOME=" + p.run} }

// record records the null sink while f runs and returns sox's peak and
// RMS amplitude (0..1) of what was heard.
func (p *pulse) record(t *testing.T, f func()) (peak, rms float64) {
	t.Helper()
	raw := filepath.Join(t.TempDir(), "rec.raw")
	out, err := os.Create(raw)
	if err != nil {
		t.Fatal(err)
	}
	rec := exec.Command("parec", "-d", "cap.monitor", "--format=s16le", "--rate=48000", "--channels=2", "--latency-msec=20")
	rec.Env = append(os.Environ(), p.env()...)
	rec.Stdout = out
	if err := rec.Start(); err != nil {
		t.Fatalf("parec: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	f()
	time.Sleep(1200 * time.Millisecond)
	rec.Process.Signal(os.Interrupt)
	rec.Wait()
	out.Close()
	st, _ := exec.Command("sox", "-t", "raw", "-r", "48000", "-e", "signed", "-b", "16", "-c", "2", raw, "-n", "stat").CombinedOutput()
	field := func(name string) float64 {
		for _, ln := range strings.Split(string(st), "\n") {
			if v, ok := strings.CutPrefix(ln, name+":"); ok {
				x, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
				return x
			}
		}
		t.Fatalf("sox stat has no %q: %s", name, st)
		return 0
	}
	return field("Maximum amplitude"), field("RMS     amplitude")
}

// Scenario 5b: through a PulseAudio null sink a move is heard; muted, the
// next move is silent.
func TestMoveIsHeardAndMuteSilences(t *testing.T) {
	p := startPulse(t)
	g := startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", t.TempDir(), "--debug"}, "", p.env()...)
	// music off, so that what is heard is the move
	u := g.ui()
	g.click(u.Widget(t, "Options"))
	u = g.waitUI("options", "", 10*time.Second)
	g.click(u.Widget(t, "Music volume/Off"))
	g.waitUIFunc("music off", 0, 5*time.Second, func(u *UI) bool { return u.Choices["Music volume"] == "Off" })
	mark := g.logMark()
	g.click(g.ui().Widget(t, "Done"))
	g.waitUIAfter(mark, "menu", "", 10*time.Second)
	u = g.startNewGame("Game/Gobblers 3×3", "Players/Two players", "Moves first/Orange")
	// PulseAudio opens in the background; an effect asked for before the
	// device is open is dropped, as a late one should be
	g.waitLog(`^gobblet: sound: the device is open$`, 30*time.Second)
	peak, rms := p.record(t, func() { g.makeMove(u, "3@b2", true) })
	t.Logf("a move through the null sink: peak %.4f, RMS %.5f", peak, rms)
	if peak < 0.05 {
		t.Fatalf("a move was not heard: peak %.4f, RMS %.5f", peak, rms)
	}

	// mute through pause → Options, then play on
	u = g.waitUIFunc("o to move", 0, 10*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "o" })
	g.keyUI("Escape")
	u = g.waitUI("game", "paused", 10*time.Second)
	g.click(u.Widget(t, "Options"))
	u = g.waitUI("options", "", 10*time.Second)
	g.click(u.Widget(t, "Mute all sound/On"))
	g.waitUIFunc("mute on", 0, 5*time.Second, func(u *UI) bool { return u.Choices["Mute all sound"] == "On" })
	g.click(g.ui().Widget(t, "Done"))
	u = g.waitUI("game", "paused", 10*time.Second)
	g.click(u.Widget(t, "Resume"))
	u = g.waitUI("game", "play", 10*time.Second)
	peak, rms = p.record(t, func() { g.makeMove(u, "3@a1", true) })
	t.Logf("muted, a move: peak %.4f, RMS %.5f", peak, rms)
	if peak > 0.002 {
		t.Fatalf("muted, yet a move was heard: peak %.4f, RMS %.5f", peak, rms)
	}
}
