package netplay

import (
	"bytes"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"fmt"
	"io"

	"github.com/gtank/ristretto255"
)

// The key exchange of play through a relay is CPace (draft-irtf-cfrg-cpace,
// the CPACE-RISTR255-SHA512 suite) on github.com/gtank/ristretto255, with
// explicit key confirmation added: see the package comment of relay.go and
// docs/online.md for the whole greeting.
//
// Both sides derive a secret generator g from the password (PRS), the
// channel identifier (CI, which names the two roles) and the session id
// (sid: the room id and a fresh random nonce from each side), pick a random
// scalar y and send Y = g^y. The shared K = Y_peer^y, and the intermediate
// session key ISK = SHA-512(lv(DSI_ISK) lv(sid) lv(K) || MSGa || MSGb),
// with MSGa always the inviter's. Whoever does not know the password sends
// a Y that is useless to them: they learn nothing they can test guesses
// against offline, and each connection gives them exactly one guess.

const (
	cpaceDSI   = "CPaceRistretto255"
	sha512Size = 128 // SHA-512's input block, H.s_in_bytes
)

// prependLen is the draft's prepend_len: the LEB128 length, then b.
func prependLen(dst, b []byte) []byte {
	n := len(b)
	for {
		if n < 128 {
			dst = append(dst, byte(n))
			break
		}
		dst = append(dst, byte(n&0x7f)|0x80)
		n >>= 7
	}
	return append(dst, b...)
}

// prefixFreeCat is the draft's prefix_free_cat.
func prefixFreeCat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = prependLen(out, p)
	}
	return out
}

// splitPrefixFree undoes prefixFreeCat for exactly n parts; it fails on
// lengths that do not add up (the draft's invalid messages), or on lengths
// over 127 bytes, which no message of ours has.
func splitPrefixFree(b []byte, n int) ([][]byte, error) {
	parts := make([][]byte, 0, n)
	for range n {
		if len(b) == 0 || b[0] >= 0x80 || int(b[0]) > len(b)-1 {
			return nil, errBadShare
		}
		parts = append(parts, b[1:1+int(b[0])])
		b = b[1+int(b[0]):]
	}
	if len(b) != 0 {
		return nil, errBadShare
	}
	return parts, nil
}

// generatorString is the draft's generator_string for SHA-512.
func generatorString(prs, ci, sid []byte) []byte {
	zpad := max(0, sha512Size-1-len(prependLen(nil, prs))-len(prependLen(nil, []byte(cpaceDSI))))
	return prefixFreeCat([]byte(cpaceDSI), prs, make([]byte, zpad), ci, sid)
}

// cpaceGenerator is G.calculate_generator: the one-way map of the
// generator string's SHA-512.
func cpaceGenerator(prs, ci, sid []byte) *ristretto255.Element {
	h := sha512.Sum512(generatorString(prs, ci, sid))
	return ristretto255.NewElement().FromUniformBytes(h[:])
}

var (
	errBadShare  = errors.New("the key exchange message is malformed")
	errWeakShare = errors.New("the key exchange message is not a usable group element")
)

// cpace is one side's state of one exchange.
type cpace struct {
	sid []byte
	y   *ristretto255.Scalar
	msg []byte // MSG = lv(Y) || lv(AD): what this side sends
}

// sampleScalar is the draft's recommended G.sample_scalar: 32 random bytes
// with the bits above the group's 252 cleared, read little-endian.
func sampleScalar(r io.Reader) (*ristretto255.Scalar, error) {
	var b [32]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return nil, fmt.Errorf("draw a key: %w", err)
	}
	b[31] &= 0x0f
	y := ristretto255.NewScalar()
	if err := y.Decode(b[:]); err != nil { // below 2^252: always canonical
		return nil, err
	}
	return y, nil
}

// newCPace starts an exchange with a fresh scalar.
func newCPace(prs, ci, sid, ad []byte) (*cpace, error) {
	y, err := sampleScalar(rand.Reader)
	if err != nil {
		return nil, err
	}
	return newCPaceWith(prs, ci, sid, ad, y), nil
}

