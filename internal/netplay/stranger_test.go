package netplay

import (
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Tests of what a stranger on the network, who does not know the room's
// secret but knows this code, can do to a room and to a joiner (issue 14).

// drip opens a connection to the host that sends one byte of a greeting a
// second, reconnecting whenever the host drops it, until stop is closed.
func drip(t *testing.T, addr string, stop <-chan struct{}, wg *sync.WaitGroup) {
	t.Helper()
	wg.Add(1)
	go func() {
		defer wg.Done()
		greeting := "hello gobblet 3 00112233445566778899aabbccddeeff\n"
		for {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				return
			}
			for i := 0; ; i = (i + 1) % len(greeting) {
				c.SetWriteDeadline(time.Now().Add(time.Second))
				if _, err := c.Write([]byte{greeting[i]}); err != nil {
					break
				}
				select {
				case <-stop:
					c.Close()
					return
				case <-time.After(time.Second):
				}
			}
			c.Close()
		}
	}()
}

// awaitWithin is await with its own time limit.
func awaitWithin[T Event](t *testing.T, s *Session, limit time.Duration) T {
	t.Helper()
	deadline := time.After(limit)
	for {
		select {
		case e, ok := <-s.Events():
			if !ok {
				t.Fatalf("events closed while awaiting")
			}
			if x, ok := e.(T); ok {
				return x
			}
			if d, ok := e.(Disconnected); ok {
				var want T
				t.Fatalf("disconnected while awaiting %T: %s (%v)", want, d.Reason, d.Err)
			}
		case <-deadline:
			var want T
			t.Fatalf("no %T within %v", want, limit)
		}
	}
}

// A stranger dripping greetings on many connections cannot keep the
// partner out: the partner with the right code gets in within seconds.
func TestPartnerGetsInWhileStrangersDrip(t *testing.T) {
	l := testLimits
	l.Handshake = 5 * time.Second // longer than the whole test: drippers are never timed out
	h := host(t, rules.Classic, rules.X, l)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(stop)
	for range 12 {
		drip(t, h.Addr(), stop, &wg)
	}
	time.Sleep(300 * time.Millisecond) // every dripper is in
	start := time.Now()
	j := join(t, JoinConfig{Code: h.Code().String()})
	awaitWithin[Started](t, j, 3*time.Second)
	awaitWithin[Started](t, h, time.Second)
	t.Logf("the partner got in after %v", time.Since(start))
}

// A flood of connections from the partner's own address, each opened and
// left silent, cannot starve the partner either.
func TestPartnerGetsInDuringAFloodFromItsAddress(t *testing.T) {
	l := testLimits
	l.Handshake = 5 * time.Second
	h := host(t, rules.Gobblers, rules.O, l)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for range 400 { // about 200 a second, bounded
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			if c, err := net.Dial("tcp", h.Addr()); err == nil {
				held = append(held, c)
			}
		}
	}()
	defer wg.Wait()
	defer close(stop)
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	j := join(t, JoinConfig{Code: h.Code().String()})
	awaitWithin[Started](t, j, 3*time.Second)
	awaitWithin[Started](t, h, time.Second)
	t.Logf("the partner got in after %v", time.Since(start))
}

// strangerHears sends lines to a fresh room of the variant and returns
// everything the host answers until it hangs up.
func strangerHears(t *testing.T, v rules.Variant, lines ...string) []string {
	t.Helper()
	quick := testLimits
	quick.Handshake = time.Second
	h := host(t, v, rules.X, quick)
	p := dialRaw(t, h)
	for _, line := range lines {
		p.writeLine("%s", line)
	}
	var heard []string
	p.l.conn.SetReadDeadline(time.Now().Add(waitLimit))
	for {
		line, err := readLine(p.l.r)
		if err != nil {
			return heard
		}
		heard = append(heard, line)
	}
}

// withoutNonces blanks the random hex in greetings, so answers compare.
func withoutNonces(lines []string) []string {
	var out []string
	for _, l := range lines {
		w := strings.Fields(l)
		for i, x := range w {
			if (len(x) == 32 || len(x) == 64) && strings.Trim(x, "0123456789abcdef") == "" {
				w[i] = "<nonce>"
			}
		}
		out = append(out, strings.Join(w, " "))
	}
	return out
}

