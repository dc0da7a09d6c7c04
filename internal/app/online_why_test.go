package app

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/netplay"
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
