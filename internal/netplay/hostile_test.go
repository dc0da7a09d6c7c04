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
// in afterwards.
func TestRoomTurnsAwayBadJoinersAndStaysOpen(t *testing.T) {
	quick := testLimits
	quick.Handshake = time.Second
	h := host(t, rules.Classic, rules.X, quick)
	for _, tc := range []struct {
		name   string
		act    func(p *fakePeer)
		notice string // in the host's Notice
		told   string // in the bye the joiner receives
	}{
		{"a wrong secret", func(p *fakePeer) {
			wrong := h.Code().Secret
			wrong[0] ^= 1
			_, _, r := greetHost(p.l, wrong, nil)
			if r == nil || !strings.Contains(r.reason, "room code is wrong") {
				t.Errorf("joiner with a wrong secret was told %v", r)
			}
		}, "wrong room code", ""},
		{"a wrong version", func(p *fakePeer) { p.writeLine("hello gobblet 3 with new words") }, "version 3", "protocol version 2"},
		{"a wrong variant", func(p *fakePeer) {
			p.writeLine("hello gobblet 2 gobblers 00112233445566778899aabbccddeeff")
		}, "wanted to play gobblers", "plays classic"},
		{"a web browser", func(p *fakePeer) { p.writeLine("GET / HTTP/1.1") }, "does not understand", "not understood"},
		{"a 10 MB greeting", func(p *fakePeer) { go p.write(tenMB) }, "longer than 256", "too long"},
		{"a silent joiner", func(p *fakePeer) {}, "stopped answering", "stopped answering"},
		{"a forged proof", func(p *fakePeer) {
			p.writeLine("hello gobblet 2 any 00112233445566778899aabbccddeeff")
			p.readUntil(kindHello)
			p.writeLine("auth %s", strings.Repeat("00", 32))
		}, "wrong room code", "room code is wrong"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := dialRaw(t, h)
			tc.act(p)
			if tc.told != "" {
				bye, err := p.readUntil(kindBye)
				if err != nil || !strings.Contains(bye.text, tc.told) {
					t.Errorf("joiner was told %q, %v; want %q", bye.text, err, tc.told)
				}
			}
			if n := await[Notice](t, h); !strings.Contains(n.Text, tc.notice) {
				t.Errorf("host noticed %q, want %q", n.Text, tc.notice)
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
	bye, err := p.readUntil(kindBye)
	if err != nil || !strings.Contains(bye.text, "already has a game") {
		t.Errorf("second joiner was told %q, %v", bye.text, err)
	}
	if n := await[Notice](t, h); !strings.Contains(n.Text, "turned away") {
		t.Errorf("host noticed %q", n.Text)
	}
	// Even with the right code.
	j2 := join(t, JoinConfig{Code: h.Code().String()})
	if d := await[Disconnected](t, j2); !strings.Contains(d.Reason, "already has a game") || d.Game != nil {
		t.Errorf("second real joiner: %+v", d)
	}
	m, _ := rules.ParseMove(rules.Gobblers, "2@a2")
	h.SendMove(m)
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
	if d := await[Disconnected](t, j); !strings.Contains(d.Reason, "plays gobblers, not classic") {
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
			readLine(l.r)
			l.conn.Write([]byte("hello gobblet 2 classic 00112233445566778899aabbccddeeff\n"))
			readLine(l.r)
			l.conn.Write([]byte("auth " + strings.Repeat("5a", 32) + "\nstart o\n"))
			l.readUntilClosed()
		}, "could not prove", -1},
		{"a 10 MB greeting", func(l *link, _ Secret) {
			l.conn.Write([]byte(tenMB))
		}, "longer than 256", -1},
		{"a host speaking another version", func(l *link, _ Secret) {
			readLine(l.r)
			l.conn.Write([]byte("hello gobblet 9 and more\n"))
			l.readUntilClosed()
		}, "version 9", -1},
		{"a shift on an empty board", func(l *link, s Secret) {
			greetJoiner(l, s, rules.Classic, rules.O, func() bool { return true })
			l.conn.Write([]byte("move 1 a1-a2\n"))
			l.readUntilClosed()
		}, "illegal move", 0},
		{"a move out of turn", func(l *link, s Secret) {
			greetJoiner(l, s, rules.Classic, rules.O, func() bool { return true })
			l.conn.Write([]byte("move 1 4@a1\nmove 2 4@b1\n"))
			l.readUntilClosed()
		}, "out of turn", 1},
		{"a host that falls silent", func(l *link, s Secret) {
			greetJoiner(l, s, rules.Classic, rules.O, func() bool { return true })
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

// Joiners that hold a greeting open cannot pile up: past the limit, new ones
// are told the room is busy.
func TestGreetingsAreLimited(t *testing.T) {
	l := testLimits
	l.PendingJoins = 1
	h := host(t, rules.Gobblers, rules.X, l)
	dialRaw(t, h) // connects and says nothing
	p := dialRaw(t, h)
	bye, err := p.readUntil(kindBye)
	if err != nil || !strings.Contains(bye.text, "busy") {
		t.Errorf("joiner past the limit was told %q, %v", bye.text, err)
	}
	if n := await[Notice](t, h); !strings.Contains(n.Text, "others were being greeted") {
		t.Errorf("host noticed %q", n.Text)
	}
}
