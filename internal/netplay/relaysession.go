package netplay

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// relayVersion is the version of the relay greeting, in each hello and in
// every label of the key schedule.
const relayVersion = 1

const (
	roleInviter = 'i'
	roleInvited = 'j'
)

// helloLength: frame kind, version, role, nonce.
const helloLength = 3 + 16

// The waits between attempts to reach the room again: doubled after each
// failure, with some jitter.
const (
	retryMin = 100 * time.Millisecond
	retryMax = 3 * time.Second
)

// wrongCodesToGiveUp is how many wrong codes the invited side hears before
// it believes them: a stranger in the room also fails the proof.
const wrongCodesToGiveUp = 3

// relayClient is one side of a game through the relay. Only the session
// goroutine (run) touches it.
type relayClient struct {
	s        *Session
	inviter  bool
	url      string
	host     string // the server's host, for sentences
	room     string
	prs      []byte
	variant  rules.Variant // the inviter's: the room's game
	colour   rules.Player  // the inviter's colour in game 1
	expect   *rules.Variant
	m        *match
	catchUp  *syncState  // the other side's state while its moves are awaited
	away     bool        // Reconnecting was said, Reconnected not yet
	lostAt   time.Time   // when the trouble began; zero when none
	tries    int         // failed attempts in a row
	wrong    int         // wrong codes heard before the first game
	reason   string      // the last reason the connection ended
	why      Why         // reason's kind, for the GUI
	everPair bool        // the invited side met someone in the room
	stop     bool        // give up now: the code is wrong
	vanish   atomic.Bool // tests: leave without a word, as a crash would
	early    []byte      // the other side's hello, come before "paired"
	latePair bool        // ...so the "paired" still to come is not news
	notices  *bucket
}

// relayEnd is how a connection, or one pairing on it, ended.
type relayEnd struct {
	final    bool // Disconnected was put: the session is over
	alone    bool // the other side's socket went; this one is still in the room
	repaired bool // ...and a new one is there already
	wrong    bool // the key confirmation failed: a wrong code
	stranger bool // the other side did not greet as a partner
	reason   string
	why      Why // reason's kind, for the GUI
	err      error
}

func invite(cfg InviteConfig) (*Session, error) {
	if cfg.Variant != rules.Classic && cfg.Variant != rules.Gobblers {
		return nil, fmt.Errorf("invite: unknown variant %v", cfg.Variant)
	}
	inv := cfg.Invitation
	if inv.Server == "" {
		inv.Server = cfg.Server
	}
	if inv.Room == "" {
		var err error
		if inv, err = newInvitation(inv.Server); err != nil {
			return nil, err
		}
	} else {
		vals, err := decodeInvitation(inv.Room + inv.Password)
		if err != nil {
			return nil, err
		}
		inv = invitationOf(inv.Server, append(vals[:checkAt:checkAt], vals[checkAt+1:]...))
	}
	c, err := newRelayClient(true, inv, cfg.Limits)
	if err != nil {
		return nil, err
	}
	c.variant, c.colour = cfg.Variant, cfg.Colour
	go c.run()
	return c.s, nil
}

func accept(cfg AcceptConfig) (*Session, error) {
	inv, err := parseInvitation(cfg.Invitation)
	if err != nil {
		return nil, err
	}
	if inv.Server == "" {
		inv.Server = cfg.Server
	}
	if strings.TrimSpace(inv.Server) == "" {
		return nil, withWhy(sentence("This code does not say which server to use: set the online server in Options, or paste the whole link."), Why{Kind: WhyCodeNamesServer})
	}
	return acceptInvitation(inv, cfg)
}

// acceptInvitation joins the room of an invitation read already.
func acceptInvitation(inv Invitation, cfg AcceptConfig) (*Session, error) {
	c, err := newRelayClient(false, inv, cfg.Limits)
	if err != nil {
		return nil, err
	}
	c.expect = cfg.Expect
	c.lostAt = time.Now() // the inviter should be in the room already
	go c.run()
	return c.s, nil
}

func newRelayClient(inviter bool, inv Invitation, l Limits) (*relayClient, error) {
	u, err := relayURL(inv.Server, inv.Room)
	if err != nil {
		return nil, err
	}
	pu, _ := url.Parse(u)
	s := newSession(inviter, l)
	s.invitation = inv
	c := &relayClient{
		s: s, inviter: inviter, url: u, host: pu.Host, room: inv.Room, prs: []byte(inv.Password),
		notices: newBucket(1, 5),
	}
	s.relay = c
	return c, nil
}

