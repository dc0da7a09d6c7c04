package netplay

import (
	"errors"
	"time"
)

// Why is a sentence for the player as a kind and its details, so that the
// GUI can say it in the player's language. The English sentence stays in
// the events (Reason, Text) and in Error(), for logs and tests. A Why with
// no Kind says nothing the GUI can translate: it shows the English, or
// words that came from the other side as they are.
type Why struct {
	Kind    Kind
	Addr    string        // a host's or a server's address
	Variant string        // a game: "classic", "gobblers"
	Want    string        // the game asked for
	Theirs  int           // the other side's version
	Ours    int           // this game's version
	N       int           // a count: characters, messages a second
	Wait    time.Duration // how long the game waits
	Text    string        // words from the other side, or the detail of a disagreement
	Who     string        // the other side: "host", "other" (the other player), "friend"; "" for anyone else
}

// Kind names a sentence for the player.
type Kind string

// whyError is an error whose sentence the player sees.
type whyError struct {
	why Why
	err error
}

func (e *whyError) Error() string { return e.err.Error() }
func (e *whyError) Unwrap() error { return e.err }

// withWhy gives err a kind for the GUI; its Error() is unchanged.
func withWhy(err error, w Why) error { return &whyError{why: w, err: err} }

// WhyOf returns the kind and details of an error from Host, Join, Invite
// or Accept, when it has them.
func WhyOf(err error) (Why, bool) {
	var we *whyError
	if errors.As(err, &we) {
		return we.why, true
	}
	return Why{}, false
}

