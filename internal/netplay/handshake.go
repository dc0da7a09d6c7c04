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
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// The handshake proves, both ways, that each side knows the room's secret
// without sending it. From version 4 it is a PAKE, CPace with key
// confirmation, the same as the relay mode's (pakedirect.go):
//
//	joiner → host: hello gobblet 4 <joiner nonce>
//	host → joiner: challenge <host nonce> <host's share>
//	joiner → host: share <joiner's share> <joiner's tag> <variant|any>
//	host → joiner: auth <host's tag>
//	host → joiner: start <variant> <the joiner's colour>
//
// The joiner proves first, and until it has the host says nothing but its
// challenge or a refusal (refuse code, wait or taken): a stranger learns
// neither the room's variant nor the game's version, and nothing a stranger
// sends is shown. Only after the host's proof does the joiner hear the
// variant, or "refuse version" or "refuse variant", and only then does it
// show the host's words. Someone who takes the host's place gets one guess
// per connection, and nothing to test guesses against offline.
//
// Older versions are told to update, by the side that has the right code
// and the newer version. Version 3 proved the secret with HMAC-SHA256 over
// both challenges and the role ("challenge <nonce>", "auth <proof>
// <variant>", "auth <proof>"): a version 3 joiner still gets that greeting
// and, once it proved the secret, the host's proof and "refuse version 4".
// A version 4 joiner never sends that proof (a fake host could try every
// secret against it offline): a host that answers with a challenge without
// a share is, for it, an older host or not the room, and its player is told
// so. A version 2 joiner gets the old greeting, with a variant that is always
// "classic" so that it tells nothing, and, once it proved the secret, a
// goodbye asking it to update. Newer versions are expected to keep the
// version 4 greeting up to the proof, so that the host can answer "refuse
// version".

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
// ("" when a stranger's failure is not worth a notice), and what to send the
// other side before hanging up: answers, or else a bye with tell.
type refusal struct {
	reason  string
	why     Why // reason's kind, for the GUI
	tell    string
	answers []message
	err     error
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
	seal   sealer    // set once the greeting is over
}

func newLink(c net.Conn, l Limits) *link {
	return &link{conn: c, r: newLineReader(c), limits: l, last: time.Now()}
}

func (l *link) send(m message) error {
	l.conn.SetWriteDeadline(time.Now().Add(l.limits.Write))
	_, err := l.conn.Write([]byte(l.line(m)))
	l.last = time.Now()
	if err != nil {
		return fmt.Errorf("send %s: %w", m.String(), err)
	}
	return nil
}

// bye tries once, briefly, to tell the other side why we are leaving.
func (l *link) bye(text string) {
	l.conn.SetWriteDeadline(time.Now().Add(min(l.limits.Write, time.Second)))
	l.conn.Write([]byte(l.line(message{kind: kindBye, text: byeText(text)})))
}

// line is m as it goes on the wire: sealed once the greeting is over.
func (l *link) line(m message) string {
	if l.seal != nil {
		return l.seal.seal(m.String()) + "\n"
	}
	return m.String() + "\n"
}

// receive reads and decodes one message, mapping every failure to a
// refusal with a sentence. who names the other side in sentences.
func (l *link) receive(who string) (message, *refusal) {
	line, err := readLine(l.r)
	if err != nil {
		return message{}, readFailure(who, err)
	}
	return l.decode(line, who)
}

