package netplay

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// The wire protocol: one message per line of printable ASCII ending in "\n",
// words separated by single spaces, at most MaxLine bytes.
//
//	hello gobblet <version> <nonce>                 joiner, first (version 2: hello gobblet 2 <variant|any> <nonce>, both ways)
//	challenge <nonce> [<share>]                     host, before anything is proven (version 4: with its CPace share)
//	share <share> <tag> <variant|any>               joiner, version 4: its CPace share and key confirmation
//	auth <hmac> [<variant|any>]                     joiner, then host (the host's has no variant; version 4: the host's key confirmation)
//	refuse code|wait|taken|closed                   host, instead of a challenge or its proof
//	refuse version <n> | refuse variant <variant>   host, after its proof: this joiner cannot play here
//	start <variant> <x|o>                           host: the game and the joiner's colour in game 1
//	move <ply> <move>                               ply counts from 1; move as in PROTOCOL.md
//	resign <plies>                                  plies played when resigning
//	draw offer <plies>                              only while the other side is to move
//	draw accept <plies> | draw decline <plies>      plies played when the offer was made
//	rematch <game>                                  the game just finished, counting from 1
//	ping                                            heartbeat
//	bye [<words>]                                   goodbye, with a reason a person can read
//
// A nonce is 32 hex digits, an hmac, a share and a tag 64. From version 4
// on, every version greets as "hello gobblet <version> <nonce> ..." and
// proves the secret with the same challenge and share, so two versions can
// prove the secret to each other before either says which version it
// speaks and the host can answer "refuse version" (version 3 did the same
// with challenge and auth). After the greeting every line is sealed
// (seal.go).

// Version is the protocol version this package speaks (2: resign names the
// plies played, so a move that crossed it on the wire can be taken back; 3:
// the host says nothing of its room before the joiner proved the secret; 4:
// the secret is proved with CPace and key confirmation, and the game sealed
// with AES-GCM, see pakedirect.go).
const Version = 4

// hmacVersion is the last version that proves the secret with the HMAC
// challenge and auth; a host still answers it, so that a partner with the
// right code can be told to update.
const hmacVersion = 3

// oldVersion is the last version that greets the old way; a host still
// answers it, so that a partner with the right code can be told to update.
const oldVersion = 2

// MaxLine caps a message, newline included. Nothing longer is ever buffered.
const MaxLine = 256

type kind uint8

const (
	kindHello kind = iota + 1
	kindChallenge
	kindAuth
	kindRefuse
	kindStart
	kindMove
	kindResign
	kindDrawOffer
	kindDrawAccept
	kindDrawDecline
	kindRematch
	kindPing
	kindBye
	kindShare
)

// message is one decoded line. Only the fields of its kind are set.
type message struct {
	kind    kind
	version int          // hello; refuse version
	variant string       // hello (version 2), auth: "classic", "gobblers" or "any", "" when not said; start, refuse variant
	nonce   [16]byte     // hello, challenge
	mac     [32]byte     // auth; share: the tag
	share   *[32]byte    // challenge (version 4), share: the CPace share
	why     string       // refuse: code, wait, taken, closed, version or variant
	colour  rules.Player // start
	n       int          // move: ply; draw: plies; rematch: game number
	move    string       // move, checked against the game by the session
	text    string       // bye
}

// maxNumber bounds numbers on the wire, so parsing never overflows.
const maxNumber = 999_999_999

