//go:build e2e

package e2e

import (
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// Scenario 7 (issue 10): the Linux release archive, complete by tools/dist's
// own checks (make test's cross stage builds the others), unpacked in a fresh
// folder and started from there with an empty home directory, opens its
// window on the main menu and quits cleanly.
func TestLinuxArchiveStartsWithEmptyHome(t *testing.T) {
	out := t.TempDir()
	build := exec.Command("go", "run", "./tools/dist", "-targets", "linux/"+runtime.GOARCH, "-out", out)
	build.Dir = ".."
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("tools/dist: %v\n%s", err, b)
	}
	verify := exec.Command("go", "run", "./tools/dist", "-verify", "-targets", "linux/"+runtime.GOARCH, "-out", out)
	verify.Dir = ".."
	if b, err := verify.CombinedOutput(); err != nil {
		t.Fatalf("tools/dist -verify: %v\n%s", err, b)
	}
	archives, _ := filepath.Glob(filepath.Join(out, "gobblet-*-linux-"+runtime.GOARCH+".tar.gz"))
	if len(archives) != 1 {
		t.Fatalf("tools/dist made %v, want one Linux %s archive", archives, runtime.GOARCH)
	}
	place := t.TempDir()
	if b, err := exec.Command("tar", "-xzf", archives[0], "-C", place).CombinedOutput(); err != nil {
		t.Fatalf("unpack %s: %v\n%s", archives[0], err, b)
	}
	bins, _ := filepath.Glob(filepath.Join(place, "*", "gobblet"))
	if len(bins) != 1 {
		t.Fatalf("the archive holds no single gobblet binary: %v", bins)
	}
	for _, want := range []string{"gobblet.desktop", "icons/hicolor/256x256/apps/gobblet.png"} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(bins[0]), want)); err != nil {
			t.Errorf("the archive lacks %s", want)
		}
	}
	home := t.TempDir()
	// no --config-dir: the game finds its own folder under the empty home
	g := startBinary(t, bins[0], []string{"--debug"}, "", "HOME="+home, "XDG_CONFIG_HOME=", "XDG_DATA_HOME=", "GOBBLET_NOSOUND=1")
	u := g.ui()
	u.Widget(t, "New game")
	title := g.screenRect(Rect{X: 400, Y: 100, W: 480, H: 120}, 0)
	g.waitScreen("the menu's title", func(img image.Image) (bool, string) {
		b := brightness(img, title)
		return b >= 30, fmt.Sprintf("the title area's brightness is %.0f", b)
	})
	g.clickWhen(u.Widget(t, "Quit"), "Quit", g.hasExited)
	if err := g.waitExit(10 * time.Second); err != nil {
		t.Fatalf("the unpacked game did not quit cleanly: %v", err)
	}
	t.Logf("written under the empty home: %v", keys(configFiles(t, home)))
}
