package netplay

import (
	"fmt"
	"math/rand/v2"
	"net"
	"net/netip"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Two peers over loopback play random legal moves to a result; after every
// move both boards show the same game, and both see the same result.
func TestTwoPeersPlayAWholeGame(t *testing.T) {
	for _, v := range rules.Variants {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", v, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 99))
				hostColour := rules.Player(seed % 2)
				h, j := pair(t, v, hostColour)
				side := map[rules.Player]*Session{hostColour: h, hostColour.Other(): j}
				game := rules.NewGame(v)
				var buf [rules.MaxMoves]rules.Move
				for ply := 1; ; ply++ {
					if ply > 400 {
						t.Fatalf("no result after 400 plies")
					}
					pos := game.Position()
					moves := pos.LegalMoves(buf[:0])
					mv := moves[rng.IntN(len(moves))]
					mover := side[pos.SideToMove()]
					mover.SendMove(mv)
					if err := game.Play(mv); err != nil {
						t.Fatal(err)
					}
					for _, s := range []*Session{h, j} {
						m := await[Moved](t, s)
						if m.Move != mv || m.Ply != ply || m.Mine != (s == mover) {
							t.Fatalf("ply %d: saw %+v, want %s", ply, m, mv.Notation(v))
						}
						samePosition(t, "after a move", m.Game, game)
					}
					if game.Over() {
						break
					}
				}
				for _, s := range []*Session{h, j} {
					g := await[GameOver](t, s)
					if g.Result != game.Result() || g.By != ByRules {
						t.Errorf("result %v by %v, want %v by the rules", g.Result, g.By, game.Result())
					}
					samePosition(t, "at the end", g.Game, game)
				}
				t.Logf("%s seed %d: %s after %d plies", v, seed, game.Result(), game.Plies())
			})
		}
	}
}

