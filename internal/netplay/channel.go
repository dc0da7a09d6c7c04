package netplay

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
)

// After the key exchange every message through the relay is sealed with
// AES-256-GCM (crypto/cipher, the standard library: no new dependency, and
// hardware AES on the desktop's amd64 and arm64), one key for each
// direction from the key schedule (pake.go). A sealed frame is
//
//	0x04 | sequence number (8 bytes, big-endian) | ciphertext and tag
//
// The sequence number counts the frames sent in that direction on this
// connection from 0; it is the nonce (after four zero bytes) and, with the
// frame's first byte, the associated data. The receiver first checks the
// tag, then that the number is the next one it expects, so it can say what
// happened: a frame cut short, changed, replayed (a number already seen) or
// one missing before it (dropped, or out of order). Keys are new on every
// connection, so nothing can be replayed from one connection into another.

const (
	frameHello   = 0x01 // version, role, nonce
	frameShare   = 0x02 // the CPace message
	frameConfirm = 0x03 // the key confirmation tag
	frameSealed  = 0x04 // a sealed message
)

// sealedOverhead is what sealing adds to a message.
const sealedOverhead = 1 + 8 + 16

var (
	errCutShort = errors.New("a sealed message was cut short")
	errTampered = errors.New("a sealed message was changed on the way")
	errReplayed = errors.New("a sealed message came a second time")
	errSkipped  = errors.New("a sealed message went missing or came out of order")
)

// channel is one connection's sealing state. The writer and the reader
// each own their half.
type channel struct {
	send, recv cipher.AEAD
	sent, read uint64
}

func newChannel(sendKey, recvKey []byte) (*channel, error) {
	s, err := newGCM(sendKey)
	if err != nil {
		return nil, err
	}
	r, err := newGCM(recvKey)
	if err != nil {
		return nil, err
	}
	return &channel{send: s, recv: r}, nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

func nonceOf(seq uint64) []byte {
	var n [12]byte
	binary.BigEndian.PutUint64(n[4:], seq)
	return n[:]
}

// seal makes the next frame of plain.
func (c *channel) seal(plain []byte) []byte {
	out := make([]byte, 9, sealedOverhead+len(plain))
	out[0] = frameSealed
	binary.BigEndian.PutUint64(out[1:9], c.sent)
	out = c.send.Seal(out, nonceOf(c.sent), plain, out[:9])
	c.sent++
	return out
}

// open checks and opens the next frame. On an error nothing is consumed:
// the connection is no longer to be trusted.
func (c *channel) open(frame []byte) ([]byte, error) {
	if len(frame) < sealedOverhead || frame[0] != frameSealed {
		return nil, errCutShort
	}
	seq := binary.BigEndian.Uint64(frame[1:9])
	plain, err := c.recv.Open(nil, nonceOf(seq), frame[9:], frame[:9])
	switch {
	case err != nil:
		return nil, errTampered
	case seq < c.read:
		return nil, errReplayed
	case seq > c.read:
		return nil, errSkipped
	}
	c.read++
	return plain, nil
}