// run is the session: connect, greet, play, and on any trouble connect
// again, until the game is over for good or the player leaves.
func (c *relayClient) run() {
	defer c.s.finish()
	first := true
	for {
		rc, err := dialRelay(c.url, c.s.limits, c.s.closing, &c.s.wg)
		if err != nil {
			if isClosed(c.s.closing) {
				c.leave(nil, nil)
				return
			}
			c.reason, c.why = fmt.Sprintf("Could not reach the server at %s.", c.host), Why{Kind: WhyServerUnreachable, Addr: c.host}
			if first {
				c.final(c.reason, c.why, err, false)
				return
			}
			if c.lostAt.IsZero() {
				c.lostAt = time.Now()
			}
		} else {
			if c.inviter && c.m == nil {
				c.lostAt = time.Time{} // in the room: waiting is not trouble
			}
			end := c.connected(rc)
			rc.close()
			if end.final {
				return
			}
			c.troubled(end)
		}
		first = false
		if c.expired() {
			c.giveUp()
			return
		}
		if !c.pause() {
			return
		}
	}
}

// troubled records how a connection ended, tells the player what they
// should know, and decides nothing: run tries again.
func (c *relayClient) troubled(end relayEnd) {
	if c.lostAt.IsZero() {
		c.lostAt = time.Now()
	}
	switch {
	case end.wrong && c.m == nil && !c.inviter:
		c.wrong++
		c.reason, c.why = "The code is wrong: check it with your friend.", Why{Kind: WhyWrongCode}
		c.stop = c.wrong >= wrongCodesToGiveUp
	case end.wrong && c.m == nil:
		c.notice("Someone tried to join with a wrong code; they were turned away.", Why{Kind: WhyStrangerWrongCode})
	case end.wrong:
		c.notice("Someone who does not know the code answered in your room; they were turned away.", Why{Kind: WhyStrangerInRoom})
	case end.stranger:
		if end.reason != "" {
			c.notice(end.reason, end.why)
		}
	default:
		c.reason, c.why = end.reason, end.why
		c.lost(end.reason, end.why)
		if c.m == nil && end.reason != "" {
			c.notice(end.reason, end.why) // no game yet: nothing else tells the player
		}
	}
}

func (c *relayClient) notice(text string, why Why) {
	if c.notices.take(time.Now()) {
		c.s.out.put(Notice{Text: text, Why: why})
	}
}

// expired: the trouble has lasted longer than Limits.Reconnect.
func (c *relayClient) expired() bool {
	return c.stop || !c.lostAt.IsZero() && time.Since(c.lostAt) > c.s.limits.Reconnect
}

// giveUp ends the session once reconnecting has taken too long.
func (c *relayClient) giveUp() {
	var reason string
	var why Why
	switch {
	case c.m != nil:
		reason = fmt.Sprintf("Your friend could not be reached again within %s; the game stopped here.", inWords(c.s.limits.Reconnect))
		why = Why{Kind: WhyFriendGone, Wait: c.s.limits.Reconnect}
	case c.reason != "":
		reason, why = c.reason, c.why
	case !c.inviter && !c.everPair:
		reason, why = "Your friend is not in the room: ask them for a new invitation.", Why{Kind: WhyFriendNotInRoom}
	default:
		reason, why = fmt.Sprintf("Could not reach the server at %s.", c.host), Why{Kind: WhyServerUnreachable, Addr: c.host}
	}
	var err error
	if c.reason != "" && c.reason != reason {
		err = errors.New(c.reason)
	}
	c.final(reason, why, err, false)
}

// inWords writes a duration for a sentence: "3 minutes", "20 seconds".
func inWords(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		if d == time.Minute {
			return "a minute"
		}
		return fmt.Sprintf("%d minutes", d/time.Minute)
	case d >= time.Second:
		return fmt.Sprintf("%d seconds", d/time.Second)
	}
	return d.String()
}

// pause waits before the next attempt; false when the player left
// meanwhile (Disconnected was put).
func (c *relayClient) pause() bool {
	wait := min(retryMin<<min(c.tries, 10), retryMax)
	wait = wait/2 + mrand.N(wait/2+1)
	c.tries++
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			return true
		case <-c.s.cmds.wake:
			c.whileAway()
		case <-c.s.closing:
			c.leave(nil, nil)
			return false
		}
	}
}

