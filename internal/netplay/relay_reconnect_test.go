package netplay

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// reconnected checks that s went through Reconnecting, with a reason that
// holds want, and came back.
func reconnected(t *testing.T, s *Session, want string) {
	t.Helper()
	var reasons []string
	back := false
	for _, e := range seenEvents(s) {
		switch e := e.(type) {
		case Reconnecting:
			reasons = append(reasons, e.Reason)
		case Reconnected:
			back = true
		}
	}
	if len(reasons) == 0 || !back {
		t.Fatalf("reconnecting %q, reconnected %v; want both", reasons, back)
	}
	for _, r := range reasons {
		if strings.Contains(r, want) {
			return
		}
	}
	t.Errorf("reconnecting said %q; want one with %q", reasons, want)
}

// Both sockets drop in the middle of a game: both sides say so, get back
// into the room, prove the code again and finish the game.
func TestADroppedConnectionIsNotALostGame(t *testing.T) {
	r := newFakeRelay(t)
	i, j := relayPair(t, r, rules.Classic, rules.X)
	side := map[rules.Player]*Session{rules.X: i, rules.O: j}
	rng := rand.New(rand.NewPCG(3, 3))
	game := rules.NewGame(rules.Classic)
	playRandom(t, rng, game, side, 3, nil)
	r.kill(websocket.StatusGoingAway)
	for _, s := range side {
		rc := await[Reconnecting](t, s)
		if rc.Reason == "" {
			t.Errorf("reconnecting without a reason")
		}
		rd := await[Reconnected](t, s)
		samePosition(t, "reconnected", rd.Game, game)
	}
	finishRandom(t, rng, game, side)
}

// The relay restarts in the middle of a game, and while it is down the
// side to move plays: the move is shown at once, and reaches the other side
// once both are back.
func TestTheRelayRestartsMidGameAndAMoveMadeMeanwhileArrives(t *testing.T) {
	r := newFakeRelay(t)
	i, j := relayPair(t, r, rules.Gobblers, rules.O)
	side := map[rules.Player]*Session{rules.O: i, rules.X: j}
	rng := rand.New(rand.NewPCG(4, 4))
	game := rules.NewGame(rules.Gobblers)
	playRandom(t, rng, game, side, 2, nil)
	r.set(func() { r.down = true })
	r.kill(websocket.StatusGoingAway)
	for _, s := range side {
		await[Reconnecting](t, s)
	}
	playRandom(t, rng, game, map[rules.Player]*Session{game.Position().SideToMove(): side[game.Position().SideToMove()]}, 1, nil)
	time.Sleep(200 * time.Millisecond)
	r.set(func() { r.down = false })
	other := side[game.Position().SideToMove()]
	m := await[Moved](t, other)
	samePosition(t, "the move made while the relay was down", m.Game, game)
	reconnected(t, other, "")
	await[Reconnected](t, side[game.Position().SideToMove().Other()])
	finishRandom(t, rng, game, side)
}

// A draw offered while the relay is down reaches the other side once it
// is back, and its acceptance ends the game on both sides.
func TestADrawOfferMadeWhileDisconnectedArrives(t *testing.T) {
	r := newFakeRelay(t)
	i, j := relayPair(t, r, rules.Classic, rules.X)
	mv, _ := rules.ParseMove(rules.Classic, "4@b2")
	i.SendMove(mv)
	await[Moved](t, i)
	await[Moved](t, j)
	r.set(func() { r.down = true })
	r.kill(websocket.StatusGoingAway)
	await[Reconnecting](t, i)
	await[Reconnecting](t, j)
	i.OfferDraw()
	time.Sleep(100 * time.Millisecond)
	r.set(func() { r.down = false })
	await[DrawOffered](t, j)
	j.AnswerDraw(true)
	for _, s := range []*Session{i, j} {
		if g := await[GameOver](t, s); g.By != ByAgreement || g.Result.Status != rules.Draw {
			t.Errorf("game over %+v, want a draw by agreement", g)
		}
	}
}

// A resignation and a rematch request made while the relay is down reach
// the other side once it is back.
func TestAResignationAndARematchMadeWhileDisconnectedArrive(t *testing.T) {
	r := newFakeRelay(t)
	i, j := relayPair(t, r, rules.Classic, rules.X)
	r.kill(websocket.StatusGoingAway)
	r.set(func() { r.down = true })
	await[Reconnecting](t, i)
	await[Reconnecting](t, j)
	j.Resign()
	j.Rematch()
	if g := await[GameOver](t, j); g.By != ByResignation || g.Result.Winner != rules.X {
		t.Fatalf("the invited side's resignation: %+v", g)
	}
	r.set(func() { r.down = false })
	if g := await[GameOver](t, i); g.By != ByResignation || g.Result.Winner != rules.X {
		t.Fatalf("the inviter saw %+v", g)
	}
	await[RematchOffered](t, i)
	i.Rematch()
	for _, s := range []*Session{i, j} {
		if st := await[Started](t, s); st.Number != 2 {
			t.Errorf("rematch started game %d", st.Number)
		}
	}
}

