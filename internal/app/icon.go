package app

import (
	"image"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/coop"
	appicon "github.com/gobblet-game/gobblet/internal/icon"
)

// appIcons returns the window icon in a few sizes: the same drawing as the
// release archives' icons (internal/icon), so the game looks the same in a
// task bar and in a file manager.
func appIcons() []image.Image {
	var out []image.Image
	for _, n := range []int{16, 32, 48, 64, 128, 256} {
		out = append(out, appicon.Draw(n))
	}
	return out
}

// setWindowIconLater draws the window icons in the background and sets them
// once the first frame is on the screen: drawing takes some 50-70 ms and
// setting them sends a third of a megabyte to the window system, neither of
// which the first frame need wait for (SetWindowIcon may be called from any
// goroutine, at any time). The drawing runs on a thread of lower priority,
// so that on a busy machine it does not take the game's time either.
func setWindowIconLater() {
	go func() {
		<-shown.c
		runtime.LockOSThread() // for good: the thread ends with the goroutine
		coop.Background()
		ebiten.SetWindowIcon(appIcons())
	}()
}
