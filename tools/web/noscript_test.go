package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// A browser without JavaScript cannot pick the visitor's language, so the
// page says that it needs JavaScript in each of the game's languages, each
// line marked with its language; the loading words, which only a script
// changes, are hidden then.
func TestNoScriptSaysItInEveryLanguage(t *testing.T) {
	text := pageText()
	i, j := strings.Index(text, `<noscript><ul id="noscript">`), strings.Index(text, "</ul></noscript>")
	if i < 0 || j < i {
		t.Fatal("no <noscript> list on the page")
	}
	lines := regexp.MustCompile(`<li lang="([^"]+)">([^<]+)</li>`).FindAllStringSubmatch(text[i:j], -1)
	said := map[string]string{}
	for _, l := range lines {
		said[l[1]] = l[2]
	}
	for _, l := range locale.Languages {
		s, ok := said[l.Code]
		if !ok {
			t.Errorf("the <noscript> line lacks %s", l.Code)
			continue
		}
		if !strings.Contains(s, "JavaScript") || (l.Code != "en" && s == said["en"]) {
			t.Errorf("%s: %q", l.Code, s)
		}
	}
	if len(lines) != len(locale.Languages) {
		t.Errorf("%d lines for %d languages", len(lines), len(locale.Languages))
	}
	if !strings.Contains(text, `<noscript><style>#status, #bar { display: none; }</style></noscript>`) {
		t.Error("without JavaScript the page still shows Loading the game…")
	}
}
