package netplay

import (
	"context"
	crand "crypto/rand"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// armOnce makes the relay do attack to the first sealed message that
// passes after it is armed; attack's answer is what is delivered instead.
// held, when attack returns it for later, is delivered after the next
// sealed message of the same socket.
func armOnce(r *fakeRelay, attack func(msg []byte) (now [][]byte, later []byte)) {
	var mu sync.Mutex
	fired := false
	var heldFrom *fakeSocket
	var held []byte
	r.set(func() {
		r.forward = func(s *fakeSocket, msg []byte) [][]byte {
			mu.Lock()
			defer mu.Unlock()
			if msg[0] != frameSealed {
				return [][]byte{msg}
			}
			if held != nil && s == heldFrom {
				out := [][]byte{msg, held}
				held = nil
				return out
			}
			if fired {
				return [][]byte{msg}
			}
			fired = true
			now, later := attack(append([]byte(nil), msg...))
			if later != nil {
				held, heldFrom = later, s
			}
			return now
		}
	})
}

// A relay that changes, replays, drops, reorders or cuts short one sealed
// message: the side that receives it says so in a sentence, both get back
// into the room, and the game goes on to its end unchanged, nothing lost.
func TestAHostileRelayChangesNothingAndLosesNothing(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		attack     func(msg []byte) ([][]byte, []byte)
	}{
		{"tamper", "changed on the way", func(m []byte) ([][]byte, []byte) {
			m[len(m)/2] ^= 0x20
			return [][]byte{m}, nil
		}},
		{"replay", "a second time", func(m []byte) ([][]byte, []byte) { return [][]byte{m, m}, nil }},
		{"drop", "went missing", func(m []byte) ([][]byte, []byte) { return nil, nil }},
		{"reorder", "out of order", func(m []byte) ([][]byte, []byte) { return nil, m }},
		{"truncate", "cut short", func(m []byte) ([][]byte, []byte) { return [][]byte{m[:5]}, nil }},
		{"change the sequence number", "changed on the way", func(m []byte) ([][]byte, []byte) {
			m[8]++
			return [][]byte{m}, nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newFakeRelay(t)
			i, j := relayPair(t, r, rules.Classic, rules.X)
			side := map[rules.Player]*Session{rules.X: i, rules.O: j}
			rng := rand.New(rand.NewPCG(5, uint64(len(tc.name))))
			game := rules.NewGame(rules.Classic)
			playRandom(t, rng, game, side, 2, nil)
			armOnce(r, tc.attack)
			finishRandom(t, rng, game, side)
			var reasons []string
			for _, s := range side {
				for _, e := range seenEvents(s) {
					if rc, ok := e.(Reconnecting); ok {
						reasons = append(reasons, rc.Reason)
					}
				}
			}
			for _, reason := range reasons {
				if strings.Contains(reason, tc.want) {
					return
				}
			}
			t.Errorf("reconnecting said %q; want one with %q", reasons, tc.want)
		})
	}
}

// A relay that delays every message only slows the game down.
func TestASlowRelayOnlySlowsTheGame(t *testing.T) {
	r := newFakeRelay(t)
	r.set(func() {
		r.forward = func(s *fakeSocket, msg []byte) [][]byte {
			time.Sleep(20 * time.Millisecond)
			return [][]byte{msg}
		}
	})
	i, j := relayPair(t, r, rules.Gobblers, rules.X)
	finishRandom(t, rand.New(rand.NewPCG(6, 6)), rules.NewGame(rules.Gobblers), map[rules.Player]*Session{rules.X: i, rules.O: j})
}

// guesser is someone who knows a room's id but not its password and
// speaks the greeting with a guess.
type guesser struct {
	t     *testing.T
	c     *websocket.Conn
	seen  [][]byte // the binary messages it received
	early [][]byte // those that came before "paired"
}

func dialStranger(t *testing.T, r *fakeRelay, room string) (*guesser, error) {
	u, _ := relayURL(r.url(), room)
	c, _, err := websocket.Dial(context.Background(), u, nil)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { c.CloseNow() })
	return &guesser{t: t, c: c}, nil
}

// read returns the next binary message, or "" words of the relay.
func (s *guesser) read(d time.Duration) (websocket.MessageType, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	typ, b, err := s.c.Read(ctx)
	if err == nil && typ == websocket.MessageBinary && len(b) > 0 {
		s.seen = append(s.seen, b)
	}
	return typ, b, err
}

func (s *guesser) waitText(word string) {
	s.t.Helper()
	for {
		typ, b, err := s.read(waitLimit)
		if err != nil {
			s.t.Fatalf("the stranger waited for %q: %v", word, err)
		}
		if typ == websocket.MessageText && string(b) == word {
			return
		}
		if typ == websocket.MessageBinary && len(b) > 0 {
			s.early = append(s.early, b) // came before the relay's word
		}
	}
}

