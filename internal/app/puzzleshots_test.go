package app

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestShotsOfThePuzzles draws Learn and the Puzzles screen in their states
// at a phone's windows and the desktop's into PNGs in $GOBBLET_SHOTS, to
// look at; without it the test does nothing. It needs a display:
// GOBBLET_SHOTS=/tmp/shots xvfb-run -a go test -run ShotsOfThePuzzles.
func TestShotsOfThePuzzles(t *testing.T) {
	dir := shotsDir(t, "the puzzle screens")
	drawShots(t, func() error {
		for _, win := range [][3]float64{{1280, 800, 1}, {390, 844, 2}, {844, 390, 2}, {360, 640, 2}} {
			for _, c := range puzzleCases {
				name := fmt.Sprintf("%gx%g-%s.png", win[0], win[1], c.name)
				if err := writeShot(c.open, win[0], win[1], win[2], filepath.Join(dir, name)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
