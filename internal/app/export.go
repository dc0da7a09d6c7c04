package app

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// Export writes a saved game's record to a file the player can send or
// open elsewhere: on the desktop into the Downloads folder (there is no
// file dialog), in a browser as a download. The file is the record's text,
// byte for byte what Copy record puts on the clipboard, and a .gobblet file
// put into the games folder is listed in Saved games again.

// exportName is the name, without the extension, a game is exported
// under: "Gobblet 2026-11-26 1435 4x4", then the name the player gave it.
// It is safe on every file system: letters, digits, spaces and a few marks.
func exportName(rec *record.Record) string {
	name := "Gobblet"
	if !rec.Date.IsZero() {
		name += " " + rec.Date.Format("2006-01-02 1504")
	}
	if rec.Variant == rules.Gobblers {
		name += " 3x3"
	} else {
		name += " 4x4"
	}
	if t := safeFileWords(recordTitle(rec)); t != "" {
		name += " - " + t
	}
	return name
}

// maxTitleInName is the most of a game's name kept in its file's name.
const maxTitleInName = 40

// safeFileWords keeps the letters, digits, spaces and - _ , of a name
// from a record (anything else becomes _), at most maxTitleInName of them,
// with no space or mark at either end.
func safeFileWords(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == maxTitleInName {
			break
		}
		switch {
		case r == utf8.RuneError:
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == ',':
		case r == ' ' || r == '\t':
			r = ' '
		default:
			r = '_'
		}
		b.WriteRune(r)
		n++
	}
	return strings.Trim(b.String(), " _-,")
}