// decode opens and decodes one line read; see receive.
func (l *link) decode(line, who string) (message, *refusal) {
	var err error
	if l.seal != nil {
		if line, err = l.seal.open(line); err != nil {
			return message{}, &refusal{
				reason: fmt.Sprintf("A message from %s was not sealed with the room's secret; someone may be tampering with the connection, so it was closed.", lower(who)),
				why:    Why{Kind: WhyUnsealed, Who: sideOf(who)},
				tell:   "a message was not sealed",
				err:    err,
			}
		}
	}
	m, err := parseMessage(line)
	if err != nil {
		return message{}, &refusal{
			reason: fmt.Sprintf("%s sent a message this game does not understand; the connection was closed.", who),
			why:    Why{Kind: WhyNotUnderstood, Who: sideOf(who)},
			tell:   "your message was not understood",
			err:    err,
		}
	}
	if m.kind == kindBye {
		r := &refusal{reason: who + " left the game.", why: Why{Kind: WhyLeft, Who: sideOf(who)}}
		if m.text != "" {
			r.reason = fmt.Sprintf("%s ended the connection: %q.", who, peerText(m.text))
			r.why = Why{Kind: WhyEnded, Who: sideOf(who), Text: peerText(m.text)}
		}
		return m, r
	}
	return m, nil
}

// receiveUnproven reads one message from a side that has not proved the
// secret: nothing of what it sent appears in the refusal, and a bye is a
// refusal with no words of theirs. who names the other side.
func (l *link) receiveUnproven(who string) (message, *refusal) {
	line, err := readLine(l.r)
	if err != nil {
		r := readFailure(who, err)
		r.tell = ""
		return message{}, r
	}
	m, err := parseMessage(line)
	if err != nil {
		return message{}, &refusal{reason: who + " did not greet as this game does.", err: errNotOurs}
	}
	if m.kind == kindBye {
		return m, &refusal{reason: who + " hung up during the greeting."}
	}
	return m, nil
}

// errNotOurs is a line from a side that has not proved the secret and that
// is not a message of this game; the line itself is not kept.
var errNotOurs = errors.New("not a message of this game")

// peerText is text from a peer that proved the secret, made fit to show:
// short, with anything unprintable escaped.
func peerText(s string) string { return untrusted.Text(clipText(s)) }

func (l *link) sendAll(ms []message) error {
	for _, m := range ms {
		if err := l.send(m); err != nil {
			return err
		}
	}
	return nil
}

func readFailure(who string, err error) *refusal {
	var ne net.Error
	switch {
	case errors.Is(err, errLineTooLong):
		return &refusal{
			reason: fmt.Sprintf("%s sent a message longer than %d bytes; the connection was closed.", who, MaxLine),
			why:    Why{Kind: WhyNotUnderstood, Who: sideOf(who), N: MaxLine},
			tell:   "your message was too long",
			err:    err,
		}
	case errors.As(err, &ne) && ne.Timeout():
		return &refusal{
			reason: fmt.Sprintf("%s stopped answering; the connection seems lost.", who),
			why:    Why{Kind: WhyStoppedAnswering, Who: sideOf(who)},
			tell:   "you stopped answering",
			err:    err,
		}
	}
	return &refusal{reason: fmt.Sprintf("The connection to %s was lost.", lower(who)), why: Why{Kind: WhyLost, Who: sideOf(who)}, err: err}
}

func lower(who string) string {
	if who != "" && who[0] >= 'A' && who[0] <= 'Z' {
		return string(who[0]+'a'-'A') + who[1:]
	}
	return who
}

// hostGreeting is what the host's half of the handshake needs: the room,
// and the gate's say on this joiner. Nil functions allow everything.
type hostGreeting struct {
	secret       Secret
	variant      rules.Variant
	joinerColour rules.Player
	progress     func(progress)  // the joiner got this far
	refuseNow    func() *message // not nil: no proof is checked now (refuse wait or closed)
	failed       func()          // a wrong proof
	proven       func() bool     // false: the greeting was dropped meanwhile
	claim        func() bool     // false: the room is taken
}

var (
	refuseCode  = message{kind: kindRefuse, why: "code"}
	refuseWait  = message{kind: kindRefuse, why: "wait"}
	refuseTaken = message{kind: kindRefuse, why: "taken"}
	plainBye    = message{kind: kindBye}
)

// Sentences of the host about joiners that failed.
const (
	wrongCodeNotice = "Someone tried to join with a wrong room code; they were turned away."
	waitNotice      = "Someone tried again too soon after wrong room codes; they were told to wait."
)

