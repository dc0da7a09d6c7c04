package app

import (
	"image"
	"image/png"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The screenshot tests (online, review, puzzles, mid-size windows) draw
// screens into PNGs to look at. They share what follows: the folder from
// $GOBBLET_SHOTS, a game loop to read pixels back in, and one screen drawn
// and written.

// shotsDir returns $GOBBLET_SHOTS, the folder the pictures go into, or
// skips the test when it is unset (what: what the test would draw).
func shotsDir(t *testing.T, what string) string {
	t.Helper()
	dir := os.Getenv("GOBBLET_SHOTS")
	if dir == "" {
		t.Skip("set GOBBLET_SHOTS to a folder to draw " + what + " into")
	}
	return dir
}

// drawShots runs draw once inside a game loop, where pixels can be read
// back, so it needs a display (xvfb-run -a go test -run Shots).
func drawShots(t *testing.T, draw func() error) {
	t.Helper()
	ebiten.SetWindowSize(64, 64)
	l := &shotLoop{draw: draw}
	if err := ebiten.RunGame(l); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if l.err != nil {
		t.Fatal(l.err)
	}
}

// shotLoop is the game loop drawShots runs: one tick, then the end.
type shotLoop struct {
	draw func() error
	err  error
}

func (l *shotLoop) Layout(w, h int) (int, int) { return w, h }
func (l *shotLoop) Draw(*ebiten.Image)         {}

func (l *shotLoop) Update() error {
	l.err = l.draw()
	return ebiten.Termination
}

// writeShot opens a screen on a fresh headless App of w×h CSS px at device
// scale s, lets it settle for three ticks, draws it and writes the picture
// to path as a PNG.
func writeShot(open func(*App) Scene, w, h, s float64, path string) error {
	a := newHeadless(&scriptSource{}, s*w, s*h)
	a.scale = s
	a.scenes = sceneManager{current: open(a)}
	for i := 0; i < 3; i++ {
		a.Update()
	}
	img := ebiten.NewImage(int(s*w), int(s*h))
	defer img.Deallocate()
	a.dirty = true
	a.Draw(img)
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, out); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
