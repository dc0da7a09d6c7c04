package netplay

import (
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// tenMB is a line of 10 MB without its end, made once, before any clock runs.
var tenMB = strings.Repeat("a", 10<<20)

// A hostile joiner, once in the game, tries everything; the host's session
// never crashes, ends the connection with a sentence, and its game holds
// exactly the legal moves played before.
func TestHostileJoinerNeverChangesTheGame(t *testing.T) {
	silent := testLimits
	silent.Silence = 300 * time.Millisecond
	for _, tc := range []struct {
		name   string
		limits Limits
		lines  []string // sent after the host's 3@b2; o is to move at ply 2
		big    bool     // send a 10 MB line instead
		want   string   // in the host's Disconnected reason
		moves  string   // the host's game at the end
	}{
		{name: "garbage", lines: []string{"\x00\xff\x1b[2J garbage"}, want: "does not understand"},
		{name: "a 10 MB line", big: true, want: "longer than 256 bytes"},
		{name: "an illegal move", lines: []string{"move 2 1@b2"}, want: "illegal move"},
		{name: "a move onto no square", lines: []string{"move 2 1@d4"}, want: "not a move"},
		{name: "not a move at all", lines: []string{"move 2 hello"}, want: "not a move"},
		{name: "a move out of turn", lines: []string{"move 2 1@a1", "move 3 2@c3"}, want: "out of turn", moves: "1@a1"},
		{name: "a wrong move number", lines: []string{"move 5 1@a1"}, want: "move number 5"},
		{name: "a second greeting", lines: []string{"hello gobblet 2 any 00112233445566778899aabbccddeeff"}, want: "greeted again"},
		{name: "a draw offer on its own turn", lines: []string{"draw offer 1"}, want: "its own turn"},
		{name: "an answer to no offer", lines: []string{"draw accept 1"}, want: "never made"},
		{name: "a rematch mid-game", lines: []string{"rematch 1"}, want: "still on"},
		{name: "a flood", lines: []string{strings.Repeat("ping\n", 999) + "ping"}, want: "messages a second"},
		{name: "silence", limits: silent, want: "stopped answering"},
		{name: "goodbye", lines: []string{"bye so long"}, want: "so long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.limits
			if l == (Limits{}) {
				l = testLimits
			}
			h := host(t, rules.Gobblers, rules.X, l)
			p, _, me := joinRaw(t, h)
			if me != rules.O {
				t.Fatalf("fake joiner plays %v, want o", me)
			}
			await[Started](t, h)
			first, _ := rules.ParseMove(rules.Gobblers, "3@b2")
			h.SendMove(first)
			await[Moved](t, h)
			if tc.big {
				go p.write(tenMB)
			}
			for _, line := range tc.lines {
				p.writeLine("%s", line)
			}
			d := await[Disconnected](t, h)
			if !strings.Contains(d.Reason, tc.want) {
				t.Errorf("reason %q, want it to say %q", d.Reason, tc.want)
			}
			want := rules.NewGame(rules.Gobblers)
			if err := want.PlayNotation(append([]string{"3@b2"}, strings.Fields(tc.moves)...)); err != nil {
				t.Fatal(err)
			}
			if d.Game == nil {
				t.Fatal("Disconnected without the game")
			}
			samePosition(t, "host's game", d.Game, want)
			if d.Game.Over() {
				t.Errorf("the game is over (%v); it should be left to finish", d.Game.Result())
			}
			if _, ok := <-h.Events(); ok {
				t.Error("events still open after Disconnected")
			}
		})
	}
}

