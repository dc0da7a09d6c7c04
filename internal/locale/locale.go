// Package locale gives the game its words in the player's language: the
// message catalogs (embedded TOML files, one per screen area and language,
// read by go-i18n), matching the player's preferred languages to the ones
// we have (golang.org/x/text/language), the operating system's or the
// browser's language (jeandeaual/go-locale), plurals by each language's
// rules, and numbers written the way the language writes them
// (golang.org/x/text/message).
//
// The GUI asks for a message by its ID: T for a plain text, F with named
// values, P with a count that picks the plural form. English is the
// source: every ID is in the English catalog, and a message missing from
// another language falls back to English (the catalog tests fail first).
package locale

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/BurntSushi/toml"
	golocale "github.com/jeandeaual/go-locale"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The catalogs: catalog/AREA.LANG.toml, for example catalog/menu.fr.toml.
//
//go:embed catalog/*.toml
var catalogs embed.FS

// Language is one language the game speaks.
type Language struct {
	Code string       // BCP 47, as in the catalogs' file names and the settings: "pt-BR"
	Name string       // in its own words: "Português (Brasil)"
	Tag  language.Tag // Code parsed
	// CJK: its text needs the CJK font and breaks lines between characters.
	CJK bool
}

// Languages are the languages the game speaks, English first (the source
// and the fallback), then in the order the Options list shows them.
var Languages = []Language{
	{Code: "en", Name: "English"},
	{Code: "fr", Name: "Français"},
	{Code: "de", Name: "Deutsch"},
	{Code: "es", Name: "Español"},
	{Code: "it", Name: "Italiano"},
	{Code: "pt-BR", Name: "Português (Brasil)"},
	{Code: "nl", Name: "Nederlands"},
	{Code: "pl", Name: "Polski"},
	{Code: "ru", Name: "Русский"},
	{Code: "uk", Name: "Українська"},
	{Code: "ja", Name: "日本語", CJK: true},
	{Code: "zh-Hans", Name: "简体中文", CJK: true},
}

var (
	matcher language.Matcher
	// files lists the catalog files by language code, from their names
	// (the tests read them too).
	files = map[string][]string{}
)

func init() {
	tags := make([]language.Tag, len(Languages))
	for i := range Languages {
		Languages[i].Tag = language.MustParse(Languages[i].Code)
		tags[i] = Languages[i].Tag
	}
	matcher = language.NewMatcher(tags)
	names, err := fs.Glob(catalogs, "catalog/*.toml")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	for _, name := range names {
		parts := strings.Split(path.Base(name), ".") // AREA.LANG.toml
		code := parts[len(parts)-2]
		files[code] = append(files[code], path.Base(name))
	}
	Use("en")
}

// bundles are the languages' catalogs, each with English's beneath it,
// parsed the first time the language is used: parsing every language's
// at start took 100 ms of every start on the desktop and 0.7–0.9 s in a
// browser, for eleven languages the player does not read.
var bundles = struct {
	sync.Mutex
	by     map[string]*i18n.Bundle
	parsed map[string][]*i18n.MessageFile // by language code
}{by: map[string]*i18n.Bundle{}, parsed: map[string][]*i18n.MessageFile{}}

// bundleFor is the bundle of English's catalogs and code's.
func bundleFor(code string) *i18n.Bundle {
	bundles.Lock()
	defer bundles.Unlock()
	if b, ok := bundles.by[code]; ok {
		return b
	}
	b := i18n.NewBundle(language.English)
	for _, c := range slices.Compact([]string{"en", code}) {
		for _, mf := range parsedFiles(c) {
			if err := b.AddMessages(mf.Tag, mf.Messages...); err != nil {
				panic(fmt.Sprintf("catalog %s: %v", mf.Path, err))
			}
		}
	}
	bundles.by[code] = b
	return b
}

// unmarshalers read the catalogs' format.
var unmarshalers = map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal}

