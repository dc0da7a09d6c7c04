package main

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

func TestThePageAddressGivesOnlyTheFlagsThePageOffers(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"", nil},
		{"?", nil},
		{"?debug", []string{"--debug"}},
		{"?debug=1", []string{"--debug"}},
		{"?debug=true", []string{"--debug"}},
		{"?debug=0", nil},
		{"?debug=off", nil},
		{"?debug=1&debug=0", nil},
		{"?host=:1", nil},
		{"?join=1.2.3.4:7777&code=K3QD-0M8Z-P", nil},
		{"?version", nil},
		{"?bogus=1", nil},
		{"?config-dir=/etc&cpuprofile=/tmp/p", nil},
		{"?--debug", nil},
		{"?debug&host=:1&version", []string{"--debug"}},
		{"?%zz&debug", []string{"--debug"}},
		{"?debug=%zz", nil},
		{"?DEBUG", nil},
		{"?lang=de", []string{"--language=de"}},
		{"?lang=pt-br&debug", []string{"--debug", "--language=pt-BR"}},
		{"?lang=xx", nil},
		{"?lang=de%20--version", nil},
		{"?lang=fr&lang=ja", []string{"--language=ja"}},
	}
	for _, tt := range tests {
		if got := pageFlags(tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("pageFlags(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

// Whatever the address, the flags it gives parse without an error: the
// game never stops over an address.
func FuzzPageFlagsAlwaysParse(f *testing.F) {
	for _, s := range []string{"?debug", "?host=:1", "?version", "?bogus=1", "?debug=%zz&x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, query string) {
		fs := newFlags()
		if err := fs.Parse(pageFlags(query)); err != nil {
			t.Fatalf("pageFlags(%q) gave flags that do not parse: %v", query, err)
		}
		if fs.online() {
			t.Fatalf("pageFlags(%q) asks for online play", query)
		}
	})
}

// An invitation link ("https://server/#CODE") opens the page straight into
// the room; any other fragment is ignored with a notice.
func TestThePageFragmentIsAnInvitationOrANotice(t *testing.T) {
	tests := []struct {
		fragment, code string
		notice         bool
	}{
		{"", "", false},
		{"#", "", false},
		{"#ABCD-EFGH-JKMN-PQRS", "ABCD-EFGH-JKMN-PQRS", false},
		{"#abcdefghjkmnpqrs", "abcdefghjkmnpqrs", false},
		{"ABCD-EFGH-JKMN-PQRS", "ABCD-EFGH-JKMN-PQRS", false},
		{"#ABCD%20EFGH%20JKMN%20PQRS", "ABCD EFGH JKMN PQRS", false},
		{"#ABCD-EFGH-JKMN-PQR", "", true},      // a character short
		{"#ABCD-EFGH-JKMN-PQRST", "", true},    // one too many
		{"#7K3Q-D0M8-ZPVX-1RT4-N2E", "", true}, // a room code of the direct mode
		{"#top", "", true},                     // an anchor
		{"#ABCD-EFGH-JKMN-PQR\x1b", "", true},  // a control character
		{"#ABCD-EFGH-JKMN-PQRŠ", "", true},     // not ASCII
		{"#%zz", "", true},                     // not escaped right
		{"#" + strings.Repeat("A", 5000), "", true},
	}
	for _, tt := range tests {
		code, notice := pageInvitation(tt.fragment)
		if code != tt.code || (notice != nil) != tt.notice {
			t.Errorf("pageInvitation(%.40q) = %q, notice %v; want %q, notice %v", tt.fragment, code, notice != nil, tt.code, tt.notice)
		}
		if notice != nil && !strings.Contains(notice(), "which is not an invitation, so the game opened as usual") {
			t.Errorf("pageInvitation(%.40q) says %q", tt.fragment, notice())
		}
	}
}

// Whatever the fragment, it gives a code of the invitation's shape or a
// notice, never both, and the notice is one printable sentence of bounded
// length that shows nothing unescaped.
func FuzzPageInvitation(f *testing.F) {
	for _, s := range []string{"", "#ABCD-EFGH-JKMN-PQRS", "#top", "#%zz", "#\x1b[2J", "#\u202eABCD", "#ABCD EFGH JKMN PQRS"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fragment string) {
		code, say := pageInvitation(fragment)
		if code != "" && say != nil {
			t.Fatalf("pageInvitation(%q) gave a code %q and a notice", fragment, code)
		}
		if code != "" {
			n := 0
			for _, r := range code {
				switch {
				case r == '-' || r == ' ':
				case r < 128 && unicode.IsLetter(r) || unicode.IsDigit(r) && r < 128:
					n++
				default:
					t.Fatalf("pageInvitation(%q) gave the code %q", fragment, code)
				}
			}
			if n != inviteCodeLength {
				t.Fatalf("pageInvitation(%q) gave the code %q of %d characters", fragment, code, n)
			}
		}
		var notice string
		if say != nil {
			notice = say()
		}
		if len(notice) > 600 || strings.ContainsFunc(notice, func(r rune) bool { return !unicode.IsGraphic(r) }) {
			t.Fatalf("pageInvitation(%q) gave the notice %q", fragment, notice)
		}
	})
}
