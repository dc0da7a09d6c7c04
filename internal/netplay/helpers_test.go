package netplay

import (
	"fmt"
	"net"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// testLimits keep tests quick; Silence is generous because -race is slow.
var testLimits = Limits{
	Heartbeat: 50 * time.Millisecond,
	Silence:   3 * time.Second,
	Handshake: 3 * time.Second,
	Write:     3 * time.Second,
}

const waitLimit = 10 * time.Second

// host opens a room on loopback only.
func host(t *testing.T, v rules.Variant, colour rules.Player, l Limits) *Session {
	t.Helper()
	s, err := Host(HostConfig{Variant: v, Colour: colour, Listen: "127.0.0.1:0", Limits: l})
	if err != nil {
		t.Fatalf("Host: %v", err)
	}
	t.Cleanup(func() { closeAndWait(t, s) })
	return s
}

func join(t *testing.T, cfg JoinConfig) *Session {
	t.Helper()
	if cfg.Limits == (Limits{}) {
		cfg.Limits = testLimits
	}
	s, err := Join(cfg)
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	t.Cleanup(func() { closeAndWait(t, s) })
	return s
}

func closeAndWait(t *testing.T, s *Session) {
	s.Close()
	select {
	case <-s.Done():
	case <-time.After(waitLimit):
		t.Errorf("session did not stop within %v of Close", waitLimit)
	}
}

// seen records every event a test took from each session.
var seen sync.Map // *Session → *eventLog

type eventLog struct {
	mu     sync.Mutex
	events []Event
}

// seenEvents is every event the test took from s so far.
func seenEvents(s *Session) []Event {
	v, ok := seen.Load(s)
	if !ok {
		return nil
	}
	l := v.(*eventLog)
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Event(nil), l.events...)
}

// next returns the session's next event, failing the test after waitLimit.
func next(t *testing.T, s *Session) Event {
	t.Helper()
	select {
	case e, ok := <-s.Events():
		if !ok {
			t.Fatalf("events closed while an event was awaited")
		}
		v, _ := seen.LoadOrStore(s, &eventLog{})
		l := v.(*eventLog)
		l.mu.Lock()
		l.events = append(l.events, e)
		l.mu.Unlock()
		return e
	case <-time.After(waitLimit):
		t.Fatalf("no event within %v", waitLimit)
	}
	return nil
}

// await skips events until one of type T, failing on a Disconnected that
// was not awaited.
func await[T Event](t *testing.T, s *Session) T {
	t.Helper()
	for {
		e := next(t, s)
		if x, ok := e.(T); ok {
			return x
		}
		if d, ok := e.(Disconnected); ok {
			var want T
			t.Fatalf("disconnected while awaiting %T: %s (%v)", want, d.Reason, d.Err)
		}
	}
}

// pair hosts a room and joins it; it returns both sessions once both saw
// Started.
func pair(t *testing.T, v rules.Variant, hostColour rules.Player) (h, j *Session) {
	t.Helper()
	h = host(t, v, hostColour, testLimits)
	j = join(t, JoinConfig{Code: h.Code().String()})
	hs, js := await[Started](t, h), await[Started](t, j)
	if hs.You != hostColour || js.You != hostColour.Other() || hs.Variant != v || js.Variant != v {
		t.Fatalf("started as host %v, joiner %v in %v/%v; want host %v in %v", hs.You, js.You, hs.Variant, js.Variant, hostColour, v)
	}
	return h, j
}

func samePosition(t *testing.T, what string, a, b *rules.Game) {
	t.Helper()
	if !reflect.DeepEqual(a.Moves(), b.Moves()) || a.Position().String() != b.Position().String() {
		t.Fatalf("%s: games differ:\n%s %v\n%s %v", what, a.Position().String(), a.Moves(), b.Position().String(), b.Moves())
	}
}

// fakePeer is a raw connection that speaks the protocol by hand, for tests
// of what a hostile or broken peer can do.
type fakePeer struct {
	t *testing.T
	l *link
}

func dialRaw(t *testing.T, s *Session) *fakePeer {
	t.Helper()
	c, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatalf("dial %s: %v", s.Addr(), err)
	}
	t.Cleanup(func() { c.Close() })
	return &fakePeer{t: t, l: newLink(c, testLimits)}
}

// joinRaw greets the host as a real joiner would, then hands over.
func joinRaw(t *testing.T, s *Session) (*fakePeer, rules.Variant, rules.Player) {
	t.Helper()
	p := dialRaw(t, s)
	v, me, r := greetHost(p.l, s.Code().Secret, nil)
	if r != nil {
		t.Fatalf("fake joiner's greeting: %v", r)
	}
	return p, v, me
}

