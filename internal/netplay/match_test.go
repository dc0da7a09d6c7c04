package netplay

import (
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// newTestMatch is a gobblers game as one side sees it, after some moves.
func newTestMatch(t *testing.T, me rules.Player, isHost bool, moves ...string) (*match, *queue[Event]) {
	t.Helper()
	m := &match{variant: rules.Gobblers, me: me, isHost: isHost, number: 1, game: rules.NewGame(rules.Gobblers)}
	if err := m.game.PlayNotation(moves); err != nil {
		t.Fatal(err)
	}
	return m, newQueue[Event]()
}

func lastOver(t *testing.T, q *queue[Event]) GameOver {
	t.Helper()
	items, _ := q.takeAll()
	for i := len(items) - 1; i >= 0; i-- {
		if g, ok := items[i].(GameOver); ok {
			return g
		}
	}
	t.Fatal("no GameOver")
	return GameOver{}
}

func mustReceive(t *testing.T, m *match, q *queue[Event], line string) {
	t.Helper()
	msg, err := parseMessage(line)
	if err != nil {
		t.Fatal(err)
	}
	if r := m.receive(msg, q); r != nil {
		t.Fatalf("receive %q: %s", line, r.reason)
	}
}

func TestCrossingEndingsAreSettledAlike(t *testing.T) {
	win := func(p rules.Player) rules.Result { return rules.Result{Status: rules.Win, Winner: p} }
	for _, tc := range []struct {
		name   string
		me     rules.Player
		isHost bool
		moves  []string
		local  command
		peer   string
		want   rules.Result
		by     Ending
	}{
		{"a resignation crossing an accepted draw stands", rules.X, true, []string{"1@a1", "1@c3"},
			command{kind: cmdAnswerDraw, accept: true}, "resign", win(rules.X), ByResignation},
		{"of two crossing resignations the host's stands, seen by the host", rules.X, true, nil,
			command{kind: cmdResign}, "resign", win(rules.O), ByResignation},
		{"of two crossing resignations the host's stands, seen by the joiner", rules.O, false, nil,
			command{kind: cmdResign}, "resign", win(rules.O), ByResignation},
		{"a resignation crossing the winning move stands", rules.X, true, []string{"1@a1", "1@a3", "1@b1", "1@b3"},
			command{kind: cmdMove, move: rules.Drop(2, rules.SquareAt(rules.Gobblers, 2, 0))}, "resign", win(rules.X), ByResignation},
		{"a draw offer crossing the winning move is ignored", rules.X, true, []string{"1@a1", "1@a3", "1@b1", "1@b3"},
			command{kind: cmdMove, move: rules.Drop(2, rules.SquareAt(rules.Gobblers, 2, 0))}, "draw offer 4", rules.Result{Status: rules.Win, Winner: rules.X, Reason: rules.Line}, ByRules},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, q := newTestMatch(t, tc.me, tc.isHost, tc.moves...)
			if tc.local.kind == cmdAnswerDraw {
				m.peerOffer = true
			}
			m.request(tc.local, q)
			if !m.over {
				t.Fatalf("the local request did not end the game")
			}
			mustReceive(t, m, q, tc.peer)
			if g := lastOver(t, q); g.Result != tc.want || g.By != tc.by {
				t.Errorf("settled as %v by %v, want %v by %v", g.Result, g.By, tc.want, tc.by)
			}
		})
	}
}

func TestGameMessagesAfterTheOtherSidesEndingBreakTheProtocol(t *testing.T) {
	m, q := newTestMatch(t, rules.X, true)
	mustReceive(t, m, q, "resign")
	before := m.game.Position().String()
	msg, _ := parseMessage("move 1 1@a1")
	if r := m.receive(msg, q); r == nil {
		t.Fatal("a move after the other side resigned was accepted")
	}
	if m.game.Position().String() != before {
		t.Fatal("the refused move changed the game")
	}
}
