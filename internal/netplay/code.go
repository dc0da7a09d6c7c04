package netplay

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"net/netip"
	"strings"
)

// A room code is what the host reads aloud and the joiner types: the host's
// address, its port and a random secret, in Crockford's base32 (digits and
// capitals without I, L, O and U) with a Luhn mod 32 check character, shown
// in groups of four. An IPv4 room is 19 characters, "7K3Q-D0M8-ZPVX-1RT4-N2E";
// an IPv6 room is 38. Typing is forgiving: case, spaces and dashes do not
// matter, and O, I and L are read as 0, 1 and 1.

// SecretBytes is the size of a room's secret: 40 bits, enough that guessing
// it over the network is hopeless, short enough to read aloud.
const SecretBytes = 5

// Lengths of the typed forms, check character included.
const (
	RoomCodeLength   = 19 // IPv4 room: address, port, secret
	RoomCodeLength6  = 38 // IPv6 room
	SecretCodeLength = 9  // the secret alone, for --join address:port --code
)

// Secret is the shared secret of a room. It never travels on the wire: each
// side proves it knows it with an HMAC over fresh challenges.
type Secret [SecretBytes]byte

// NewSecret draws a random secret.
func NewSecret() (Secret, error) {
	var s Secret
	if _, err := rand.Read(s[:]); err != nil {
		return s, fmt.Errorf("draw a room secret: %w", err)
	}
	return s, nil
}

// String writes the secret alone as a 9-character code, "K3QD-0M8Z-P".
func (s Secret) String() string { return group(encode32(s[:])) }

// RoomCode is everything a joiner needs to reach a room.
type RoomCode struct {
	Host   netip.AddrPort
	Secret Secret
}

// String writes the code in groups of four, "7K3Q-D0M8-ZPVX-1RT4-N2E". A code
// whose address is neither IPv4 nor IPv6 prints as "invalid room code".
func (c RoomCode) String() string {
	b, err := c.payload()
	if err != nil {
		return "invalid room code"
	}
	return group(encode32(b))
}

func (c RoomCode) payload() ([]byte, error) {
	a := c.Host.Addr().Unmap()
	if !a.IsValid() || a.IsUnspecified() {
		return nil, fmt.Errorf("room code: %v is not an address a joiner can reach", a)
	}
	if c.Host.Port() == 0 {
		return nil, fmt.Errorf("room code: port 0 cannot be joined")
	}
	b := a.AsSlice()
	b = binary.BigEndian.AppendUint16(b, c.Host.Port())
	return append(b, c.Secret[:]...), nil
}

// ParseRoomCode reads a typed room code.
func ParseRoomCode(s string) (RoomCode, error) {
	b, err := decode32(s, roomLengths, fmt.Sprintf("a room code has %d characters (%d for an IPv6 address)", RoomCodeLength, RoomCodeLength6))
	if err != nil {
		return RoomCode{}, fmt.Errorf("room code: %w", err)
	}
	var ip []byte
	switch len(b) {
	case 4 + 2 + SecretBytes:
		ip = b[:4]
	case 16 + 2 + SecretBytes:
		ip = b[:16]
	default:
		panic("room code of a length decode32 refuses")
	}
	a, _ := netip.AddrFromSlice(ip)
	a = a.Unmap()
	port := binary.BigEndian.Uint16(b[len(ip):])
	if a.IsUnspecified() || port == 0 {
		return RoomCode{}, withWhy(fmt.Errorf("room code: it does not lead to any host; check it for typos"), Why{Kind: WhyCodeNoHost})
	}
	var c RoomCode
	c.Host = netip.AddrPortFrom(a, port)
	copy(c.Secret[:], b[len(ip)+2:])
	return c, nil
}

// ParseSecret reads the secret for joining by address: either the secret
// alone (9 characters) or a whole room code, whose secret it takes.
func ParseSecret(s string) (Secret, error) {
	if codeLen(s) != SecretCodeLength {
		c, err := ParseRoomCode(s)
		if err != nil {
			return Secret{}, fmt.Errorf("secret: want the %d-character secret or the whole room code: %w", SecretCodeLength, err)
		}
		return c.Secret, nil
	}
	b, err := decode32(s, secretLengths, "")
	if err != nil {
		return Secret{}, fmt.Errorf("secret: %w", err)
	}
	var sec Secret
	copy(sec[:], b)
	return sec, nil
}

var (
	roomLengths   = map[int]bool{RoomCodeLength: true, RoomCodeLength6: true}
	secretLengths = map[int]bool{SecretCodeLength: true}
)

