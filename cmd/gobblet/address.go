package main

import (
	"net/url"
	"strings"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// pageFlags turns a web page's query (location.search: "?debug") into the
// game's flags. The address is not a command line: only what the page
// offers is read, and everything else, unknown or malformed, is ignored,
// so that no address can open a room, print a version instead of the game,
// or stop it with a usage error.
//
// The page offers two parameters: debug (?debug, ?debug=1; ?debug=0 is
// off) sends the game's debug log to the browser's console, and lang
// (?lang=de) sets the language of this visit, as --language does (a code
// the game does not speak leaves the player's choice).
func pageFlags(query string) []string {
	values, _ := url.ParseQuery(strings.TrimPrefix(query, "?")) // what parses is kept
	var args []string
	if on(values["debug"]) {
		args = append(args, "--debug")
	}
	if l := values["lang"]; len(l) > 0 {
		if lang, ok := locale.ByCode(l[len(l)-1]); ok {
			args = append(args, "--language="+lang.Code)
		}
	}
	return args
}

// on reads a switch given in an address: present with no value, or with a
// value other than a "no", is on; the last of several wins.
func on(vals []string) bool {
	if len(vals) == 0 {
		return false
	}
	switch strings.ToLower(vals[len(vals)-1]) {
	case "0", "false", "off", "no":
		return false
	}
	return true
}

// pageInvitation reads the fragment of the page's address (location.hash,
// "#ABCD-EFGH-JKMN-PQRS"): an invitation link opens the page on it, and
// the game goes straight into the room. Only a fragment that has the shape
// of an invitation's code (16 letters and digits, dashes and spaces
// aside) is taken; whether the code itself is right the invitation says
// when it is accepted. Anything else is ignored with a notice for the
// player, never an error: an address never stops the game. The notice is
// a function, said once the game has chosen its language (app.New).
func pageInvitation(fragment string) (code string, notice func() string) {
	f := strings.TrimPrefix(fragment, "#")
	if f == "" {
		return "", nil
	}
	if len(f) > 200 {
		return "", notInvitation(f[:60])
	}
	if un, err := url.PathUnescape(f); err == nil {
		f = un
	}
	n := 0
	for _, r := range f {
		switch {
		case r == '-' || r == ' ':
		case r < 128 && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			n++
		default:
			return "", notInvitation(f)
		}
	}
	if n != inviteCodeLength {
		return "", notInvitation(f)
	}
	return strings.TrimSpace(f), nil
}

// inviteCodeLength is how many letters and digits an invitation's code
// has (internal/netplay: 8 of room, 8 of password).
const inviteCodeLength = 16

// notInvitation is the notice for a fragment that is not an invitation.
func notInvitation(f string) func() string {
	shown := []rune(f)
	if len(shown) > 40 {
		shown = append(shown[:40], '…')
	}
	clean := untrusted.Text(string(shown))
	return func() string { return locale.F("OnlineNotInvitation", "Fragment", clean) }
}
