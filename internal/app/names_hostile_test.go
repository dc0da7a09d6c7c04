package app

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/record"
)

// A recorded name is shown short and escaped, whatever the file holds: a
// name of megabytes would be laid out on every row of Saved games, and a
// bidi override would turn the line around.
func TestRecordedNamesAreShownShortAndEscaped(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"a name of 100000 letters", strings.Repeat("W", 100000)},
		{"a name of 40 bidi overrides", strings.Repeat("\u202e", 40)},
		{"a name of combining marks", "Z" + strings.Repeat("\u0301", 5000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &record.Record{Players: [2]record.Player{{Kind: record.Human, Name: tc.in}, {Kind: record.Human, Name: "Blue"}}}
			players, _ := gameLine(rec)
			if n := utf8.RuneCountInString(players); n > 200 || strings.ContainsRune(players, '\u202e') {
				t.Errorf("gameLine shows %d characters: %.80q", n, players)
			}
		})
	}
	if got := clipName("Ann"); got != "Ann" {
		t.Errorf("clipName(Ann) = %q", got)
	}
	exact := strings.Repeat("é", maxNameRunes)
	if got := clipName(exact); got != exact {
		t.Errorf("a name of exactly %d characters is cut: %q", maxNameRunes, got)
	}
}

func TestLevelNameCapitalisesALetterNotAByte(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"hard", "Hard"},
		{"élite", "Élite"},
		{"", "Medium"},
		{strings.Repeat("x", 1000), "X" + strings.Repeat("x", maxNameRunes-2) + "…"}, // 24 characters shown, the last an ellipsis
	} {
		if got := levelName(tc.in); got != tc.want {
			t.Errorf("levelName(%.20q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
