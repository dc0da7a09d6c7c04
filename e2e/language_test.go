//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// The game in the player's language: the machine's (LANG, no LANGUAGE)
// and the command line's (--language, over the harness's LANGUAGE=en).

func TestLanguageFromLANGIsGerman(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg, "LANG=de_DE.UTF-8")
	playInLanguage(t, g, "de", nil)
}

func TestLanguageFlagJapanese(t *testing.T) {
	cfg := t.TempDir()
	g := startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", cfg, "--debug", "--language", "ja"}, cfg, "GOBBLET_NOSOUND=1")
	playInLanguage(t, g, "ja", nil)
}

// languages: the gallery's pictures of the menu and a game in German and
// in Japanese (language-de-menu.png, language-ja-game.png, ...).
func (gl *gallery) languages(t *testing.T, _ string) {
	for _, code := range []string{"de", "ja"} {
		t.Run(code, func(t *testing.T) {
			cfg := t.TempDir()
			g := startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", cfg, "--debug", "--language", code}, cfg, "GOBBLET_NOSOUND=1")
			playInLanguage(t, g, code, gl)
		})
	}
}

// playInLanguage checks that the game speaks a language (the layout log
// says so, the menu's words are the language's), starts a game by keys
// and plays a move; with a gallery it takes the menu's and the game's
// pictures.
func playInLanguage(t *testing.T, g *Game, code string, gl *gallery) {
	t.Helper()
	u := g.waitUI("menu", "", 10*time.Second)
	if m := g.waitLog(`^gobblet: language (\S+)$`, 10*time.Second); m[1] != code {
		t.Fatalf("the game speaks %q, want %q", m[1], code)
	}
	checkMenuWords(t, u, code)
	if gl != nil {
		gl.shot(g, "language-"+code+"-menu")
	}
	// keys only: the words on the buttons are the language's
	g.keyUI("Return")
	g.waitUI("new-game", "", 10*time.Second)
	mark := g.logMark()
	g.keyUI("Return")
	u = g.waitUIAfter(mark, "game", "play", 10*time.Second)
	begin := g.logMark()
	eng := startEngine(t)
	u = g.waitUIFunc("the human's turn", begin, 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
	g.makeMove(u, eng.best("classic", nil, "easy"), true)
	u = g.waitUIFunc("the computer's answer", g.lastMoveLine(begin), 60*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
	if n := len(g.moves(begin)); n < 2 {
		t.Fatalf("%d moves logged, want the player's and the computer's", n)
	}
	if gl != nil {
		gl.shot(g, "language-"+code+"-game")
	}
}

// checkMenuWords checks the main menu's widget labels against the
// catalogs, looked up by ID at run time: no label is an English message
// that the language says otherwise, and once the catalogs hold the menu's
// messages (IDs starting with Menu) at least one label is the language's
// own word for one of them.
func checkMenuWords(t *testing.T, u *UI, code string) {
	t.Helper()
	ids := catalogIDs(t)
	defer locale.Use(locale.Current().Code)
	locale.Use("en")
	en := map[string]string{}
	for _, id := range ids {
		en[id] = locale.T(id)
	}
	locale.Use(code)
	theirs := map[string]string{}
	for _, id := range ids {
		theirs[id] = locale.T(id)
	}
	var labels []string
	for l := range u.Widgets {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	own, menuIDs := 0, 0
	for _, id := range ids {
		if strings.HasPrefix(id, "Menu") {
			menuIDs++
		}
	}
	for _, l := range labels {
		for _, id := range ids {
			switch {
			case en[id] == l && theirs[id] != l:
				t.Errorf("the %s menu shows %q, English, where the catalog's %s says %q", code, l, id, theirs[id])
			case theirs[id] == l && en[id] != l && strings.HasPrefix(id, "Menu"):
				own++
			}
		}
	}
	switch {
	case menuIDs == 0:
		// TODO(issue 24): the menu's messages are not in the catalogs on
		// this branch; once they are (IDs starting with Menu), this check
		// asks for the language's words on the menu without a change.
		t.Logf("the catalogs hold no Menu IDs yet: the menu's labels %q were only checked against the messages there are", labels)
	case own == 0:
		t.Errorf("the %s menu shows none of the catalog's %d Menu messages in %s: %q", code, menuIDs, code, labels)
	}
}

// catalogIDs are the IDs of the English catalogs (every ID is in them),
// read from internal/locale/catalog/*.en.toml.
func catalogIDs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "internal", "locale", "catalog", "*.en.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no English catalog under internal/locale/catalog: %v", err)
	}
	var ids []string
	for _, f := range files {
		buf, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := toml.Unmarshal(buf, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for id, v := range m {
			if plainMessage(v) {
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// plainMessage reports whether a catalog entry is a message without
// plural forms (a string, or a table of its text and description):
// plurals are not labels.
func plainMessage(v any) bool {
	switch v := v.(type) {
	case string:
		return true
	case map[string]any:
		for k := range v {
			if k != "other" && k != "description" && k != "hash" {
				return false
			}
		}
		_, ok := v["other"]
		return ok
	}
	return false
}
