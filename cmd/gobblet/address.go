package main

import (
	"net/url"
	"strings"
)

// pageFlags turns a web page's query (location.search: "?debug") into the
// game's flags. The address is not a command line: only what the page
// offers is read, and everything else, unknown or malformed, is ignored,
// so that no address can open a room, print a version instead of the game,
// or stop it with a usage error.
//
// The page offers one parameter: debug (?debug, ?debug=1; ?debug=0 is off)
// sends the game's debug log to the browser's console.
func pageFlags(query string) []string {
	values, _ := url.ParseQuery(strings.TrimPrefix(query, "?")) // what parses is kept
	if on(values["debug"]) {
		return []string{"--debug"}
	}
	return nil
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
