package app

import (
	"errors"
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
	for _, inv := range []string{"", "https://", "https://play.example.org/", "ABCD-EFGH-JKMN-PQRU", "ABCD-EFGH-JKMN-PQR*", "ABCD-EFGH-JKMN-PQRS", "ABCD-EFGH-JKMN", "7K3Q-D0M8-ZPVX-1RT4-N2E"} {
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
