package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// The sentences of netplay's errors come from the catalog by their kind,
// in English the very words the GUI showed before (made from Error()).
func TestNetplayErrorsSayTheSameEnglishFromTheCatalog(t *testing.T) {
	locale.Use("en")
	for _, code := range []string{"", "U", "7K3Q-D0M8-ZPVX-1RT4-N2*", "7K3Q-D0M8-ZPVX-1RT4-N2F", "7K3Q-D0M8-ZPVX-1RT4-N2G"} {
		sess, err := netplay.Join(netplay.JoinConfig{Code: code})
		if err == nil {
			sess.Close()
			continue
		}
		if _, ok := netplay.WhyOf(err); !ok {
			t.Errorf("join %q: %v has no kind", code, err)
		}
		if got, want := codeProblem(err), codeProblem(errors.New(err.Error())); got != want {
			t.Errorf("join %q: %q, was %q", code, got, want)
		}
	}
	for _, inv := range []string{"", "https://", "https://play.example.org/", "ABCD-EFGH-JKMN-PQRU", "ABCD-EFGH-JKMN-PQR*", "ABCD-EFGH-JKMN-PQRS", "ABCD-EFGH-JKMN", "7K3Q-D0M8-ZPVX-1RT4-N2E", "ftp://play.example.org/#ABCD"} {
		sess, err := netplay.Accept(netplay.AcceptConfig{Invitation: inv, Server: "http://127.0.0.1:1"})
		if err == nil {
			sess.Close()
			continue
		}
		if _, ok := netplay.WhyOf(err); !ok {
			t.Errorf("accept %q: %v has no kind", inv, err)
		}
		if got, want := errorText(err), errorText(errors.New(err.Error())); got != want {
			t.Errorf("accept %q: %q, was %q", inv, got, want)
		}
	}
	if got, want := waitWords(3*60e9), "3 minutes"; got != want {
		t.Errorf("waitWords = %q", got)
	}
}

// What the other side did says the English netplay says, their own words
// quoted as Go quotes them.
func TestTheOtherSidesDoingsInEnglishAsNetplaySaysThem(t *testing.T) {
	locale.Use("en")
	words := "bye \"all\"\tnow"
	for _, c := range []struct {
		w    netplay.Why
		want string
	}{
		{netplay.Why{Kind: netplay.WhyLeft, Who: "friend"}, "Your friend left the game."},
		{netplay.Why{Kind: netplay.WhyLeft, Who: "other"}, "The other player left the game."},
		{netplay.Why{Kind: netplay.WhyEnded, Who: "host", Text: words}, fmt.Sprintf("%s ended the connection: %q.", "The host", words)},
		{netplay.Why{Kind: netplay.WhyStoppedAnswering, Who: "other"}, "The other player stopped answering; the connection seems lost."},
		{netplay.Why{Kind: netplay.WhyLost, Who: "friend"}, "The connection to your friend was lost."},
		{netplay.Why{Kind: netplay.WhyLost, Who: "other"}, "The connection to the other player was lost."},
		{netplay.Why{Kind: netplay.WhyLost}, "English"},
		{netplay.Why{Kind: netplay.WhyServerUnreachable, Addr: "play.example.org"}, "Could not reach the server at play.example.org."},
	} {
		if got := whyText(c.w, "English"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.w, got, c.want)
		}
	}
}

// Every kind of netplay's sentences (internal/netplay/why.go) has a message
// in every language: for some side (host, other player, friend) whyText
// does not fall back to netplay's English, and in every other language
// than English it says other words than the English.
func TestEveryWhyKindInEveryLanguage(t *testing.T) {
	t.Cleanup(func() { locale.Use("en") })
	src, err := os.ReadFile(filepath.Join("..", "netplay", "why.go"))
	if err != nil {
		t.Fatal(err)
	}
	kinds := regexp.MustCompile(`(?m)^\s*Why\w+\s+Kind = "([^"]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(kinds) < 90 {
		t.Fatalf("found %d kinds in why.go", len(kinds))
	}
	const english = "\x00netplay's English"
	whys := func(k string) []netplay.Why {
		var out []netplay.Why
		for _, who := range []string{"host", "other", "friend"} {
			out = append(out, netplay.Why{Kind: netplay.Kind(k), Who: who, Addr: "192.0.2.7:9", Variant: "classic", Want: "gobblers",
				Theirs: 5, Ours: 4, N: 20, Wait: 2 * time.Minute, Text: "x"})
		}
		return out
	}
	locale.Use("en")
	inEnglish := map[string]string{}
	for _, k := range kinds {
		said := false
		for _, w := range whys(k[1]) {
			if s := whyText(w, english); s != english {
				said = true
				inEnglish[k[1]+"/"+w.Who] = s
			}
		}
		if !said {
			t.Errorf("kind %s has no message", k[1])
		}
	}
	for _, l := range locale.Languages[1:] {
		locale.Use(l.Code)
		for _, k := range kinds {
			for _, w := range whys(k[1]) {
				en, ok := inEnglish[k[1]+"/"+w.Who]
				if !ok {
					continue
				}
				if s := whyText(w, english); s == en || s == english || strings.Contains(s, "{{") || strings.Contains(s, "<no value>") {
					t.Errorf("%s: %s (%s) says %q", l.Code, k[1], w.Who, s)
				}
			}
		}
	}
}

// The sentences netplay gave no kind before keep their English in the
// catalog: a room that cannot listen, a host playing another game.
func TestNewWhyKindsSayNetplaysEnglish(t *testing.T) {
	locale.Use("en")
	_, err := netplay.Host(netplay.HostConfig{Variant: rules.Classic, Listen: "192.0.2.1:1"})
	if err == nil {
		t.Skip("this machine listens on 192.0.2.1")
	}
	w, ok := netplay.WhyOf(err)
	if !ok || w.Kind != netplay.WhyCannotListen {
		t.Fatalf("%v: kind %q", err, w.Kind)
	}
	if got, want := errorText(err), "This computer cannot open a room at 192.0.2.1:1."; got != want {
		t.Errorf("errorText = %q, want %q", got, want)
	}
	for _, c := range []struct {
		w    netplay.Why
		want string
	}{
		{netplay.Why{Kind: netplay.WhyHostPlaysOther, Variant: "gobblers", Want: "classic"}, "The host plays Gobblers 3×3, not Gobblet 4×4."},
		{netplay.Why{Kind: netplay.WhyUnsealed, Who: "friend"}, "A message from your friend was not sealed with the room's secret; someone may be tampering with the connection, so it was closed."},
		{netplay.Why{Kind: netplay.WhyPeerBrokeRules, Who: "other"}, "The other player's game broke the rules of online play; the connection was closed."},
		{netplay.Why{Kind: netplay.WhyFriendFlood, N: 1000}, "Your friend's game sent more than 1,000 messages a second; the connection was closed."},
	} {
		if got := whyText(c.w, "English"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.w, got, c.want)
		}
	}
	locale.Use("de")
	defer locale.Use("en")
	if got, want := whyText(netplay.Why{Kind: netplay.WhyMoveIllegal}, "English"), "Dieser Zug ist nicht möglich."; got != want {
		t.Errorf("German: %q, want %q", got, want)
	}
	gs := &gameScene{net: &netGame{gone: &netplay.Disconnected{Reason: "English", Why: netplay.Why{Kind: whyGobbletClosed}}}}
	if got, want := gs.statusText(), "Die Verbindung endete, als Gobblet geschlossen wurde."; got != want {
		t.Errorf("the status line of a game continued after Gobblet closed: %q, want %q", got, want)
	}
}