// greetJoiner is the host's half of the handshake; nil means the joiner
// proved the secret and was told the game. The caller bounds the whole
// greeting with a deadline on the connection.
func greetJoiner(l *link, g hostGreeting) *refusal {
	defer l.conn.SetDeadline(time.Time{})
	const who = "A joiner"
	m, r := l.receiveUnproven(who)
	if r != nil && errors.Is(r, errNotOurs) {
		return &refusal{answers: []message{plainBye}, err: r}
	}
	if r != nil {
		return &refusal{err: r}
	}
	if m.kind != kindHello || m.version < oldVersion {
		return &refusal{answers: []message{plainBye}}
	}
	g.advance(helloed)
	switch {
	case m.version == oldVersion:
		return greetOldJoiner(l, g, m.nonce)
	case m.version > hmacVersion:
		return greetJoinerCPace(l, g, m)
	}
	// Version 3 proves the secret the HMAC way, so that a partner with the
	// right code can be told to update.
	hostChallenge, err := newChallenge()
	if err != nil {
		return &refusal{reason: "Could not greet a joiner.", why: Why{Kind: WhyGreetJoinerFailed}, err: err}
	}
	if err := l.send(message{kind: kindChallenge, nonce: hostChallenge}); err != nil {
		return &refusal{err: err}
	}
	a, r := l.receiveUnproven(who)
	if r != nil {
		return &refusal{err: r}
	}
	if a.kind != kindAuth {
		return &refusal{answers: []message{plainBye}}
	}
	g.advance(proving)
	want := proof(g.secret, roleJoin, m.nonce, hostChallenge)
	if r := checkProof(g, want[:], a.mac[:], refuseCode); r != nil {
		return r
	}
	hostProof := message{kind: kindAuth, mac: proof(g.secret, roleHost, m.nonce, hostChallenge)}
	return provenJoiner(l, g, m.version, a.variant, hostProof, newSealing(g.secret, m.nonce, hostChallenge, true))
}

// provenJoiner is the rest of the host's greeting once the joiner proved
// the secret: the host's own proof, then a refusal, or start, sealed with
// sl. version is the joiner's, variant the one it asked for.
func provenJoiner(l *link, g hostGreeting, version int, variant string, hostProof message, sl sealer) *refusal {
	// Proven: from here on the joiner may hear about the room.
	answers := []message{hostProof}
	switch {
	case version > Version:
		return &refusal{
			reason:  fmt.Sprintf("A player with the right room code has a newer version of Gobblet (online protocol %d, this one %d); update the game to play with them.", version, Version),
			why:     Why{Kind: WhyJoinerNewer, Theirs: version, Ours: Version},
			answers: append(answers, message{kind: kindRefuse, why: "version", version: Version}),
		}
	case version < Version:
		return &refusal{
			reason:  "A player with the right room code has an older version of Gobblet; they need to update it to play with you.",
			why:     Why{Kind: WhyJoinerOlder, Theirs: version, Ours: Version},
			answers: append(answers, message{kind: kindRefuse, why: "version", version: Version}),
		}
	case variant != "" && variant != "any" && variant != g.variant.String():
		return &refusal{
			reason:  fmt.Sprintf("A player with the right room code wanted to play %s, but this room plays %s; they were turned away.", variant, g.variant),
			why:     Why{Kind: WhyJoinerVariant, Want: variant, Variant: g.variant.String()},
			answers: append(answers, message{kind: kindRefuse, why: "variant", variant: g.variant.String()}),
		}
	case g.claim != nil && !g.claim():
		return &refusal{
			reason:  "A second player tried to join; this room already has a game, so they were turned away.",
			why:     Why{Kind: WhyJoinerTaken},
			answers: append(answers, refuseTaken),
		}
	}
	if err := l.sendAll(answers); err != nil {
		return &refusal{reason: "The joiner left during the greeting.", why: Why{Kind: WhyJoinerLeftGreeting}, err: err}
	}
	l.seal = sl
	if err := l.send(message{kind: kindStart, variant: g.variant.String(), colour: g.joinerColour}); err != nil {
		return &refusal{reason: "The joiner left during the greeting.", why: Why{Kind: WhyJoinerLeftGreeting}, err: err}
	}
	return nil
}

