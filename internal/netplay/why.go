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
