package netplay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strings"
)

// After the greeting every line is sealed. From version 4 a line is the
// base64 of an AES-256-GCM frame of the relay mode's channel, with its
// sequence number (pakedirect.go, channel.go): the game is encrypted as
// well as authenticated. Version 3 (a host still greets a version 3 joiner,
// to tell it to update, but never plays with it) sealed as follows.
//
// Every line carries a seal: its last word is the first
// 8 bytes, in hex, of an HMAC-SHA256 keyed by a session key (itself an HMAC
// of the room's secret over both challenges) over the sender's role, the
// line's number in that direction and the line. So nobody on the network
// between the players can change, add, drop, replay or reflect a message
// without the connection noticing and closing. The game is not encrypted:
// anyone on the path can still read the moves.
//
// The host seals from "start" on; the joiner from its first message after
// the host's proof. A refusal the host sends instead of start is not sealed,
// so that any version can read it; all it can do is end a greeting, which
// anyone on the path can do by cutting the connection.

const sessionRole = "gobblet netplay session"

// sealer seals a connection's lines once the greeting is over: sealing
// (version 3) or gcmSealing (version 4, pakedirect.go).
type sealer interface {
	seal(line string) string
	open(line string) (string, error)
}

// sealing is one connection's sealing state. The writer and the reader
// each own their counter.
type sealing struct {
	key            [32]byte
	sendAs, readAs byte // 'h' (host) or 'j' (joiner)
	sent, read     uint64
}

func newSealing(s Secret, joiner, host [16]byte, isHost bool) *sealing {
	sl := &sealing{key: proof(s, sessionRole, joiner, host), sendAs: 'j', readAs: 'h'}
	if isHost {
		sl.sendAs, sl.readAs = 'h', 'j'
	}
	return sl
}

func (sl *sealing) mac(role byte, n uint64, line string) string {
	h := hmac.New(sha256.New, sl.key[:])
	var head [9]byte
	head[0] = role
	binary.BigEndian.PutUint64(head[1:], n)
	h.Write(head[:])
	h.Write([]byte(line))
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// seal adds the next seal to an outgoing line.
func (sl *sealing) seal(line string) string {
	t := sl.mac(sl.sendAs, sl.sent, line)
	sl.sent++
	return line + " " + t
}

// errBadSeal is a line whose seal is missing or wrong.
var errBadSeal = errors.New("a message's seal is missing or wrong")

// open checks and removes the seal of an incoming line.
func (sl *sealing) open(line string) (string, error) {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return "", errBadSeal
	}
	body, got := line[:i], line[i+1:]
	if want := sl.mac(sl.readAs, sl.read, body); !hmac.Equal([]byte(got), []byte(want)) {
		return "", errBadSeal
	}
	sl.read++
	return body, nil
}