// The room survives joiners that fail the greeting, and a real joiner gets
// in afterwards. A stranger hears only a refusal and is noticed only in the
// host's own words; a partner with the right code hears why it cannot play.
func TestRoomTurnsAwayBadJoinersAndStaysOpen(t *testing.T) {
	quick := testLimits
	quick.Handshake = time.Second
	quick.FailuresPerAddress = 100 // wrong codes are tried below; none waits
	h := host(t, rules.Classic, rules.X, quick)
	const nonce = "00112233445566778899aabbccddeeff"
	for _, tc := range []struct {
		name   string
		act    func(p *fakePeer)
		told   string // the last line the joiner hears before the host hangs up
		notice string // in the host's Notice; "" for none
	}{
		{"a wrong secret", func(p *fakePeer) {
			wrong := h.Code().Secret
			wrong[0] ^= 1
			_, _, r := greetHost(p.l, wrong, nil)
			if r == nil || !strings.Contains(r.reason, "room code is wrong") {
				t.Errorf("joiner with a wrong secret was told %v", r)
			}
		}, "", "wrong room code"},
		{"a newer version with the right code", func(p *fakePeer) {
			p.proveCPace(h.Code().Secret, "hello gobblet 5 "+nonce+" with new words", "any")
		}, "refuse version 4", "newer version"},
		{"a newer version with a wrong code", func(p *fakePeer) {
			p.proveCPace(Secret{}, "hello gobblet 5 "+nonce, "any")
		}, "refuse code", "wrong room code"},
		{"version 3 with the right code", func(p *fakePeer) {
			p.proveAs(h.Code().Secret, "hello gobblet 3 "+nonce, "")
		}, "refuse version 4", "older version"},
		{"version 3 with a wrong code", func(p *fakePeer) {
			p.proveAs(Secret{}, "hello gobblet 3 "+nonce, " gobblers")
		}, "refuse code", "wrong room code"},
		{"version 2 with the right code", func(p *fakePeer) { p.proveOld(h.Code().Secret) },
			"bye please update Gobblet to play this host", "older version"},
		{"version 2 with a wrong code", func(p *fakePeer) { p.proveOld(Secret{}) },
			"bye the room code is wrong; check it and try again", "wrong room code"},
		{"version 1", func(p *fakePeer) { p.writeLine("hello gobblet 1") }, "bye", ""},
		{"a wrong variant", func(p *fakePeer) {
			p.proveCPace(h.Code().Secret, "hello gobblet 4 "+nonce, "gobblers")
		}, "refuse variant classic", "wanted to play gobblers"},
		{"a web browser", func(p *fakePeer) { p.writeLine("GET / HTTP/1.1") }, "bye", ""},
		{"a 10 MB greeting", func(p *fakePeer) { go p.write(tenMB) }, "", ""},
		{"a silent joiner", func(p *fakePeer) {}, "", ""},
		{"a forged proof", func(p *fakePeer) {
			p.writeLine("hello gobblet 3 %s", nonce)
			p.readUntil(kindChallenge)
			p.writeLine("auth %s", strings.Repeat("00", 32))
		}, "refuse code", "wrong room code"},
		{"a forged share and tag", func(p *fakePeer) {
			p.writeLine("hello gobblet 4 %s", nonce)
			p.readUntil(kindChallenge)
			p.writeLine("share %s %s any", strings.Repeat("5a", 32), strings.Repeat("00", 32))
		}, "refuse code", "wrong room code"},
		{"the identity as its share", func(p *fakePeer) {
			p.writeLine("hello gobblet 4 %s", nonce)
			p.readUntil(kindChallenge)
			p.writeLine("share %s %s any", strings.Repeat("00", 32), strings.Repeat("00", 32))
		}, "refuse code", "wrong room code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := dialRaw(t, h)
			tc.act(p)
			if got := p.lastLine(); got != tc.told {
				t.Errorf("joiner was told %q last, want %q", got, tc.told)
			}
			if tc.notice != "" {
				if n := await[Notice](t, h); !strings.Contains(n.Text, tc.notice) {
					t.Errorf("host noticed %q, want %q", n.Text, tc.notice)
				}
			}
		})
	}
	j := join(t, JoinConfig{Code: h.Code().String()})
	await[Started](t, h)
	await[Started](t, j)
}

