package netplay

import (
	"bufio"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// The handshake proves, both ways, that each side knows the room's secret
// without sending it: each side sends a fresh random challenge, and each
// answers with an HMAC-SHA256 keyed by the secret over both challenges and
// its role, so no proof can be replayed or reflected.
//
//	joiner → host: hello gobblet 2 <variant|any> <joiner challenge>
//	host → joiner: hello gobblet 2 <variant> <host challenge>
//	joiner → host: auth <proof of the joiner>
//	host → joiner: auth <proof of the host>
//	host → joiner: start <the joiner's colour>
//
// The joiner proves first, so a wrong code is told apart from a wrong host:
// the host says "wrong room code" and the joiner can show it.

const (
	roleJoin = "gobblet netplay joiner"
	roleHost = "gobblet netplay host"
)

func newChallenge() ([16]byte, error) {
	var c [16]byte
	if _, err := rand.Read(c[:]); err != nil {
		return c, fmt.Errorf("draw a challenge: %w", err)
	}
	return c, nil
}

func proof(s Secret, role string, joiner, host [16]byte) [32]byte {
	h := hmac.New(sha256.New, s[:])
	h.Write([]byte(role))
	h.Write(joiner[:])
	h.Write(host[:])
	var p [32]byte
	h.Sum(p[:0])
	return p
}

// refusal is a handshake that failed: a sentence for this side's player
// and, when there is any point, one sent to the other side in its bye.
type refusal struct {
	reason string
	tell   string
	err    error
}

func (r *refusal) Error() string {
	if r.err != nil {
		return r.reason + ": " + r.err.Error()
	}
	return r.reason
}

func (r *refusal) Unwrap() error { return r.err }

// link is one connection with its bounded reader and its limits.
type link struct {
	conn   net.Conn
	r      *bufio.Reader
	limits Limits
	last   time.Time // when we last wrote
}

func newLink(c net.Conn, l Limits) *link {
	return &link{conn: c, r: newLineReader(c), limits: l, last: time.Now()}
}

func (l *link) send(m message) error {
	l.conn.SetWriteDeadline(time.Now().Add(l.limits.Write))
	_, err := l.conn.Write([]byte(m.String() + "\n"))
	l.last = time.Now()
	if err != nil {
		return fmt.Errorf("send %s: %w", m.String(), err)
	}
	return nil
}

// bye tries once, briefly, to tell the other side why we are leaving.
func (l *link) bye(text string) {
	l.conn.SetWriteDeadline(time.Now().Add(min(l.limits.Write, time.Second)))
	l.conn.Write([]byte(message{kind: kindBye, text: byeText(text)}.String() + "\n"))
}

// receive reads and decodes one message, mapping every failure to a
// refusal with a sentence. who names the other side in sentences.
func (l *link) receive(who string) (message, *refusal) {
	line, err := readLine(l.r)
	if err != nil {
		return message{}, readFailure(who, err)
	}
	m, err := parseMessage(line)
	if err != nil {
		return message{}, &refusal{
			reason: fmt.Sprintf("%s sent a message this game does not understand; the connection was closed.", who),
			tell:   "your message was not understood",
			err:    err,
		}
	}
	if m.kind == kindBye {
		r := &refusal{reason: who + " left the game."}
		if m.text != "" {
			r.reason = fmt.Sprintf("%s ended the connection: %q.", who, clipText(m.text))
		}
		return m, r
	}
	return m, nil
}

func readFailure(who string, err error) *refusal {
	var ne net.Error
	switch {
	case errors.Is(err, errLineTooLong):
		return &refusal{
			reason: fmt.Sprintf("%s sent a message longer than %d bytes; the connection was closed.", who, MaxLine),
			tell:   "your message was too long",
			err:    err,
		}
	case errors.As(err, &ne) && ne.Timeout():
		return &refusal{
			reason: fmt.Sprintf("%s stopped answering; the connection seems lost.", who),
			tell:   "you stopped answering",
			err:    err,
		}
	}
	return &refusal{reason: fmt.Sprintf("The connection to %s was lost.", lower(who)), err: err}
}

func lower(who string) string {
	if who != "" && who[0] >= 'A' && who[0] <= 'Z' {
		return string(who[0]+'a'-'A') + who[1:]
	}
	return who
}

// greetJoiner is the host's half of the handshake; nil means the joiner
// proved the secret and was told its colour. claim is called after the
// proof: false means the room is taken, and the joiner is refused.
func greetJoiner(l *link, secret Secret, v rules.Variant, joinerColour rules.Player, claim func() bool) *refusal {
	l.conn.SetDeadline(time.Now().Add(l.limits.Handshake))
	defer l.conn.SetDeadline(time.Time{})
	const who = "A joiner"
	m, r := l.receive(who)
	if r != nil {
		return r
	}
	if m.kind != kindHello {
		return &refusal{reason: who + " did not greet as this game does; it was turned away.", tell: "expected hello"}
	}
	if m.version != Version {
		return &refusal{
			reason: fmt.Sprintf("A joiner speaks version %d of the online protocol, this game version %d; it was turned away.", m.version, Version),
			tell:   fmt.Sprintf("this host speaks protocol version %d, not %d; both players need the same version of the game", Version, m.version),
		}
	}
	if m.variant != "any" && m.variant != v.String() {
		return &refusal{
			reason: fmt.Sprintf("A joiner wanted to play %s, but this room plays %s; it was turned away.", m.variant, v),
			tell:   fmt.Sprintf("this room plays %s, not %s", v, m.variant),
		}
	}
	hostChallenge, err := newChallenge()
	if err != nil {
		return &refusal{reason: "Could not greet a joiner.", err: err}
	}
	if err := l.send(message{kind: kindHello, version: Version, variant: v.String(), nonce: hostChallenge}); err != nil {
		return &refusal{reason: "Could not greet a joiner.", err: err}
	}
	a, r := l.receive(who)
	if r != nil {
		return r
	}
	if a.kind != kindAuth {
		return &refusal{reason: who + " did not prove the room code; it was turned away.", tell: "expected auth"}
	}
	want := proof(secret, roleJoin, m.nonce, hostChallenge)
	if !hmac.Equal(a.mac[:], want[:]) {
		return &refusal{
			reason: "Someone tried to join with a wrong room code; they were turned away.",
			tell:   "the room code is wrong; check it and try again",
		}
	}
	if !claim() {
		return &refusal{reason: "A second player tried to join; this room already has a game, so they were turned away.", tell: "this room already has a game"}
	}
	if err := l.send(message{kind: kindAuth, mac: proof(secret, roleHost, m.nonce, hostChallenge)}); err != nil {
		return &refusal{reason: "The joiner left during the greeting.", err: err}
	}
	if err := l.send(message{kind: kindStart, colour: joinerColour}); err != nil {
		return &refusal{reason: "The joiner left during the greeting.", err: err}
	}
	return nil
}

// greetHost is the joiner's half of the handshake. It returns the variant
// and the joiner's colour. expect, when not nil, is the only variant the
// joiner accepts.
func greetHost(l *link, secret Secret, expect *rules.Variant) (rules.Variant, rules.Player, *refusal) {
	l.conn.SetDeadline(time.Now().Add(l.limits.Handshake))
	defer l.conn.SetDeadline(time.Time{})
	const who = "The host"
	want := "any"
	if expect != nil {
		want = expect.String()
	}
	ours, err := newChallenge()
	if err != nil {
		return 0, 0, &refusal{reason: "Could not greet the host.", err: err}
	}
	if err := l.send(message{kind: kindHello, version: Version, variant: want, nonce: ours}); err != nil {
		return 0, 0, &refusal{reason: "Could not greet the host.", err: err}
	}
	m, r := l.receive(who)
	if r != nil {
		return 0, 0, r
	}
	if m.kind != kindHello {
		return 0, 0, &refusal{reason: "The other side did not greet as this game does; it is not a Gobblet room.", tell: "expected hello"}
	}
	if m.version != Version {
		return 0, 0, &refusal{
			reason: fmt.Sprintf("The host speaks version %d of the online protocol, this game version %d; both players need the same version of the game.", m.version, Version),
			tell:   fmt.Sprintf("this joiner speaks protocol version %d", Version),
		}
	}
	v, err := rules.ParseVariant(m.variant)
	if err != nil {
		return 0, 0, &refusal{reason: "The host did not say which game it plays.", tell: "say classic or gobblers", err: err}
	}
	if expect != nil && v != *expect {
		return 0, 0, &refusal{
			reason: fmt.Sprintf("The host plays %s, not %s.", v, *expect),
			tell:   fmt.Sprintf("this joiner wanted %s", *expect),
		}
	}
	if err := l.send(message{kind: kindAuth, mac: proof(secret, roleJoin, ours, m.nonce)}); err != nil {
		return 0, 0, &refusal{reason: "The host left during the greeting.", err: err}
	}
	a, r := l.receive(who)
	if r != nil {
		return 0, 0, r
	}
	wantProof := proof(secret, roleHost, ours, m.nonce)
	if a.kind != kindAuth || !hmac.Equal(a.mac[:], wantProof[:]) {
		return 0, 0, &refusal{
			reason: "The host could not prove it knows the room's secret; this is not the room of that code.",
			tell:   "you did not prove the room code",
		}
	}
	s, r := l.receive(who)
	if r != nil {
		return 0, 0, r
	}
	if s.kind != kindStart {
		return 0, 0, &refusal{reason: "The host did not start the game.", tell: "expected start"}
	}
	return v, s.colour, nil
}
