package app

import (
	"strconv"
	"strings"
	"time"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// The sentences of internal/netplay, said in the player's language: each
// event and error carries a kind and its details (netplay.Why), which the
// functions below map to a message of the catalog. A kind the GUI does
// not know, and words that come from the other side (a host's, a server's
// or the other player's own), are shown as they are.

// whyGobbletClosed is the GUI's own reason an online game is over: it is
// continued after Gobblet closed, and its connection with it.
const whyGobbletClosed netplay.Kind = "gobblet-closed"

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
	switch w.Kind {
	case netplay.WhyGameIsOver:
		return locale.T("OnlineWhyGameIsOver")
	case netplay.WhyNotYourTurn:
		return locale.T("OnlineWhyNotYourTurn")
	case netplay.WhyNoGameYet:
		return locale.T("OnlineWhyNoGameYet")
	case netplay.WhyGameAlreadyOver:
		return locale.T("OnlineWhyGameAlreadyOver")
	case netplay.WhyDrawAfterMove:
		return locale.T("OnlineWhyDrawAfterMove")
	case netplay.WhyDrawWaiting:
		return locale.T("OnlineWhyDrawWaiting")
	case netplay.WhyDrawAlready:
		return locale.T("OnlineWhyDrawAlready")
	case netplay.WhyNoDrawOffer:
		return locale.T("OnlineWhyNoDrawOffer")
	case netplay.WhyRematchAfterGame:
		return locale.T("OnlineWhyRematchAfterGame")
	case netplay.WhyYouLeft:
		return locale.T("OnlineWhyYouLeft")
	case netplay.WhyYouClosed:
		return locale.T("OnlineWhyYouClosed")
	case netplay.WhyYouStopped:
		return locale.T("OnlineWhyYouStopped")
	case netplay.WhyHostNoAnswer:
		return locale.F("OnlineWhyHostNoAnswer", "Address", w.Addr)
	case netplay.WhyHostUnreachable:
		return locale.F("OnlineWhyHostUnreachable", "Address", w.Addr)
	case netplay.WhyPeerLost:
		return locale.T("OnlineWhyPeerLost")
	case netplay.WhyHostWrongCode:
		return locale.T("OnlineWhyHostWrongCode")
	case netplay.WhyTooManyWrong:
		return locale.T("OnlineWhyTooManyWrong")
	case netplay.WhyRoomHasGame:
		return locale.T("OnlineWhyRoomHasGame")
	case netplay.WhyRoomClosed:
		return locale.T("OnlineWhyRoomClosed")
	case netplay.WhyHostNewer:
		return locale.F("OnlineWhyHostNewer", "Theirs", w.Theirs, "Ours", w.Ours)
	case netplay.WhyHostOlder:
		return locale.F("OnlineWhyHostOlder", "Theirs", w.Theirs, "Ours", w.Ours)
	case netplay.WhyNotGobblet:
		return locale.T("OnlineWhyNotGobblet")
	case netplay.WhyJoinerWrongCode:
		return locale.T("OnlineWhyJoinerWrongCode")
	case netplay.WhyJoinerWait:
		return locale.T("OnlineWhyJoinerWait")
	case netplay.WhyJoinerInGame:
		return locale.T("OnlineWhyJoinerInGame")
	case netplay.WhyRoomFull:
		return locale.T("OnlineWhyRoomFull")
	case netplay.WhyTooManyConnections:
		return locale.T("OnlineWhyTooManyConnections")
	case netplay.WhyServerFull:
		return locale.T("OnlineWhyServerFull")
	case netplay.WhyServerSilence:
		return locale.T("OnlineWhyServerSilence")
	case netplay.WhyTooManyMessages:
		return locale.T("OnlineWhyTooManyMessages")
	case netplay.WhyRoomTimeLimit:
		return locale.T("OnlineWhyRoomTimeLimit")
	case netplay.WhyServerRestarting:
		return locale.T("OnlineWhyServerRestarting")
	case netplay.WhyServerLost:
		return locale.T("OnlineWhyServerLost")
	case netplay.WhyServerUnreachable:
		return locale.F("OnlineWhyServerUnreachable", "Address", w.Addr)
	case netplay.WhyWrongCode:
		return locale.T("OnlineWhyWrongCode")
	case netplay.WhyStrangerWrongCode:
		return locale.T("OnlineWhyStrangerWrongCode")
	case netplay.WhyStrangerInRoom:
		return locale.T("OnlineWhyStrangerInRoom")
	case netplay.WhyFriendNotInRoom:
		return locale.T("OnlineWhyFriendNotInRoom")
	case netplay.WhyFriendDropped:
		return locale.T("OnlineWhyFriendDropped")
	case netplay.WhyFriendAway:
		return locale.T("OnlineWhyFriendAway")
	case netplay.WhyFriendStopped:
		return locale.T("OnlineWhyFriendStopped")
	case netplay.WhyFriendGone:
		if wait := waitWords(w.Wait); wait != "" {
			return locale.F("OnlineWhyFriendGone", "Wait", wait)
		}
	case netplay.WhyLeft, netplay.WhyEnded, netplay.WhyStoppedAnswering, netplay.WhyLost:
		if t := sideText(w); t != "" {
			return t
		}
	case netplay.WhyHostOlderOrNot:
		return locale.T("OnlineWhyHostOlderOrNot")
	case netplay.WhyNotTheRoom:
		return locale.T("OnlineWhyNotTheRoom")
	case netplay.WhyHostNoProof:
		return locale.T("OnlineWhyHostNoProof")
	case netplay.WhyHostLeftGreeting:
		return locale.T("OnlineWhyHostLeftGreeting")
	case netplay.WhyJoinerLeftGreeting:
		return locale.T("OnlineWhyJoinerLeftGreeting")
	case netplay.WhyHostTurnedAway:
		return locale.T("OnlineWhyHostTurnedAway")
	case netplay.WhyFriendStoppedGreeting:
		return locale.T("OnlineWhyFriendStoppedGreeting")
	case netplay.WhyFriendRestarted:
		return locale.T("OnlineWhyFriendRestarted")
	case netplay.WhyLinkScheme:
		return locale.F("OnlineWhyLinkScheme", "Scheme", quoted(w.Text))
	case netplay.WhyRelayVersion:
		return locale.F("OnlineWhyRelayVersion", "Theirs", w.Theirs, "Ours", w.Ours)
	case netplay.WhyInviteEmpty:
		return locale.T("OnlineWhyInviteEmpty")
	case netplay.WhyLinkIncomplete:
		return locale.T("OnlineWhyLinkIncomplete")
	case netplay.WhyLinkNoCode:
		return locale.T("OnlineWhyLinkNoCode")
	case netplay.WhyRoomCodeInvite:
		return locale.T("OnlineWhyRoomCodeInvite")
	case netplay.WhyInviteLength:
		return locale.F("OnlineWhyInviteLength", "Length", locale.Num(w.N), "Count", locale.Num(w.Theirs))
	case netplay.WhyInviteTypo:
		return locale.T("OnlineWhyInviteTypo")
	case netplay.WhyNoServerSet:
		return locale.T("OnlineWhyNoServerSet")
	case netplay.WhyCodeNamesServer:
		return locale.T("OnlineWhyCodeNamesServer")
	case netplay.WhyInviteU:
		return locale.T("OnlineWhyInviteU")
	case netplay.WhyInviteBadChar:
		return locale.F("OnlineWhyInviteBadChar", "Char", quoted(w.Text))
	case netplay.WhyCodeU:
		return locale.T("OnlineWhyCodeU")
	case netplay.WhyCodeBadChar:
		return locale.F("OnlineWhyCodeBadChar", "Char", quoted(w.Text))
	case netplay.WhyCodeTooLong:
		return locale.F("OnlineWhyCodeTooLong", "Most", locale.Num(w.N))
	case netplay.WhyCodeEmpty:
		return locale.T("OnlineWhyCodeEmpty")
	case netplay.WhyCodeTypo:
		return locale.T("OnlineWhyCodeTypo")
	case netplay.WhyCodeNotOurs:
		return locale.T("OnlineWhyCodeNotOurs")
	case netplay.WhyCodeNoHost:
		return locale.T("OnlineWhyCodeNoHost")
	case netplay.WhyUnsealed, netplay.WhyNotUnderstood, netplay.WhyPeerBrokeRules:
		if t := sideText(w); t != "" {
			return t
		}
	case netplay.WhyGreetJoinerFailed:
		return locale.T("OnlineWhyGreetJoinerFailed")
	case netplay.WhyGreetHostFailed:
		return locale.T("OnlineWhyGreetHostFailed")
	case netplay.WhyJoinerNewer:
		return locale.F("OnlineWhyJoinerNewer", "Theirs", w.Theirs, "Ours", w.Ours)
	case netplay.WhyJoinerOlder:
		return locale.T("OnlineWhyJoinerOlder")
	case netplay.WhyJoinerVariant:
		return locale.F("OnlineWhyJoinerVariant", "Want", onlineGameWords(w.Want), "Variant", onlineGameWords(w.Variant))
	case netplay.WhyJoinerTaken:
		return locale.T("OnlineWhyJoinerTaken")
	case netplay.WhyHostNoStart:
		return locale.T("OnlineWhyHostNoStart")
	case netplay.WhyHostNoVariant:
		return locale.T("OnlineWhyHostNoVariant")
	case netplay.WhyHostPlaysOther:
		if w.Want == "" {
			return locale.F("OnlineWhyHostPlaysOtherAsked", "Variant", onlineGameWords(w.Variant))
		}
		return locale.F("OnlineWhyHostPlaysOther", "Variant", onlineGameWords(w.Variant), "Want", onlineGameWords(w.Want))
	case netplay.WhyHostRefused:
		return locale.T("OnlineWhyHostRefused")
	case netplay.WhyCannotListen:
		return locale.F("OnlineWhyCannotListen", "Address", w.Addr)
	case netplay.WhyNoAddress:
		return locale.F("OnlineWhyNoAddress", "Address", w.Addr)
	case netplay.WhyFriendMessageLost:
		return locale.T("OnlineWhyFriendMessageLost")
	case netplay.WhyFriendTampered:
		return locale.T("OnlineWhyFriendTampered")
	case netplay.WhyFriendGarbled:
		return locale.T("OnlineWhyFriendGarbled")
	case netplay.WhyDisagree:
		return locale.T("OnlineWhyDisagree")
	case netplay.WhyFriendPlaysOther:
		return locale.F("OnlineWhyFriendPlaysOther", "Variant", onlineGameWords(w.Variant), "Want", onlineGameWords(w.Want))
	case whyGobbletClosed:
		return locale.T("OnlineWhyGobbletClosed")
	case netplay.WhyOtherFlood:
		return locale.F("OnlineWhyOtherFlood", "N", locale.Num(w.N))
	case netplay.WhyFriendFlood:
		return locale.F("OnlineWhyFriendFlood", "N", locale.Num(w.N))
	case netplay.WhyGreetingSetup:
		return locale.T("OnlineWhyGreetingSetup")
	case netplay.WhyServerRefusedBig:
		return locale.T("OnlineWhyServerRefusedBig")
	case netplay.WhyBigMessage:
		return locale.T("OnlineWhyBigMessage")
	case netplay.WhyMoveIllegal:
		return locale.T("OnlineWhyMoveIllegal")
	}
	return english
}

