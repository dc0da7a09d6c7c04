package netplay

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// relayLimits keep relay tests quick; the relay's rules are the fake's.
var relayLimits = Limits{
	Heartbeat: 100 * time.Millisecond, // 10 pings a second: well under Rate
	Silence:   3 * time.Second,
	Handshake: 3 * time.Second,
	Write:     3 * time.Second,
	KeepAlive: 100 * time.Millisecond,
	Reconnect: 30 * time.Second,
	// Tests play a move as soon as the last one is seen, much faster
	// than a person.
	Rate:  1000,
	Burst: 1000,
}

func inviteAt(t *testing.T, r *fakeRelay, v rules.Variant, colour rules.Player) *Session {
	t.Helper()
	s, err := Invite(InviteConfig{Server: r.url(), Variant: v, Colour: colour, Limits: relayLimits})
	if err != nil {
		t.Fatalf("Invite: %v", err)
	}
	t.Cleanup(func() { closeAndWait(t, s) })
	return s
}

func acceptAt(t *testing.T, cfg AcceptConfig) *Session {
	t.Helper()
	if cfg.Limits == (Limits{}) {
		cfg.Limits = relayLimits
	}
	s, err := Accept(cfg)
	if err != nil {
		t.Fatalf("Accept: %v", err)
	}
	t.Cleanup(func() { closeAndWait(t, s) })
	return s
}

// relayPair invites through r and accepts by the link; it returns both
// once both saw Started.
func relayPair(t *testing.T, r *fakeRelay, v rules.Variant, inviterColour rules.Player) (i, j *Session) {
	t.Helper()
	i = inviteAt(t, r, v, inviterColour)
	waitForSockets(t, r, i.Invitation().Room, 1)
	j = acceptAt(t, AcceptConfig{Invitation: i.Invitation().Link()})
	is, js := await[Started](t, i), await[Started](t, j)
	if is.You != inviterColour || js.You != inviterColour.Other() || is.Variant != v || js.Variant != v {
		t.Fatalf("started as inviter %v, invited %v in %v/%v; want inviter %v in %v", is.You, js.You, is.Variant, js.Variant, inviterColour, v)
	}
	return i, j
}

// waitForSockets waits until the relay holds n sockets in room.
func waitForSockets(t *testing.T, r *fakeRelay, room string, n int) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for r.sockets(room) != n {
		if time.Now().After(deadline) {
			t.Fatalf("room %s holds %d sockets, want %d", room, r.sockets(room), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// playRandom plays random legal moves from game's position for at most
// plies plies (0: to the end), checking both sides' boards after each;
// mid, when set, runs before each move.
func playRandom(t *testing.T, rng *rand.Rand, game *rules.Game, side map[rules.Player]*Session, plies int, mid func(ply int)) {
	t.Helper()
	var buf [rules.MaxMoves]rules.Move
	for n := 0; plies == 0 || n < plies; n++ {
		if game.Over() {
			return
		}
		if game.Plies() > 400 {
			t.Fatalf("no result after 400 plies")
		}
		if mid != nil {
			mid(game.Plies() + 1)
		}
		pos := game.Position()
		moves := pos.LegalMoves(buf[:0])
		mv := moves[rng.IntN(len(moves))]
		mover := side[pos.SideToMove()]
		mover.SendMove(mv)
		if err := game.Play(mv); err != nil {
			t.Fatal(err)
		}
		for _, s := range side {
			m := await[Moved](t, s)
			if m.Move != mv || m.Ply != game.Plies() || m.Mine != (s == mover) {
				t.Fatalf("ply %d: saw %+v, want %s", game.Plies(), m, mv.Notation(game.Position().Variant()))
			}
			samePosition(t, "after a move", m.Game, game)
		}
	}
}

func finishRandom(t *testing.T, rng *rand.Rand, game *rules.Game, side map[rules.Player]*Session) {
	t.Helper()
	playRandom(t, rng, game, side, 0, nil)
	for _, s := range side {
		g := await[GameOver](t, s)
		if g.Result != game.Result() || g.By != ByRules {
			t.Errorf("result %v by %v, want %v by the rules", g.Result, g.By, game.Result())
		}
		samePosition(t, "at the end", g.Game, game)
	}
}

// Through the relay, with the code checked by the key exchange and every
// message sealed, two players play random games to a result.
func TestRelayPlayersPlayAWholeGame(t *testing.T) {
	for _, v := range rules.Variants {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", v, seed), func(t *testing.T) {
				r := newFakeRelay(t)
				colour := rules.Player(seed % 2)
				i, j := relayPair(t, r, v, colour)
				side := map[rules.Player]*Session{colour: i, colour.Other(): j}
				finishRandom(t, rand.New(rand.NewPCG(seed, 7)), rules.NewGame(v), side)
			})
		}
	}
}

