// Package untrusted makes text that came from outside (a record, a file
// name, a network peer) safe to print or show: control characters (ESC, BEL,
// the C1 set such as U+009B) and bidirectional overrides (U+202E …) could
// otherwise retitle or clear a terminal, or make a line read backwards.
package untrusted

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text returns s with every character that is not graphic (letters, marks,
// numbers, punctuation, symbols, spaces) written as an escape: \x1b for a
// control byte or an invalid UTF-8 byte, \u202e for a format character.
// A backslash is written as \\ so an escape in the output always means the
// character was escaped. Text that needs no escape is returned unchanged.
func Text(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x80 && !unicode.IsGraphic(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case !unicode.IsGraphic(r):
			if r <= 0xffff {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Message returns a message built by code that already quoted its outside
// parts (%q, Text) unchanged, so their escapes are not doubled; a message
// that still holds a character Text escapes, other than the backslash, is
// passed through Text whole. It is the last guard before a line is printed.
func Message(s string) string {
	if isGraphic(s) {
		return s
	}
	return Text(s)
}

// isPlain reports whether Text would return s unchanged.
func isPlain(s string) bool { return !strings.ContainsRune(s, '\\') && isGraphic(s) }

// isGraphic reports whether s is valid UTF-8 of graphic characters only.
func isGraphic(s string) bool {
	for i, r := range s {
		if !unicode.IsGraphic(r) || (r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD")) {
			return false
		}
	}
	return true
}
