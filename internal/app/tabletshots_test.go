package app

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// TestShotsOfTheMidSizeWindows draws the game, the menu and New game at
// the tablets' and the mid-size desktop windows (device scale 2, by touch)
// into PNGs in $GOBBLET_SHOTS, to look at; without it the test does
// nothing. It needs a display: xvfb-run -a go test -run ShotsOfTheMid.
func TestShotsOfTheMidSizeWindows(t *testing.T) {
	dir := os.Getenv("GOBBLET_SHOTS")
	if dir == "" {
		t.Skip("set GOBBLET_SHOTS to a folder to draw the mid-size windows into")
	}
	ebiten.SetWindowSize(64, 64)
	if err := ebiten.RunGame(&midShotTaker{t: t, dir: dir}); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}

type midShotTaker struct {
	t   *testing.T
	dir string
}

func (g *midShotTaker) Layout(w, h int) (int, int) { return w, h }
func (g *midShotTaker) Draw(*ebiten.Image)         {}

func (g *midShotTaker) Update() error {
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
	for _, win := range midWindows {
		for _, c := range shots {
			w, h := win[0], win[1]
			a := newHeadless(&scriptSource{}, 2*w, 2*h)
			a.scale = 2
			s := c.open(a)
			a.scenes = sceneManager{current: s}
			for i := 0; i < 3; i++ {
				a.Update()
			}
			img := ebiten.NewImage(int(2*w), int(2*h))
			a.dirty = true
			a.Draw(img)
			out := image.NewRGBA(img.Bounds())
			img.ReadPixels(out.Pix)
			img.Deallocate()
			f, err := os.Create(filepath.Join(g.dir, fmt.Sprintf("tablet-%gx%g-%s.png", w, h, c.name)))
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