// lost marks a game's connection as lost: Reconnecting, once.
func (c *relayClient) lost(reason string, why Why) {
	if c.lostAt.IsZero() {
		c.lostAt = time.Now()
	}
	if c.m != nil && !c.away {
		c.away = true
		if reason == "" {
			reason, why = "The connection to your friend dropped.", Why{Kind: WhyFriendDropped}
		}
		c.s.out.put(Reconnecting{Reason: reason, Why: why})
	}
}

func (c *relayClient) game() *rules.Game {
	if c.m == nil {
		return nil
	}
	return c.m.game.Clone()
}

// final ends the session with a sentence.
func (c *relayClient) final(reason string, why Why, err error, clean bool) *relayEnd {
	c.s.out.put(Disconnected{Reason: reason, Why: why, Err: err, Game: c.game(), Clean: clean})
	return &relayEnd{final: true}
}

// leave is the player's Close: a goodbye when a channel is up.
func (c *relayClient) leave(rc *relayConn, ch *channel) *relayEnd {
	if rc != nil && ch != nil && !c.vanish.Load() {
		rc.send(ch.seal([]byte(plainBye.String())))
	}
	switch {
	case c.m != nil:
		return c.final("You left the game.", Why{Kind: WhyYouLeft}, nil, true)
	case c.inviter:
		return c.final("You closed the room before anyone joined.", Why{Kind: WhyYouClosed}, nil, true)
	}
	return c.final("You stopped joining.", Why{Kind: WhyYouStopped}, nil, true)
}

// whileAway carries out the player's requests while the other side is not
// connected: the game changes here, and the greeting's sync tells the other
// side when it is back. Before any game, moves are refused.
func (c *relayClient) whileAway() {
	if c.m == nil {
		c.s.rejectWaiting()
		return
	}
	cmds, _ := c.s.cmds.takeAll()
	for _, cmd := range cmds {
		c.m.request(cmd, c.s.out)
	}
}

// connected runs one socket: every pairing on it, until it fails.
func (c *relayClient) connected(rc *relayConn) relayEnd {
	c.early, c.latePair = nil, false
	repaired := false
	for {
		if !repaired {
			if e := c.waitPaired(rc); e != nil {
				return *e
			}
		}
		repaired = false
		ch, e := c.greet(rc)
		if e == nil {
			e = c.play(rc, ch)
		}
		if e.alone {
			c.lost("Your friend's connection dropped; waiting for them to come back.", Why{Kind: WhyFriendAway})
			repaired = e.repaired
			continue
		}
		return *e
	}
}

// waitPaired waits in the room, sending keep-alives, until the relay pairs
// this socket with another.
func (c *relayClient) waitPaired(rc *relayConn) *relayEnd {
	keep := time.NewTicker(c.s.limits.KeepAlive)
	defer keep.Stop()
	var expire <-chan time.Time
	if !c.lostAt.IsZero() && !(c.inviter && c.m == nil) {
		t := time.NewTimer(time.Until(c.lostAt.Add(c.s.limits.Reconnect)))
		defer t.Stop()
		expire = t.C
	}
	for {
		select {
		case ev := <-rc.in:
			switch {
			case ev.err != nil:
				return relayClosed(ev.err)
			case ev.text == "paired":
				c.everPair = true
				return nil
			case ev.data != nil && ev.data[0] == frameHello:
				// The relay may pass on the other side's first message
				// before it tells this side "paired": greet at once.
				c.everPair, c.early, c.latePair = true, ev.data, true
				return nil
			}
		case <-keep.C:
			if err := rc.send(nil); err != nil {
				return &relayEnd{reason: "The connection to the server was lost.", why: Why{Kind: WhyServerLost}, err: err}
			}
		case <-c.s.cmds.wake:
			c.whileAway()
		case <-expire:
			c.giveUp()
			return &relayEnd{final: true}
		case <-c.s.closing:
			return c.leave(nil, nil)
		}
	}
}

// next waits for the other side's next message during the greeting.
func (c *relayClient) next(rc *relayConn, deadline <-chan time.Time) ([]byte, *relayEnd) {
	for {
		select {
		case ev := <-rc.in:
			switch {
			case ev.err != nil:
				return nil, relayClosed(ev.err)
			case ev.text == "alone":
				return nil, &relayEnd{alone: true}
			case ev.text == "paired" && c.latePair:
				c.latePair = false
				continue
			case ev.text == "paired":
				return nil, &relayEnd{alone: true, repaired: true}
			}
			return ev.data, nil
		case <-deadline:
			return nil, &relayEnd{stranger: true}
		case <-c.s.closing:
			return nil, c.leave(nil, nil)
		}
	}
}