// A second connection while a game runs is turned away; the game goes on.
func TestASecondJoinerIsTurnedAway(t *testing.T) {
	h, j := pair(t, rules.Gobblers, rules.X)
	p := dialRaw(t, h)
	if got := p.lastLine(); got != "refuse taken" {
		t.Errorf("second joiner was told %q", got)
	}
	if n := await[Notice](t, h); !strings.Contains(n.Text, "turned away") {
		t.Errorf("host noticed %q", n.Text)
	}
	// Even with the right code.
	j2 := join(t, JoinConfig{Code: h.Code().String()})
	if d := await[Disconnected](t, j2); !strings.Contains(d.Reason, "already has a game") || d.Game != nil {
		t.Errorf("second real joiner: %+v", d)
	}
	// More strangers do not keep the game's status line busy: one notice
	// a minute at most.
	for range 5 {
		if got := dialRaw(t, h).lastLine(); got != "refuse taken" {
			t.Errorf("a stranger during the game was told %q", got)
		}
	}
	m, _ := rules.ParseMove(rules.Gobblers, "2@a2")
	h.SendMove(m)
	for {
		e := next(t, h)
		if n, ok := e.(Notice); ok {
			t.Errorf("a stranger during the game was noticed again: %q", n.Text)
		}
		if _, ok := e.(Moved); ok {
			break
		}
	}
	if got := await[Moved](t, j); got.Move != m {
		t.Errorf("joiner saw %v after the second joiner was turned away", got.Move)
	}
}

func TestJoinerWithAWrongCode(t *testing.T) {
	h := host(t, rules.Gobblers, rules.X, testLimits)
	c := h.Code()
	c.Secret[4] ^= 0x80
	j := join(t, JoinConfig{Code: c.String()})
	d := await[Disconnected](t, j)
	if !strings.Contains(d.Reason, "room code is wrong") || d.Game != nil {
		t.Errorf("joiner with a wrong code: %+v", d)
	}
	if n := await[Notice](t, h); !strings.Contains(n.Text, "wrong room code") {
		t.Errorf("host noticed %q", n.Text)
	}
}

func TestJoinerExpectingAnotherVariant(t *testing.T) {
	h := host(t, rules.Gobblers, rules.X, testLimits)
	classic := rules.Classic
	j := join(t, JoinConfig{Code: h.Code().String(), Expect: &classic})
	if d := await[Disconnected](t, j); !strings.Contains(d.Reason, "plays gobblers") {
		t.Errorf("joiner expecting classic: %q", d.Reason)
	}
	if n := await[Notice](t, h); !strings.Contains(n.Text, "plays gobblers") {
		t.Errorf("host noticed %q", n.Text)
	}
}

// fakeHost listens on loopback and runs act on the first connection.
func fakeHost(t *testing.T, act func(l *link, s Secret)) RoomCode {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	sec, _ := NewSecret()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		act(newLink(c, testLimits), sec)
	}()
	return RoomCode{Host: netip.MustParseAddrPort(ln.Addr().String()), Secret: sec}
}

