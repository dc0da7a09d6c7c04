package app

import (
	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The test-only pieces of an App: a window-less App, scripted input and no sound.

// silence is the sound of tests.
type silence struct{}

func (silence) Play(sound.Effect)        {}
func (silence) SetVolumes(sound.Volumes) {}
func (silence) PlayMusic()               {}
func (silence) StopMusic()               {}

// newHeadless builds an App for tests: fake input, fixed size, no window.
func newHeadless(src Source, w, h float64) *App {
	// New game's choices within a run start afresh for each test's game,
	// so no test depends on which ran before it.
	lastSetup, lastRole, lastColour = defaultSetup(), 0, 0
	a := &App{
		Store:      NewMemoryStore(settings.Default()),
		Sound:      silence{},
		fonts:      ui.LoadFonts(),
		src:        src,
		W:          w,
		H:          h,
		headless:   true,
		coarse:     coarseForTest,
		NewThinker: func() Thinker { return ai.NewEngine() },
	}
	a.Settings = a.Store.Settings()
	a.Settings.AnimationSpeed = 0
	a.applySettings()
	a.scenes.woke = a.wake
	a.scenes.GoTo(newMenuScene(a))
	return a
}

// scriptSource replays frames queued by a test; once empty it repeats the
// pointer's last position with nothing pressed.
type scriptSource struct {
	frames []Frame
	last   Frame
}

func (s *scriptSource) Poll() Frame {
	if len(s.frames) == 0 {
		return Frame{X: s.last.X, Y: s.last.Y, Down: s.last.Down}
	}
	f := s.frames[0]
	s.frames = s.frames[1:]
	s.last = f
	return f
}
