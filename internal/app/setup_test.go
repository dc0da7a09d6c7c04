package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestSavedGameRoundTrip(t *testing.T) {
	s := vsAI(rules.Gobblers)
	s.First = 1
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2", "2@a1", "b2-c3"}); err != nil {
		t.Fatal(err)
	}
	s2, g2, err := restore(s.gameRecord(g))
	if err != nil {
		t.Fatal(err)
	}
	p, q := g.Position(), g2.Position()
	if s2 != s || !p.Equal(&q) {
		t.Errorf("restored %+v %s, want %+v %s", s2, q.String(), s, p.String())
	}
}

func TestColoursAndPlayers(t *testing.T) {
	s := setup{First: 1}
	if s.colourOf(rules.X) != 1 || s.colourOf(rules.O) != 0 || s.playerOf(1) != rules.X || s.playerOf(0) != rules.O {
		t.Errorf("blue moving first should play x")
	}
}

// FuzzRestore feeds stored games from outside (an autosave or a saved game
// file) through the record parser to restore: it must refuse bad ones with
// an error, never panic, and what it accepts is the record's game.
func FuzzRestore(f *testing.F) {
	f.Add([]byte("[Variant \"classic\"]\n[X \"human\"]\n[O \"ai\"]\n[OLevel \"hard\"]\n[Mode \"human-ai\"]\n\n1. 4@b2 4@c3 2. b2-a1"))
	f.Add([]byte("[Variant \"gobblers\"]\n[XName \"Blue\"]\n[Redo \"1@c1 2@c3\"]\n\n1. 3@a1 1@a3 2. 3@b2"))
	f.Add([]byte("[Variant \"gobblers\"]\n\n1. 3@a1 3@a1"))
	f.Add([]byte("[Variant \"chess\"]\n\n1. e2-e4"))
	f.Add([]byte("[Variant \"classic\"]\n[Mode \"network\"]\n[Start \"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:o\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := record.Parse(data)
		if err != nil {
			return
		}
		s, g, err := restore(rec)
		if err != nil {
			return
		}
		if s.First != 0 && s.First != 1 || s.Variant != rec.Variant {
			t.Fatalf("restored first colour %d, variant %v from a %v record", s.First, s.Variant, rec.Variant)
		}
		if g.Plies() != len(rec.Moves) {
			t.Fatalf("restored %d plies of %d", g.Plies(), len(rec.Moves))
		}
	})
}
