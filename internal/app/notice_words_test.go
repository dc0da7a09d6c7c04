package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// noticeWords are the start's notices in the language in use.
func noticeWords(ns []startNotice) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.words()
	}
	return out
}

// everyStartNotice is one notice of each kind the store's start can give.
func everyStartNotice() []startNotice {
	var out []startNotice
	for _, f := range []settings.FileKind{settings.FileSettings, settings.FileGame, settings.FileStats, settings.FilePuzzles} {
		for _, fate := range []settings.Fate{settings.FateLeftAt, settings.FateKeptAs, settings.FateOldKeptAs, settings.FateShelfLeft, settings.FateShelfKeptAs} {
			for _, n := range []settings.Notice{
				{Kind: settings.NoticeUnreadable, Err: fmt.Errorf("parse: %w", os.ErrInvalid)},
				{Kind: settings.NoticeUnreadable, Err: record.ErrTooBig},
				{Kind: settings.NoticeNewer, Err: record.ErrNewerFormat},
			} {
				n.File, n.Fate, n.Path, n.Name = f, fate, "~/.config/gobblet/x.json", "x.json.corrupt"
				out = append(out, startNotice{file: &n})
			}
		}
	}
	for _, n := range []settings.Notice{
		{Kind: settings.NoticeGamesOutside, Path: "~/.config/gobblet/games"},
		{Kind: settings.NoticeKeptOthers, N: 1},
		{Kind: settings.NoticeKeptOthers, N: 4},
		{Kind: settings.NoticeKeptOthers, N: 1, Tabs: true},
		{Kind: settings.NoticeKeptOthers, N: 21, Tabs: true},
	} {
		out = append(out, startNotice{file: &n})
	}
	full := &os.PathError{Op: "mkdir", Path: "/x", Err: syscall.ENOSPC}
	return append(out, startNotice{kind: gameNotContinued}, startNotice{kind: folderBroken, err: full},
		startNotice{kind: storageRefused}, startNotice{kind: storageBroken, err: settings.ErrStorageFull})
}

// Every notice of the start is said in every language from the catalog:
// in English exactly as the settings package words it, in every other
// language in other words, with its path, name and count and no template
// left over.
func TestStartNoticesInEveryLanguage(t *testing.T) {
	t.Cleanup(func() { locale.Use("en") })
	all := everyStartNotice()
	locale.Use("en")
	english := noticeWords(all)
	for i, n := range all {
		if n.file != nil && english[i] != n.file.String() {
			t.Errorf("en: %q\nbut settings says %q", english[i], n.file.String())
		}
	}
	for _, l := range locale.Languages {
		locale.Use(l.Code)
		for i, w := range noticeWords(all) {
			switch {
			case w == "" || strings.Contains(w, "{{") || strings.Contains(w, "<no value>"):
				t.Errorf("%s: notice %d says %q", l.Code, i, w)
			case l.Code != "en" && w == english[i]:
				t.Errorf("%s: notice %d is in English: %q", l.Code, i, w)
			}
			if f := all[i].file; f != nil {
				if f.Kind == settings.NoticeGamesOutside || f.Fate == settings.FateLeftAt {
					if !strings.Contains(w, f.Path) {
						t.Errorf("%s: %q lacks the path %s", l.Code, w, f.Path)
					}
				} else if f.Name != "" && (f.Fate == settings.FateKeptAs || f.Fate == settings.FateOldKeptAs || f.Fate == settings.FateShelfKeptAs) && !strings.Contains(w, f.Name) {
					t.Errorf("%s: %q lacks the name %s", l.Code, w, f.Name)
				}
				if f.Kind == settings.NoticeKeptOthers && f.N > 1 && !strings.Contains(w, locale.Num(f.N+1)) {
					t.Errorf("%s: %q does not count %d windows", l.Code, w, f.N+1)
				}
			}
		}
	}
}

// The folder's notices are worded when the game shows them, in the
// language its settings chose, not in English when the folder is read: a
// German player whose statistics cannot be read is told so in German.
func TestStartNoticesSpeakTheLanguageTheSettingsChose(t *testing.T) {
	t.Cleanup(func() { locale.Use("en") })
	dir := t.TempDir()
	set := settings.Default()
	set.Language = "de"
	first, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.SaveSettings(set); err != nil {
		t.Fatal(err)
	}
	first.Flush()
	if err := os.WriteFile(filepath.Join(dir, settings.StatisticsFile), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	locale.Use("en")
	fs, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Flush()
	a := newHeadless(&scriptSource{}, 1280, 800)
	a.Store, a.Settings = fs, fs.Settings()
	a.useLanguage()
	a.sayAtStart(fs.Notices)
	want := "Deine Statistik ließ sich nicht lesen, daher beginnt sie wieder bei null; die alte Datei bleibt als statistics.json.corrupt erhalten."
	if len(a.notices) != 1 || a.notices[0] != want {
		t.Errorf("notices %q\nwant %q", a.notices, want)
	}
}

// The start's notices in German on the card, to look at (GOBBLET_SHOTS).
func TestShotsOfStartNoticesInGerman(t *testing.T) {
	dir := shotsDir(t, "the start's notices in German")
	t.Cleanup(func() { locale.Use("en") })
	drawShots(t, func() error {
		return writeShot(func(a *App) Scene {
			locale.Use("de")
			all := everyStartNotice()
			a.sayAtStart([]startNotice{all[1], all[len(all)-9], all[len(all)-7], all[len(all)-4], all[len(all)-3]})
			return newMenuScene(a)
		}, 1280, 800, 1, filepath.Join(dir, "notices-de.png"))
	})
}