// When the friend does not come back within Limits.Reconnect, the session
// ends with a sentence and the game as it stood.
func TestAFriendWhoDoesNotComeBackEndsTheSessionWithTheGameKept(t *testing.T) {
	r := newFakeRelay(t)
	l := relayLimits
	l.Reconnect = 3 * time.Second
	i, err := Invite(InviteConfig{Server: r.url(), Variant: rules.Classic, Colour: rules.X, Limits: l})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeAndWait(t, i) })
	waitForSockets(t, r, i.Invitation().Room, 1)
	j := acceptAt(t, AcceptConfig{Invitation: i.Invitation().Link(), Limits: l})
	await[Started](t, i)
	await[Started](t, j)
	mv, _ := rules.ParseMove(rules.Classic, "4@a1")
	i.SendMove(mv)
	await[Moved](t, i)
	await[Moved](t, j)
	closeAndWait(t, j) // gone without a word? No: Close says goodbye.
	d := await[Disconnected](t, i)
	if d.Reason != "Your friend left the game." || !d.Clean || d.Game == nil || d.Game.Plies() != 1 {
		t.Errorf("the friend's goodbye: %+v", d)
	}
	// Now a friend who vanishes: the relay goes down for good.
	i2, err := Invite(InviteConfig{Server: r.url(), Variant: rules.Classic, Colour: rules.X, Limits: l})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeAndWait(t, i2) })
	waitForSockets(t, r, i2.Invitation().Room, 1)
	j2 := acceptAt(t, AcceptConfig{Invitation: i2.Invitation().Link(), Limits: l})
	await[Started](t, i2)
	await[Started](t, j2)
	r.set(func() { r.down = true })
	r.kill(websocket.StatusGoingAway)
	for _, s := range []*Session{i2, j2} {
		await[Reconnecting](t, s)
		d := await[Disconnected](t, s)
		if !strings.Contains(d.Reason, "could not be reached again within 3 seconds") || d.Game == nil {
			t.Errorf("giving up: %+v", d)
		}
	}
}

// Closing while reconnecting ends the session at once.
func TestClosingWhileReconnecting(t *testing.T) {
	r := newFakeRelay(t)
	i, _ := relayPair(t, r, rules.Classic, rules.X)
	r.set(func() { r.down = true })
	r.kill(websocket.StatusGoingAway)
	await[Reconnecting](t, i)
	closeAndWait(t, i)
}

// crash ends a relay session without a goodbye, as a crash would.
func crash(t *testing.T, s *Session) {
	t.Helper()
	s.relay.vanish.Store(true)
	closeAndWait(t, s)
}

// A side that crashed mid-game and opens the same invitation again gets
// the game back from the other side, its own moves included.
func TestARestartedSideGetsTheGameBack(t *testing.T) {
	for _, restarted := range []string{"inviter", "invited"} {
		t.Run(restarted, func(t *testing.T) {
			r := newFakeRelay(t)
			i, j := relayPair(t, r, rules.Classic, rules.X)
			inv := i.Invitation()
			rng := rand.New(rand.NewPCG(9, 9))
			game := rules.NewGame(rules.Classic)
			playRandom(t, rng, game, map[rules.Player]*Session{rules.X: i, rules.O: j}, 5, nil)
			var kept, back *Session
			if restarted == "inviter" {
				crash(t, i)
				kept = j
				back, _ = Invite(InviteConfig{Server: r.url(), Variant: rules.Classic, Colour: rules.X, Invitation: inv, Limits: relayLimits})
			} else {
				crash(t, j)
				kept = i
				back, _ = Accept(AcceptConfig{Invitation: inv.Link(), Limits: relayLimits})
			}
			t.Cleanup(func() { closeAndWait(t, back) })
			await[Reconnecting](t, kept)
			await[Reconnected](t, kept)
			var last Moved
			for last.Ply < game.Plies() {
				last = await[Moved](t, back)
			}
			samePosition(t, "the game given back", last.Game, game)
			side := map[rules.Player]*Session{rules.X: back, rules.O: kept}
			if restarted == "invited" {
				side = map[rules.Player]*Session{rules.X: kept, rules.O: back}
			}
			finishRandom(t, rng, game, side)
		})
	}
}
