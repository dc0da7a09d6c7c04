//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Hostile or unlucky files in the config folder never stop the game: a
// FIFO for settings, a 200 MB autosave and a folder for statistics used to
// hang it before its window opened. Now the menu opens with one notice for
// each, which stays until Enter dismisses it.
func TestOddFilesAreSaidAndTheGameStarts(t *testing.T) {
	cfg := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(cfg, "settings.json"), 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	f, err := os.Create(filepath.Join(cfg, "current-game.gobblet"))
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(200 << 20) // sparse: costs no disk
	f.Close()
	os.Mkdir(filepath.Join(cfg, "statistics.json"), 0o700)

	g := start(t, cfg) // waits for the menu: fails if the start hangs
	notices := g.waitLog(`^gobblet: notice `, 5*time.Second)
	if n := g.countLog(`^gobblet: notice `); n != 3 {
		t.Fatalf("%d notices, want 3; log:\n%s", n, g.log())
	}
	for _, want := range []string{"not a regular file", "larger than 4 MiB"} {
		if !strings.Contains(g.log(), want) {
			t.Errorf("no notice says %q: %v", want, notices)
		}
	}
	time.Sleep(1500 * time.Millisecond)
	g.shot("notices")
	mark := g.logMark()
	g.keyWhen("Return", "the notices dismissed", func() bool {
		return len(g.findLogAfter(mark, `^gobblet: notices dismissed 3, left 0`)) > 0
	})
	time.Sleep(500 * time.Millisecond)
	g.shot("dismissed")
	for _, name := range []string{"settings.json", "current-game.gobblet", "statistics.json"} {
		if _, err := os.Lstat(filepath.Join(cfg, name+".corrupt")); err != nil {
			t.Errorf("%s is not kept aside: %v", name, err)
		}
	}
}

// A settings file whose window is wider than any screen starts the game
// (it used to crash drawing the menu), and the window fits the screen.
func TestAHugeWindowInTheSettingsStillStarts(t *testing.T) {
	for _, width := range []int{8000, 15500} {
		cfg := t.TempDir()
		os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(`{"version": 2, "window_width": `+strconv.Itoa(width)+`, "window_height": 700}`), 0o600)
		g := start(t, cfg)
		if g.err != nil || g.hasExited() {
			t.Fatalf("width %d: the game ended: %v", width, g.err)
		}
		if w, h := windowSize(t); w > float64(screenW) || h > float64(screenH) || w < 600 {
			t.Errorf("width %d: the window is %vx%v on a %dx%d screen", width, w, h, screenW, screenH)
		}
		g.shot("huge-window")
		g.cmd.Process.Kill()
		<-g.exited
	}
}

// A failing save shows a banner at once, which goes once saving works
// again: here a folder stands where the settings go, and F11 saves them.
func TestFailedSaveShowsABannerUntilItWorks(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	blocker := filepath.Join(cfg, "settings.json")
	os.Remove(blocker)
	if err := os.MkdirAll(filepath.Join(blocker, "in-the-way"), 0o700); err != nil {
		t.Fatal(err)
	}
	mark := g.logMark()
	g.keyWhen("F11", "the banner", func() bool {
		return len(g.findLogAfter(mark, `^gobblet: save problem "Your settings cannot be saved: a folder stands where a file should be."`)) > 0
	})
	time.Sleep(400 * time.Millisecond)
	g.shot("banner")
	os.RemoveAll(blocker)
	mark = g.logMark()
	g.keyWhen("F11", "the banner gone", func() bool {
		return len(g.findLogAfter(mark, `^gobblet: save problem ""`)) > 0
	})
}

// windowSize is the size of the game's window on the X screen.
func windowSize(t *testing.T) (w, h float64) {
	out := xdo(t, "search", "--onlyvisible", "--name", "^Gobblet$")
	for _, id := range strings.Fields(out) {
		geo, err := xdoTry("getwindowgeometry", "--shell", id)
		if err != nil {
			continue
		}
		for _, kv := range strings.Fields(geo) {
			k, val, _ := strings.Cut(kv, "=")
			f, _ := strconv.ParseFloat(val, 64)
			switch k {
			case "WIDTH":
				w = max(w, f)
			case "HEIGHT":
				h = max(h, f)
			}
		}
	}
	return w, h
}

// On the game screen, a move whose autosave fails shows the banner at once;
// the next move that saves takes it away.
func TestFailedAutosaveShowsOnTheGameScreen(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	blocker := filepath.Join(cfg, "current-game.gobblet")
	if err := os.MkdirAll(filepath.Join(blocker, "in-the-way"), 0o700); err != nil {
		t.Fatal(err)
	}
	u := g.startNewGame("Game/Gobblet 4×4", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Easy")
	begin := g.logMark()
	eng := startEngine(t)
	for turn := 0; turn < 2; turn++ {
		u = g.waitUIFunc("the human's turn", g.lastMoveLine(begin), 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
		before := g.logMark()
		g.makeMove(u, eng.best("classic", g.moves(begin), "easy"), true)
		g.waitLogAfter(before, `^gobblet: move \d+ o \S+$`, 30*time.Second)
		if turn == 0 {
			g.waitLogAfter(begin, `^gobblet: save problem "Your game cannot be saved: a folder stands where a file should be."`, 10*time.Second)
			time.Sleep(400 * time.Millisecond)
			g.shot("banner")
			os.RemoveAll(blocker)
		}
	}
	g.waitLogAfter(begin, `^gobblet: save problem ""`, 10*time.Second)
	checkAutosave(t, cfg, g.moves(begin))
}