func (g hostGreeting) advance(p progress) {
	if g.progress != nil {
		g.progress(p)
	}
}

// checkProof checks a joiner's proof, unless its address must wait; a
// wrong one is counted. wrong is the answer to a wrong proof.
func checkProof(g hostGreeting, want, got []byte, wrong message) *refusal {
	if g.refuseNow != nil {
		if no := g.refuseNow(); no != nil {
			r := &refusal{answers: []message{*no}}
			if no.why == "wait" {
				r.reason, r.why = waitNotice, Why{Kind: WhyJoinerWait}
			}
			return r
		}
	}
	if len(want) == 0 || !hmac.Equal(got, want) {
		if g.failed != nil {
			g.failed()
		}
		return &refusal{reason: wrongCodeNotice, why: Why{Kind: WhyJoinerWrongCode}, answers: []message{wrong}}
	}
	if g.proven != nil && !g.proven() {
		return &refusal{}
	}
	return nil
}

// greetOldJoiner speaks the version 2 greeting, so that a partner with the
// right code can be asked to update. Its hello names a variant; it always
// names classic, so that a stranger learns nothing from it.
func greetOldJoiner(l *link, g hostGreeting, joinerChallenge [16]byte) *refusal {
	hostChallenge, err := newChallenge()
	if err != nil {
		return &refusal{reason: "Could not greet a joiner.", why: Why{Kind: WhyGreetJoinerFailed}, err: err}
	}
	if err := l.send(message{kind: kindHello, version: oldVersion, variant: "classic", nonce: hostChallenge}); err != nil {
		return &refusal{err: err}
	}
	a, r := l.receiveUnproven("A joiner")
	if r != nil {
		return &refusal{err: r}
	}
	if a.kind != kindAuth {
		return &refusal{answers: []message{plainBye}}
	}
	g.advance(proving)
	// A version 2 joiner shows at most 40 characters of a bye.
	wrong := message{kind: kindBye, text: "the room code is wrong; check it and try again"}
	want := proof(g.secret, roleJoin, joinerChallenge, hostChallenge)
	if r := checkProof(g, want[:], a.mac[:], wrong); r != nil {
		return r
	}
	return &refusal{
		reason:  "A player with the right room code has an older version of Gobblet; they need to update it to play with you.",
		why:     Why{Kind: WhyJoinerOlder, Theirs: oldVersion, Ours: Version},
		answers: []message{{kind: kindBye, text: "please update Gobblet to play this host"}},
	}
}

