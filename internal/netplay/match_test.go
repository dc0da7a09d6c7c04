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
			command{kind: cmdAnswerDraw, accept: true}, "resign 2", win(rules.X), ByResignation},
		{"of two crossing resignations the host's stands, seen by the host", rules.X, true, nil,
			command{kind: cmdResign}, "resign 0", win(rules.O), ByResignation},
		{"of two crossing resignations the host's stands, seen by the joiner", rules.O, false, nil,
			command{kind: cmdResign}, "resign 0", win(rules.O), ByResignation},
		{"a resignation crossing the winning move stands", rules.X, true, []string{"1@a1", "1@a3", "1@b1", "1@b3"},
			command{kind: cmdMove, move: rules.Drop(2, rules.SquareAt(rules.Gobblers, 2, 0))}, "resign 4", win(rules.X), ByResignation},
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
	mustReceive(t, m, q, "resign 0")
	before := m.game.Position().String()
	msg, _ := parseMessage("move 1 1@a1")
	if r := m.receive(msg, q); r == nil {
		t.Fatal("a move after the other side resigned was accepted")
	}
	if m.game.Position().String() != before {
		t.Fatal("the refused move changed the game")
	}
}

// A resignation names the plies played when it was made: a move of this
// side's that crossed it on the wire is taken back, so both sides keep the
// same game; a count that fits neither side's game breaks the protocol.
func TestAResignationTakesBackTheMoveItCrossed(t *testing.T) {
	win := rules.Result{Status: rules.Win, Winner: rules.X}
	for _, tc := range []struct {
		name      string
		moves     []string
		local     *rules.Move // x's move sent before the resignation arrives
		peer      string
		wantPlies int
	}{
		{"an ordinary move crossed", []string{"1@a1", "1@c3"}, ptr(rules.Drop(3, rules.SquareAt(rules.Gobblers, 1, 1))), "resign 2", 2},
		{"the winning move crossed", []string{"1@a1", "1@a3", "1@b1", "1@b3"}, ptr(rules.Drop(2, rules.SquareAt(rules.Gobblers, 2, 0))), "resign 4", 4},
		{"nothing crossed", []string{"1@a1", "1@c3"}, nil, "resign 2", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, q := newTestMatch(t, rules.X, true, tc.moves...)
			if tc.local != nil {
				m.request(command{kind: cmdMove, move: *tc.local}, q)
			}
			mustReceive(t, m, q, tc.peer)
			g := lastOver(t, q)
			if g.Result != win || g.By != ByResignation || g.Game.Plies() != tc.wantPlies || m.game.Plies() != tc.wantPlies {
				t.Errorf("settled as %v by %v with %d plies (match %d), want x wins by resignation with %d",
					g.Result, g.By, g.Game.Plies(), m.game.Plies(), tc.wantPlies)
			}
		})
	}
	for _, bad := range []string{"resign 1", "resign 5"} {
		m, q := newTestMatch(t, rules.X, true, "1@a1", "1@c3")
		msg, err := parseMessage(bad)
		if err != nil {
			t.Fatal(err)
		}
		if r := m.receive(msg, q); r == nil || m.over || m.game.Plies() != 2 {
			t.Errorf("%q at 2 plies was accepted (over %v, plies %d)", bad, m.over, m.game.Plies())
		}
	}
}

func ptr[T any](v T) *T { return &v }