// The kinds of sentences the GUI says in the player's language.
const (
	// moves and requests
	WhyGameIsOver       Kind = "game-is-over"
	WhyNotYourTurn      Kind = "not-your-turn"
	WhyNoGameYet        Kind = "no-game-yet"
	WhyGameAlreadyOver  Kind = "game-already-over"
	WhyDrawAfterMove    Kind = "draw-after-move"
	WhyDrawWaiting      Kind = "draw-waiting"
	WhyDrawAlready      Kind = "draw-already"
	WhyNoDrawOffer      Kind = "no-draw-offer"
	WhyRematchAfterGame Kind = "rematch-after-game"
	// the player ended it
	WhyYouLeft    Kind = "you-left"
	WhyYouClosed  Kind = "you-closed"
	WhyYouStopped Kind = "you-stopped"
	// on this network
	WhyHostNoAnswer    Kind = "host-no-answer"   // Addr
	WhyHostUnreachable Kind = "host-unreachable" // Addr
	WhyPeerLost        Kind = "peer-lost"
	WhyHostWrongCode   Kind = "host-wrong-code"
	WhyTooManyWrong    Kind = "too-many-wrong"
	WhyRoomHasGame     Kind = "room-has-game"
	WhyRoomClosed      Kind = "room-closed"
	WhyHostNewer       Kind = "host-newer" // Theirs, Ours
	WhyHostOlder       Kind = "host-older" // Theirs, Ours
	WhyNotGobblet      Kind = "not-gobblet"
	WhyJoinerWrongCode Kind = "joiner-wrong-code"
	WhyJoinerWait      Kind = "joiner-wait"
	WhyJoinerInGame    Kind = "joiner-in-game"
	// through an online server
	WhyRoomFull           Kind = "room-full"
	WhyTooManyConnections Kind = "too-many-connections"
	WhyServerFull         Kind = "server-full"
	WhyServerSilence      Kind = "server-silence"
	WhyTooManyMessages    Kind = "too-many-messages"
	WhyRoomTimeLimit      Kind = "room-time-limit"
	WhyServerRestarting   Kind = "server-restarting"
	WhyServerLost         Kind = "server-lost"
	WhyServerUnreachable  Kind = "server-unreachable" // Addr
	WhyWrongCode          Kind = "wrong-code"
	WhyStrangerWrongCode  Kind = "stranger-wrong-code"
	WhyStrangerInRoom     Kind = "stranger-in-room"
	WhyFriendNotInRoom    Kind = "friend-not-in-room"
	WhyFriendDropped      Kind = "friend-dropped"
	WhyFriendAway         Kind = "friend-away"
	WhyFriendStopped      Kind = "friend-stopped"
	// the other side (Who)
	WhyLeft             Kind = "left"
	WhyEnded            Kind = "ended" // Text: their words
	WhyStoppedAnswering Kind = "stopped-answering"
	WhyLost             Kind = "lost"
	// greetings that fail
	WhyHostOlderOrNot        Kind = "host-older-or-not-the-room"
	WhyNotTheRoom            Kind = "not-the-room"
	WhyHostNoProof           Kind = "host-no-proof"
	WhyHostLeftGreeting      Kind = "host-left-greeting"
	WhyJoinerLeftGreeting    Kind = "joiner-left-greeting"
	WhyHostTurnedAway        Kind = "host-turned-away"
	WhyFriendStoppedGreeting Kind = "friend-stopped-greeting"
	WhyFriendRestarted       Kind = "friend-restarted"
	WhyLinkScheme            Kind = "link-scheme"   // Text: the scheme and ://
	WhyFriendGone            Kind = "friend-gone"   // Wait
	WhyRelayVersion          Kind = "relay-version" // Theirs, Ours
	// reading an invitation
	WhyInviteEmpty     Kind = "invite-empty"
	WhyLinkIncomplete  Kind = "link-incomplete"
	WhyLinkNoCode      Kind = "link-no-code"
	WhyRoomCodeInvite  Kind = "room-code-invite"
	WhyInviteLength    Kind = "invite-length" // N, Theirs (its length)
	WhyInviteTypo      Kind = "invite-typo"
	WhyNoServerSet     Kind = "no-server-set"
	WhyCodeNamesServer Kind = "code-names-no-server"
	WhyInviteU         Kind = "invite-u"
	WhyInviteBadChar   Kind = "invite-bad-char" // Text: the character, quoted
	// reading a room code of this network
	WhyCodeU       Kind = "code-u"
	WhyCodeBadChar Kind = "code-bad-char" // Text: the character, quoted
	WhyCodeTooLong Kind = "code-too-long" // N: the most characters
	WhyCodeEmpty   Kind = "code-empty"
	WhyCodeTypo    Kind = "code-typo"
	WhyCodeNotOurs Kind = "code-not-ours"
	WhyCodeNoHost  Kind = "code-no-host"
	// the other side broke the protocol (Who: host, other, friend)
	WhyUnsealed       Kind = "unsealed"         // a message not sealed with the room's secret
	WhyNotUnderstood  Kind = "not-understood"   // a message this game does not understand, or too long
	WhyPeerBrokeRules Kind = "peer-broke-rules" // the other player's game broke the rules of online play
	WhyOtherFlood     Kind = "other-flood"      // N: messages a second, from the other player
	// greetings on this network that fail
	WhyGreetJoinerFailed Kind = "greet-joiner-failed"
	WhyGreetHostFailed   Kind = "greet-host-failed"
	WhyJoinerNewer       Kind = "joiner-newer" // Theirs, Ours
	WhyJoinerOlder       Kind = "joiner-older"
	WhyJoinerVariant     Kind = "joiner-variant" // Want: the game they asked for; Variant: this room's
	WhyJoinerTaken       Kind = "joiner-taken"
	WhyHostNoStart       Kind = "host-no-start"
	WhyHostNoVariant     Kind = "host-no-variant"
	WhyHostPlaysOther    Kind = "host-plays-other" // Variant: the host's; Want: the one asked for, "" when not known
	WhyHostRefused       Kind = "host-refused"
	WhyCannotListen      Kind = "cannot-listen" // Addr: where
	WhyNoAddress         Kind = "no-address"    // Addr: the address a joiner cannot reach
	// through an online server, with a friend
	WhyFriendMessageLost Kind = "friend-message-lost" // cut short, missing or out of order: restarted
	WhyFriendTampered    Kind = "friend-tampered"     // changed or replayed: restarted
	WhyFriendGarbled     Kind = "friend-garbled"
	WhyDisagree          Kind = "disagree"           // Text: what differs, in English (logs)
	WhyFriendPlaysOther  Kind = "friend-plays-other" // Variant: the friend's room; Want: the one asked for
	WhyFriendFlood       Kind = "friend-flood"       // N: messages a second
	WhyGreetingSetup     Kind = "greeting-setup"     // this computer could not set up the greeting
	WhyServerRefusedBig  Kind = "server-refused-big"
	WhyBigMessage        Kind = "big-message"
	// a move of this side
	WhyMoveIllegal Kind = "move-illegal" // Text: the rules' words, in English
)

// sideOf names the side a sentence's who is about, for Why.Who.
func sideOf(who string) string {
	switch who {
	case "The host":
		return "host"
	case "The other player":
		return "other"
	case "Your friend":
		return "friend"
	}
	return ""
}
