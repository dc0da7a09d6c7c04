// AI vs AI: the demo's speed and the next game of a series.

package app

import (
	"fmt"
)

func (gs *gameScene) nextInSeries(a *App) {
	if !makeRoom(a, false) {
		gs.demo.nextGame = 0 // the series waits: Rematch tries again
		return
	}
	s := gs.setup
	s.First = 1 - s.First
	ng := newGameScene(a, s, nil)
	ng.demo.score = gs.demo.score
	ng.demo.speed = gs.demo.speed
	ng.buttons.demoSpeed.Label = gs.buttons.demoSpeed.Label
	a.scenes.GoTo(ng)
}

func (gs *gameScene) cycleSpeed() {
	gs.demo.speed *= 2
	if gs.demo.speed > 4 {
		gs.demo.speed = 1
	}
	gs.buttons.demoSpeed.Label = fmt.Sprintf("%d×", gs.demo.speed)
}