// The relay sees the room id, never the password: no message that passes
// through it holds the password, in any form a person types.
func TestTheRelayNeverSeesThePassword(t *testing.T) {
	r := newFakeRelay(t)
	var seen [][]byte
	r.set(func() {
		r.forward = func(s *fakeSocket, msg []byte) [][]byte {
			seen = append(seen, append([]byte(nil), msg...))
			return [][]byte{msg}
		}
	})
	i, j := relayPair(t, r, rules.Classic, rules.X)
	side := map[rules.Player]*Session{rules.X: i, rules.O: j}
	playRandom(t, rand.New(rand.NewPCG(1, 1)), rules.NewGame(rules.Classic), side, 3, nil)
	pw := i.Invitation().Password
	r.set(func() {
		for _, m := range seen {
			if strings.Contains(strings.ToUpper(string(m)), pw) {
				t.Errorf("a relayed message holds the password: %q", m)
			}
			if strings.Contains(string(m), "move") {
				t.Errorf("a relayed message can be read: %q", m)
			}
		}
	})
}

func TestAWrongCodeIsToldAndTheRoomKeepsWaiting(t *testing.T) {
	r := newFakeRelay(t)
	i := inviteAt(t, r, rules.Classic, rules.X)
	inv := i.Invitation()
	waitForSockets(t, r, inv.Room, 1)
	// The right room with a wrong password (a code with a wrong password
	// would fail its check character before the network).
	wrong := inv
	wrong.Password = "0" + inv.Password[1:]
	if wrong.Password == inv.Password {
		wrong.Password = "1" + inv.Password[1:]
	}
	j, err := acceptInvitation(wrong, AcceptConfig{Limits: relayLimits})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeAndWait(t, j) })
	d := await[Disconnected](t, j)
	if d.Reason != "The code is wrong: check it with your friend." {
		t.Errorf("the wrong code was told as %q", d.Reason)
	}
	if n := await[Notice](t, i); !strings.Contains(n.Text, "wrong code") {
		t.Errorf("the inviter was told %q", n.Text)
	}
	// The room still waits, and the friend with the right code gets in.
	j2 := acceptAt(t, AcceptConfig{Invitation: inv.Code(), Server: r.url()})
	await[Started](t, i)
	await[Started](t, j2)
}

// The wall time of a whole meeting over loopback: both sockets, the key
// exchange, the key confirmation and the start of the game.
func BenchmarkRelayMeetingOverLoopback(b *testing.B) {
	r := newFakeRelay(b)
	for b.Loop() {
		i, err := Invite(InviteConfig{Server: r.url(), Variant: rules.Classic, Limits: relayLimits})
		if err != nil {
			b.Fatal(err)
		}
		j, err := Accept(AcceptConfig{Invitation: i.Invitation().Link(), Limits: relayLimits})
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range []*Session{i, j} {
			for e := range s.Events() {
				if _, ok := e.(Started); ok {
					break
				}
				if d, ok := e.(Disconnected); ok {
					b.Fatal(d.Reason)
				}
			}
		}
		i.Close()
		j.Close()
		<-i.Done()
		<-j.Done()
	}
}

// A server that cannot be reached is said in a sentence at once; a missing
// server is an error before any network.
func TestAServerThatCannotBeReachedIsTold(t *testing.T) {
	r := newFakeRelay(t)
	addr := r.url()
	r.srv.Close() // nothing listens there any more
	i, err := Invite(InviteConfig{Server: addr, Variant: rules.Classic, Limits: relayLimits})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeAndWait(t, i) })
	if d := await[Disconnected](t, i); !strings.HasPrefix(d.Reason, "Could not reach the server at 127.0.0.1:") {
		t.Errorf("an unreachable server: %q", d.Reason)
	}
	if _, err := Invite(InviteConfig{Variant: rules.Classic}); err == nil || !strings.Contains(err.Error(), "Options") {
		t.Errorf("no server: %v", err)
	}
}
