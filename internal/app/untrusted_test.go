package app

import (
	"strings"
	"testing"
	"unicode"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// A record from a stranger names its players; the saved games list and the
// review show those names escaped, never reordered by a bidi override.
func TestSavedGamesShowRecordNamesEscaped(t *testing.T) {
	rec := &record.Record{Variant: rules.Gobblers}
	rec.Players[rules.X] = record.Player{Kind: record.Human, Name: "\u202eAnn\x1b[2J"}
	rec.Players[rules.O] = record.Player{Kind: record.Human, Name: "Bob\u009b"}
	players, _ := gameLine(rec)
	if !strings.Contains(players, `\u202eAnn\x1b[2J`) || !strings.Contains(players, `Bob\u009b`) {
		t.Errorf("players %q, want both names escaped", players)
	}
	rec.Players[rules.O] = record.Player{Kind: record.AI, Level: "hard\u2067"}
	for _, p := range rec.Players {
		for _, r := range playerWords(p, "Blue") {
			if !unicode.IsGraphic(r) {
				t.Errorf("playerWords(%+v) keeps %U", p, r)
			}
		}
	}
}

// Play on keeps the level a record names, and the game screen shows it.
func TestPlayOnShowsARecordsLevelEscaped(t *testing.T) {
	s := setup{Variant: rules.Gobblers, Mode: modeHumanVsAI, Players: [2]playerChoice{{Human: true}, {Level: "hard\u202e\x1b[2J"}}}
	for c := range 2 {
		for _, r := range s.name(c) {
			if !unicode.IsGraphic(r) {
				t.Errorf("player %d is shown as %q, which holds %U", c, s.name(c), r)
			}
		}
	}
}
