package netplay

import (
	"regexp"
	"strings"
	"testing"
)

var codeShape = regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$`)

func TestAnInvitationReadsBackFromItsCodeAndItsLink(t *testing.T) {
	for range 200 {
		inv, err := NewInvitation("https://play.example.org/")
		if err != nil {
			t.Fatal(err)
		}
		if !codeShape.MatchString(inv.Code()) || len(inv.Room) != 8 || len(inv.Password) != 8 {
			t.Fatalf("code %q, room %q, password %q", inv.Code(), inv.Room, inv.Password)
		}
		if want := "https://play.example.org/#" + inv.Room + inv.Password; inv.Link() != want {
			t.Fatalf("link %q, want %q", inv.Link(), want)
		}
		for _, typed := range []string{
			inv.Code(), strings.ToLower(inv.Code()), inv.Room + inv.Password,
			" " + strings.ReplaceAll(inv.Code(), "-", " ") + " ",
			"#" + inv.Room + inv.Password,
		} {
			got, err := ParseInvitation(typed)
			if err != nil || got.Room != inv.Room || got.Password != inv.Password || got.Server != "" {
				t.Fatalf("ParseInvitation(%q) = %+v, %v; want %+v", typed, got, err, inv)
			}
		}
		got, err := ParseInvitation(inv.Link())
		if err != nil || got != inv {
			t.Fatalf("ParseInvitation(link %q) = %+v, %v; want %+v", inv.Link(), got, err, inv)
		}
	}
}

func TestInvitationLinksOfEveryForm(t *testing.T) {
	inv, _ := NewInvitation("")
	code := inv.Room + inv.Password
	for _, tc := range []struct{ link, server string }{
		{"https://play.example.org/#" + code, "https://play.example.org/"},
		{"http://192.168.1.20:8080/#" + inv.Code(), "http://192.168.1.20:8080/"},
		{"HTTPS://Play.Example.org/gobblet/?x=1#" + strings.ToLower(code), "https://Play.Example.org/gobblet/"},
		{"wss://play.example.org/#" + code, "wss://play.example.org/"},
		{"  https://play.example.org/#" + inv.Code() + "\n", "https://play.example.org/"},
	} {
		got, err := ParseInvitation(tc.link)
		if err != nil || got.Room != inv.Room || got.Password != inv.Password || got.Server != tc.server {
			t.Errorf("ParseInvitation(%q) = %+v, %v; want server %q", tc.link, got, err, tc.server)
		}
	}
}

// A typo is caught before the network: every single wrong character, and
// most swaps of neighbours, fail the check character.
func TestATypoInAnInvitationIsCaughtBeforeTheNetwork(t *testing.T) {
	inv, _ := NewInvitation("")
	code := inv.Room + inv.Password
	for i := range code {
		for _, c := range alphabet {
			if byte(c) == code[i] {
				continue
			}
			typo := code[:i] + string(c) + code[i+1:]
			if _, err := ParseInvitation(typo); err == nil {
				t.Fatalf("the typo %q of %q was read", typo, code)
			}
		}
	}
	swaps, caught := 0, 0
	for range 200 {
		inv, _ := NewInvitation("")
		code := inv.Room + inv.Password
		for i := 0; i+1 < len(code); i++ {
			if code[i] == code[i+1] {
				continue
			}
			swaps++
			b := []byte(code)
			b[i], b[i+1] = b[i+1], b[i]
			if _, err := ParseInvitation(string(b)); err != nil {
				caught++
			}
		}
	}
	if caught*100 < swaps*90 {
		t.Errorf("only %d of %d swaps of neighbours were caught", caught, swaps)
	}
}

func TestInvitationsThatAreRefusedSaySo(t *testing.T) {
	inv, _ := NewInvitation("")
	code := inv.Room + inv.Password
	for _, tc := range []struct{ in, want string }{
		{"", "Paste the invitation link"},
		{code[:15], "16 letters and digits; this one has 15"},
		{code + "7", "16 letters and digits; this one has 17"},
		{"7K3Q-D0M8-ZPVX-1RT4-N2E", "Join by address"},
		{code[:3] + "U" + code[4:], "U is never used"},
		{code[:3] + "!" + code[4:], `"!" is not one of`},
		{"https://play.example.org/", "no code after its #"},
		{"ftp://play.example.org/#" + code, "not a Gobblet invitation"},
		{"https://#" + code, "not complete"},
	} {
		_, err := ParseInvitation(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseInvitation(%q): %v; want %q", tc.in, err, tc.want)
		}
		if err != nil && (!strings.HasSuffix(err.Error(), ".") || strings.ToUpper(err.Error()[:1]) != err.Error()[:1]) {
			t.Errorf("ParseInvitation(%q) says %q, not a sentence", tc.in, err)
		}
	}
}

// O, I and L are read as 0, 1 and 1, as in room codes.
func TestInvitationsForgiveLookAlikeLetters(t *testing.T) {
	for range 100 {
		inv, _ := NewInvitation("")
		code := inv.Room + inv.Password
		if !strings.ContainsAny(code, "01") {
			continue
		}
		typed := strings.NewReplacer("0", "o", "1", "l").Replace(code)
		got, err := ParseInvitation(typed)
		if err != nil || got.Room != inv.Room || got.Password != inv.Password {
			t.Fatalf("ParseInvitation(%q) = %+v, %v; want %+v", typed, got, err, inv)
		}
		return
	}
}

func TestServerAddresses(t *testing.T) {
	for _, tc := range []struct{ server, relay, page string }{
		{"https://play.example.org/", "wss://play.example.org/relay/ROOM0000", "https://play.example.org/"},
		{"https://play.example.org/gobblet/", "wss://play.example.org/relay/ROOM0000", "https://play.example.org/gobblet/"},
		{"http://localhost:8080", "ws://localhost:8080/relay/ROOM0000", "http://localhost:8080/"},
		{"wss://play.example.org", "wss://play.example.org/relay/ROOM0000", "https://play.example.org/"},
		{"ws://10.0.0.2:9000/", "ws://10.0.0.2:9000/relay/ROOM0000", "http://10.0.0.2:9000/"},
		{"play.example.org:8080", "ws://play.example.org:8080/relay/ROOM0000", "http://play.example.org:8080/"},
		{"[::1]:8080", "ws://[::1]:8080/relay/ROOM0000", "http://[::1]:8080/"},
	} {
		relay, err := relayURL(tc.server, "ROOM0000")
		if err != nil || relay != tc.relay {
			t.Errorf("relayURL(%q) = %q, %v; want %q", tc.server, relay, err, tc.relay)
		}
		page, err := pageURL(tc.server)
		if err != nil || page != tc.page {
			t.Errorf("pageURL(%q) = %q, %v; want %q", tc.server, page, err, tc.page)
		}
	}
	for _, bad := range []string{"", "  ", "ftp://x.org", "https://", "http://user@"} {
		if _, err := relayURL(bad, "ROOM0000"); err == nil {
			t.Errorf("relayURL(%q) was accepted", bad)
		}
	}
	if _, err := Accept(AcceptConfig{Invitation: "0000-0000-0000-0000"}); err == nil {
		t.Errorf("a bare code was accepted without a server")
	}
}

func FuzzParseInvitation(f *testing.F) {
	inv, _ := NewInvitation("https://play.example.org/")
	for _, s := range []string{
		inv.Code(), inv.Link(), strings.ToLower(inv.Code()), "", "#", "://", "https://x/#",
		"http://[::1]:80/#" + inv.Room + inv.Password, "7K3Q-D0M8-ZPVX-1RT4-N2E", "UUUU-UUUU-UUUU-UUUU",
		"https://a.b/#" + strings.Repeat("0", 300), "\x00\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseInvitation(s)
		if err != nil {
			if msg := err.Error(); msg == "" || !strings.HasSuffix(msg, ".") {
				t.Fatalf("ParseInvitation(%q): %q is not a sentence", s, msg)
			}
			return
		}
		if len(got.Room) != roomLength || len(got.Password) != passwordLength || !roomPattern.MatchString(got.Room) {
			t.Fatalf("ParseInvitation(%q) = %+v", s, got)
		}
		again, err := ParseInvitation(got.Code())
		if err != nil || again.Room != got.Room || again.Password != got.Password {
			t.Fatalf("the code %q of %q reads back as %+v, %v", got.Code(), s, again, err)
		}
		if got.Server != "" {
			if _, err := relayURL(got.Server, got.Room); err != nil {
				t.Fatalf("the server %q of %q: %v", got.Server, s, err)
			}
			back, err := ParseInvitation(got.Link())
			if err != nil || back.Room != got.Room || back.Password != got.Password {
				t.Fatalf("the link %q of %q reads back as %+v, %v", got.Link(), s, back, err)
			}
		}
	})
}
