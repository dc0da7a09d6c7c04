package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// TestShotsOfTheRulesAndLesson draws Rules pages and lesson steps in the
// languages of $GOBBLET_SHOTS_LANGS (default de) into PNGs in
// $GOBBLET_SHOTS, to look at; without it the test does nothing. It needs
// a display: xvfb-run -a go test -run ShotsOfTheRules.
func TestShotsOfTheRulesAndLesson(t *testing.T) {
	dir := shotsDir(t, "the rules and the lesson")
	langs := strings.Fields(os.Getenv("GOBBLET_SHOTS_LANGS"))
	if len(langs) == 0 {
		langs = []string{"de"}
	}
	page := func(i int) func(a *App) Scene {
		return func(a *App) Scene {
			rs := newRulesScene(a, nil)
			rs.page = i
			return rs
		}
	}
	shots := []screenCase{
		{"rules-1", page(0)},
		{"rules-4", page(3)},
		{"rules-5", page(4)},
		{"rules-8", page(7)},
		{"rules-9", page(8)},
		{"lesson-3-ask", lessonAt(2, false)},
		{"lesson-8-done", lessonAt(7, true)},
		{"lesson-end", lessonAt(8, true)},
		{"menu-offer", func(a *App) Scene { return newMenuScene(a) }},
	}
	defer locale.Use("en")
	drawShots(t, func() error {
		for _, lang := range langs {
			locale.Use(lang)
			for _, win := range [][2]float64{{1280, 800}, {800, 600}} {
				for _, c := range shots {
					name := fmt.Sprintf("%s-%gx%g-%s.png", lang, win[0], win[1], c.name)
					if err := writeShot(c.open, win[0], win[1], 1, filepath.Join(dir, name)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}
