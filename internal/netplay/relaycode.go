package netplay

import (
	"crypto/rand"
	"fmt"
	"net/url"
	"strings"
)

// An invitation code is 16 characters of the room code's alphabet (code.go:
// Crockford's base32, digits and capitals without I, L, O and U), in four
// groups: "ROOM-ROOM-PASS-PASS". The first eight are the room id the relay
// sees: seven random characters (35 bits: no stranger finds a room by
// trying ids) and a check character, Luhn mod 32 over the other fifteen,
// so that any single mistyped character and most swaps of neighbours,
// in the room id or in the password, are caught before the network. The
// last eight are the password: 40 random bits, which never leave the two
// machines. Typing is forgiving as for room codes: case, spaces and dashes
// do not matter, and O, I and L are read as 0, 1 and 1.
//
// The check character sits in the room id rather than the password so that
// the password keeps its full 40 bits; the relay learns nothing from it
// that the room id does not already tell.

// InvitationLength is the number of characters of an invitation code.
const InvitationLength = 16

const roomLength, passwordLength = 8, 8

// checkAt is the check character's place in the code.
const checkAt = roomLength - 1

func newInvitation(server string) (Invitation, error) {
	var b [InvitationLength - 1]byte
	if _, err := rand.Read(b[:]); err != nil {
		return Invitation{}, fmt.Errorf("draw an invitation: %w", err)
	}
	vals := make([]int, len(b))
	for i, x := range b {
		vals[i] = int(x & 31) // 256 is a multiple of 32: uniform
	}
	return invitationOf(server, vals), nil
}

// invitationOf builds the invitation of fifteen code digits (room id
// without its check character, then the password).
func invitationOf(server string, vals []int) Invitation {
	check := luhn32(vals)
	code := make([]byte, 0, InvitationLength)
	for i, v := range vals {
		if i == checkAt {
			code = append(code, alphabet[check])
		}
		code = append(code, alphabet[v])
	}
	return Invitation{Server: server, Room: string(code[:roomLength]), Password: string(code[roomLength:])}
}

func parseInvitation(s string) (Invitation, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Invitation{}, withWhy(sentence("Paste the invitation link or type the code your friend sent."), Why{Kind: WhyInviteEmpty})
	}
	var server string
	code := s
	if i := strings.Index(s, "://"); i >= 0 {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return Invitation{}, withWhy(sentence("That link is not complete: copy the whole link your friend sent."), Why{Kind: WhyLinkIncomplete})
		}
		switch strings.ToLower(u.Scheme) {
		case "http", "https", "ws", "wss":
		default:
			return Invitation{}, withWhy(sentencef("A link that starts with %q is not a Gobblet invitation.", clipText(u.Scheme+"://")), Why{Kind: WhyLinkScheme, Text: clipText(u.Scheme + "://")})
		}
		if u.Fragment == "" {
			return Invitation{}, withWhy(sentence("That link has no code after its #: copy the whole link your friend sent."), Why{Kind: WhyLinkNoCode})
		}
		code = u.Fragment
		u.Fragment, u.RawFragment, u.RawQuery = "", "", ""
		server = u.String()
	} else {
		code = strings.TrimPrefix(code, "#")
	}
	vals, err := decodeInvitation(code)
	if err != nil {
		return Invitation{}, err
	}
	inv := invitationOf(server, append(vals[:checkAt:checkAt], vals[checkAt+1:]...))
	return inv, nil
}

// decodeInvitation reads the 16 digits of a typed code and checks them.
func decodeInvitation(s string) ([]int, error) {
	vals, bad := codeDigits(s, RoomCodeLength6)
	switch {
	case bad >= 0 && (s[bad] == 'U' || s[bad] == 'u'):
		return nil, withWhy(sentence("U is never used in a code: check the code with your friend."), Why{Kind: WhyInviteU})
	case bad >= 0:
		return nil, withWhy(sentencef("%q is not one of a code's letters and digits: check the code with your friend.", clipText(s[bad:bad+1])), Why{Kind: WhyInviteBadChar, Text: clipText(s[bad : bad+1])})
	}
	switch n := len(vals); {
	case n == RoomCodeLength || n == RoomCodeLength6:
		return nil, withWhy(sentence("That is a room code for a game on the same network: use Join by address for it, not the invitation."), Why{Kind: WhyRoomCodeInvite})
	case n != InvitationLength:
		return nil, withWhy(sentencef("An invitation code has %d letters and digits; this one has %d. Check it with your friend.", InvitationLength, n), Why{Kind: WhyInviteLength, N: InvitationLength, Theirs: n})
	}
	data := append(append([]int{}, vals[:checkAt]...), vals[checkAt+1:]...)
	if luhn32(data) != vals[checkAt] {
		return nil, withWhy(sentence("That code has a typo: a character is wrong or two are swapped. Check it with your friend."), Why{Kind: WhyInviteTypo})
	}
	return vals, nil
}

// link is the invitation link: the server's page address with the code in
// its fragment.
func (i Invitation) link() string {
	if i.Server == "" || i.Room == "" {
		return ""
	}
	page, err := pageURL(i.Server)
	if err != nil {
		return ""
	}
	return page + "#" + i.Room + i.Password
}

// serverURL reads a server address: a page address (http, https), a
// WebSocket address (ws, wss) or a bare host[:port].
func serverURL(server string) (*url.URL, error) {
	server = strings.TrimSpace(server)
	if server == "" {
		return nil, withWhy(sentence("No online server is set: choose one in Options."), Why{Kind: WhyNoServerSet})
	}
	if !strings.Contains(server, "://") {
		server = "ws://" + server
	}
	u, err := url.Parse(server)
	if err != nil || u.Host == "" {
		return nil, sentencef("%q is not a server address: write it as https://host or host:port.", clipText(server))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	switch u.Scheme {
	case "http", "https", "ws", "wss":
	default:
		return nil, sentencef("%q is not a server address: write it as https://host or host:port.", clipText(server))
	}
	u.Fragment, u.RawFragment, u.RawQuery, u.User = "", "", "", nil
	return u, nil
}

// pageURL is the server's page address, where an invitation link points.
func pageURL(server string) (string, error) {
	u, err := serverURL(server)
	if err != nil {
		return "", err
	}
	switch u.Scheme {
	case "ws":
		u.Scheme, u.Path, u.RawPath = "http", "/", ""
	case "wss":
		u.Scheme, u.Path, u.RawPath = "https", "/", ""
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), nil
}

// relayURL is the WebSocket address of a room: ws(s)://host/relay/{room},
// on the same host as a page address.
func relayURL(server, room string) (string, error) {
	u, err := serverURL(server)
	if err != nil {
		return "", err
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	}
	u.Path, u.RawPath = "/relay/"+room, ""
	return u.String(), nil
}

// sentence is an error that is a whole sentence for the player.
type sentence string

func (s sentence) Error() string { return string(s) }

func sentencef(format string, args ...any) error { return sentence(fmt.Sprintf(format, args...)) }
