package app

import (
	"math"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// The result card's third button is known by its ID, not by its English
// label: in German a computer demo's card says Behalten, a click keeps the
// game, and the button then says Partie kopieren; a change of language
// words it again.
func TestResultSaveButtonsInGerman(t *testing.T) {
	locale.Use("de")
	t.Cleanup(func() { locale.Use("en") })
	p := newPlayer(t)
	a := p.a
	gs := newGameScene(a, aiVsAI(), mustGame(t, rules.Gobblers, "3@b2", "1@a1"))
	a.scenes = sceneManager{current: gs}
	for _, m := range []string{"3@a1", "2@c1", "2@c3"} {
		gs.commit(a, mustMove(t, rules.Gobblers, m), math.NaN(), 0, -1)
	}
	if !gs.over {
		t.Fatal("the game should be over")
	}
	gs.ending.ticks = resultDelay + 100
	p.tick()
	third := gs.ending.menu.Buttons[2]
	if third.Label != "Behalten" || third.ID != resultKeepID {
		t.Fatalf("the demo's card's third button says %q (%q), want Behalten", third.Label, third.ID)
	}
	if recs, _ := a.Store.Records(); len(recs) != 0 {
		t.Fatalf("%d games kept before Behalten", len(recs))
	}
	p.click(third.Rect.Center())
	recs, _ := a.Store.Records()
	if len(recs) != 1 {
		t.Fatalf("a click on Behalten kept %d games, want 1", len(recs))
	}
	if third.Label != "Partie kopieren" || third.ID != resultCopyID {
		t.Errorf("once kept the button says %q (%q), want Partie kopieren", third.Label, third.ID)
	}
	locale.Use("fr")
	p.tick()
	if third.Label != "Copier la partie" {
		t.Errorf("in French the button says %q, want Copier la partie", third.Label)
	}
	p.click(third.Rect.Center()) // copies the record: nothing more is kept
	if recs, _ := a.Store.Records(); len(recs) != 1 {
		t.Errorf("Copier la partie kept a game: %d kept", len(recs))
	}
}

// Every label of the result card's third button is in every language.
func TestResultSaveLabelsInEveryLanguage(t *testing.T) {
	t.Cleanup(func() { locale.Use("en") })
	for _, l := range locale.Languages {
		locale.Use(l.Code)
		seen := map[string]bool{}
		for _, id := range []string{resultSaveID, resultKeepID, resultCopyID} {
			w := resultSaveLabel(id)
			if w == "" || w == id || (l.Code != "en" && (w == "Save" || w == "Keep" || w == "Copy record")) {
				t.Errorf("%s: %s is %q", l.Code, id, w)
			}
			seen[w] = true
		}
		if len(seen) != 3 {
			t.Errorf("%s: the three labels are not distinct: %v", l.Code, seen)
		}
	}
}
