//go:build !js

package app

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// exportsTo sends exports to dir for the test.
func exportsTo(t *testing.T, dir string) {
	was := downloadsDir
	downloadsDir = func() (string, error) { return dir, nil }
	t.Cleanup(func() { downloadsDir = was })
}

// Export writes the focused game's record, byte for byte what Copy record
// copies, into the Downloads folder (made when missing), says where, and
// the file put into a games folder is a saved game again.
func TestExportWritesTheRecordAndItComesBack(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Downloads")
	exportsTo(t, dir)
	p, ss := demoList(t)
	rec := ss.focused().Record
	want, err := record.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyE}, Ctrl: true})
	if ss.exported == "" || filepath.Dir(ss.exported) != dir || !strings.HasSuffix(ss.exported, ".gobblet") {
		t.Fatalf("exported to %q, want a .gobblet file in %s (note %q)", ss.exported, dir, ss.note)
	}
	if !strings.HasPrefix(ss.note, "Exported to ") || !strings.Contains(ss.note, filepath.Base(ss.exported)) {
		t.Errorf("the note should say where the file is: %q", ss.note)
	}
	got, err := os.ReadFile(ss.exported)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the file holds\n%s\nwant the record\n%s", got, want)
	}

	// put into another player's games folder, it is listed and opens
	cfg := t.TempDir()
	if err := os.Mkdir(filepath.Join(cfg, settings.GamesFolder), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, settings.GamesFolder, filepath.Base(ss.exported)), got, 0o600); err != nil {
		t.Fatal(err)
	}
	fs, err := OpenFileStore(cfg)
	if err != nil {
		t.Fatal(err)
	}
	games, err := fs.Records()
	if err != nil || len(games) != 1 || games[0].Record == nil {
		t.Fatalf("the games folder lists %+v (%v), want the exported game", games, err)
	}
	again, err := record.Marshal(games[0].Record)
	if err != nil || !bytes.Equal(again, want) {
		t.Errorf("the game read back is not the one exported (%v)", err)
	}
	if _, err := games[0].Record.Game(); err != nil {
		t.Errorf("the game read back does not replay: %v", err)
	}
}

// A second export of the same game, or a file already there under its
// name, never replaces a file: the next name is "… (2)", "… (3)".
func TestExportNeverReplacesAFile(t *testing.T) {
	dir := t.TempDir()
	exportsTo(t, dir)
	p, ss := demoList(t)
	base := exportName(ss.focused().Record)
	theirs := filepath.Join(dir, base+".gobblet")
	if err := os.WriteFile(theirs, []byte("the player's own file"), 0o600); err != nil {
		t.Fatal(err)
	}
	// a link under the second name is not followed, nor replaced
	target := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Symlink(target, filepath.Join(dir, base+" (2).gobblet")); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for range 2 {
		p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyE}, Ctrl: true})
		paths = append(paths, ss.exported)
		p.tick()
	}
	want := []string{filepath.Join(dir, base+" (3).gobblet"), filepath.Join(dir, base+" (4).gobblet")}
	if strings.Join(paths, "|") != strings.Join(want, "|") {
		t.Errorf("exported to %q, want %q", paths, want)
	}
	if got, _ := os.ReadFile(theirs); string(got) != "the player's own file" {
		t.Errorf("the file already there now holds %q", got)
	}
	if _, err := os.Lstat(target); !os.IsNotExist(err) {
		t.Errorf("the export followed a link: %v", err)
	}
}

