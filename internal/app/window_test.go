package app

import (
	"math"
	"testing"

	"github.com/gobblet-game/gobblet/internal/settings"
)

func TestFitWindowOpensOnlyWhatCanBeDrawn(t *testing.T) {
	tests := []struct {
		rule       string
		w, h       int
		monW, monH int
		scale      float64
		wantW      int
		wantH      int
	}{
		{"a size that fits is kept", 1280, 800, 1920, 1080, 1, 1280, 800},
		{"no larger than the monitor", 15500, 900, 1920, 1080, 1, 1920, 900},
		{"the 15,500 wide window of issue 14 on an unknown monitor", 15500, 800, 0, 0, 1, maxDeviceSide, 800},
		{"device pixels count on a high-DPI screen", 6000, 5000, 0, 0, 2, maxDeviceSide / 2, maxDeviceSide / 2},
		{"a big high-DPI monitor still bounds device pixels", 7000, 800, 7680, 4320, 1.5, 5461, 800},
		{"too small a window opens at the default size", 100, 100, 1920, 1080, 1, 1280, 800},
		{"the default is brought down on a small monitor", 0, 0, 1024, 600, 1, 1024, 600},
		{"never below the smallest layout", 1280, 800, 320, 240, 1, minWindowW, minWindowH},
		{"a scale of 0 or NaN counts as 1", 9000, 9000, 0, 0, math.NaN(), maxDeviceSide, maxDeviceSide},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			w, h := fitWindow(tc.w, tc.h, tc.monW, tc.monH, tc.scale)
			if w != tc.wantW || h != tc.wantH {
				t.Errorf("fitWindow(%d, %d, monitor %dx%d, scale %v) = %dx%d, want %dx%d", tc.w, tc.h, tc.monW, tc.monH, tc.scale, w, h, tc.wantW, tc.wantH)
			}
			s := tc.scale
			if !(s >= 1) {
				s = 1
			}
			if float64(w)*s > maxDeviceSide || float64(h)*s > maxDeviceSide && h > minWindowH {
				t.Errorf("%dx%d at scale %v is more than %d device pixels", w, h, s, maxDeviceSide)
			}
		})
	}
}

// A window stretched over several screens is saved within the bounds the
// settings accept, so the settings stay savable.
func TestKeepableWindowIsAlwaysSavable(t *testing.T) {
	for _, size := range [][2]int{{15500, 800}, {100, 9000}, {1280, 800}} {
		st := settings.Default()
		st.WindowWidth, st.WindowHeight = keepableWindow(size[0], size[1])
		if err := st.Check(); err != nil {
			t.Errorf("%v: %v", size, err)
		}
	}
}