// parseMessage decodes one line (without its newline). It checks the shape
// of the message only; whether it makes sense now is the session's business.
func parseMessage(line string) (message, error) {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 0x20 || c > 0x7e {
			return message{}, fmt.Errorf("a message holds the byte %#02x, which is not printable text", c)
		}
	}
	w := strings.Split(line, " ")
	for _, x := range w {
		if x == "" {
			return message{}, fmt.Errorf("message %q has an empty word (stray space)", clipText(line))
		}
	}
	bad := func(want string) (message, error) {
		return message{}, fmt.Errorf("message %q is not %s", clipText(line), want)
	}
	var m message
	switch w[0] {
	case "hello":
		// Another version may say anything after its number, so the version
		// is read first; versions from 3 on all put the nonce next.
		if len(w) < 3 || w[1] != "gobblet" {
			return bad("a greeting (hello gobblet <version> ...)")
		}
		v, ok := number(w[2])
		if !ok {
			return bad("a greeting with a version number")
		}
		m = message{kind: kindHello, version: v}
		switch {
		case v == oldVersion:
			if len(w) != 5 || !isVariant(w[3]) {
				return bad("hello gobblet 2 <variant> <nonce>")
			}
			m.variant = w[3]
			if !decodeHex(m.nonce[:], w[4]) {
				return bad("a greeting with a 32-digit hex challenge")
			}
		case (v == Version || v == hmacVersion) && len(w) != 4, v > Version && len(w) < 4:
			return bad("hello gobblet <version> <nonce>")
		case v >= hmacVersion:
			if !decodeHex(m.nonce[:], w[3]) {
				return bad("a greeting with a 32-digit hex challenge")
			}
		}
	case "challenge":
		m.kind = kindChallenge
		if len(w) < 2 || len(w) > 3 || !decodeHex(m.nonce[:], w[1]) {
			return bad("challenge with a 32-digit hex nonce")
		}
		if len(w) == 3 {
			m.share = new([32]byte)
			if !decodeHex(m.share[:], w[2]) {
				return bad("challenge with a 64-digit hex share")
			}
		}
	case "share":
		m.kind, m.share = kindShare, new([32]byte)
		if len(w) != 4 || !decodeHex(m.share[:], w[1]) || !decodeHex(m.mac[:], w[2]) || !isVariant(w[3]) {
			return bad("share <64-digit hex share> <64-digit hex tag> <variant|any>")
		}
		m.variant = w[3]
	case "auth":
		m.kind = kindAuth
		if len(w) < 2 || len(w) > 3 || !decodeHex(m.mac[:], w[1]) {
			return bad("auth with a 64-digit hex proof")
		}
		if len(w) == 3 {
			if !isVariant(w[2]) {
				return bad("auth with a variant (classic, gobblers or any)")
			}
			m.variant = w[2]
		}
	case "refuse":
		m.kind = kindRefuse
		if len(w) < 2 {
			return bad("refuse with a reason")
		}
		m.why = w[1]
		switch {
		case len(w) == 2 && (w[1] == "code" || w[1] == "wait" || w[1] == "taken" || w[1] == "closed"):
		case len(w) == 3 && w[1] == "version":
			var ok bool
			if m.version, ok = number(w[2]); !ok {
				return bad("refuse version <number>")
			}
		case len(w) == 3 && w[1] == "variant" && isVariant(w[2]) && w[2] != "any":
			m.variant = w[2]
		default:
			return bad("refuse code, wait, taken, closed, version <n> or variant <variant>")
		}
	case "start":
		m.kind = kindStart
		if len(w) != 3 || !isVariant(w[1]) || w[1] == "any" {
			return bad("start <variant> <x|o>")
		}
		m.variant = w[1]
		switch w[2] {
		case "x":
			m.colour = rules.X
		case "o":
			m.colour = rules.O
		default:
			return bad("start <variant> x or o")
		}
	case "move":
		m.kind = kindMove
		var ok bool
		if len(w) != 3 || len(w[2]) > 5 {
			return bad("move <ply> <move>")
		}
		if m.n, ok = number(w[1]); !ok || m.n == 0 {
			return bad("a move with its ply number, counting from 1")
		}
		m.move = w[2]
	case "resign":
		m.kind = kindResign
		var ok bool
		if len(w) != 2 {
			return bad("resign <plies>")
		}
		if m.n, ok = number(w[1]); !ok {
			return bad("a resignation with the number of plies played")
		}
	case "ping":
		m.kind = kindPing
		if len(w) != 1 {
			return bad("ping alone")
		}
	case "draw":
		if len(w) != 3 {
			return bad("draw offer|accept|decline <plies>")
		}
		switch w[1] {
		case "offer":
			m.kind = kindDrawOffer
		case "accept":
			m.kind = kindDrawAccept
		case "decline":
			m.kind = kindDrawDecline
		default:
			return bad("draw offer|accept|decline <plies>")
		}
		var ok bool
		if m.n, ok = number(w[2]); !ok {
			return bad("a draw message with the number of plies played")
		}
	case "rematch":
		m.kind = kindRematch
		var ok bool
		if len(w) != 2 {
			return bad("rematch <game>")
		}
		if m.n, ok = number(w[1]); !ok || m.n == 0 {
			return bad("rematch with the number of the game, counting from 1")
		}
	case "bye":
		m.kind = kindBye
		m.text = strings.Join(w[1:], " ")
	default:
		return message{}, fmt.Errorf("%q is not a message of this game", clipText(w[0]))
	}
	return m, nil
}