// parsedFiles is code's catalogs, parsed once (bundles held).
func parsedFiles(code string) []*i18n.MessageFile {
	if mfs, ok := bundles.parsed[code]; ok {
		return mfs
	}
	var mfs []*i18n.MessageFile
	for _, name := range files[code] {
		buf, err := catalogs.ReadFile("catalog/" + name)
		if err != nil {
			panic(err)
		}
		// A catalog is compiled in: one that does not parse is a build
		// error, caught by the tests before anyone sees it.
		mf, err := i18n.ParseMessageFileBytes(buf, name, unmarshalers)
		if err != nil {
			panic(fmt.Sprintf("catalog %s: %v", name, err))
		}
		mfs = append(mfs, mf)
	}
	bundles.parsed[code] = mfs
	return mfs
}

// state is the language in use, swapped whole so that any goroutine may
// ask for a word while the player changes the language.
type state struct {
	lang    Language
	loc     *i18n.Localizer
	printer *message.Printer
	mu      sync.Mutex
	plain   map[string]string // T's answers, asked every frame
}

var cur atomic.Pointer[state]

// ByCode returns the language of a code the game speaks.
func ByCode(code string) (Language, bool) {
	for _, l := range Languages {
		if strings.EqualFold(l.Code, code) {
			return l, true
		}
	}
	return Language{}, false
}

// Match picks the language the game speaks that best serves a list of
// preferred languages (BCP 47 tags or POSIX locales such as "de_DE.UTF-8",
// most preferred first): English when none is close.
func Match(prefs ...string) Language {
	var tags []language.Tag
	for _, p := range prefs {
		p = strings.TrimSpace(p)
		if i := strings.IndexAny(p, ".@"); i >= 0 { // de_DE.UTF-8, ca_ES@valencia
			p = p[:i]
		}
		p = strings.ReplaceAll(p, "_", "-")
		if p == "" || p == "C" || p == "POSIX" {
			continue
		}
		if t, err := language.Parse(p); err == nil {
			tags = append(tags, t)
		}
	}
	if len(tags) == 0 {
		return Languages[0]
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return Languages[0]
	}
	return Languages[i]
}

// System returns the languages the operating system or the browser says
// the player prefers, most preferred first (nil when it says none).
func System() []string {
	l, err := golocale.GetLocales()
	if err != nil {
		return nil
	}
	return l
}

// Use sets the language the game speaks: a code the game speaks, or ""
// (Auto) for the system's language. It returns the language chosen.
func Use(code string) Language {
	l, ok := ByCode(code)
	if !ok {
		l = Match(System()...)
	}
	cur.Store(&state{
		lang:    l,
		loc:     i18n.NewLocalizer(bundleFor(l.Code), l.Code),
		printer: message.NewPrinter(l.Tag),
		plain:   map[string]string{},
	})
	return l
}

// Current is the language in use.
func Current() Language { return cur.Load().lang }

// T returns a message with no values.
func T(id string) string {
	s := cur.Load()
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.plain[id]; ok {
		return m
	}
	m := s.localize(&i18n.LocalizeConfig{MessageID: id})
	s.plain[id] = m
	return m
}

// F returns a message with named values, given as name, value pairs:
// F("Wins", "Name", "Orange"). Numbers are best given through Num.
func F(id string, kv ...any) string {
	return cur.Load().localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data(kv)})
}

// P returns a message whose words depend on a count, in the plural form
// the language's rules give for n; the message sees n as {{.Count}},
// written as the language writes numbers, beside the named values kv.
func P(id string, n int, kv ...any) string {
	s := cur.Load()
	d := data(kv)
	d["Count"] = s.printer.Sprint(n)
	return s.localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: n})
}

// Num writes an integer the way the language in use writes numbers
// ("1,234" in English, "1 234" in French).
func Num(n int) string { return cur.Load().printer.Sprint(n) }

// Dec writes a number with a fixed count of decimals, with the
// language's decimal mark ("0.5" in English, "0,5" in German).
func Dec(x float64, decimals int) string {
	return cur.Load().printer.Sprintf(fmt.Sprintf("%%.%df", decimals), x)
}

func data(kv []any) map[string]any {
	d := make(map[string]any, len(kv)/2+1)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			d[k] = kv[i+1]
		}
	}
	return d
}

// localize answers a message, falling back to English, and to the ID in
// brackets when even English lacks it (the catalog tests catch that).
func (s *state) localize(c *i18n.LocalizeConfig) string {
	m, err := s.loc.Localize(c)
	if m == "" && err != nil {
		return "[" + c.MessageID + "]"
	}
	return m
}
