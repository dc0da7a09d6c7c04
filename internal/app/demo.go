// AI vs AI: the demo's pace and the next game of a series.

package app

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// The demo's paces, slowest first: the pause between two moves of the
// computer against itself, one setting (AIDelayMillis) that the demo's
// pace button cycles through and every game of a series keeps.
var (
	paceMillis = []int{1200, 600, 300, 150}
)

// paceOf is the pace nearest to a pause between moves (a settings file may
// hold any pause).
func paceOf(ms int) int {
	best := 0
	for i, p := range paceMillis {
		if abs(float64(p-ms)) < abs(float64(paceMillis[best]-ms)) {
			best = i
		}
	}
	return best
}

// paceLabel names the pace of a pause between moves: "1×".
func paceLabel(ms int) string { return paceName(paceOf(ms)) }

// paceName names a pace by how much faster than the slowest-but-one it
// goes, its number written the language's way: "0.5×", "2×".
func paceName(i int) string {
	x := float64(paceMillis[1]) / float64(paceMillis[i])
	if x == float64(int(x)) {
		return locale.Num(int(x)) + "×"
	}
	return locale.Dec(x, 1) + "×"
}

func (gs *gameScene) nextInSeries(a *App) {
	if !makeRoom(a, false) {
		gs.demo.nextGame = 0 // the series waits: Rematch tries again
		return
	}
	s := gs.setup
	s.First = 1 - s.First
	ng := newGameScene(a, s, nil)
	ng.demo.score = gs.demo.score
	a.scenes.GoTo(ng)
}

// cycleSpeed sets the next pace, after the fastest the slowest, and keeps
// it for the next games and the next start.
func (gs *gameScene) cycleSpeed(a *App) {
	i := (paceOf(a.Settings.AIDelayMillis) + 1) % len(paceMillis)
	a.Settings.AIDelayMillis = paceMillis[i]
	a.saveSettings()
	gs.buttons.demoSpeed.Label = paceName(i)
}

// demoKeys answers the demo's keys while the card between two games of a
// series shows: Space pauses or runs the series (the next game waits), +
// sets the pace. It reports whether a key was used.
func (gs *gameScene) demoKeys(a *App) bool {
	if gs.setup.Mode != modeAIvsAI {
		return false
	}
	switch in := &a.In; {
	case in.Key(ebiten.KeySpace):
		gs.demo.running = !gs.demo.running
	case in.Key(ebiten.KeyEqual) || in.Key(ebiten.KeyNumpadAdd):
		gs.cycleSpeed(a)
	default:
		return false
	}
	return true
}