// greetHost is the joiner's half of the handshake. It returns the variant
// and the joiner's colour. expect, when not nil, is the only variant the
// joiner accepts. Until the host has proved the secret, nothing it says is
// shown: only this side's own sentences.
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
		return 0, 0, &refusal{reason: "Could not greet the host.", why: Why{Kind: WhyGreetHostFailed}, err: err}
	}
	hello := message{kind: kindHello, version: Version, nonce: ours}
	if err := l.send(hello); err != nil {
		return 0, 0, &refusal{reason: "Could not greet the host.", why: Why{Kind: WhyGreetHostFailed}, err: err}
	}
	c, r := l.receiveUnproven(who)
	if r != nil {
		return 0, 0, unprovenHost(c, r)
	}
	if c.kind == kindRefuse {
		return 0, 0, refusedBy(c, false)
	}
	if c.kind != kindChallenge {
		return 0, 0, &refusal{reason: "The other side did not greet as this game does; it may be an older version of Gobblet, or not a Gobblet room.", why: Why{Kind: WhyNotGobblet}, tell: "expected challenge"}
	}
	sl, r := greetHostCPace(l, secret, hello, c, want)
	if r != nil {
		return 0, 0, r
	}
	// The host proved the secret: what it says now may be shown. Its
	// refusals are not sealed (any version reads them); start and all that
	// follows is.
	line, err := readLine(l.r)
	if err != nil {
		return 0, 0, readFailure(who, err)
	}
	if refuse, err := parseMessage(line); err == nil && refuse.kind == kindRefuse {
		return 0, 0, refusedBy(refuse, true)
	}
	l.seal = sl
	s, r := l.decode(line, who)
	if r != nil {
		return 0, 0, r
	}
	if s.kind != kindStart {
		return 0, 0, &refusal{reason: "The host did not start the game.", why: Why{Kind: WhyHostNoStart}, tell: "expected start"}
	}
	v, err := rules.ParseVariant(s.variant)
	if err != nil {
		return 0, 0, &refusal{reason: "The host did not say which game it plays.", why: Why{Kind: WhyHostNoVariant}, tell: "say classic or gobblers", err: err}
	}
	if expect != nil && v != *expect {
		return 0, 0, &refusal{
			reason: fmt.Sprintf("The host plays %s, not %s.", v, *expect),
			why:    Why{Kind: WhyHostPlaysOther, Variant: v.String(), Want: expect.String()},
			tell:   fmt.Sprintf("this joiner wanted %s", *expect),
		}
	}
	return v, s.colour, nil
}

// unprovenHost words a host that hung up or broke the greeting before it
// proved the secret, without a word of what it said.
func unprovenHost(m message, r *refusal) *refusal {
	if m.kind == kindBye {
		return &refusal{reason: "The host turned this game away without proving it knows the room code; it may run an older version of Gobblet, or this may not be the room of that code.", why: Why{Kind: WhyHostTurnedAway}}
	}
	if errors.Is(r.err, errNotOurs) {
		return &refusal{reason: "The other side did not greet as this game does; it may be an older version of Gobblet, or not a Gobblet room.", why: Why{Kind: WhyNotGobblet}, err: r.err}
	}
	return r
}

// refusedBy words the host's refusal for the joiner. Before the host
// proved the secret only the refusals that tell nothing about it count.
func refusedBy(m message, proven bool) *refusal {
	if !proven && (m.why == "variant" || m.why == "version") {
		m.why = ""
	}
	switch m.why {
	case "code":
		return &refusal{reason: "The host says the room code is wrong; check it and try again.", why: Why{Kind: WhyHostWrongCode}}
	case "wait":
		return &refusal{reason: "Too many wrong room codes came from this computer's address; wait a minute, check the code and try again.", why: Why{Kind: WhyTooManyWrong}}
	case "taken":
		return &refusal{reason: "This room already has a game.", why: Why{Kind: WhyRoomHasGame}}
	case "closed": // hosts before issue 22 closed a room after 100 wrong codes
		return &refusal{reason: "This room is closed; ask the host for a new code.", why: Why{Kind: WhyRoomClosed}}
	case "variant":
		return &refusal{reason: fmt.Sprintf("The host plays %s, not the game this joiner asked for.", m.variant), why: Why{Kind: WhyHostPlaysOther, Variant: m.variant}}
	case "version":
		if m.version > Version {
			return &refusal{reason: fmt.Sprintf("The host has a newer version of Gobblet (online protocol %d, this one %d); update this game to play with them.", m.version, Version), why: Why{Kind: WhyHostNewer, Theirs: m.version, Ours: Version}}
		}
		return &refusal{reason: fmt.Sprintf("The host has an older version of Gobblet (online protocol %d, this one %d); the host needs to update it to play with you.", m.version, Version), why: Why{Kind: WhyHostOlder, Theirs: m.version, Ours: Version}}
	}
	return &refusal{reason: "The host turned this game away.", why: Why{Kind: WhyHostRefused}}
}