func TestDrawOfferDeclineAcceptRematchResignAndLeave(t *testing.T) {
	h, j := pair(t, rules.Gobblers, rules.X)
	v := rules.Gobblers
	mv := func(s string) rules.Move {
		m, err := rules.ParseMove(v, s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// A draw may be offered only while the other side is to move.
	h.OfferDraw()
	if n := await[Notice](t, h); !strings.Contains(n.Text, "after your move") {
		t.Errorf("offering a draw on your own turn: %q", n.Text)
	}
	// Moving out of turn is refused locally and nothing is sent.
	j.SendMove(mv("3@b2"))
	if r := await[MoveRejected](t, j); !strings.Contains(r.Reason, "not your turn") {
		t.Errorf("joiner moving first: %q", r.Reason)
	}
	h.SendMove(mv("3@b2"))
	await[Moved](t, h)
	await[Moved](t, j)
	h.OfferDraw()
	await[DrawOffered](t, j)
	j.AnswerDraw(false)
	await[DrawDeclined](t, h)
	// One offer a move.
	h.OfferDraw()
	if n := await[Notice](t, h); !strings.Contains(n.Text, "already offered a draw this move") {
		t.Errorf("a second offer in one move: %q", n.Text)
	}
	j.SendMove(mv("3@a1"))
	await[Moved](t, j)
	await[Moved](t, h)
	h.SendMove(mv("1@c3"))
	await[Moved](t, h)
	await[Moved](t, j)
	h.OfferDraw()
	await[DrawOffered](t, j)
	// Moving declines the offer.
	j.SendMove(mv("2@a3"))
	await[DrawDeclined](t, h)
	await[Moved](t, j)
	await[Moved](t, h)
	j.OfferDraw()
	await[DrawOffered](t, h)
	h.AnswerDraw(true)
	for _, s := range []*Session{h, j} {
		g := await[GameOver](t, s)
		if g.Result.Status != rules.Draw || g.By != ByAgreement {
			t.Errorf("after an accepted draw: %v by %v", g.Result, g.By)
		}
	}
	// A rematch swaps colours.
	h.Rematch()
	await[RematchOffered](t, j)
	j.Rematch()
	for s, want := range map[*Session]rules.Player{h: rules.O, j: rules.X} {
		st := await[Started](t, s)
		if st.Number != 2 || st.You != want || st.Game.Plies() != 0 {
			t.Errorf("rematch: game %d as %v with %d plies, want game 2 as %v", st.Number, st.You, st.Game.Plies(), want)
		}
	}
	j.SendMove(mv("1@c3"))
	await[Moved](t, h)
	h.Resign()
	for _, s := range []*Session{h, j} {
		g := await[GameOver](t, s)
		if g.Result.Status != rules.Win || g.Result.Winner != rules.X || g.By != ByResignation {
			t.Errorf("after o resigned: %v by %v", g.Result, g.By)
		}
	}
	h.Close()
	d := await[Disconnected](t, j)
	if !d.Clean || !strings.Contains(d.Reason, "left the game") || d.Game == nil || d.Game.Plies() != 1 {
		t.Errorf("after the host left: %+v", d)
	}
	if _, ok := <-j.Events(); ok {
		t.Error("events still open after Disconnected")
	}
}

// A player who leaves mid-game leaves the other with the game as it stood,
// not over, to finish against the AI.
func TestLeavingMidGameKeepsTheGame(t *testing.T) {
	h, j := pair(t, rules.Classic, rules.O)
	m, _ := rules.ParseMove(rules.Classic, "4@a1")
	j.SendMove(m)
	await[Moved](t, h)
	j.Close()
	d := await[Disconnected](t, h)
	if d.Game == nil || d.Game.Over() || d.Game.Plies() != 1 || !d.Clean {
		t.Fatalf("host after the joiner left: %+v", d)
	}
}

// Resignations that cross on the wire, or cross an accepted draw, end with
// the same result on both screens.
func TestCrossingEndingsAgree(t *testing.T) {
	h, j := pair(t, rules.Gobblers, rules.X)
	v := rules.Gobblers
	d1, _ := rules.ParseMove(v, "1@a1")
	for round := 1; round <= 12; round++ {
		// Bring the game to a state where the joiner may offer a draw.
		x, o := h, j
		if round%2 == 0 {
			x, o = j, h
		}
		x.SendMove(d1)
		await[Moved](t, h)
		await[Moved](t, j)
		switch round % 3 {
		case 0: // both resign at once
			h.Resign()
			j.Resign()
		case 1: // x offers; o accepts while x resigns
			x.OfferDraw()
			await[DrawOffered](t, o)
			o.AnswerDraw(true)
			x.Resign()
		case 2: // o resigns while x offers
			o.Resign()
			x.OfferDraw()
		}
		// Each side asks for a rematch once it sees the game over. The
		// request follows every message of this game on the wire, so by
		// Started every GameOver of this game has arrived.
		var last [2]GameOver
		for i, s := range []*Session{h, j} {
			last[i] = await[GameOver](t, s)
			s.Rematch()
		}
		for i, s := range []*Session{h, j} {
			for {
				e := next(t, s)
				if g, ok := e.(GameOver); ok {
					last[i] = g
				}
				if _, ok := e.(Started); ok {
					break
				}
				if d, ok := e.(Disconnected); ok {
					t.Fatalf("round %d: disconnected: %s", round, d.Reason)
				}
			}
		}
		if last[0].Result != last[1].Result || last[0].By != last[1].By {
			t.Fatalf("round %d: host sees %v by %v, joiner sees %v by %v", round, last[0].Result, last[0].By, last[1].Result, last[1].By)
		}
	}
}

// The command-line fallback: the host's address and port, and the secret
// alone or the whole code.
func TestJoinByAddressAndSecret(t *testing.T) {
	for _, typed := range []func(c RoomCode) string{
		func(c RoomCode) string { return c.Secret.String() },
		func(c RoomCode) string { return strings.ToLower(c.String()) },
	} {
		h := host(t, rules.Classic, rules.X, testLimits)
		if h.Code().Host.String() != h.Addr() {
			t.Errorf("room code leads to %v, host listens on %s", h.Code().Host, h.Addr())
		}
		j := join(t, JoinConfig{Addr: h.Addr(), Code: typed(h.Code())})
		await[Started](t, h)
		await[Started](t, j)
	}
	if _, err := Join(JoinConfig{Addr: "127.0.0.1:1", Code: "not a secret"}); err == nil {
		t.Error("Join accepted a bad secret")
	}
	if _, err := Join(JoinConfig{Code: "R2M0-250Y-C4X9-21ZY-BGS"}); err == nil {
		t.Error("Join accepted a code with a typo")
	}
}

// Heartbeats keep a quiet game alive far past the silence limit.
func TestHeartbeatsKeepAQuietGameAlive(t *testing.T) {
	// The silence allowed is long enough that a busy machine (the race
	// detector, two busy loops beside the tests) still sends the
	// heartbeats in time: at 0.5 s one came late under load and the test
	// failed for a game that was alive.
	l := testLimits
	l.Silence = 2 * time.Second
	h := host(t, rules.Gobblers, rules.X, l)
	j := join(t, JoinConfig{Code: h.Code().String(), Limits: l})
	await[Started](t, h)
	await[Started](t, j)
	time.Sleep(3 * l.Silence)
	m, _ := rules.ParseMove(rules.Gobblers, "1@a1")
	h.SendMove(m)
	await[Moved](t, j)
}

func TestNobodyJoins(t *testing.T) {
	h := host(t, rules.Gobblers, rules.X, testLimits)
	m, _ := rules.ParseMove(rules.Gobblers, "1@a1")
	h.SendMove(m)
	if r := await[MoveRejected](t, h); !strings.Contains(r.Reason, "No game") {
		t.Errorf("a move before anyone joined: %q", r.Reason)
	}
	h.Close()
	// After Close, events may or may not still come; the channel closes.
	for e := range h.Events() {
		if d, ok := e.(Disconnected); ok && (!d.Clean || d.Game != nil) {
			t.Errorf("closing an empty room: %+v", d)
		}
	}
	select {
	case <-h.Done():
	case <-time.After(waitLimit):
		t.Fatal("the room did not stop")
	}
	if c, err := net.Dial("tcp", h.Addr()); err == nil {
		c.Close()
		t.Error("the closed room still listens")
	}
}

func TestNoHostThere(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody listens there now
	c := RoomCode{Host: netip.MustParseAddrPort(addr), Secret: Secret{1}}
	j := join(t, JoinConfig{Code: c.String()})
	if d := await[Disconnected](t, j); !strings.Contains(d.Reason, "Could not reach the host") {
		t.Errorf("joining nobody: %q", d.Reason)
	}
}

// Every goroutine of a session ends once both sides closed.
func TestSessionsLeaveNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		h, err := Host(HostConfig{Variant: rules.Gobblers, Listen: "127.0.0.1:0", Limits: testLimits})
		if err != nil {
			t.Fatal(err)
		}
		j, err := Join(JoinConfig{Code: h.Code().String(), Limits: testLimits})
		if err != nil {
			t.Fatal(err)
		}
		await[Started](t, h)
		await[Started](t, j)
		h.Close()
		for range j.Events() {
		}
		closeAndWait(t, j)
		closeAndWait(t, h)
	}()
	deadline := time.Now().Add(waitLimit)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines before, %d after:\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}