func (s *guesser) waitFrame(kind byte) []byte {
	s.t.Helper()
	for i, b := range s.early {
		if b[0] == kind {
			s.early = s.early[i+1:]
			return b
		}
	}
	for {
		typ, b, err := s.read(waitLimit)
		if err != nil {
			s.t.Fatalf("the stranger waited for a frame %d: %v", kind, err)
		}
		if typ == websocket.MessageBinary && len(b) > 0 && b[0] == kind {
			return b
		}
	}
}

func (s *guesser) send(b []byte) {
	s.c.Write(context.Background(), websocket.MessageBinary, b)
}

// guess greets as the invited side with a guessed password, all the way
// to its key confirmation.
func (s *guesser) guess(room, password string) {
	s.t.Helper()
	s.waitText("paired")
	var nonce [16]byte
	crand.Read(nonce[:])
	hello := append([]byte{frameHello, relayVersion, roleInvited}, nonce[:]...)
	s.send(hello)
	peerHello := s.waitFrame(frameHello)
	sid := prefixFreeCat([]byte(room), peerHello[3:], hello[3:])
	cp, err := newCPace([]byte(password), relayCI, sid, roleAD(false))
	if err != nil {
		s.t.Fatal(err)
	}
	s.send(append([]byte{frameShare}, cp.msg...))
	share := s.waitFrame(frameShare)
	isk, err := cp.finish(share[1:], roleAD(true), false)
	if err != nil {
		s.t.Fatalf("the stranger could not finish: %v", err)
	}
	keys, _ := deriveKeys(isk, peerHello, hello, share[1:], cp.msg)
	s.send(append([]byte{frameConfirm}, keys.confirmTag(false)...))
}

// learned fails the test if the stranger heard anything but a greeting.
func (s *guesser) learnedNothing() {
	s.t.Helper()
	for _, b := range s.seen {
		if b[0] == frameSealed {
			s.t.Errorf("a stranger received a sealed message: %x", b)
		}
	}
}

// A guesser who knows the room id but not the password gets one guess,
// which fails; it hears no sealed message, the inviter is told, and the
// friend with the code still gets in.
func TestAStrangerWithoutTheCodeGetsOneGuessAndLearnsNothing(t *testing.T) {
	r := newFakeRelay(t)
	i := inviteAt(t, r, rules.Classic, rules.X)
	inv := i.Invitation()
	waitForSockets(t, r, inv.Room, 1)
	s, err := dialStranger(t, r, inv.Room)
	if err != nil {
		t.Fatal(err)
	}
	s.guess(inv.Room, "00000000")
	if n := await[Notice](t, i); !strings.Contains(n.Text, "wrong code") {
		t.Errorf("the inviter was told %q", n.Text)
	}
	// One guess per connection: the inviter has left this pairing.
	for {
		typ, b, err := s.read(waitLimit)
		if err != nil {
			t.Fatalf("the stranger's socket: %v", err)
		}
		if typ == websocket.MessageText && string(b) == "alone" {
			break
		}
	}
	s.c.CloseNow()
	s.learnedNothing()
	j := acceptAt(t, AcceptConfig{Invitation: inv.Link()})
	await[Started](t, i)
	await[Started](t, j)
}

// A guesser that holds the second place in the room and says nothing
// cannot keep the friend out for long: the inviter gives up on it after the
// greeting's deadline and comes back, the friend keeps trying, and the
// relay closes a socket that stays silent.
func TestAStrangerWhoHoldsTheRoomSilentlyDoesNotKeepTheFriendOut(t *testing.T) {
	r := newFakeRelay(t)
	r.set(func() { r.idle = time.Second })
	l := relayLimits
	l.Handshake = 500 * time.Millisecond
	i, err := Invite(InviteConfig{Server: r.url(), Variant: rules.Classic, Colour: rules.X, Limits: l})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeAndWait(t, i) })
	inv := i.Invitation()
	waitForSockets(t, r, inv.Room, 1)
	s, err := dialStranger(t, r, inv.Room)
	if err != nil {
		t.Fatal(err)
	}
	waitForSockets(t, r, inv.Room, 2)
	j := acceptAt(t, AcceptConfig{Invitation: inv.Link(), Limits: l})
	await[Started](t, i)
	await[Started](t, j)
	s.learnedNothing()
}