func roleOf(inviter bool) byte {
	if inviter {
		return roleInviter
	}
	return roleInvited
}

// relayCI is CPace's channel identifier: the protocol and its two roles.
var relayCI = prefixFreeCat([]byte("gobblet relay 1"), []byte("Ainviter"), []byte("Binvited"))

func roleAD(inviter bool) []byte {
	if inviter {
		return []byte("inviter")
	}
	return []byte("invited")
}

// greet runs the key exchange and the key confirmation with whoever the
// relay paired this socket with, then the sync of the game. nil end: the
// other side proved the code and the game is on.
func (c *relayClient) greet(rc *relayConn) (*channel, *relayEnd) {
	t := time.NewTimer(c.s.limits.Handshake)
	defer t.Stop()
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return nil, c.final("Could not draw a random number for the greeting.", Why{Kind: WhyGreetingSetup}, err, false)
	}
	hello := append([]byte{frameHello, relayVersion, roleOf(c.inviter)}, nonce[:]...)
	if err := rc.send(hello); err != nil {
		return nil, &relayEnd{reason: "The connection to the server was lost.", why: Why{Kind: WhyServerLost}, err: err}
	}
	// Messages that come before the other side's hello are left over from
	// an earlier pairing: skip them.
	peerHello := c.early
	c.early = nil
	for peerHello == nil {
		b, e := c.next(rc, t.C)
		if e != nil {
			return nil, e
		}
		if b[0] == frameHello {
			peerHello = b
		}
	}
	switch {
	case len(peerHello) != helloLength:
		return nil, &relayEnd{stranger: true}
	case peerHello[1] != relayVersion:
		return nil, &relayEnd{stranger: true, reason: fmt.Sprintf("The other side in the room plays online with another version of Gobblet (relay greeting %d, this one %d): one of you needs to update it.", peerHello[1], relayVersion), why: Why{Kind: WhyRelayVersion, Theirs: int(peerHello[1]), Ours: int(relayVersion)}}
	case peerHello[2] != roleOf(!c.inviter):
		return nil, &relayEnd{stranger: true} // our own hello reflected, or two of one role
	}
	helloA, helloB := hello, peerHello
	if !c.inviter {
		helloA, helloB = peerHello, hello
	}
	sid := prefixFreeCat([]byte(c.room), helloA[3:], helloB[3:])
	cp, err := newCPace(c.prs, relayCI, sid, roleAD(c.inviter))
	if err != nil {
		return nil, c.final("Could not draw a random number for the greeting.", Why{Kind: WhyGreetingSetup}, err, false)
	}
	if err := rc.send(append([]byte{frameShare}, cp.msg...)); err != nil {
		return nil, &relayEnd{reason: "The connection to the server was lost.", why: Why{Kind: WhyServerLost}, err: err}
	}
	share, e := c.next(rc, t.C)
	if e != nil {
		return nil, e
	}
	if share[0] != frameShare {
		return nil, &relayEnd{stranger: true}
	}
	isk, err := cp.finish(share[1:], roleAD(!c.inviter), c.inviter)
	if err != nil {
		return nil, &relayEnd{stranger: true}
	}
	msgA, msgB := cp.msg, share[1:]
	if !c.inviter {
		msgA, msgB = msgB, msgA
	}
	keys, err := deriveKeys(isk, helloA, helloB, msgA, msgB)
	if err != nil {
		return nil, c.final("Could not derive the keys of the greeting.", Why{Kind: WhyGreetingSetup}, err, false)
	}
	if err := rc.send(append([]byte{frameConfirm}, keys.confirmTag(c.inviter)...)); err != nil {
		return nil, &relayEnd{reason: "The connection to the server was lost.", why: Why{Kind: WhyServerLost}, err: err}
	}
	confirm, e := c.next(rc, t.C)
	if e != nil {
		return nil, e
	}
	if confirm[0] != frameConfirm || !hmac.Equal(confirm[1:], keys.confirmTag(!c.inviter)) {
		return nil, &relayEnd{wrong: true}
	}
	sendKey, recvKey := keys.sealInvited, keys.sealInviter
	if c.inviter {
		sendKey, recvKey = keys.sealInviter, keys.sealInvited
	}
	ch, err := newChannel(sendKey, recvKey)
	if err != nil {
		return nil, c.final("Could not set up the encryption.", Why{Kind: WhyGreetingSetup}, err, false)
	}
	if e := c.syncUp(rc, ch, t.C); e != nil {
		return nil, e
	}
	return ch, nil
}