// String encodes a message as its line, without the newline. parseMessage
// reads back exactly what String writes.
func (m message) String() string {
	switch m.kind {
	case kindHello:
		switch {
		case m.version == oldVersion:
			return fmt.Sprintf("hello gobblet %d %s %s", m.version, m.variant, hex.EncodeToString(m.nonce[:]))
		case m.version >= hmacVersion:
			return fmt.Sprintf("hello gobblet %d %s", m.version, hex.EncodeToString(m.nonce[:]))
		}
		return "hello gobblet " + strconv.Itoa(m.version)
	case kindChallenge:
		if m.share != nil {
			return "challenge " + hex.EncodeToString(m.nonce[:]) + " " + hex.EncodeToString(m.share[:])
		}
		return "challenge " + hex.EncodeToString(m.nonce[:])
	case kindShare:
		return "share " + hex.EncodeToString(m.share[:]) + " " + hex.EncodeToString(m.mac[:]) + " " + m.variant
	case kindAuth:
		if m.variant != "" {
			return "auth " + hex.EncodeToString(m.mac[:]) + " " + m.variant
		}
		return "auth " + hex.EncodeToString(m.mac[:])
	case kindRefuse:
		switch m.why {
		case "version":
			return "refuse version " + strconv.Itoa(m.version)
		case "variant":
			return "refuse variant " + m.variant
		}
		return "refuse " + m.why
	case kindStart:
		return "start " + m.variant + " " + m.colour.String()
	case kindMove:
		return fmt.Sprintf("move %d %s", m.n, m.move)
	case kindResign:
		return fmt.Sprintf("resign %d", m.n)
	case kindDrawOffer:
		return fmt.Sprintf("draw offer %d", m.n)
	case kindDrawAccept:
		return fmt.Sprintf("draw accept %d", m.n)
	case kindDrawDecline:
		return fmt.Sprintf("draw decline %d", m.n)
	case kindRematch:
		return fmt.Sprintf("rematch %d", m.n)
	case kindPing:
		return "ping"
	case kindBye:
		if m.text == "" {
			return "bye"
		}
		return "bye " + m.text
	}
	return "bye"
}

// maxByeText is the longest reason a bye carries: its line, sealed either
// way (seal.go, pakedirect.go), fits in MaxLine.
const maxByeText = 150

// byeText makes a reason safe to send: printable ASCII, single spaces,
// short enough for one line.
func byeText(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e {
			c = ' '
		}
		if c == ' ' && (len(b) == 0 || b[len(b)-1] == ' ') {
			continue
		}
		b = append(b, c)
	}
	if len(b) > maxByeText {
		b = b[:maxByeText]
	}
	return strings.TrimRight(string(b), " ")
}

func isVariant(w string) bool { return w == "classic" || w == "gobblers" || w == "any" }

// number reads a decimal count: digits only, no sign, no leading zero.
func number(s string) (int, bool) {
	if s == "" || len(s) > 9 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= maxNumber
}

// decodeHex fills dst from exactly 2*len(dst) lower-case hex digits.
func decodeHex(dst []byte, s string) bool {
	if len(s) != 2*len(dst) || strings.ToLower(s) != s {
		return false
	}
	_, err := hex.Decode(dst, []byte(s))
	return err == nil
}

// errLineTooLong is what readLine says of a line over MaxLine bytes.
var errLineTooLong = errors.New("line too long")

// readLine reads one message line from a reader made with newLineReader. A
// line longer than MaxLine fails with errLineTooLong after at most MaxLine
// bytes were buffered. The result is a copy, safe to keep.
func readLine(r *bufio.Reader) (string, error) {
	b, err := r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return "", errLineTooLong
	}
	if err != nil {
		return "", err
	}
	return string(b[:len(b)-1]), nil
}

// newLineReader wraps a connection so that no line longer than MaxLine is
// ever held in memory.
func newLineReader(r interface{ Read([]byte) (int, error) }) *bufio.Reader {
	return bufio.NewReaderSize(r, MaxLine)
}

// clipText shortens text from the other side before it is quoted (with %q,
// which also escapes what is not printable) in a sentence.
func clipText(s string) string {
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