// Before proving the secret a stranger hears nothing that depends on the
// room's variant or the game's protocol version.
func TestStrangerLearnsNothingBeforeTheProof(t *testing.T) {
	const nonce = "00112233445566778899aabbccddeeff"
	for _, tc := range []struct {
		name  string
		lines []string
	}{
		{"a version 2 greeting asking for any game", []string{"hello gobblet 2 any " + nonce}},
		{"a version 3 greeting", []string{"hello gobblet 3 " + nonce}},
		{"a version 1 greeting", []string{"hello gobblet 1"}},
		{"a greeting from the future", []string{"hello gobblet 99 " + nonce + " more words"}},
		{"a wrong proof", []string{"hello gobblet 3 " + nonce, "auth " + strings.Repeat("00", 32)}},
		{"a web browser", []string{"GET / HTTP/1.1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			classic := withoutNonces(strangerHears(t, rules.Classic, tc.lines...))
			gobblers := withoutNonces(strangerHears(t, rules.Gobblers, tc.lines...))
			if strings.Join(classic, "\n") != strings.Join(gobblers, "\n") {
				t.Errorf("a classic room answered %q, a gobblers room %q: the answer tells the variant", classic, gobblers)
			}
			for _, line := range classic {
				if strings.Contains(line, "version") || strings.Contains(line, "protocol") || strings.Contains(line, "update") {
					t.Errorf("the host told a stranger %q", line)
				}
			}
		})
	}
}

// A stranger's words never reach the host's screen.
func TestStrangerCannotWriteOnTheHostsScreen(t *testing.T) {
	h := host(t, rules.Classic, rules.X, testLimits)
	p := dialRaw(t, h)
	p.writeLine("bye Update required: visit evil.example")
	p.l.readUntilClosed()
	p = dialRaw(t, h)
	p.writeLine("hello gobblet 2 any 00112233445566778899aabbccddeeff")
	p.writeLine("bye Update required: visit evil.example")
	p.l.readUntilClosed()
	// A wrong code, noticed, marks the end of what the host saw.
	wrong := h.Code()
	wrong.Secret[0] ^= 1
	j := join(t, JoinConfig{Code: wrong.String()})
	await[Disconnected](t, j)
	for {
		n := await[Notice](t, h)
		if strings.Contains(n.Text, "evil") || strings.Contains(n.Text, "Update") {
			t.Errorf("the host showed a stranger's words: %q", n.Text)
		}
		if strings.Contains(n.Text, "wrong") {
			return
		}
	}
}

// Nor do a host's words reach a joiner's screen before the host proved the
// secret; the joiner learns no variant from it either.
func TestUnprovenHostCannotWriteOnTheJoinersScreen(t *testing.T) {
	for _, tc := range []struct {
		name string
		say  string
	}{
		{"a goodbye", "bye Update required: visit evil.example\n"},
		{"an old greeting", "hello gobblet 2 classic 00112233445566778899aabbccddeeff\nbye Update required: visit evil.example\n"},
		{"a greeting of another version", "hello gobblet 9 Update required: visit evil.example\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := fakeHost(t, func(l *link, _ Secret) {
				readLine(l.r)
				l.conn.Write([]byte(tc.say))
				l.readUntilClosed()
			})
			j := join(t, JoinConfig{Code: code.String()})
			d := await[Disconnected](t, j)
			if strings.Contains(d.Reason, "evil") || strings.Contains(d.Reason, "Update") || strings.Contains(d.Reason, "classic") {
				t.Errorf("the joiner showed what an unproven host said: %q", d.Reason)
			}
		})
	}
}

// tryCode greets the host as a joiner with secret and returns what the
// joiner's player is told ("" when the game starts).
func tryCode(t *testing.T, h *Session, secret Secret) string {
	t.Helper()
	c, err := net.Dial("tcp", h.Addr())
	if err != nil {
		return "could not connect: " + err.Error()
	}
	defer c.Close()
	_, _, r := greetHost(newLink(c, testLimits), secret, nil)
	if r == nil {
		return ""
	}
	return r.reason
}