// readLine waits for the next sealed message during the greeting.
func (c *relayClient) readLine(rc *relayConn, ch *channel, deadline <-chan time.Time) (string, *relayEnd) {
	b, e := c.next(rc, deadline)
	if e != nil {
		if e.stranger { // the other side proved the code: it is our partner, gone quiet
			e = &relayEnd{reason: "Your friend stopped answering during the greeting.", why: Why{Kind: WhyFriendStoppedGreeting}}
		}
		return "", e
	}
	plain, err := ch.open(b)
	if err != nil {
		return "", channelFailure(err)
	}
	return string(plain), nil
}

// channelFailure words a sealed message that could not be opened.
func channelFailure(err error) *relayEnd {
	var reason string
	why := Why{Kind: WhyFriendTampered}
	switch err {
	case errCutShort:
		reason, why.Kind = "A message from your friend arrived cut short, so the connection is being restarted.", WhyFriendMessageLost
	case errReplayed:
		reason = "A message from your friend arrived a second time; someone may be tampering with the connection, so it is being restarted."
	case errSkipped:
		reason, why.Kind = "A message from your friend went missing or came out of order, so the connection is being restarted.", WhyFriendMessageLost
	default:
		reason = "A message from your friend was changed on the way; someone may be tampering with the connection, so it is being restarted."
	}
	return &relayEnd{reason: reason, why: why, err: err}
}

func (c *relayClient) sendLine(rc *relayConn, ch *channel, line string) *relayEnd {
	if err := rc.send(ch.seal([]byte(line))); err != nil {
		return &relayEnd{reason: "The connection to the server was lost.", why: Why{Kind: WhyServerLost}, err: err}
	}
	return nil
}

// refused ends the session over a message that breaks the protocol or a
// game that does not agree: a goodbye, then Disconnected.
func (c *relayClient) refused(rc *relayConn, ch *channel, r *refusal) *relayEnd {
	if r.tell != "" {
		rc.send(ch.seal([]byte(message{kind: kindBye, text: byeText(r.tell)}.String())))
	}
	return c.final(r.reason, r.why, r.err, r.err == nil && r.tell == "")
}

// syncUp agrees on the game once both sides proved the code: the invited
// side says what it has, the inviter starts the game if it has none, then
// says what it has; each side then catches up on what the other has more.
func (c *relayClient) syncUp(rc *relayConn, ch *channel, deadline <-chan time.Time) *relayEnd {
	var peer syncState
	if c.inviter {
		if c.m == nil {
			c.s.rejectWaiting()
			c.newMatch(c.variant, c.colour, 1)
		}
		line, e := c.readLine(rc, ch, deadline)
		if e != nil {
			return e
		}
		var err error
		if peer, err = parseSync(line); err != nil {
			return c.refused(rc, ch, garbled(err))
		}
		if peer.none {
			if e := c.sendLine(rc, ch, fmt.Sprintf("game %d %s %s", c.m.number, c.m.variant, c.m.me.Other())); e != nil {
				return e
			}
			peer = syncState{number: c.m.number, hash: movesHash(c.m.number, nil), end: "on"}
		}
		if e := c.sendLine(rc, ch, c.m.syncState().String()); e != nil {
			return e
		}
	} else {
		mine := syncState{none: true}
		if c.m != nil {
			mine = c.m.syncState()
		}
		if e := c.sendLine(rc, ch, mine.String()); e != nil {
			return e
		}
		for {
			line, e := c.readLine(rc, ch, deadline)
			if e != nil {
				return e
			}
			if strings.HasPrefix(line, "game ") {
				if r := c.startGame(line); r != nil {
					return c.refused(rc, ch, r)
				}
				continue
			}
			var err error
			if peer, err = parseSync(line); err != nil || peer.none || c.m == nil {
				return c.refused(rc, ch, garbled(err))
			}
			break
		}
	}
	if r, e := c.reconcile(rc, ch, peer); r != nil {
		return c.refused(rc, ch, r)
	} else if e != nil {
		return e
	}
	c.lostAt, c.tries, c.wrong, c.reason = time.Time{}, 0, 0, ""
	if c.away {
		c.away = false
		c.s.out.put(Reconnected{Game: c.m.game.Clone()})
	}
	return nil
}