// A hostile host is checked as strictly as a hostile joiner.
func TestHostileHostNeverChangesTheGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		act   func(l *link, secret Secret)
		want  string
		moves int // plies in the joiner's game at the end; -1 when none started
	}{
		{"a host that does not know the secret", func(l *link, _ Secret) {
			line, _ := readLine(l.r)
			hello, _ := parseMessage(line)
			guess, _ := NewSecret()
			var ours [16]byte
			_, share, _ := startDirectCPace(guess, hello.nonce, ours, true)
			l.send(message{kind: kindChallenge, nonce: ours, share: &share})
			readLine(l.r)
			l.conn.Write([]byte("auth " + strings.Repeat("5a", 32) + "\nstart classic o\n"))
			l.readUntilClosed()
		}, "could not prove", -1},
		{"a host that greets the old way", func(l *link, _ Secret) {
			readLine(l.r)
			l.conn.Write([]byte("hello gobblet 2 classic 00112233445566778899aabbccddeeff\n"))
			l.readUntilClosed()
		}, "did not greet as this game does", -1},
		{"a 10 MB greeting", func(l *link, _ Secret) {
			l.conn.Write([]byte(tenMB))
		}, "longer than 256", -1},
		{"a host of a newer version", func(l *link, s Secret) {
			proveHost(l, s)
			l.conn.Write([]byte("refuse version 9\n"))
			l.readUntilClosed()
		}, "newer version of Gobblet (online protocol 9, this one 4)", -1},
		{"a host that greets the version 3 way", func(l *link, _ Secret) {
			readLine(l.r)
			l.conn.Write([]byte("challenge 00112233445566778899aabbccddeeff\n"))
			l.readUntilClosed()
		}, "they need to update Gobblet to play with you", -1},
		{"a host of an older version", func(l *link, s Secret) {
			readLine(l.r)
			l.conn.Write([]byte("bye this host speaks protocol version 2, not 3\n"))
			l.readUntilClosed()
		}, "may run an older version", -1},
		{"a host that proved the secret and says goodbye", func(l *link, s Secret) {
			proveHost(l, s)
			l.conn.Write([]byte(l.sealed("bye \\x1b[2J see you")))
			l.readUntilClosed()
		}, `ended the connection: "\\\\x1b[2J see you"`, -1},
		{"a shift on an empty board", func(l *link, s Secret) {
			greetJoiner(l, hostGreeting{secret: s, variant: rules.Classic, joinerColour: rules.O})
			l.conn.Write([]byte(l.sealed("move 1 a1-a2")))
			l.readUntilClosed()
		}, "illegal move", 0},
		{"a move out of turn", func(l *link, s Secret) {
			greetJoiner(l, hostGreeting{secret: s, variant: rules.Classic, joinerColour: rules.O})
			l.conn.Write([]byte(l.sealed("move 1 4@a1\nmove 2 4@b1")))
			l.readUntilClosed()
		}, "out of turn", 1},
		{"a host that falls silent", func(l *link, s Secret) {
			greetJoiner(l, hostGreeting{secret: s, variant: rules.Classic, joinerColour: rules.O})
			l.readUntilClosed()
		}, "stopped answering", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := fakeHost(t, tc.act)
			l := testLimits
			l.Silence = time.Second // the fake host sends no heartbeats
			j := join(t, JoinConfig{Code: code.String(), Limits: l})
			d := await[Disconnected](t, j)
			if !strings.Contains(d.Reason, tc.want) {
				t.Errorf("reason %q, want it to say %q", d.Reason, tc.want)
			}
			if tc.moves < 0 && d.Game != nil {
				t.Errorf("a game started: %v", d.Game.Moves())
			}
			if tc.moves >= 0 && (d.Game == nil || d.Game.Plies() != tc.moves) {
				t.Errorf("joiner's game: %+v, want %d plies", d.Game, tc.moves)
			}
		})
	}
}

// Strangers that hold a greeting open cannot pile up: past the limit from
// one address, a newcomer takes the place of the oldest, which is dropped
// at once rather than at the end of its greeting's time.
func TestANewcomerTakesTheOldestStrangersPlace(t *testing.T) {
	l := testLimits
	l.PendingPerAddress = 1
	h := host(t, rules.Gobblers, rules.X, l)
	first := dialRaw(t, h) // connects and says nothing
	time.Sleep(50 * time.Millisecond)
	dialRaw(t, h)
	start := time.Now()
	if got := first.lastLine(); got != "" {
		t.Errorf("the dropped stranger was told %q", got)
	}
	if d := time.Since(start); d > l.Handshake/2 {
		t.Errorf("the oldest stranger was dropped after %v, not at once", d)
	}
}

// A partner cannot make a stream of draw offers: one a move is shown, a
// declined one asked again in the same move is not.
func TestADrawOfferIsShownOnceAMove(t *testing.T) {
	h := host(t, rules.Gobblers, rules.O, testLimits)
	p, _, me := joinRaw(t, h)
	if me != rules.X {
		t.Fatalf("fake joiner plays %v, want x", me)
	}
	await[Started](t, h)
	p.writeLine("move 1 3@b2")
	p.writeLine("draw offer 1")
	await[DrawOffered](t, h)
	h.AnswerDraw(false)
	if _, err := p.readUntil(kindDrawDecline); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		p.writeLine("draw offer 1")
	}
	p.writeLine("bye done")
	offers := 0
	for {
		e := next(t, h)
		if _, ok := e.(DrawOffered); ok {
			offers++
		}
		if _, ok := e.(Disconnected); ok {
			break
		}
	}
	if offers != 0 {
		t.Errorf("%d more draw offers were shown after the first was declined", offers)
	}
}
