package app

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestShotsOfThePuzzles draws Learn and the Puzzles screen in their states
// at a phone's windows and the desktop's into PNGs in $GOBBLET_SHOTS, to
// look at; without it the test does nothing. It needs a display:
// GOBBLET_SHOTS=/tmp/shots xvfb-run -a go test -run ShotsOfThePuzzles.
func TestShotsOfThePuzzles(t *testing.T) {
	dir := os.Getenv("GOBBLET_SHOTS")
	if dir == "" {
		t.Skip("set GOBBLET_SHOTS to a folder to draw the puzzle screens into")
	}
	ebiten.SetWindowSize(64, 64)
	if err := ebiten.RunGame(&puzzleShotTaker{t: t, dir: dir}); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}

type puzzleShotTaker struct {
	t   *testing.T
	dir string
}

func (g *puzzleShotTaker) Layout(w, h int) (int, int) { return w, h }
func (g *puzzleShotTaker) Draw(*ebiten.Image)         {}

func (g *puzzleShotTaker) Update() error {
	for _, win := range [][3]float64{{1280, 800, 1}, {390, 844, 2}, {844, 390, 2}, {360, 640, 2}} {
		for _, c := range puzzleCases {
			w, h, s := win[0], win[1], win[2]
			a := newHeadless(&scriptSource{}, s*w, s*h)
			a.scale = s
			sc := c.open(a)
			a.scenes = sceneManager{current: sc}
			for i := 0; i < 3; i++ {
				a.Update()
			}
			img := ebiten.NewImage(int(s*w), int(s*h))
			a.dirty = true
			a.Draw(img)
			out := image.NewRGBA(img.Bounds())
			img.ReadPixels(out.Pix)
			img.Deallocate()
			f, err := os.Create(filepath.Join(g.dir, fmt.Sprintf("%gx%g-%s.png", w, h, c.name)))
			if err != nil {
				g.t.Error(err)
				return ebiten.Termination
			}
			if err := png.Encode(f, out); err != nil {
				g.t.Error(err)
			}
			f.Close()
		}
	}
	return ebiten.Termination
}