func garbled(err error) *refusal {
	return &refusal{
		reason: "Your friend's game sent a greeting this game does not understand; the connection was closed.",
		why:    Why{Kind: WhyFriendGarbled},
		tell:   "your greeting was not understood",
		err:    err,
	}
}

// mismatch is the end of a session whose two games cannot be made to agree.
func mismatch(what string) *refusal {
	return &refusal{
		reason: "Your game and your friend's no longer agree (" + what + "), so the connection was closed.",
		why:    Why{Kind: WhyDisagree, Text: what},
		tell:   "our games do not agree",
	}
}

func (c *relayClient) newMatch(v rules.Variant, me rules.Player, number int) {
	c.m = &match{variant: v, me: me, number: number, game: rules.NewGame(v), isHost: c.inviter, peer: c.host}
	c.s.out.put(Started{Variant: v, You: me, Number: number, Peer: c.host, Game: c.m.game.Clone()})
}

// startGame reads the inviter's "game <number> <variant> <your colour>".
func (c *relayClient) startGame(line string) *refusal {
	w := strings.Fields(line)
	if len(w) != 4 || c.m != nil {
		return garbled(fmt.Errorf("unexpected %q", clipText(line)))
	}
	n, ok := number(w[1])
	v, err := rules.ParseVariant(w[2])
	if !ok || n == 0 || err != nil || (w[3] != "x" && w[3] != "o") {
		return garbled(fmt.Errorf("bad game line %q", clipText(line)))
	}
	if c.expect != nil && *c.expect != v {
		return &refusal{
			reason: fmt.Sprintf("Your friend's room plays %s, not %s; the connection was closed.", v, *c.expect),
			why:    Why{Kind: WhyFriendPlaysOther, Variant: v.String(), Want: c.expect.String()},
			tell:   "this player wanted another game",
		}
	}
	me := rules.X
	if w[3] == "o" {
		me = rules.O
	}
	c.s.rejectWaiting()
	c.newMatch(v, me, n)
	return nil
}

// syncState is what a side says of its game in the greeting:
//
//	sync none
//	sync <game> <plies> <hash> <on|rules|agreed|resign-x|resign-o> <offer 0|1> <rematch 0|1>
//
// hash is movesHash of the game's moves; offer is this side's draw offer
// waiting for an answer, rematch its request for another game.
type syncState struct {
	none           bool
	number, plies  int
	hash, end      string
	offer, rematch bool
}

func (s syncState) String() string {
	if s.none {
		return "sync none"
	}
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	return fmt.Sprintf("sync %d %d %s %s %d %d", s.number, s.plies, s.hash, s.end, b(s.offer), b(s.rematch))
}

func parseSync(line string) (syncState, error) {
	w := strings.Split(line, " ")
	if len(w) == 2 && w[0] == "sync" && w[1] == "none" {
		return syncState{none: true}, nil
	}
	bad := fmt.Errorf("%q is not a sync", clipText(line))
	if len(w) != 7 || w[0] != "sync" {
		return syncState{}, bad
	}
	var s syncState
	var ok1, ok2 bool
	s.number, ok1 = number(w[1])
	s.plies, ok2 = number(w[2])
	if !ok1 || !ok2 || s.number == 0 || len(w[3]) != 16 || !decodeHex(make([]byte, 8), w[3]) {
		return syncState{}, bad
	}
	s.hash, s.end = w[3], w[4]
	switch s.end {
	case "on", "rules", "agreed", "resign-x", "resign-o":
	default:
		return syncState{}, bad
	}
	for i, f := range []*bool{&s.offer, &s.rematch} {
		switch w[5+i] {
		case "0":
		case "1":
			*f = true
		default:
			return syncState{}, bad
		}
	}
	return s, nil
}

// movesHash is the first 8 bytes of SHA-256 over the game's number and
// moves, in hex.
func movesHash(n int, notes []string) string {
	h := sha256.Sum256([]byte(strconv.Itoa(n) + ":" + strings.Join(notes, " ")))
	return hex.EncodeToString(h[:8])
}

func (m *match) notations(plies int) []string {
	moves := m.game.Moves()[:plies]
	notes := make([]string, len(moves))
	for i, mv := range moves {
		notes[i] = mv.Notation(m.variant)
	}
	return notes
}

func (m *match) syncState() syncState {
	s := syncState{
		number: m.number, plies: m.game.Plies(), end: "on",
		offer: m.myOffer, rematch: m.myRematch,
	}
	s.hash = movesHash(m.number, m.notations(s.plies))
	switch {
	case !m.over:
	case m.by == ByRules:
		s.end = "rules"
	case m.by == ByAgreement:
		s.end = "agreed"
	case m.by == ByResignation:
		s.end = "resign-" + m.result.Winner.Other().String()
	}
	return s
}

