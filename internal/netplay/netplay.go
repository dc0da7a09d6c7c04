// Package netplay is online play, in two modes under one match protocol.
// Direct: one player hosts a room, the other joins it with a room code, and
// the two play over TCP; from protocol version 4 the code is proved with the
// relay mode's PAKE and the game sealed with its AES-256-GCM frames
// (handshake.go, pakedirect.go), and no stranger can close the room or keep
// the partner out (gate.go). Through a relay (relay.go, docs/online.md): one
// player invites, the other accepts the link or the short code, and both
// reach each other through gobblet-server's WebSocket relay, which learns
// nothing: a PAKE (CPace on ristretto255) with key confirmation proves the
// code, every message is sealed with AES-256-GCM and a sequence number, and
// a dropped connection is retried and the game synced on both sides.
//
// A Session is the GUI's handle on a room. Its goroutines talk to the GUI
// only through channels: the GUI polls Events without blocking, and the
// session's methods (SendMove, Resign, OfferDraw, AnswerDraw, Rematch,
// Close) queue a request and return at once.
//
// Nothing that arrives is trusted. The session keeps its own rules.Game and
// checks every received message against it; anything malformed, oversized,
// illegal, out of turn or too frequent, a wrong secret or version, or a peer
// that falls silent ends the connection with a Disconnected event saying why
// in a sentence, and the session's game is left as it was.
package netplay

import "time"

// Limits are the session's time and rate limits. Zero fields take the
// defaults; tests shorten them.
type Limits struct {
	// Heartbeat is how often a ping is sent when nothing else was.
	Heartbeat time.Duration
	// Silence is how long the other side may send nothing before the
	// connection counts as lost. It should be several heartbeats.
	Silence time.Duration
	// Handshake bounds the whole greeting and proof of the secret, from
	// the connection on: a stranger cannot hold a greeting longer.
	Handshake time.Duration
	// Write bounds one message's sending.
	Write time.Duration
	// Rate and Burst bound the messages received: Rate a second on
	// average, Burst at once.
	Rate  float64
	Burst int
	// PendingJoins bounds the strangers a host greets at the same time,
	// PendingPerAddress those from one address: past either, a newcomer
	// takes the place of an older one (see gate).
	PendingJoins      int
	PendingPerAddress int
	// FailuresPerAddress wrong room codes from one address are checked at
	// once; after them the address waits Backoff before its next try,
	// doubled after each wrong one up to BackoffMax. Wrong codes never
	// close a room. The arithmetic is at gate.
	FailuresPerAddress int
	Backoff            time.Duration
	BackoffMax         time.Duration
	// KeepAlive is how often a relay session that waits alone in its room
	// sends an empty message, so that the relay does not close an idle
	// socket (it allows 30 s).
	KeepAlive time.Duration
	// Reconnect is how long a relay session tries to get a lost
	// connection back before it gives up.
	Reconnect time.Duration
}

// DefaultLimits are the limits of a real game.
var DefaultLimits = Limits{
	Heartbeat:          5 * time.Second,
	Silence:            20 * time.Second,
	Handshake:          5 * time.Second,
	Write:              10 * time.Second,
	Rate:               20,
	Burst:              40,
	PendingJoins:       1024,
	PendingPerAddress:  4,
	FailuresPerAddress: 3,
	Backoff:            time.Second,
	BackoffMax:         time.Minute,
	KeepAlive:          20 * time.Second,
	Reconnect:          3 * time.Minute,
}

func (l Limits) orDefaults() Limits {
	d := DefaultLimits
	return Limits{
		Heartbeat:    positiveOr(l.Heartbeat, d.Heartbeat),
		Silence:      positiveOr(l.Silence, d.Silence),
		Handshake:    positiveOr(l.Handshake, d.Handshake),
		Write:        positiveOr(l.Write, d.Write),
		Rate:         positiveOr(l.Rate, d.Rate),
		Burst:        positiveOr(l.Burst, d.Burst),
		PendingJoins: positiveOr(l.PendingJoins, d.PendingJoins),

		PendingPerAddress:  positiveOr(l.PendingPerAddress, d.PendingPerAddress),
		FailuresPerAddress: positiveOr(l.FailuresPerAddress, d.FailuresPerAddress),
		Backoff:            positiveOr(l.Backoff, d.Backoff),
		BackoffMax:         positiveOr(l.BackoffMax, d.BackoffMax),
		KeepAlive:          positiveOr(l.KeepAlive, d.KeepAlive),
		Reconnect:          positiveOr(l.Reconnect, d.Reconnect),
	}
}

func positiveOr[T time.Duration | int | float64](v, d T) T {
	if v > 0 {
		return v
	}
	return d
}

// bucket is a token bucket: the rate limit on received messages.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate float64, burst int) *bucket {
	return &bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// take spends one token; false when the sender is over the limit.
func (b *bucket) take(now time.Time) bool {
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