// newCPaceWith starts an exchange with a given scalar (tests use the
// draft's).
func newCPaceWith(prs, ci, sid, ad []byte, y *ristretto255.Scalar) *cpace {
	g := cpaceGenerator(prs, ci, sid)
	Y := ristretto255.NewElement().ScalarMult(y, g).Encode(nil)
	return &cpace{sid: sid, y: y, msg: prefixFreeCat(Y, ad)}
}

// finish reads the other side's message (whose associated data must be
// wantAD) and returns ISK. msgA is the inviter's message, msgB the invited
// one's, whichever side this is.
func (c *cpace) finish(peer, wantAD []byte, inviter bool) (isk []byte, err error) {
	parts, err := splitPrefixFree(peer, 2)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(parts[1], wantAD) {
		return nil, errBadShare // a reflected message, or the wrong role
	}
	k, err := scalarMultVfy(c.y, parts[0])
	if err != nil {
		return nil, err
	}
	msgA, msgB := c.msg, peer
	if !inviter {
		msgA, msgB = peer, c.msg
	}
	h := sha512.New()
	h.Write(prefixFreeCat([]byte(cpaceDSI+"_ISK"), c.sid, k))
	h.Write(msgA)
	h.Write(msgB)
	return h.Sum(nil), nil
}

// scalarMultVfy is G.scalar_mult_vfy with the draft's abort: an encoding
// that does not decode, or a result that is the identity, is refused.
func scalarMultVfy(y *ristretto255.Scalar, encoded []byte) ([]byte, error) {
	p := ristretto255.NewElement()
	if err := p.Decode(encoded); err != nil {
		return nil, errWeakShare
	}
	k := ristretto255.NewElement().ScalarMult(y, p)
	if k.Equal(ristretto255.NewElement().Zero()) == 1 {
		return nil, errWeakShare
	}
	return k.Encode(nil), nil
}

// relayKeys are what one greeting yields: a confirmation key for each side
// and a sealing key for each direction.
type relayKeys struct {
	transcript                   [sha512.Size]byte
	confirmInviter, confirmInvit []byte
	sealInviter, sealInvited     []byte // the key of what that side sends
}

// The labels of the key schedule; the version is part of every label.
const (
	labelTranscript     = "gobblet relay 1 transcript"
	labelConfirmInviter = "gobblet relay 1 confirm inviter"
	labelConfirmInvited = "gobblet relay 1 confirm invited"
	labelSealInviter    = "gobblet relay 1 seal inviter to invited"
	labelSealInvited    = "gobblet relay 1 seal invited to inviter"
)

// deriveKeys runs HKDF-SHA-512 over ISK, salted with the hash of the whole
// transcript (both hellos and both key exchange messages).
func deriveKeys(isk []byte, helloA, helloB, msgA, msgB []byte) (relayKeys, error) {
	var k relayKeys
	k.transcript = sha512.Sum512(prefixFreeCat([]byte(labelTranscript), helloA, helloB, msgA, msgB))
	derive := func(label string) ([]byte, error) {
		return hkdf.Key(sha512.New, isk, k.transcript[:], label, 32)
	}
	var err error
	for _, d := range []struct {
		to    *[]byte
		label string
	}{
		{&k.confirmInviter, labelConfirmInviter},
		{&k.confirmInvit, labelConfirmInvited},
		{&k.sealInviter, labelSealInviter},
		{&k.sealInvited, labelSealInvited},
	} {
		if *d.to, err = derive(d.label); err != nil {
			return relayKeys{}, err
		}
	}
	return k, nil
}

// confirmTag is a side's key confirmation: HMAC-SHA-256 over the
// transcript with that side's confirmation key.
func (k relayKeys) confirmTag(inviter bool) []byte {
	key := k.confirmInvit
	if inviter {
		key = k.confirmInviter
	}
	m := hmac.New(sha256.New, key)
	m.Write(k.transcript[:])
	return m.Sum(nil)
}
