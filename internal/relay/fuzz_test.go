package relay

import (
	"net/netip"
	"strings"
	"testing"
)

func FuzzParseRoom(f *testing.F) {
	for _, s := range []string{"", "abcdefgh", "abcdefg", strings.Repeat("Z", 64), strings.Repeat("Z", 65),
		"room_name-01", "room name", "room/name", "..%2f..%2f", "ünïcödé-room", "abc\x00defgh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		room, err := ParseRoom(s)
		valid := len(s) >= MinRoomLen && len(s) <= MaxRoomLen
		for i := 0; i < len(s); i++ {
			valid = valid && strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", s[i]) >= 0
		}
		if valid != (err == nil) {
			t.Fatalf("ParseRoom(%q) = %q, %v; valid %v", s, room, err, valid)
		}
		if err == nil && room != s {
			t.Fatalf("ParseRoom(%q) = %q", s, room)
		}
		if err != nil && err.Error() == "" {
			t.Fatal("no sentence")
		}
		if r2, err2 := roomFromPath(Prefix + s); r2 != room || (err2 == nil) != (err == nil) {
			t.Fatalf("roomFromPath(%q) = %q, %v", Prefix+s, r2, err2)
		}
	})
}

func FuzzAddrGroup(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "::1", "::ffff:10.1.2.3", "2001:db8:1:2:3:4:5:6", "fe80::1%eth0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return
		}
		p := AddrGroup(a)
		if !p.IsValid() || !p.Contains(a.Unmap().WithZone("")) {
			t.Fatalf("AddrGroup(%s) = %s", a, p)
		}
		if a.Unmap().Is4() && p.Bits() != 32 || a.Unmap().Is6() && p.Bits() != 64 {
			t.Fatalf("AddrGroup(%s) = %s", a, p)
		}
	})
}

func TestAddrGroup(t *testing.T) {
	for _, c := range []struct{ a, want string }{
		{"192.0.2.7", "192.0.2.7/32"},
		{"::ffff:192.0.2.7", "192.0.2.7/32"},
		{"2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:bbbb::2", "2001:db8:1:2::/64"},
		{"fe80::1%eth0", "fe80::/64"},
	} {
		if got := AddrGroup(netip.MustParseAddr(c.a)).String(); got != c.want {
			t.Errorf("AddrGroup(%s) = %s, want %s", c.a, got, c.want)
		}
	}
}
