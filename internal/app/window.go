package app

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// The window's bounds. maxDeviceSide is in device pixels (window pixels ×
// the monitor's scale factor): Ebitengine cannot make an image of 16384
// device pixels or more (less on some graphics cards), and the scenes draw
// off-screen layers as large as the window, so a settings file with a
// window 15,500 wide crashed the game on every start.
const (
	minWindowW, minWindowH = 640, 420
	maxDeviceSide          = settings.MaxWindowSide
)

// fitWindow returns the window size to open, in the window's
// (device-independent) pixels: w×h from the settings when it is at least
// the smallest window the layout supports, else the default size, then
// made no larger than the monitor (monW×monH; 0 when unknown) nor than
// maxDeviceSide device pixels at the monitor's scale factor.
func fitWindow(w, h, monW, monH int, scale float64) (int, int) {
	if w < minWindowW || h < minWindowH {
		def := settings.Default()
		w, h = def.WindowWidth, def.WindowHeight
	}
	maxW, maxH := maxWindow(monW, monH, scale)
	return max(minWindowW, min(w, maxW)), max(minWindowH, min(h, maxH))
}

// maxWindow is the largest window the monitor and the graphics library
// take, in window pixels.
func maxWindow(monW, monH int, scale float64) (int, int) {
	if !(scale >= 1) { // unknown, zero or NaN: count a device pixel as one
		scale = 1
	}
	maxW := int(float64(maxDeviceSide) / scale)
	maxH := maxW
	if monW > 0 {
		maxW = min(maxW, monW)
	}
	if monH > 0 {
		maxH = min(maxH, monH)
	}
	return maxW, maxH
}

// monitorSize is the monitor's size and scale factor; 0×0 and 1 when
// there is no monitor to ask (ebiten.Monitor can return nil).
func monitorSize() (w, h int, scale float64) {
	m := ebiten.Monitor()
	if m == nil {
		return 0, 0, 1
	}
	w, h = m.Size()
	return w, h, m.DeviceScaleFactor()
}

// keepableWindow brings a window size within the bounds a settings file
// may hold, so a window stretched over several screens never makes the
// settings unsavable.
func keepableWindow(w, h int) (int, int) {
	clamp := func(x int) int { return max(settings.MinWindowSide, min(x, settings.MaxWindowSide)) }
	return clamp(w), clamp(h)
}
