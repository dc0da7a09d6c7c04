package netplay

// Play through a relay server (gobblet-server's /relay/{room}): no port to
// forward. This file is the contract the GUI builds on; see the comments of
// each name for what it promises.
//
// An invitation is a room id, which the relay sees and which is not the
// secret, and a password, which never leaves the two players' machines. The
// short code a person reads out is both: "ROOM-ROOM-PASS-PASS" (16
// characters of the code alphabet in four groups of four: the first eight
// are the room id, the last eight the password, 40 bits). A link carries the
// same code in its fragment, "https://server/#ROOMROOMPASSPASS", which
// browsers never send to the server.
//
// Over the relay the two sides first run a password-authenticated key
// exchange with key confirmation, then every message is encrypted and
// authenticated with the derived key and a sequence number. A dropped
// connection is retried for a few minutes on both sides (Reconnecting, then
// Reconnected), and the game goes on from where it was.
//
// The greeting, on every pairing the relay announces ("paired"), in binary
// messages whose first byte is their kind:
//
//	hello    01 | version 1 | role 'i' or 'j' | nonce (16 random bytes)
//	share    02 | CPace's MSG = lv(Y) lv(role)      pake.go: CPACE-RISTR255-SHA512
//	confirm  03 | HMAC-SHA-256 over the transcript   keys by HKDF-SHA-512 from ISK
//	sealed   04 | sequence number | AES-256-GCM       channel.go
//
// The session id is the room id and both nonces; the roles are bound in the
// channel identifier, the associated data and the confirmation keys, so
// nothing can be reflected. A wrong tag is a wrong code: the side that
// sees it says so in a sentence and leaves that pairing, so a guesser gets
// one try per connection, and the relay sees nothing it could test guesses
// against offline. Sealed messages are the direct mode's lines plus "game",
// "sync" and "moves", with which the two sides agree on the game after
// every greeting (relaysession.go). docs/online.md has the whole protocol
// and the reasons for its choices.

import "github.com/gobblet-game/gobblet/internal/rules"

// Invitation is a relay room's address and password.
type Invitation struct {
	// Server is the page address of the server ("https://play.example.org/"),
	// or "" when the invitation was a bare code.
	Server   string
	Room     string // the room id the relay sees: 8 characters
	Password string // the secret: 8 characters, 40 bits
}

// NewInvitation draws a fresh room id and password for a room at server.
func NewInvitation(server string) (Invitation, error) { return newInvitation(server) }

// ParseInvitation reads what a joiner pasted or typed: a link (any http,
// https, ws or wss address with the code in its fragment) or the short code,
// in any case, with or without dashes or spaces. A typo is refused with a
// sentence that says what is wrong.
func ParseInvitation(s string) (Invitation, error) { return parseInvitation(s) }

// Code is the short code to read out: "ABCD-EFGH-JKMN-PQRS".
func (i Invitation) Code() string { return group(i.Room + i.Password) }

// Link is the invitation link: the server's page address with the code in
// the fragment; "" when the invitation has no server.
func (i Invitation) Link() string { return i.link() }

// InviteConfig is what the inviting side chooses.
type InviteConfig struct {
	// Server is the relay server: its page address (http or https) or its
	// WebSocket address (ws or wss); the relay is at /relay/{room} on it.
	Server  string
	Variant rules.Variant
	Colour  rules.Player // the inviter's colour in the first game
	// Invitation, when its Room is set, reuses a room (a restart of the
	// inviter); zero draws a new one.
	Invitation Invitation
	Limits     Limits
}

// Invite opens a room at the relay and returns at once; the session's
// Invitation is what to send the friend. Started arrives when the friend
// has proved the password; Disconnected when the server cannot be reached
// (with a sentence that says so).
func Invite(cfg InviteConfig) (*Session, error) { return invite(cfg) }

// AcceptConfig is what the invited side has.
type AcceptConfig struct {
	// Invitation is the link or the code as pasted or typed.
	Invitation string
	// Server is used when Invitation is a bare code.
	Server string
	// Expect, when set, is the only variant this side will play.
	Expect *rules.Variant
	Limits Limits
}

// Accept reads the invitation at once (a typo is an error here, before any
// network) and connects in the background, like Join.
func Accept(cfg AcceptConfig) (*Session, error) { return accept(cfg) }

// Reconnecting: the connection dropped and the session is trying to get it
// back on its own; the game is kept. Reason is a sentence for the player.
type Reconnecting struct {
	Reason string
	Why    Why // Reason's kind, for the GUI's languages
}

// Reconnected: the connection is back, both sides agreed on the game, and
// play goes on.
type Reconnected struct{ Game *rules.Game }

func (Reconnecting) event() {}
func (Reconnected) event()  {}