// A folder that cannot be written to gives a sentence saying why, where,
// and what else there is; the game stays in the list and no file is left.
func TestExportToAFolderThatCannotBeWrittenSaysWhy(t *testing.T) {
	cases := []struct {
		name string
		dir  func(t *testing.T) string
		why  string
	}{
		{"a file where the folder should be", func(t *testing.T) string {
			f := filepath.Join(t.TempDir(), "Downloads")
			if err := os.WriteFile(f, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return f
		}, "a file stands where a folder should be"},
		{"a folder inside a file", func(t *testing.T) string {
			f := filepath.Join(t.TempDir(), "home")
			if err := os.WriteFile(f, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(f, "Downloads")
		}, "a file stands where a folder should be"},
		{"a read-only folder", func(t *testing.T) string {
			if runtime.GOOS == "windows" || os.Geteuid() == 0 {
				t.Skip("permissions do not stop this user")
			}
			d := t.TempDir()
			if err := os.Chmod(d, 0o500); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(d, 0o700) })
			return d
		}, "the folder may not be written to"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := c.dir(t)
			exportsTo(t, dir)
			p, ss := demoList(t)
			before := len(ss.all)
			p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyE}, Ctrl: true})
			t.Log(ss.note)
			if !strings.HasPrefix(ss.note, "The game could not be exported: "+c.why) || !strings.Contains(ss.note, "Copy record") {
				t.Errorf("the note says %q, want why (%s) and what else to do", ss.note, c.why)
			}
			if ss.exported != "" || ss.showsCopyPath() {
				t.Errorf("a failed export shows a path: %q", ss.exported)
			}
			if len(ss.all) != before {
				t.Errorf("the list holds %d games after the failed export, want %d", len(ss.all), before)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("the failed export left %d files", len(entries))
			}
		})
	}
}

// Copy path puts the exported file's full path on the clipboard.
func TestCopyPathOfAnExport(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a fake xclip stands in for the clipboard")
	}
	bin, got := t.TempDir(), filepath.Join(t.TempDir(), "clipboard")
	script := "#!/bin/sh\ncat > '" + got + "'\n"
	if err := os.WriteFile(filepath.Join(bin, "xclip"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+":/usr/bin:/bin")
	exportsTo(t, t.TempDir())
	p, ss := demoList(t)
	if ss.showsCopyPath() {
		t.Fatal("Copy path shows before any export")
	}
	p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyE}, Ctrl: true})
	p.tick()
	if !ss.showsCopyPath() || ss.copyPath.Rect.W == 0 {
		t.Fatalf("Copy path should show beside %q", ss.note)
	}
	if ss.copyPath.Rect.Y < ss.list.Y+ss.list.H || ss.copyPath.Rect.Y+ss.copyPath.Rect.H > ss.back.Rect.Y {
		t.Errorf("Copy path %v lies over the list %v or the buttons %v", ss.copyPath.Rect, ss.list, ss.back.Rect)
	}
	p.click(ss.copyPath.Rect.Center())
	pump(t, "the path's copy", func() bool { return strings.HasPrefix(ss.note, "Copied the path") }, p)
	if data, _ := os.ReadFile(got); string(data) != ss.exported {
		t.Errorf("the clipboard holds %q, want %q", data, ss.exported)
	}
	if ss.showsCopyPath() {
		t.Error("Copy path still shows once the note moved on")
	}
}

