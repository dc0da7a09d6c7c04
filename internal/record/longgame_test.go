package record

import (
	"math/rand/v2"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// longGame plays n plies of a game that does not end: at each ply a random
// legal move that neither wins nor repeats a position a third time.
func longGame(t testing.TB, v rules.Variant, n int) *rules.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	g := rules.NewGame(v)
	var buf []rules.Move
	for g.Plies() < n {
		pos := g.Position()
		buf = pos.LegalMoves(buf[:0])
		r.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
		played := false
		for _, m := range buf {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				played = true
				break
			}
			g.Undo()
		}
		if !played {
			t.Fatalf("no quiet move at ply %d", g.Plies())
		}
	}
	return g
}

// The game never writes a record it cannot read back: a game longer than
// MaxPlies (its moves and the moves undone together) is refused by Marshal,
// not written and then set aside as unreadable at the next start.
func TestMarshalRefusesWhatParseRefuses(t *testing.T) {
	long := FromGame(longGame(t, rules.Classic, MaxPlies+1))
	g := longGame(t, rules.Classic, MaxPlies+1)
	g.Undo()
	undone := FromGame(g)
	atCap := FromGame(longGame(t, rules.Classic, MaxPlies))
	for _, tc := range []struct {
		name string
		rec  *Record
	}{{"more moves than MaxPlies", long}, {"moves and moves undone over MaxPlies", undone}, {"exactly MaxPlies", atCap}} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := Marshal(tc.rec)
			if err != nil {
				return // refused: nothing unreadable was written
			}
			if _, err := Parse(data); err != nil {
				t.Errorf("Marshal wrote a record Parse refuses: %v", err)
			}
		})
	}
}