// movesPerLine bounds a catch-up line.
const movesPerLine = 100

// reconcile brings this side's game level with the other side's state, as
// both stood when the greeting began. The other side's state is turned into
// the messages it would have sent (a rematch, a resignation, a draw offer or
// acceptance), which the match checks as it checks any message; this side
// sends the moves the other side lacks. When this side lacks moves, the
// rest waits until they came (catchUpLine).
func (c *relayClient) reconcile(rc *relayConn, ch *channel, peer syncState) (*refusal, *relayEnd) {
	m := c.m
	c.catchUp = nil
	switch {
	case peer.number == m.number+1:
		if !m.over || !m.myRematch {
			return mismatch(fmt.Sprintf("your friend is at game %d, this side at game %d", peer.number, m.number)), nil
		}
		if r := m.receive(message{kind: kindRematch, n: m.number}, c.s.out); r != nil {
			return r, nil
		}
	case peer.number+1 == m.number:
		if !peer.rematch {
			return mismatch(fmt.Sprintf("your friend is at game %d, this side at game %d", peer.number, m.number)), nil
		}
		peer = syncState{number: m.number, hash: movesHash(m.number, nil), end: "on"}
	case peer.number != m.number:
		return mismatch(fmt.Sprintf("your friend is at game %d, this side at game %d", peer.number, m.number)), nil
	}
	if peer.end == "resign-"+m.me.Other().String() && !(m.over && m.by == ByResignation && m.result.Winner == m.me) {
		if r := m.receive(message{kind: kindResign, n: peer.plies}, c.s.out); r != nil {
			return r, nil
		}
	}
	mine := m.game.Plies()
	switch {
	case peer.plies < mine:
		if movesHash(m.number, m.notations(peer.plies)) != peer.hash {
			return mismatch("the moves differ"), nil
		}
		notes := m.notations(mine)[peer.plies:]
		for i := 0; i < len(notes); i += movesPerLine {
			line := fmt.Sprintf("moves %d %d %s", m.number, peer.plies+i+1, strings.Join(notes[i:min(i+movesPerLine, len(notes))], " "))
			if e := c.sendLine(rc, ch, line); e != nil {
				return nil, e
			}
		}
	case peer.plies > mine:
		c.catchUp = &peer
		return nil, nil
	case movesHash(m.number, m.notations(mine)) != peer.hash:
		return mismatch("the moves differ"), nil
	}
	return c.applyFlags(peer), nil
}

// applyFlags turns the other side's draw offer, its acceptance of ours, and
// its request for a rematch into the messages they stand for.
func (c *relayClient) applyFlags(peer syncState) *refusal {
	m := c.m
	plies := m.game.Plies()
	if peer.plies != plies {
		return nil // the other side's state is behind ours: stale
	}
	if peer.end == "agreed" && !m.over {
		if r := m.receive(message{kind: kindDrawAccept, n: plies}, c.s.out); r != nil {
			return r
		}
	}
	if peer.offer && !m.over && !m.peerOffer {
		if r := m.receive(message{kind: kindDrawOffer, n: plies}, c.s.out); r != nil {
			return r
		}
	}
	if peer.rematch && m.over && !m.peerRematch && peer.number == m.number {
		if r := m.receive(message{kind: kindRematch, n: m.number}, c.s.out); r != nil {
			return r
		}
	}
	return nil
}

// catchUpLine plays the other side's moves this side lacked:
// "moves <game> <first ply> <move>...".
func (c *relayClient) catchUpLine(line string) *refusal {
	m := c.m
	w := strings.Split(line, " ")
	if len(w) < 4 {
		return garbled(fmt.Errorf("bad moves line %q", clipText(line)))
	}
	n, ok1 := number(w[1])
	from, ok2 := number(w[2])
	if !ok1 || !ok2 || from == 0 {
		return garbled(fmt.Errorf("bad moves line %q", clipText(line)))
	}
	if m.over && m.myEnding {
		return nil // this side ended the game meanwhile; the other side takes back
	}
	if n != m.number {
		return mismatch(fmt.Sprintf("moves of game %d came during game %d", n, m.number))
	}
	for i, note := range w[3:] {
		if m.game.Position().SideToMove() == m.me && !m.over {
			// This side's own move, which it no longer has: it was
			// restarted, and the other side kept the game.
			if r := c.replayMine(from+i, note); r != nil {
				return r
			}
			continue
		}
		if r := m.receive(message{kind: kindMove, n: from + i, move: note}, c.s.out); r != nil {
			return r
		}
	}
	if t := c.catchUp; t != nil && m.game.Plies() >= t.plies {
		c.catchUp = nil
		if movesHash(m.number, m.notations(t.plies)) != t.hash {
			return mismatch("the moves differ")
		}
		return c.applyFlags(*t)
	}
	return nil
}

