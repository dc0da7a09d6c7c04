package netplay

import (
	"crypto/hmac"
	"encoding/base64"
	"fmt"
)

// From version 4 the direct mode proves the room's secret as the relay mode
// proves its password: CPace on ristretto255 with key confirmation (pake.go),
// then every line is sealed with AES-256-GCM and a sequence number
// (channel.go). Nobody who takes the host's place gets anything to test
// secrets against offline: a fake host gets one guess per connection.
//
//	joiner → host: hello gobblet 4 <joiner nonce>
//	host → joiner: challenge <host nonce> <host's share>
//	joiner → host: share <joiner's share> <joiner's tag> <variant|any>
//	host → joiner: auth <host's tag>
//	host → joiner: start <variant> <the joiner's colour>              sealed
//
// CPace's PRS is the secret's 5 bytes; sid is the joiner's nonce then the
// host's; CI names the mode and the roles ("gobblet direct 4", "Ahost",
// "Bjoiner"), so a relay greeting's keys never fit a direct one; the
// associated data is the sender's role ("host", "joiner"), and a share is
// sent as its 32-byte element alone (the other side rebuilds MSG). The host
// plays CPace's first party (the relay's inviter): its MSG comes first in
// ISK, the transcript's hellos are the host's challenge line then the
// joiner's hello line (as this version writes them: further words of a
// newer hello are not part of it), and the key schedule and tags are the relay's
// (deriveKeys, confirmTag). The joiner's tag comes first and proves the
// secret; the gate counts a wrong one as a wrong code. Until then the host
// has said nothing of its room. The host's tag proves it in turn; then, as in
// version 3, a refusal (version, variant, taken) is plain and start and all
// that follows sealed: a line is the base64 (standard, unpadded) of one
// channel frame.

var directCI = prefixFreeCat([]byte("gobblet direct 4"), []byte("Ahost"), []byte("Bjoiner"))

const (
	adHost   = "host"
	adJoiner = "joiner"
)

// gcmSealing seals lines with a channel (version 4).
type gcmSealing struct{ ch *channel }

func (g gcmSealing) seal(line string) string {
	return base64.RawStdEncoding.EncodeToString(g.ch.seal([]byte(line)))
}

func (g gcmSealing) open(line string) (string, error) {
	frame, err := base64.RawStdEncoding.DecodeString(line)
	if err != nil || base64.RawStdEncoding.EncodeToString(frame) != line { // one spelling only
		return "", fmt.Errorf("%w: %w", errBadSeal, errCutShort)
	}
	plain, err := g.ch.open(frame)
	if err != nil {
		return "", fmt.Errorf("%w: %w", errBadSeal, err)
	}
	return string(plain), nil
}

// directKeys runs the host's or the joiner's side of the key schedule
// once both shares are known.
func directKeys(cp *cpace, peerShare [32]byte, isHost bool, hostLine, joinerLine string) (relayKeys, error) {
	peerAD := adHost
	if isHost {
		peerAD = adJoiner
	}
	peerMsg := prefixFreeCat(peerShare[:], []byte(peerAD))
	isk, err := cp.finish(peerMsg, []byte(peerAD), isHost)
	if err != nil {
		return relayKeys{}, err
	}
	msgHost, msgJoiner := cp.msg, peerMsg
	if !isHost {
		msgHost, msgJoiner = peerMsg, cp.msg
	}
	return deriveKeys(isk, []byte(hostLine), []byte(joinerLine), msgHost, msgJoiner)
}

// startDirectCPace is one side's CPace for the two nonces.
func startDirectCPace(secret Secret, joinerNonce, hostNonce [16]byte, isHost bool) (*cpace, [32]byte, error) {
	ad := adJoiner
	if isHost {
		ad = adHost
	}
	sid := append(append([]byte{}, joinerNonce[:]...), hostNonce[:]...)
	cp, err := newCPace(secret[:], directCI, sid, []byte(ad))
	var share [32]byte
	if err != nil {
		return nil, share, err
	}
	copy(share[:], cp.msg[1:33]) // MSG = lv(Y) lv(AD), Y 32 bytes
	return cp, share, nil
}

