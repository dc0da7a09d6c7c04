package settings

import (
	"strings"
	"testing"
)

// The online server is kept as typed; an empty one is left out of the file,
// so that an older build, which refuses a field it does not know, still
// reads the settings of a player who never set one.
func TestOnlineServerRoundTripsAndIsOmittedWhenEmpty(t *testing.T) {
	s := Default()
	b, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "online_server") {
		t.Errorf("an unset online server is written:\n%s", b)
	}
	s.OnlineServer = "wss://play.example.org/"
	if b, err = Marshal(s); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.OnlineServer != s.OnlineServer {
		t.Errorf("online server %q read back as %q", s.OnlineServer, got.OnlineServer)
	}
}

func TestOnlineServerOnlyHoldsAnAddress(t *testing.T) {
	for _, tc := range []struct {
		name, server string
		ok           bool
	}{
		{"empty is the default", "", true},
		{"a host name", "play.example.org", true},
		{"a wss address", "wss://play.example.org:8443/", true},
		{"a space", "play example.org", false},
		{"a control character", "play\x1b.example.org", false},
		{"not ASCII", "plày.example.org", false},
		{"too long", "https://" + strings.Repeat("a", MaxOnlineServer), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Default()
			s.OnlineServer = tc.server
			if err := s.Check(); (err == nil) != tc.ok {
				t.Errorf("Check(%q) = %v, want ok %v", tc.server, err, tc.ok)
			}
		})
	}
}