// replayMine plays one of this side's own moves, as the other side
// recorded it, checked by the rules.
func (c *relayClient) replayMine(ply int, note string) *refusal {
	m := c.m
	if ply != m.game.Plies()+1 {
		return mismatch(fmt.Sprintf("move %d came at move %d", ply, m.game.Plies()+1))
	}
	mv, err := rules.ParseMove(m.variant, note)
	if err != nil {
		return violation("that is not a move", "sent something that is not a move (%v)", err)
	}
	if err := m.game.Play(mv); err != nil {
		return violation("illegal move", "sent an illegal move (%v)", err)
	}
	c.s.out.put(Moved{Move: mv, Notation: mv.Notation(m.variant), By: m.me, Mine: true, Ply: ply, Game: m.game.Clone()})
	m.judge(true, c.s.out)
	return nil
}

// play runs the game on a greeted connection until it ends.
func (c *relayClient) play(rc *relayConn, ch *channel) *relayEnd {
	l := c.s.limits
	beat := time.NewTicker(l.Heartbeat / 2)
	defer beat.Stop()
	lastSent, lastHeard := time.Now(), time.Now()
	flood := newBucket(l.Rate, l.Burst)
	for {
		select {
		case ev := <-rc.in:
			switch {
			case ev.err != nil:
				return relayClosed(ev.err)
			case ev.text == "alone":
				return &relayEnd{alone: true}
			case ev.text == "paired" && c.latePair:
				c.latePair = false
				continue
			case ev.text == "paired":
				return &relayEnd{alone: true, repaired: true}
			}
			lastHeard = time.Now()
			if !flood.take(lastHeard) {
				return c.refused(rc, ch, &refusal{
					reason: fmt.Sprintf("Your friend's game sent more than %g messages a second; the connection was closed.", l.Rate),
					why:    Why{Kind: WhyFriendFlood, N: int(l.Rate)},
					tell:   "too many messages",
				})
			}
			if ev.data[0] == frameHello {
				// The other side greets again: it lost the connection
				// without the relay noticing yet. Greet again too.
				return &relayEnd{reason: "The connection to your friend was restarted.", why: Why{Kind: WhyFriendRestarted}}
			}
			plain, err := ch.open(ev.data)
			if err != nil {
				return channelFailure(err)
			}
			if r, left := c.handleLine(string(plain)); left {
				return c.final(r.reason, r.why, r.err, true)
			} else if r != nil {
				return c.refused(rc, ch, r)
			}
		case <-c.s.cmds.wake:
			cmds, _ := c.s.cmds.takeAll()
			for _, cmd := range cmds {
				for _, msg := range c.m.request(cmd, c.s.out) {
					if e := c.sendLine(rc, ch, msg.String()); e != nil {
						return e
					}
					lastSent = time.Now()
				}
			}
		case now := <-beat.C:
			if now.Sub(lastHeard) >= l.Silence {
				return &relayEnd{reason: "Your friend stopped answering.", why: Why{Kind: WhyFriendStopped}}
			}
			if now.Sub(lastSent) >= l.Heartbeat {
				if e := c.sendLine(rc, ch, "ping"); e != nil {
					return e
				}
				lastSent = now
			}
		case <-c.s.closing:
			return c.leave(rc, ch)
		}
	}
}

// handleLine applies one message of the other side; left is true when it
// said goodbye (r then says so).
func (c *relayClient) handleLine(line string) (r *refusal, left bool) {
	switch {
	case strings.HasPrefix(line, "moves "):
		return c.catchUpLine(line), false
	case strings.HasPrefix(line, "sync "), strings.HasPrefix(line, "game "):
		return violation("the greeting is over", "greeted again in the middle of the game"), false
	}
	msg, r := (&link{}).decode(line, "Your friend")
	if r != nil {
		return r, msg.kind == kindBye
	}
	return c.m.receive(msg, c.s.out), false
}