// Wrong codes from one address are soon checked no faster than a backoff
// allows (a proof that comes too soon is refused unchecked, even the right
// one); however many there are, the room stays open, and the right code
// gets in once the wait is over.
func TestWrongCodesBackOffAndNeverCloseTheRoom(t *testing.T) {
	l := testLimits
	l.FailuresPerAddress = 2
	l.Backoff = 500 * time.Millisecond
	l.BackoffMax = 1500 * time.Millisecond
	h := host(t, rules.Gobblers, rules.X, l)
	right := h.Code().Secret
	wrong := right
	wrong[2] ^= 4
	for i, step := range []struct {
		secret Secret
		sleep  time.Duration // before trying
		want   string
	}{
		{wrong, 0, "room code is wrong"},
		{wrong, 0, "room code is wrong"}, // the second: the address now waits 500 ms
		{wrong, 0, "wait a minute"},
		{right, 0, "wait a minute"},                           // not even checked
		{wrong, 700 * time.Millisecond, "room code is wrong"}, // the third; waits 1 s
		{wrong, 300 * time.Millisecond, "wait a minute"},
		{wrong, 1200 * time.Millisecond, "room code is wrong"}, // the fourth; waits 1.5 s
		{wrong, 1700 * time.Millisecond, "room code is wrong"}, // the fifth; waits 1.5 s
	} {
		time.Sleep(step.sleep)
		if got := tryCode(t, h, step.secret); !strings.Contains(got, step.want) {
			t.Fatalf("try %d: told %q, want %q", i+1, got, step.want)
		}
	}
	time.Sleep(1700 * time.Millisecond)
	if got := tryCode(t, h, right); got != "" {
		t.Errorf("the right code after the wait was told %q", got)
	}
	await[Started](t, h)
}

// After waiting out the backoff the partner with the right code gets in.
func TestTheRightCodeGetsInAfterTheWait(t *testing.T) {
	l := testLimits
	l.FailuresPerAddress = 1
	l.Backoff = 300 * time.Millisecond
	h := host(t, rules.Classic, rules.X, l)
	wrong := h.Code()
	wrong.Secret[0] ^= 1
	if got := tryCode(t, h, wrong.Secret); !strings.Contains(got, "room code is wrong") {
		t.Fatalf("wrong code: told %q", got)
	}
	time.Sleep(400 * time.Millisecond)
	j := join(t, JoinConfig{Code: h.Code().String()})
	await[Started](t, j)
	await[Started](t, h)
}

// The gate counts strangers by IPv4 address and by IPv6 /64 network: the
// addresses of one IPv6 host are one stranger.
func TestGateCountsAnIPv6NetworkAsOneStranger(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff"},
		{"fe80::1%eth0", "fe80::2%eth1"},
		{"::ffff:192.0.2.7", "192.0.2.7"},
	} {
		if ka, kb := gateKey(netip.MustParseAddr(tc.a)), gateKey(netip.MustParseAddr(tc.b)); ka != kb {
			t.Errorf("%s counts as %v, %s as %v: want one stranger", tc.a, ka, tc.b, kb)
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"2001:db8:1:2::1", "2001:db8:1:3::1"},
		{"192.0.2.7", "192.0.2.8"},
	} {
		if gateKey(netip.MustParseAddr(tc.a)) == gateKey(netip.MustParseAddr(tc.b)) {
			t.Errorf("%s and %s count as one stranger", tc.a, tc.b)
		}
	}
}

// When too many strangers wait, a newcomer takes the place of the least
// advanced greeting (no hello, then a hello awaiting its proof), oldest
// first, of the address with the most waiting: a flood only crowds out
// itself, and a greeting further on goes last.
func TestGateDropsTheLeastAdvancedOfTheBusiestAddress(t *testing.T) {
	l := testLimits.orDefaults()
	l.PendingJoins, l.PendingPerAddress = 4, 3
	g := newGate(l)
	a, b := netip.MustParseAddr("192.0.2.1"), netip.MustParseAddr("192.0.2.2")
	conn := func() *link {
		c, d := net.Pipe()
		t.Cleanup(func() { c.Close(); d.Close() })
		return newLink(c, l)
	}
	partner := g.admit(conn(), b)
	g.advance(partner, helloed)
	a1 := g.admit(conn(), a)
	g.advance(a1, helloed) // a1 sent its hello, so it goes after a2 and a3
	a2 := g.admit(conn(), a)
	a3 := g.admit(conn(), a)
	a4 := g.admit(conn(), a) // a's fourth: its own oldest without a hello goes
	if !a2.dropped || a1.dropped || a3.dropped || partner.dropped {
		t.Fatalf("dropped a1 %v a2 %v a3 %v partner %v; want only a2", a1.dropped, a2.dropped, a3.dropped, partner.dropped)
	}
	c := g.admit(conn(), netip.MustParseAddr("192.0.2.3")) // the fifth in all: the busiest address gives way
	if !a3.dropped || a4.dropped || partner.dropped || c.dropped {
		t.Fatalf("dropped a3 %v a4 %v partner %v newcomer %v; want only a3", a3.dropped, a4.dropped, partner.dropped, c.dropped)
	}
	if !g.proven(partner) {
		t.Fatal("the partner's proof did not count")
	}
	for range 10 {
		g.admit(conn(), a)
	}
	if partner.dropped {
		t.Error("a proven partner was dropped")
	}
}

