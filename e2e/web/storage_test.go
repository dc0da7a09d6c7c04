//go:build e2e

package web

import (
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Two tabs of the game each keep their own autosave: the second does not
// offer to continue the game the first plays, and its own game goes to
// another key. Then the browser is killed a moment after a move: Chromium
// writes localStorage to disk seconds after a change, so without the
// game's IndexedDB journal the last moves (and a game kept in Saved games)
// were lost. The browser started again on the same profile continues the
// game with every move.
func TestTabsAndAKilledBrowserLoseNoGame(t *testing.T) {
	profile := t.TempDir()
	menu := func(b *Browser, mark int) *UI { // a loaded machine takes its time
		b.waitLog(mark, `^gobblet: layout begin menu`, 2*time.Minute)
		u := b.waitUI(mark, "menu", "", time.Minute)
		b.afterFade()
		return u
	}
	one := openBrowserAt(t, profile)
	one.open("?debug")
	menu(one, 0)
	u := one.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Easy")
	u = one.waitUIFunc("orange's turn", 0, 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
	mark := one.mark()
	one.makeMove(u, bestMove(t, u.Position), "mouse drag")
	one.waitLog(mark, `^gobblet: move 2 o \S+$`, 30*time.Second)

	two := one.newTab()
	two.open("?debug")
	u = menu(two, 0)
	if _, ok := u.Widgets["Continue"]; ok {
		t.Fatal("the second tab offers to continue the game the first one plays")
	}
	u = two.newGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Easy")
	u = two.waitUIFunc("orange's turn", 0, 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
	two.makeMove(u, bestMove(t, u.Position), "mouse drag")
	keys := eval[string](two, `Object.keys(localStorage).filter((k) => k.startsWith("gobblet/current-game")).sort().join(" ")`)
	if keys != "gobblet/current-game-2.gobblet gobblet/current-game.gobblet" {
		t.Errorf("the autosaves are %q, want one per tab", keys)
	}

	// the first tab is reloaded: it finds its own game again
	mark = one.mark()
	one.open("?debug")
	u = menu(one, mark)
	mark = one.mark()
	one.click(one.widget(u, "Continue"))
	one.waitUI(mark, "game", "", 30*time.Second)

	// it plays on, and the browser is killed 300 ms later
	u = one.waitUIFunc("orange's turn", mark, 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
	mark = one.mark()
	one.makeMove(u, bestMove(t, u.Position), "mouse drag")
	one.waitLog(mark, `^gobblet: move 4 o \S+$`, 30*time.Second)
	before := u.Position
	u = one.waitUIFunc("orange's turn after the reply", mark, 10*time.Second, func(u *UI) bool {
		return u.State == "play" && u.SideToMove() == "x" && u.Position != before
	})
	want := u.Position
	time.Sleep(300 * time.Millisecond)
	killBrowser(t, profile)

	again := openBrowserAt(t, profile)
	again.open("?debug")
	u = menu(again, 0)
	again.waitLog(0, `^gobblet: notice You had unfinished games in two tabs`, 10*time.Second)
	again.shot("two-tabs-notice")
	mark = again.mark()
	again.do(chromedp.KeyEvent("\r"))
	again.waitLog(mark, `^gobblet: notices dismissed`, 10*time.Second)
	mark = again.mark()
	again.click(again.widget(u, "Continue"))
	u = again.waitUI(mark, "game", "", 10*time.Second)
	if u.Position != want {
		t.Fatalf("after the kill Continue shows %s, want %s", u.Position, want)
	}
	again.shot("continued-after-kill")
}

// killBrowser kills every process of the browser on profile with SIGKILL,
// as a crash or a power cut would end it.
func killBrowser(t *testing.T, profile string) {
	t.Helper()
	out, _ := exec.Command("pgrep", "-f", "user-data-dir="+profile).Output()
	pids := strings.Fields(string(out))
	if len(pids) == 0 {
		t.Fatal("no browser process found to kill")
	}
	for _, p := range pids {
		if pid, err := strconv.Atoi(p); err == nil {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	time.Sleep(time.Second)
}
