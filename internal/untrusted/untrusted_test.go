package untrusted

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestTextEscapesWhatATerminalOrAScreenWouldObey(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"plain text is unchanged", "Orange vs Blue, 12 moves", "Orange vs Blue, 12 moves"},
		{"accents and symbols are graphic", "Jérôme ×2 ↶ 💡", "Jérôme ×2 ↶ 💡"},
		{"escape sequence", "\x1b]0;pwned\x07", `\x1b]0;pwned\x07`},
		{"clear screen", "\x1b[2J", `\x1b[2J`},
		{"newline and tab", "a\nb\tc", `a\x0ab\x09c`},
		{"C1 control sequence introducer", "a\u009bb", `a\u009bb`},
		{"right-to-left override", "file\u202Egpj.exe", `file\u202egpj.exe`},
		{"isolates and marks", "\u2066x\u2069\u200f", `\u2066x\u2069\u200f`},
		{"invalid UTF-8", "a\xffb", `a\xffb`},
		{"a backslash is doubled", `C:\games`, `C:\\games`},
		{"a real replacement character stays", "a\uFFFDb", "a\uFFFDb"},
		{"delete", "a\x7fb", `a\x7fb`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Text(tc.in); got != tc.want {
				t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func FuzzText(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[2J", "\u202e", "\xff\xfe", `\`, "\u009b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Text(%q) = %q is not valid UTF-8", s, out)
		}
		for _, r := range out {
			if !unicode.IsGraphic(r) {
				t.Fatalf("Text(%q) = %q keeps %U", s, out, r)
			}
		}
		if m := Message(s); !isGraphic(m) || (isGraphic(s) != (m == s)) {
			t.Fatalf("Message(%q) = %q", s, m)
		}
		if isPlain(s) != (out == s) {
			t.Fatalf("Text(%q) = %q, but isPlain says %v", s, out, isPlain(s))
		}
	})
}

func TestMessageKeepsQuotedEscapesAndEscapesTheRest(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a message quoted with %q is unchanged", `unknown command "\x1b[2J"`, `unknown command "\x1b[2J"`},
		{"a raw control byte escapes the whole message", "open a\\b\x1b[2J: no such file", `open a\\b\x1b[2J: no such file`},
		{"a bidi override", "game \u202eelif", `game \u202eelif`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Message(tc.in); got != tc.want {
				t.Errorf("Message(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
