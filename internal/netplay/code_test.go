package netplay

import (
	"net/netip"
	"strings"
	"testing"
)

func sampleCode() RoomCode {
	return RoomCode{
		Host:   netip.MustParseAddrPort("192.168.1.20:7777"),
		Secret: Secret{0x3a, 0x91, 0x07, 0xfe, 0x5c},
	}
}

func TestRoomCodeRoundTrips(t *testing.T) {
	for _, c := range []RoomCode{
		sampleCode(),
		{Host: netip.MustParseAddrPort("127.0.0.1:1"), Secret: Secret{}},
		{Host: netip.MustParseAddrPort("255.255.255.255:65535"), Secret: Secret{255, 255, 255, 255, 255}},
		{Host: netip.MustParseAddrPort("[2001:db8::1]:7777"), Secret: Secret{1, 2, 3, 4, 5}},
	} {
		s := c.String()
		got, err := ParseRoomCode(s)
		if err != nil {
			t.Fatalf("ParseRoomCode(%q) of %v: %v", s, c.Host, err)
		}
		if got != c {
			t.Errorf("ParseRoomCode(%q) = %v, want %v", s, got, c)
		}
		want := RoomCodeLength
		if c.Host.Addr().Is6() {
			want = RoomCodeLength6
		}
		if n := codeLen(s); n != want {
			t.Errorf("code %q has %d characters, want %d", s, n, want)
		}
	}
}

func TestRoomCodeIsNineteenCharactersInGroupsOfFour(t *testing.T) {
	s := sampleCode().String()
	if len(s) != RoomCodeLength+4 || strings.Count(s, "-") != 4 {
		t.Fatalf("room code %q: want 19 characters in five dash-separated groups", s)
	}
	for _, c := range strings.ReplaceAll(s, "-", "") {
		if !strings.ContainsRune(alphabet, c) {
			t.Errorf("room code %q uses %q, not in Crockford's alphabet", s, c)
		}
	}
}

func TestTypingIsForgiving(t *testing.T) {
	c := sampleCode()
	s := c.String()
	plain := strings.ReplaceAll(s, "-", "")
	lookalike := strings.NewReplacer("0", "o", "1", "l").Replace(strings.ToLower(plain))
	for _, typed := range []string{
		s,
		strings.ToLower(s),
		plain,
		"  " + strings.Join(strings.Split(s, "-"), " ") + " ",
		lookalike,
		strings.NewReplacer("1", "I").Replace(plain),
	} {
		got, err := ParseRoomCode(typed)
		if err != nil || got != c {
			t.Errorf("ParseRoomCode(%q) = %v, %v; want %v", typed, got, err, c)
		}
	}
}

// Luhn mod 32: every single mistyped character changes the check.
func TestEverySingleTypoIsCaught(t *testing.T) {
	for _, c := range []RoomCode{sampleCode(), {Host: netip.MustParseAddrPort("10.0.0.2:50000"), Secret: Secret{9, 8, 7, 6, 5}}} {
		plain := strings.ReplaceAll(c.String(), "-", "")
		for i := range plain {
			for _, r := range alphabet {
				if byte(r) == plain[i] {
					continue
				}
				typo := plain[:i] + string(r) + plain[i+1:]
				if got, err := ParseRoomCode(typo); err == nil {
					t.Errorf("typo %q (position %d) of %q was read as %v", typo, i, plain, got)
				}
			}
		}
	}
}

func TestRoomCodeRejects(t *testing.T) {
	plain := strings.ReplaceAll(sampleCode().String(), "-", "")
	for _, tc := range []struct{ name, code, want string }{
		{"empty", "", "empty"},
		{"too short", plain[:10], "19 characters"},
		{"a letter outside the alphabet", plain[:5] + "*" + plain[6:], "not one of"},
		{"U, never used", plain[:5] + "U" + plain[6:], "U is never used"},
		{"the secret alone", sampleCode().Secret.String(), "19 characters"},
		{"one character too many", plain + "0", "this one has 20"},
		{"far too long", strings.Repeat("A", 500), "longer than any code"},
		{"port zero", RoomCode{Host: netip.MustParseAddrPort("10.0.0.1:0")}.String(), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRoomCode(tc.code)
			if err == nil {
				t.Fatalf("ParseRoomCode(%q) accepted it", tc.code)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseRoomCode(%q) = %v, want it to say %q", tc.code, err, tc.want)
			}
		})
	}
}

func TestSecretAloneOrWholeCode(t *testing.T) {
	c := sampleCode()
	for _, typed := range []string{c.Secret.String(), strings.ToLower(c.Secret.String()), c.String()} {
		got, err := ParseSecret(typed)
		if err != nil || got != c.Secret {
			t.Errorf("ParseSecret(%q) = %v, %v; want %v", typed, got, err, c.Secret)
		}
	}
	if n := codeLen(c.Secret.String()); n != SecretCodeLength {
		t.Errorf("secret %q has %d characters, want %d", c.Secret.String(), n, SecretCodeLength)
	}
	if _, err := ParseSecret("ABCD"); err == nil {
		t.Error("ParseSecret accepted a 4-character secret")
	}
}

func FuzzParseRoomCode(f *testing.F) {
	f.Add(sampleCode().String())
	f.Add("0000-0000-0000-0000-000")
	f.Add("zzzz zzzz zzzz zzzz zzz")
	f.Add("K3QD-0M8Z-P")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseRoomCode(s)
		if err != nil {
			return
		}
		back, err := ParseRoomCode(c.String())
		if err != nil || back != c {
			t.Fatalf("code %q read as %v, written %q, read back as %v, %v", s, c, c.String(), back, err)
		}
		if !c.Host.IsValid() || c.Host.Port() == 0 || c.Host.Addr().IsUnspecified() {
			t.Fatalf("code %q leads nowhere: %v", s, c.Host)
		}
		if _, err := ParseSecret(s); err != nil {
			t.Fatalf("ParseSecret refused the room code %q: %v", s, err)
		}
	})
}
