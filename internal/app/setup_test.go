package app

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestSavedGameRoundTrip(t *testing.T) {
	s := vsAI(rules.Gobblers)
	s.First = 1
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2", "2@a1", "b2-c3"}); err != nil {
		t.Fatal(err)
	}
	s2, g2, err := restore(s.saved(g))
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

// FuzzRestore feeds saved games from outside (a file) to restore: it must
// refuse bad ones with an error, never panic, and what it accepts is legal.
func FuzzRestore(f *testing.F) {
	f.Add("classic", "4@b2 4@c3 b2-a1", 0)
	f.Add("gobblers", "3@a1 1@a3 3@b2 1@c1 2@c3", 1)
	f.Add("gobblers", "3@a1 3@a1", 0)
	f.Add("chess", "e2-e4", 0)
	f.Add("classic", "9@z9 a1-a1 @", 3)
	f.Fuzz(func(t *testing.T, variant, moves string, first int) {
		var ms []string
		cur := ""
		for _, r := range moves {
			if r == ' ' {
				ms = append(ms, cur)
				cur = ""
				continue
			}
			cur += string(r)
		}
		ms = append(ms, cur)
		s, g, err := restore(SavedGame{Variant: variant, Moves: ms, First: first})
		if err != nil {
			return
		}
		if s.First != 0 && s.First != 1 {
			t.Fatalf("first colour %d", s.First)
		}
		if g.Plies() != len(ms) {
			t.Fatalf("restored %d plies of %d", g.Plies(), len(ms))
		}
	})
}