func (p *fakePeer) write(s string) {
	p.l.conn.SetWriteDeadline(time.Now().Add(waitLimit))
	p.l.conn.Write([]byte(s)) // the other side may hang up first
}

// writeLine writes one or more lines, sealed once the greeting is over.
func (p *fakePeer) writeLine(format string, args ...any) {
	p.write(p.l.sealed(fmt.Sprintf(format, args...)))
}

// sealed is text's lines as they go on the wire: sealed once the greeting
// is over, each ending in a newline.
func (l *link) sealed(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if l.seal != nil {
			line = l.seal.seal(line)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// readUntil reads lines until one of the wanted kind, or the connection ends.
func (p *fakePeer) readUntil(k kind) (message, error) {
	p.l.conn.SetReadDeadline(time.Now().Add(waitLimit))
	for {
		line, err := readLine(p.l.r)
		if err != nil {
			return message{}, err
		}
		if p.l.seal != nil {
			if line, err = p.l.seal.open(line); err != nil {
				return message{}, err
			}
		}
		m, err := parseMessage(line)
		if err != nil {
			return message{}, err
		}
		if m.kind == k {
			return m, nil
		}
	}
}

// readUntilClosed drains a connection until the other side closes it.
func (l *link) readUntilClosed() {
	l.conn.SetReadDeadline(time.Now().Add(waitLimit))
	for {
		if _, err := readLine(l.r); err != nil {
			return
		}
	}
}

// lastLine reads until the other side hangs up and returns the last line
// heard, "" when none.
func (p *fakePeer) lastLine() string {
	p.l.conn.SetReadDeadline(time.Now().Add(waitLimit))
	last := ""
	for {
		line, err := readLine(p.l.r)
		if err != nil {
			return last
		}
		last = line
	}
}

// proveAs greets with hello and proves secret the version 3 way; extra
// follows the proof on the auth line.
func (p *fakePeer) proveAs(secret Secret, hello, extra string) {
	p.writeLine("%s", hello)
	m, _ := parseMessage(hello)
	c, err := p.readUntil(kindChallenge)
	if err != nil {
		p.t.Errorf("no challenge: %v", err)
		return
	}
	mac := proof(secret, roleJoin, m.nonce, c.nonce)
	p.writeLine("auth %x%s", mac[:], extra)
}

// proveOld greets and proves secret as a version 2 joiner did.
func (p *fakePeer) proveOld(secret Secret) {
	var ours [16]byte
	p.writeLine("hello gobblet 2 any %x", ours[:])
	h, err := p.readUntil(kindHello)
	if err != nil || h.variant != "classic" {
		p.t.Errorf("version 2 greeting answered %+v, %v", h, err)
		return
	}
	mac := proof(secret, roleJoin, ours, h.nonce)
	p.writeLine("auth %x", mac[:])
}

// proveCPace greets with hello and proves secret the version 4 way,
// asking for variant.
func (p *fakePeer) proveCPace(secret Secret, hello, variant string) {
	p.writeLine("%s", hello)
	m, _ := parseMessage(hello)
	c, err := p.readUntil(kindChallenge)
	if err != nil || c.share == nil {
		p.t.Errorf("no version 4 challenge: %+v, %v", c, err)
		return
	}
	cp, share, err := startDirectCPace(secret, m.nonce, c.nonce, false)
	if err != nil {
		p.t.Fatal(err)
	}
	k, err := directKeys(cp, *c.share, false, c.String(), m.String())
	if err != nil {
		p.t.Fatal(err)
	}
	p.writeLine("%s", message{kind: kindShare, share: &share, mac: tag32(k.confirmTag(false)), variant: variant})
}

// proveHost plays the host's greeting up to its proof, as a host that
// knows the secret.
func proveHost(l *link, s Secret) {
	line, _ := readLine(l.r)
	hello, _ := parseMessage(line)
	var ours [16]byte
	cp, share, _ := startDirectCPace(s, hello.nonce, ours, true)
	c := message{kind: kindChallenge, nonce: ours, share: &share}
	l.send(c)
	line, _ = readLine(l.r)
	a, _ := parseMessage(line)
	if a.kind != kindShare {
		return
	}
	k, err := directKeys(cp, *a.share, true, c.String(), hello.String())
	if err != nil {
		return
	}
	l.send(message{kind: kindAuth, mac: tag32(k.confirmTag(true))})
	l.seal, _ = newDirectChannel(k, true)
}
