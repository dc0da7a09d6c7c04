package main

import (
	"slices"
	"testing"
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
