package app

import (
	"math"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// One pace for the demos: the pace button (or +) cycles from the slowest
// to the fastest, and the next game of the series and the next start keep
// it.
func TestTheDemoPaceIsOneSettingThatLasts(t *testing.T) {
	a := newHeadless(&scriptSource{}, 1280, 800)
	gs := newGameScene(a, aiVsAI(), nil)
	if got := gs.buttons.demoSpeed.Label; got != "1×" {
		t.Fatalf("the default pace is %q, want 1×", got)
	}
	var seen []string
	for range paceMillis {
		gs.cycleSpeed(a)
		seen = append(seen, gs.buttons.demoSpeed.Label)
	}
	if want := []string{"2×", "4×", "0.5×", "1×"}; !slices.Equal(seen, want) {
		t.Errorf("the pace cycles %v, want %v", seen, want)
	}
	gs.cycleSpeed(a) // 2×
	if a.Store.Settings().AIDelayMillis != 300 {
		t.Errorf("the pace is not kept in the settings: %d ms", a.Store.Settings().AIDelayMillis)
	}
	a.scenes = sceneManager{current: gs}
	gs.nextInSeries(a)
	if ng := a.scenes.current.(*gameScene); ng.buttons.demoSpeed.Label != "2×" {
		t.Errorf("the next game of the series shows the pace %q, want 2×", ng.buttons.demoSpeed.Label)
	}
	if got := paceLabel(2000); got != "0.5×" {
		t.Errorf("an old setting of 2 s shows as %q, want the slowest pace", got)
	}
}

// Space while the card between two games of a series shows pauses the
// series (it used to press Rematch); the next game waits until Space again.
func TestSpaceBetweenDemoGamesPausesTheSeries(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	gs := newGameScene(a, aiVsAI(), mustGame(t, rules.Gobblers, "3@b2", "1@a1", "3@a1", "2@c1"))
	a.scenes = sceneManager{current: gs}
	gs.commit(a, mustMove(t, rules.Gobblers, "2@c3"), math.NaN(), 0, -1)
	for range resultDelay + 2 {
		a.Update()
	}
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeySpace}})
	a.Update()
	if a.scenes.current != Scene(gs) || gs.demo.running {
		t.Fatalf("Space on the card: running %v, scene %T (a new game?)", gs.demo.running, a.scenes.current)
	}
	for range 240 {
		a.Update()
	}
	if a.scenes.current != Scene(gs) {
		t.Fatal("the paused series started its next game")
	}
	src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeySpace}})
	a.Update()
	a.Update()
	if a.scenes.current == Scene(gs) {
		t.Error("Space again should run the series on to its next game")
	}
}
