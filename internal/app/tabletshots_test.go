package app

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestShotsOfTheMidSizeWindows draws the game, the menu and New game at
// the tablets' and the mid-size desktop windows (device scale 2, by touch)
// into PNGs in $GOBBLET_SHOTS, to look at; without it the test does
// nothing. It needs a display: xvfb-run -a go test -run ShotsOfTheMid.
func TestShotsOfTheMidSizeWindows(t *testing.T) {
	dir := shotsDir(t, "the mid-size windows")
	playing := gameIn(vsAI(rules.Classic), func(a *App, gs *gameScene) {
		for _, mv := range []string{"4@b2", "4@c3", "3@a1"} {
			m, err := rules.ParseMove(gs.variant, mv)
			if err != nil {
				panic(err)
			}
			gs.commit(a, m, 0, 0, -1)
		}
	})
	shots := []screenCase{
		{"playing", playing},
		{"menu", func(a *App) Scene { return newMenuScene(a) }},
		{"new-game", func(a *App) Scene { return newSetupScene(a) }},
		{"result", gameIn(twoPlayers(rules.Gobblers), wonGame)},
	}
	old := coarseForTest
	coarseForTest = true
	defer func() { coarseForTest = old }()
	drawShots(t, func() error {
		for _, win := range midWindows {
			for _, c := range shots {
				name := fmt.Sprintf("tablet-%gx%g-%s.png", win[0], win[1], c.name)
				if err := writeShot(c.open, win[0], win[1], 2, filepath.Join(dir, name)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