// Where exports go: the system's Downloads folder, found the way each
// system says.
func TestDownloadsFolder(t *testing.T) {
	const home = "/home/ann"
	dirs := func(s string) func(string) ([]byte, error) {
		return func(path string) ([]byte, error) {
			if s == "" || path != filepath.Join(home, ".config", "user-dirs.dirs") {
				return nil, os.ErrNotExist
			}
			return []byte(s), nil
		}
	}
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	known := func() string { return `C:\Users\ann\Elsewhere\Downloads` }
	none := func() string { return "" }
	cases := []struct {
		name, goos string
		env        func(string) string
		files      string
		known      func() string
		want       string
	}{
		{"Linux with no settings", "linux", env(), "", none, home + "/Downloads"},
		{"Linux, the folder in the user's language", "linux", env(), "# comment\nXDG_DESKTOP_DIR=\"$HOME/Bureau\"\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n", none, home + "/Téléchargements"},
		{"Linux, an absolute folder", "linux", env(), "XDG_DOWNLOAD_DIR=\"/data/dl\"\n", none, "/data/dl"},
		{"Linux, downloads to home", "linux", env(), "XDG_DOWNLOAD_DIR=\"$HOME\"\n", none, home},
		{"Linux, a relative folder is ignored", "linux", env(), "XDG_DOWNLOAD_DIR=\"dl\"\n", none, home + "/Downloads"},
		{"Linux, unquoted is ignored", "linux", env(), "XDG_DOWNLOAD_DIR=$HOME/dl\n", none, home + "/Downloads"},
		{"Linux, the environment first", "linux", env("XDG_DOWNLOAD_DIR", "/mnt/dl"), "XDG_DOWNLOAD_DIR=\"/data/dl\"\n", none, "/mnt/dl"},
		{"Linux, XDG_CONFIG_HOME elsewhere", "linux", env("XDG_CONFIG_HOME", "/cfg"), "XDG_DOWNLOAD_DIR=\"/data/dl\"\n", none, home + "/Downloads"},
		{"FreeBSD", "freebsd", env(), "XDG_DOWNLOAD_DIR=\"$HOME/dl\"\n", none, home + "/dl"},
		{"macOS", "darwin", env("XDG_DOWNLOAD_DIR", "/mnt/dl"), "", none, home + "/Downloads"},
		{"Windows, where the system says", "windows", env(), "", known, `C:\Users\ann\Elsewhere\Downloads`},
		{"Windows, when it does not say", "windows", env(), "", none, filepath.Join(home, "Downloads")},
	}
	for _, c := range cases {
		if got := downloadsIn(c.goos, c.env, dirs(c.files), home, c.known); got != filepath.FromSlash(c.want) && got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// An exported file's name comes from the game's date, board and name, and
// is safe on every file system whatever the name holds.
func TestExportNameIsSafe(t *testing.T) {
	p, ss := demoList(t)
	_ = p
	rec := *ss.focused().Record
	day := rec.Date.Format("2006-01-02 1504")
	cases := []struct{ title, want string }{
		{"", "Gobblet " + day + " 3x3"},
		{"Lost to Hard", "Gobblet " + day + " 3x3 - Lost to Hard"},
		{"../../etc/passwd", "Gobblet " + day + " 3x3 - etc_passwd"},
		{`a/b\c:d*e?f"g<h>i|j`, "Gobblet " + day + " 3x3 - a_b_c_d_e_f_g_h_i_j"},
		{"tab\there\x00\x1b[31m", "Gobblet " + day + " 3x3 - tab here___31m"},
		{"Partie gagnée 日本", "Gobblet " + day + " 3x3 - Partie gagnée 日本"},
		{"...", "Gobblet " + day + " 3x3"},
		{strings.Repeat("x", 500), "Gobblet " + day + " 3x3 - " + strings.Repeat("x", maxTitleInName)},
	}
	for _, c := range cases {
		rec.Tags = []record.Tag{{Name: titleTag, Value: c.title}}
		if got := exportName(&rec); got != c.want {
			t.Errorf("title %q: name %q, want %q", c.title, got, c.want)
		}
	}
}

// The buttons under the list, Export among them, and Copy path fit the
// smallest window and the default one: inside it, apart, their labels
// inside them.
func TestSavedGamesButtonsFit(t *testing.T) {
	exportsTo(t, t.TempDir())
	for _, size := range [][2]float64{{float64(minWindowW), float64(minWindowH)}, {1280, 800}, {2560, 1440}} {
		p, ss := demoList(t)
		p.a.W, p.a.H = size[0], size[1]
		p.frames(Frame{Keys: []ebiten.Key{ebiten.KeyE}, Ctrl: true})
		p.tick()
		u := p.a.U()
		row := append(ss.buttons(), ss.copyPath)
		for i, b := range row {
			r := b.Rect
			if r.W <= 0 || r.X < 0 || r.Y < 0 || r.X+r.W > size[0] || r.Y+r.H > size[1] {
				t.Errorf("%v: %q at %v is not inside the window", size, b.Label, r)
			}
			fc := p.a.Face(ui.Medium, math.Min(ui.SizeBody, r.H/u*0.42))
			if w := ui.TextWidth("Undo delete", fc); i == 0 && w > r.W-8*u {
				t.Errorf("%v: Undo delete (%.0f wide) does not fit its button (%.0f)", size, w, r.W)
			}
			if w := ui.TextWidth(b.Label, fc); w > r.W-8*u {
				t.Errorf("%v: %q (%.0f wide) does not fit its button (%.0f)", size, b.Label, w, r.W)
			}
			for _, o := range row[i+1:] {
				if r.X < o.Rect.X+o.Rect.W && o.Rect.X < r.X+r.W && r.Y < o.Rect.Y+o.Rect.H && o.Rect.Y < r.Y+r.H {
					t.Errorf("%v: %q %v and %q %v overlap", size, b.Label, r, o.Label, o.Rect)
				}
			}
		}
	}
}
