//go:build e2e

package e2e

import (
	"fmt"
	"image"
	"image/color"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	slatePanel = color.RGBA{0x23, 0x2b, 0x35, 0xff}
	lightBack  = color.RGBA{0xe9, 0xed, 0xf1, 0xff}
	reMoveTok  = regexp.MustCompile(`(?:^|[\s"])([1-4]@[a-d][1-4]|[a-d][1-4]-[a-d][1-4])\b`)
)

// savedMoves returns, per file of the config folder, the moves it lists.
func savedMoves(t *testing.T, cfg string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for name, text := range configFiles(t, cfg) {
		for _, ln := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(ln), "[") && strings.HasSuffix(strings.TrimSpace(ln), "]") {
				continue // a record's tag line
			}
			for _, m := range reMoveTok.FindAllStringSubmatch(ln, -1) {
				out[name] = append(out[name], m[1])
			}
		}
	}
	return out
}

// autosaveFile is the game's autosave in its config folder.
const autosaveFile = "current-game.gobblet"

// checkAutosave checks that the autosave holds the game as played. Only the
// autosave itself counts: the temporary file it is written to first holds
// the new moves a moment before the rename makes them the autosave, and a
// kill in that moment rightly leaves the previous autosave.
func checkAutosave(t *testing.T, cfg string, played []string) {
	t.Helper()
	var saved map[string][]string
	for i := 0; i < 30; i++ { // the autosave is written in the background
		saved = savedMoves(t, cfg)
		if slices.Equal(saved[autosaveFile], played) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no file in the config folder holds the game as played (%v); files: %v (all: %v)", played, saved, keys(configFiles(t, cfg)))
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// Scenario 4a: an option changed on the Options screen survives a restart.
func TestOptionSurvivesRestart(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	u := g.ui()
	g.click(u.Widget(t, "Options"))
	u = g.waitUI("options", "", 10*time.Second)
	g.saveShot("options")
	g.click(u.Widget(t, "Colours/Light"))
	u = g.waitUIFunc("the light theme", 0, 5*time.Second, func(u *UI) bool { return u.Theme == "light" })
	mark := g.logMark()
	g.click(u.Widget(t, "Done"))
	u = g.waitUIAfter(mark, "menu", "", 5*time.Second)
	g.clickWhen(u.Widget(t, "Quit"), "Quit", g.hasExited)
	if err := g.waitExit(10 * time.Second); err != nil {
		t.Fatalf("Quit: the game exited with %v", err)
	}
	found := false
	for name, text := range configFiles(t, cfg) {
		if regexp.MustCompile(`"theme":\s*"light"`).MatchString(text) {
			found = true
			t.Logf("%s keeps the theme", name)
		}
	}
	if !found {
		t.Fatalf("no file in the config folder says \"theme\": \"light\"; files: %v", keys(configFiles(t, cfg)))
	}

	g = start(t, cfg)
	u = g.ui()
	if u.Theme != "light" {
		t.Fatalf("after a restart the theme is %q, want light", u.Theme)
	}
	corner := g.screenRect(Rect{X: 10, Y: 10, W: 150, H: 100}, 0)
	g.waitScreen("the light theme's background in the menu's corner", func(img image.Image) (bool, string) {
		f := fraction(img, corner, lightBack, 40)
		return f >= 0.5, fmt.Sprintf("%.0f%% of the corner has the light background", 100*f)
	})
	g.clickWhen(u.Widget(t, "Quit"), "Quit", g.hasExited)
	if err := g.waitExit(10 * time.Second); err != nil {
		t.Fatalf("Quit: the game exited with %v", err)
	}
}

// Scenario 4b: killed with SIGKILL mid-game, the game's Continue brings the
// position back.
func TestContinueAfterKill(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	if _, ok := g.ui().Widgets["Continue"]; ok {
		t.Fatal("a fresh config folder offers Continue")
	}
	u := g.startNewGame("Game/Gobblet 4×4", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Easy")
	begin := g.logMark()
	eng := startEngine(t)
	for turn := 0; turn < 2; turn++ {
		lm := g.lastMoveLine(begin)
		u = g.waitUIFunc("the human's turn", lm, 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
		before := g.logMark()
		g.makeMove(u, eng.best("classic", g.moves(begin), "easy"), true)
		g.waitLogAfter(before, `^gobblet: move \d+ o \S+$`, 30*time.Second)
	}
	u = g.waitUIFunc("the human's turn", g.lastMoveLine(begin), 10*time.Second, func(u *UI) bool { return u.SideToMove() == "x" })
	want, played := u.Position, g.moves(begin)
	checkAutosave(t, cfg, played)
	g.kill9()

	g = start(t, cfg)
	u = g.ui()
	mark := g.logMark()
	g.click(u.Widget(t, "Continue"))
	u = g.waitUIAfter(mark, "game", "play", 10*time.Second)
	if u.Position != want {
		t.Fatalf("Continue after kill -9 shows\n  %s\nwant the position before the kill\n  %s", u.Position, want)
	}
	// and on screen: every square shows the piece the saved game put on top
	tops := topPieces(t, want)
	if len(tops) == 0 {
		t.Fatalf("no piece on the board in %s", want)
	}
	for sq, pl := range tops {
		g.checkPieceOn(u, sq, pl)
	}
	t.Logf("restored %s", u.Position)
}

// topPieces reads, from a position in notation, which player is on top of
// each occupied square.
func topPieces(t testing.TB, pos string) map[string]string {
	t.Helper()
	parts := strings.Split(pos, ":")
	if len(parts) != 3 {
		t.Fatalf("bad position %q", pos)
	}
	ranks := strings.Split(parts[1], "/")
	tops := map[string]string{}
	for i, rank := range ranks {
		for f, st := range strings.Split(rank, ",") {
			if st == "." || len(st) < 2 {
				continue
			}
			tops[fmt.Sprintf("%c%d", 'a'+f, len(ranks)-i)] = st[len(st)-2 : len(st)-1]
		}
	}
	return tops
}