// onlineGameWords names a game as the online messages name it ("classic",
// "gobblers"): by its name, which is never translated; anything else as
// it came.
func onlineGameWords(v string) string {
	if g, err := rules.ParseVariant(v); err == nil {
		return variantWords(g)
	}
	return quoted(v)
}

// sideText says what the other side did: the host, the other player or
// your friend ("" for anyone else: the English is shown). Their own words
// are shown as they are.
func sideText(w netplay.Why) string {
	text := quoted(w.Text)
	switch w.Who + "/" + string(w.Kind) {
	case "host/" + string(netplay.WhyLeft):
		return locale.T("OnlineWhyHostLeft")
	case "other/" + string(netplay.WhyLeft):
		return locale.T("OnlineWhyOtherLeft")
	case "friend/" + string(netplay.WhyLeft):
		return locale.T("OnlineWhyFriendLeft")
	case "host/" + string(netplay.WhyEnded):
		return locale.F("OnlineWhyHostEnded", "Text", text)
	case "other/" + string(netplay.WhyEnded):
		return locale.F("OnlineWhyOtherEnded", "Text", text)
	case "friend/" + string(netplay.WhyEnded):
		return locale.F("OnlineWhyFriendEnded", "Text", text)
	case "host/" + string(netplay.WhyStoppedAnswering):
		return locale.T("OnlineWhyHostSilent")
	case "other/" + string(netplay.WhyStoppedAnswering):
		return locale.T("OnlineWhyOtherSilent")
	case "friend/" + string(netplay.WhyStoppedAnswering):
		return locale.T("OnlineWhyFriendSilent")
	case "host/" + string(netplay.WhyLost):
		return locale.T("OnlineWhyHostLost")
	case "other/" + string(netplay.WhyLost):
		return locale.T("OnlineWhyPeerLost")
	case "friend/" + string(netplay.WhyLost):
		return locale.T("OnlineWhyFriendLost")
	case "host/" + string(netplay.WhyUnsealed):
		return locale.T("OnlineWhyHostUnsealed")
	case "other/" + string(netplay.WhyUnsealed):
		return locale.T("OnlineWhyOtherUnsealed")
	case "friend/" + string(netplay.WhyUnsealed):
		return locale.T("OnlineWhyFriendUnsealed")
	case "host/" + string(netplay.WhyNotUnderstood):
		return locale.T("OnlineWhyHostNotUnderstood")
	case "other/" + string(netplay.WhyNotUnderstood):
		return locale.T("OnlineWhyOtherNotUnderstood")
	case "friend/" + string(netplay.WhyNotUnderstood):
		return locale.T("OnlineWhyFriendNotUnderstood")
	case "other/" + string(netplay.WhyPeerBrokeRules), "friend/" + string(netplay.WhyPeerBrokeRules):
		return locale.T("OnlineWhyPeerBrokeRules")
	}
	return ""
}

// quoted is a typed character as Go quotes it, its quotes left out (the
// message puts the language's own): a control character shows escaped.
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// waitWords says how long the game waited for a friend: whole minutes or
// seconds ("" for anything else: the English sentence is shown).
func waitWords(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		return locale.P("OnlineWaitMinutes", int(d/time.Minute))
	case d >= time.Second && d%time.Second == 0:
		return locale.P("OnlineWaitSeconds", int(d/time.Second))
	}
	return ""
}