const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// digit maps a typed character to its value; -1 for characters that are not
// part of a code, -2 for the separators a person may type.
var digit [256]int8

func init() {
	for i := range digit {
		digit[i] = -1
	}
	for i, c := range alphabet {
		digit[c] = int8(i)
		digit[c|0x20] = int8(i) // lower case; digits are unaffected
	}
	for _, c := range "Oo" {
		digit[c] = 0
	}
	for _, c := range "IiLl" {
		digit[c] = 1
	}
	for _, c := range " -\t" {
		digit[c] = -2
	}
}

// codeLen counts the characters of a typed code that carry value.
func codeLen(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if digit[s[i]] != -2 {
			n++
		}
	}
	return n
}

// encode32 writes bytes as base32 digits, most significant bit first, the
// last digit padded with zero bits, then a check character.
func encode32(b []byte) string {
	n := (len(b)*8 + 4) / 5
	vals := make([]int, 0, n+1)
	for i := 0; i < n; i++ {
		v := 0
		for j := 0; j < 5; j++ {
			bit := i*5 + j
			v <<= 1
			if bit < len(b)*8 && b[bit/8]&(0x80>>(bit%8)) != 0 {
				v |= 1
			}
		}
		vals = append(vals, v)
	}
	vals = append(vals, luhn32(vals))
	out := make([]byte, len(vals))
	for i, v := range vals {
		out[i] = alphabet[v]
	}
	return string(out)
}

// codeDigits reads the code alphabet's digits of s, skipping separators and
// forgiving case, up to most+1 of them: the digits, and the index of the
// first character that is neither (-1 when none came before the end).
func codeDigits(s string, most int) (vals []int, bad int) {
	for i := 0; i < len(s); i++ {
		switch d := digit[s[i]]; {
		case d == -2:
		case d < 0:
			return vals, i
		default:
			if vals = append(vals, int(d)); len(vals) > most {
				return vals, -1
			}
		}
	}
	return vals, -1
}

// decode32 reads what encode32 wrote, forgiving case and separators, and
// checks the length (one of lengths, else the error says want), the check
// character and the padding bits.
func decode32(s string, lengths map[int]bool, want string) ([]byte, error) {
	vals, bad := codeDigits(s, RoomCodeLength6)
	switch {
	case bad >= 0 && (s[bad] == 'U' || s[bad] == 'u'):
		//lint:ignore ST1005 the sentence starts with the letter U itself
		return nil, withWhy(fmt.Errorf("U is never used in a code; check it for typos"), Why{Kind: WhyCodeU})
	case bad >= 0:
		return nil, withWhy(fmt.Errorf("%q is not one of a code's letters and digits", clipText(s[bad:bad+1])), Why{Kind: WhyCodeBadChar, Text: clipText(s[bad : bad+1])})
	case len(vals) > RoomCodeLength6:
		return nil, withWhy(fmt.Errorf("it is longer than any code (%d characters at most)", RoomCodeLength6), Why{Kind: WhyCodeTooLong, N: RoomCodeLength6})
	}
	if len(vals) == 0 {
		return nil, withWhy(fmt.Errorf("it is empty"), Why{Kind: WhyCodeEmpty})
	}
	if !lengths[len(vals)] {
		return nil, fmt.Errorf("%s; this one has %d", want, len(vals))
	}
	data, check := vals[:len(vals)-1], vals[len(vals)-1]
	if luhn32(data) != check {
		return nil, withWhy(fmt.Errorf("it has a typo: its check character does not match"), Why{Kind: WhyCodeTypo})
	}
	nbytes := len(data) * 5 / 8
	b := make([]byte, nbytes)
	for bit := 0; bit < len(data)*5; bit++ {
		on := data[bit/5]&(0x10>>(bit%5)) != 0
		if bit >= nbytes*8 {
			if on {
				return nil, withWhy(fmt.Errorf("it is not a code this game wrote; check it for typos"), Why{Kind: WhyCodeNotOurs})
			}
			continue
		}
		if on {
			b[bit/8] |= 0x80 >> (bit % 8)
		}
	}
	return b, nil
}

// luhn32 is the Luhn mod N check character over base-32 digits: it catches
// every single mistyped character and most swaps of neighbours.
func luhn32(vals []int) int {
	const n = 32
	factor, sum := 2, 0
	for i := len(vals) - 1; i >= 0; i-- {
		a := factor * vals[i]
		factor = 3 - factor
		sum += a/n + a%n
	}
	return (n - sum%n) % n
}

// group splits a code into groups of four for reading aloud.
func group(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i += 4 {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(s[i:min(i+4, len(s))])
	}
	return b.String()
}