// When every address holds one greeting, the least advanced goes first,
// oldest first: a greeting whose proof is being checked outlasts newer
// hellos, and a hello outlasts connections that said nothing.
func TestGateDropsTheLeastAdvancedWhenAddressesAreEven(t *testing.T) {
	l := testLimits.orDefaults()
	l.PendingJoins, l.PendingPerAddress = 3, 3
	g := newGate(l)
	n := 0
	admit := func() *stranger {
		c, d := net.Pipe()
		t.Cleanup(func() { c.Close(); d.Close() })
		n++
		return g.admit(newLink(c, l), netip.AddrFrom4([4]byte{192, 0, 2, byte(n)}))
	}
	partner := admit()
	g.advance(partner, proving)
	hello := admit()
	g.advance(hello, helloed)
	silent := admit()
	admit() // the fourth in all
	if !silent.dropped || hello.dropped || partner.dropped {
		t.Fatalf("dropped silent %v hello %v partner %v; want only the silent one", silent.dropped, hello.dropped, partner.dropped)
	}
	for _, s := range []*stranger{admit(), admit()} { // the newcomers without a hello go first
		if s.progress != connected {
			t.Fatal("a newcomer has progress")
		}
	}
	if hello.dropped || partner.dropped {
		t.Fatalf("dropped hello %v partner %v before newcomers that said nothing", hello.dropped, partner.dropped)
	}
	newer := admit()
	g.advance(newer, helloed)
	for range 2 {
		s := admit()
		g.advance(s, helloed)
	}
	if !hello.dropped || partner.dropped {
		t.Fatalf("dropped hello %v partner %v; want the oldest hello to go, not the proof", hello.dropped, partner.dropped)
	}
	if len(g.waiting) != 3 || len(g.count) != 3 {
		t.Errorf("%d greetings wait from %d addresses; want 3 and 3", len(g.waiting), len(g.count))
	}
}

// Someone on the path between the players cannot change the game: a line
// without the room's seal, a replayed line and a reflected line all close
// the connection, and the game stays as it was.
func TestTamperingWithTheGameIsNoticed(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  func(p *fakePeer, hostsMove string)
	}{
		{"an unsealed move", func(p *fakePeer, _ string) { p.write("move 2 1@a1\n") }},
		{"a wrong seal", func(p *fakePeer, _ string) { p.write("move 2 1@a1 0011223344556677\n") }},
		{"a replayed line", func(p *fakePeer, _ string) {
			ping := p.l.sealed("ping")
			p.write(ping + ping)
		}},
		{"the host's own line reflected", func(p *fakePeer, hostsMove string) { p.write(hostsMove + "\n") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := host(t, rules.Gobblers, rules.X, testLimits)
			p, _, _ := joinRaw(t, h)
			await[Started](t, h)
			first, _ := rules.ParseMove(rules.Gobblers, "3@b2")
			h.SendMove(first)
			await[Moved](t, h)
			p.l.conn.SetReadDeadline(time.Now().Add(waitLimit))
			var hostsMove string // as it came on the wire
			for plain := ""; !strings.HasPrefix(plain, "move "); {
				line, err := readLine(p.l.r)
				if err != nil {
					t.Fatal(err)
				}
				if plain, err = p.l.seal.open(line); err != nil {
					t.Fatal(err)
				}
				hostsMove = line
			}
			tc.act(p, hostsMove)
			d := await[Disconnected](t, h)
			if !strings.Contains(d.Reason, "not sealed") {
				t.Errorf("reason %q, want it to say the message was not sealed", d.Reason)
			}
			if d.Game == nil || d.Game.Plies() != 1 {
				t.Errorf("the host's game changed: %+v", d.Game)
			}
		})
	}
}

// BenchmarkHandshake is one whole greeting, both halves, over an in-memory
// pipe: the work a proof costs each side.
func BenchmarkHandshake(b *testing.B) {
	secret, _ := NewSecret()
	for b.Loop() {
		hc, jc := net.Pipe()
		done := make(chan *refusal, 1)
		go func() {
			done <- greetJoiner(newLink(hc, testLimits), hostGreeting{secret: secret, variant: rules.Classic, joinerColour: rules.O})
		}()
		if _, _, r := greetHost(newLink(jc, testLimits), secret, nil); r != nil {
			b.Fatal(r)
		}
		if r := <-done; r != nil {
			b.Fatal(r)
		}
		hc.Close()
		jc.Close()
	}
}
