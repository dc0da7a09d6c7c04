package locale

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// messages reads every catalog of one language into ID → message.
func messages(t *testing.T, code string) map[string]*i18n.Message {
	t.Helper()
	all := map[string]*i18n.Message{}
	for _, name := range files[code] {
		buf, err := catalogs.ReadFile("catalog/" + name)
		if err != nil {
			t.Fatal(err)
		}
		mf, err := i18n.ParseMessageFileBytes(buf, name, unmarshalers)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, m := range mf.Messages {
			if _, dup := all[m.ID]; dup {
				t.Errorf("%s: %s is in two files of %s", name, m.ID, code)
			}
			all[m.ID] = m
		}
	}
	return all
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)`)

// names lists the values a message's forms use.
func names(m *i18n.Message) string {
	set := map[string]bool{}
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		for _, x := range placeholder.FindAllStringSubmatch(s, -1) {
			set[x[1]] = true
		}
	}
	var l []string
	for k := range set {
		l = append(l, k)
	}
	sort.Strings(l)
	return strings.Join(l, ",")
}

func plural(m *i18n.Message) bool { return m.One != "" || m.Few != "" || m.Many != "" }

// TestEveryLanguageHasEveryMessage: each language has exactly English's
// IDs, each with the same named values, and a message with plural forms in
// English has them in every language.
func TestEveryLanguageHasEveryMessage(t *testing.T) {
	en := messages(t, "en")
	if len(en) == 0 {
		t.Fatal("no English messages")
	}
	for _, l := range Languages[1:] {
		got := messages(t, l.Code)
		for id, m := range en {
			g, ok := got[id]
			if !ok {
				t.Errorf("%s: %s is missing", l.Code, id)
				continue
			}
			if names(g) != names(m) {
				t.Errorf("%s: %s uses {%s}, English {%s}", l.Code, id, names(g), names(m))
			}
			if plural(m) != plural(g) && (l.Code != "ja" && l.Code != "zh-Hans") {
				t.Errorf("%s: %s: plural forms in one language and not the other", l.Code, id)
			}
			if g.Other == "" {
				t.Errorf("%s: %s has no text", l.Code, id)
			}
		}
		for id := range got {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %s is not an English message (renamed or removed?)", l.Code, id)
			}
		}
	}
}

// TestPluralsByEachLanguagesRules: every count picks a form the language
// has (Russian and Polish need one, few and many; Japanese only other).
func TestPluralsByEachLanguagesRules(t *testing.T) {
	en := messages(t, "en")
	for _, l := range Languages {
		Use(l.Code)
		for id, m := range en {
			if !plural(m) {
				continue
			}
			for n := 0; n <= 125; n++ {
				s := cur.Load()
				_, err := s.loc.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: map[string]any{"Count": n}})
				if err != nil {
					t.Errorf("%s: %s with %d: %v", l.Code, id, n, err)
					break
				}
			}
		}
	}
	Use("en")
}

func TestMatchFollowsThePlayersLanguages(t *testing.T) {
	for _, c := range []struct {
		prefs []string
		want  string
	}{
		{[]string{"de_DE.UTF-8"}, "de"},
		{[]string{"fr-CA"}, "fr"},
		{[]string{"pt-BR"}, "pt-BR"},
		{[]string{"pt_PT"}, "pt-BR"},
		{[]string{"zh-CN"}, "zh-Hans"},
		{[]string{"ja_JP"}, "ja"},
		{[]string{"uk-UA"}, "uk"},
		{[]string{"sv-SE", "de"}, "de"},
		{[]string{"sv-SE"}, "en"},
		{[]string{"C"}, "en"},
		{[]string{"C.UTF-8", "POSIX", ""}, "en"},
		{nil, "en"},
		{[]string{"not a tag!"}, "en"},
		{[]string{"en-GB", "fr"}, "en"},
	} {
		if got := Match(c.prefs...).Code; got != c.want {
			t.Errorf("Match(%q) = %s, want %s", c.prefs, got, c.want)
		}
	}
}

func TestNumbersAndPluralsInTheLanguageInUse(t *testing.T) {
	defer Use("en")
	Use("en")
	if got := Num(12345); got != "12,345" {
		t.Errorf("en Num = %q", got)
	}
	if got := P("Moves", 1); got != "1 move" {
		t.Errorf("en P = %q", got)
	}
	Use("fr")
	if got := P("Moves", 0); got != "0 coup" {
		t.Errorf("fr P(0) = %q (French counts 0 as one)", got)
	}
	if got := Dec(0.5, 1); got != "0,5" {
		t.Errorf("fr Dec = %q", got)
	}
	if got := T("NoSuchMessage"); got != "[NoSuchMessage]" {
		t.Errorf("missing = %q", got)
	}
}

// The IDs the code asks for, found by reading the code: locale.T("X"),
// locale.F("X", …), locale.P("X", …).
var asked = regexp.MustCompile(`\blocale\.[TFP]\(\s*"([^"]+)"`)

// TestEveryMessageTheCodeAsksForExists reads every Go file of the module
// and checks each ID asked for by a literal is in the English catalog.
func TestEveryMessageTheCodeAsksForExists(t *testing.T) {
	en := messages(t, "en")
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() && d.Name() == "locale" {
			return filepath.SkipDir // its own tests and comments
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		buf, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range asked.FindAllStringSubmatch(string(buf), -1) {
			n++
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s asks for %s, which the English catalog lacks", p, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d messages asked for by the code", n)
}

// A language's catalogs are parsed when it is first used, not at start:
// parsing all twelve took 100 ms of every start on the desktop, and most
// of a second in a browser.
func TestOnlyTheLanguagesUsedAreParsed(t *testing.T) {
	defer Use("en")
	forgetParsed()
	parsed := func() []string {
		bundles.Lock()
		defer bundles.Unlock()
		var l []string
		for code := range bundles.parsed {
			l = append(l, code)
		}
		sort.Strings(l)
		return l
	}
	Use("en")
	if got := parsed(); !slices.Equal(got, []string{"en"}) {
		t.Errorf("English in use, the catalogs parsed are %v, want English's alone", got)
	}
	Use("fr")
	if got := parsed(); !slices.Equal(got, []string{"en", "fr"}) {
		t.Errorf("French in use, the catalogs parsed are %v, want English's and French's", got)
	}
	if got := T("MenuPuzzlesAbout"); got == "" || strings.HasPrefix(got, "[") {
		t.Errorf("T(MenuPuzzlesAbout) in French = %q", got)
	}
	if files["en"] == nil || files["fr"] == nil || len(files) != len(Languages) {
		t.Errorf("catalog files by language: %d languages, want %d", len(files), len(Languages))
	}
}

// forgetParsed empties the catalogs' cache, as at start.
func forgetParsed() {
	bundles.Lock()
	defer bundles.Unlock()
	clear(bundles.by)
	clear(bundles.parsed)
}

// Any goroutine may ask for words while the player changes the language.
func TestWordsWhileTheLanguageChanges(t *testing.T) {
	defer Use("en")
	forgetParsed() // each language parsed while other goroutines ask
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				if m := P("PuzzleHeading", 3); m == "" {
					t.Error("an empty message while the language changed")
					return
				}
				T("MenuPuzzlesAbout")
			}
		}()
	}
	for _, l := range Languages {
		Use(l.Code)
	}
	close(done)
	wg.Wait()
}
