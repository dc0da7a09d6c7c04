// AI vs AI: the demo's speed and the next game of a series.

package app

import (
	"fmt"
)

func (gs *gameScene) nextInSeries(a *App) {
	s := gs.setup
	s.First = 1 - s.First
	ng := newGameScene(a, s, nil)
	ng.score = gs.score
	ng.demoSpeed = gs.demoSpeed
	ng.demoSpeedButton.Label = gs.demoSpeedButton.Label
	a.scenes.GoTo(ng)
}

func (gs *gameScene) cycleSpeed() {
	gs.demoSpeed *= 2
	if gs.demoSpeed > 4 {
		gs.demoSpeed = 1
	}
	gs.demoSpeedButton.Label = fmt.Sprintf("%d×", gs.demoSpeed)
}
