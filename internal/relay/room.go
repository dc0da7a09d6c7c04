package relay

import (
	"fmt"
	"net/netip"
	"strings"
)

// Room ids are 8 to 64 characters of A-Z a-z 0-9 _ - (docs/server.md).
const (
	MinRoomLen = 8
	MaxRoomLen = 64
)

// ParseRoom checks a room id taken from a request path and returns it, or a
// sentence saying what is wrong with it.
func ParseRoom(s string) (string, error) {
	if len(s) < MinRoomLen || len(s) > MaxRoomLen {
		return "", fmt.Errorf("a room name has %d to %d characters; this one has %d", MinRoomLen, MaxRoomLen, len(s))
	}
	for i := 0; i < len(s); i++ {
		if !roomChar(s[i]) {
			return "", fmt.Errorf("a room name has only letters A to Z and a to z, digits, _ and -")
		}
	}
	return s, nil
}

func roomChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// Prefix is the path under which the relay is served: /relay/{room}.
const Prefix = "/relay/"

// roomFromPath takes the room id from a path /relay/{room}.
func roomFromPath(p string) (string, error) {
	room, ok := strings.CutPrefix(p, Prefix)
	if !ok {
		return "", fmt.Errorf("the relay's address is %s followed by a room name", Prefix)
	}
	return ParseRoom(room)
}

// AddrGroup is the client address that the per-address limits count: an
// IPv4 address as it is, an IPv6 address grouped by its /64 (one home or
// one phone usually gets a whole /64).
func AddrGroup(a netip.Addr) netip.Prefix {
	a = a.Unmap()
	if a.Is4() {
		return netip.PrefixFrom(a, 32)
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return netip.PrefixFrom(a, a.BitLen())
	}
	return p
}
