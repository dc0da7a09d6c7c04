package app

import (
	"image"

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
