package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestShotsOfTheGameInOtherLanguages draws a game screen and the result
// card in $GOBBLET_SHOT_LANG (German by default) into PNGs in
// $GOBBLET_SHOTS, to look at; without it the test does nothing. It needs
// a display: xvfb-run -a go test -run ShotsOfTheGameInOther.
func TestShotsOfTheGameInOtherLanguages(t *testing.T) {
	dir := shotsDir(t, "the game in other languages")
	lang := os.Getenv("GOBBLET_SHOT_LANG")
	if lang == "" {
		lang = "de"
	}
	locale.Use(lang)
	defer locale.Use("en")
	playing := gameIn(vsAI(rules.Classic), func(a *App, gs *gameScene) {
		for _, mv := range []string{"4@b2", "4@c3", "3@a1", "a1-d4"} {
			m, err := rules.ParseMove(gs.variant, mv)
			if err != nil {
				panic(err)
			}
			gs.commit(a, m, 0, 0, -1)
		}
	})
	shots := []screenCase{
		{"playing", playing},
		{"result", gameIn(twoPlayers(rules.Gobblers), wonGame)},
		{"result-vs-ai", gameIn(vsAI(rules.Gobblers), wonGame)},
	}
	drawShots(t, func() error {
		for _, c := range shots {
			if err := writeShot(c.open, 1280, 800, 1, filepath.Join(dir, lang+"-"+c.name+".png")); err != nil {
				return err
			}
		}
		return nil
	})
}