// A relay that puts each friend into the other game's room: each side's
// proof fails, nothing is learned, each is told, and once the relay stops
// both games begin, each with its own friend.
func TestARelayThatSwapsRoomsGetsNowhere(t *testing.T) {
	r := newFakeRelay(t)
	a := inviteAt(t, r, rules.Classic, rules.X)
	b := inviteAt(t, r, rules.Gobblers, rules.O)
	ra, rb := a.Invitation().Room, b.Invitation().Room
	waitForSockets(t, r, ra, 1)
	waitForSockets(t, r, rb, 1)
	swaps := 0
	r.set(func() {
		r.roomOf = func(room string) string {
			if swaps >= 2 {
				return room
			}
			switch room {
			case ra:
				swaps++
				return rb
			case rb:
				swaps++
				return ra
			}
			return room
		}
	})
	ja := acceptAt(t, AcceptConfig{Invitation: a.Invitation().Link()})
	jb := acceptAt(t, AcceptConfig{Invitation: b.Invitation().Link()})
	for _, pair := range [][2]*Session{{a, ja}, {b, jb}} {
		si, sj := await[Started](t, pair[0]), await[Started](t, pair[1])
		if si.Variant != sj.Variant || si.You == sj.You {
			t.Errorf("a game began across rooms: %+v and %+v", si, sj)
		}
	}
	notices := 0
	for _, s := range []*Session{a, b} {
		for _, e := range seenEvents(s) {
			if n, ok := e.(Notice); ok && strings.Contains(n.Text, "wrong code") {
				notices++
			}
		}
	}
	if notices == 0 {
		t.Errorf("no inviter was told of the wrong codes")
	}
}

// A relay that swaps rooms in the middle of two games: the sides that
// meet strangers are told, and both games resume, unchanged.
func TestARelayThatSwapsRoomsMidGameLosesNothing(t *testing.T) {
	r := newFakeRelay(t)
	a, ja := relayPair(t, r, rules.Classic, rules.X)
	b, jb := relayPair(t, r, rules.Classic, rules.X)
	ra, rb := a.Invitation().Room, b.Invitation().Room
	rng := rand.New(rand.NewPCG(8, 8))
	ga, gb := rules.NewGame(rules.Classic), rules.NewGame(rules.Classic)
	sa := map[rules.Player]*Session{rules.X: a, rules.O: ja}
	sb := map[rules.Player]*Session{rules.X: b, rules.O: jb}
	playRandom(t, rng, ga, sa, 2, nil)
	playRandom(t, rng, gb, sb, 3, nil)
	// The first socket back into each room is put into the other room.
	swapped := map[string]bool{}
	r.set(func() {
		r.roomOf = func(room string) string {
			if swapped[room] || (room != ra && room != rb) {
				return room
			}
			swapped[room] = true
			if room == ra {
				return rb
			}
			return ra
		}
	})
	r.kill(websocket.StatusGoingAway)
	for _, s := range []*Session{a, ja, b, jb} {
		await[Reconnected](t, s)
	}
	finishRandom(t, rng, ga, sa)
	finishRandom(t, rng, gb, sb)
}

// A relay may pass the first side's hello on before it tells the second
// side "paired": the second side greets at once all the same.
func TestAHelloBeforePairedStillGreets(t *testing.T) {
	r := newFakeRelay(t)
	r.set(func() { r.latePaired = 300 * time.Millisecond })
	l := relayLimits
	l.Handshake = 10 * time.Second // a lost hello would cost this much
	i, err := Invite(InviteConfig{Server: r.url(), Variant: rules.Classic, Colour: rules.X, Limits: l})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeAndWait(t, i) })
	waitForSockets(t, r, i.Invitation().Room, 1)
	j := acceptAt(t, AcceptConfig{Invitation: i.Invitation().Link(), Limits: l})
	start := time.Now()
	await[Started](t, i)
	await[Started](t, j)
	if time.Since(start) >= l.Handshake {
		t.Errorf("the greeting waited for its deadline")
	}
}

// A stranger that speaks another version of the greeting is turned away,
// and the inviter is told why.
func TestAnotherVersionIsToldInASentence(t *testing.T) {
	r := newFakeRelay(t)
	i := inviteAt(t, r, rules.Classic, rules.X)
	inv := i.Invitation()
	waitForSockets(t, r, inv.Room, 1)
	s, err := dialStranger(t, r, inv.Room)
	if err != nil {
		t.Fatal(err)
	}
	s.waitText("paired")
	s.send(append([]byte{frameHello, relayVersion + 1, roleInvited}, make([]byte, 16)...))
	if n := await[Notice](t, i); !strings.Contains(n.Text, "another version of Gobblet") {
		t.Errorf("the inviter was told %q", n.Text)
	}
	s.learnedNothing()
}