func newDirectChannel(k relayKeys, isHost bool) (gcmSealing, error) {
	send, recv := k.sealInvited, k.sealInviter
	if isHost {
		send, recv = k.sealInviter, k.sealInvited
	}
	ch, err := newChannel(send, recv)
	return gcmSealing{ch}, err
}

func tag32(b []byte) (t [32]byte) {
	copy(t[:], b)
	return t
}

// greetJoinerCPace is the host's half of the version 4 greeting (and of
// any newer one), after the joiner's hello.
func greetJoinerCPace(l *link, g hostGreeting, hello message) *refusal {
	hostNonce, err := newChallenge()
	if err != nil {
		return &refusal{reason: "Could not greet a joiner.", why: Why{Kind: WhyGreetJoinerFailed}, err: err}
	}
	cp, share, err := startDirectCPace(g.secret, hello.nonce, hostNonce, true)
	if err != nil {
		return &refusal{reason: "Could not greet a joiner.", why: Why{Kind: WhyGreetJoinerFailed}, err: err}
	}
	challenge := message{kind: kindChallenge, nonce: hostNonce, share: &share}
	if err := l.send(challenge); err != nil {
		return &refusal{err: err}
	}
	a, r := l.receiveUnproven("A joiner")
	if r != nil {
		return &refusal{err: r}
	}
	if a.kind != kindShare {
		return &refusal{answers: []message{plainBye}}
	}
	g.advance(proving)
	k, err := directKeys(cp, *a.share, true, challenge.String(), hello.String())
	var want []byte // a share that is no use is a wrong code
	if err == nil {
		want = k.confirmTag(false)
	}
	if r := checkProof(g, want, a.mac[:], refuseCode); r != nil {
		return r
	}
	sl, err := newDirectChannel(k, true)
	if err != nil {
		return &refusal{reason: "Could not greet a joiner.", why: Why{Kind: WhyGreetJoinerFailed}, err: err}
	}
	return provenJoiner(l, g, hello.version, a.variant, message{kind: kindAuth, mac: tag32(k.confirmTag(true))}, sl)
}

// greetHostCPace is the joiner's half of the version 4 greeting, after the
// host's challenge c: the sealing of the game once the host proved the
// secret.
func greetHostCPace(l *link, secret Secret, hello, c message, want string) (sealer, *refusal) {
	if c.share == nil {
		return nil, &refusal{reason: "The host has an older version of Gobblet, or this is not the room of that code; if it is your friend's room, they need to update Gobblet to play with you.", why: Why{Kind: WhyHostOlderOrNot}}
	}
	cp, share, err := startDirectCPace(secret, hello.nonce, c.nonce, false)
	if err != nil {
		return nil, &refusal{reason: "Could not greet the host.", why: Why{Kind: WhyGreetHostFailed}, err: err}
	}
	k, err := directKeys(cp, *c.share, false, c.String(), hello.String())
	if err != nil {
		return nil, &refusal{
			reason: "The host's greeting is of no use; this is not the room of that code.",
			why:    Why{Kind: WhyNotTheRoom},
			tell:   "your greeting was of no use",
		}
	}
	if err := l.send(message{kind: kindShare, share: &share, mac: tag32(k.confirmTag(false)), variant: want}); err != nil {
		return nil, &refusal{reason: "The host left during the greeting.", why: Why{Kind: WhyHostLeftGreeting}, err: err}
	}
	a, r := l.receiveUnproven("The host")
	if r != nil {
		return nil, unprovenHost(a, r)
	}
	if a.kind == kindRefuse {
		return nil, refusedBy(a, false)
	}
	if a.kind != kindAuth || !hmac.Equal(a.mac[:], k.confirmTag(true)) {
		return nil, &refusal{
			reason: "The host could not prove it knows the room's secret; this is not the room of that code.",
			why:    Why{Kind: WhyHostNoProof},
			tell:   "you did not prove the room code",
		}
	}
	sl, err := newDirectChannel(k, false)
	if err != nil {
		return nil, &refusal{reason: "Could not greet the host.", why: Why{Kind: WhyGreetHostFailed}, err: err}
	}
	return sl, nil
}
