package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
)

// fullDisk is a temporary file on a disk with no room left: every write
// fails with ENOSPC, as on a full file system (a read-only folder does not
// stop root, so tests inject the failure here).
type fullDisk struct{ *os.File }

func (f fullDisk) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

func createOnFullDisk(dir, pattern string) (tempFile, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return fullDisk{f}, nil
}

// A full disk makes every save fail with an error that says so, keeps the
// old files whole and leaves no temporary file behind; once there is room
// again, saving works.
func TestFullDiskFailsSavesAndKeepsTheOldFiles(t *testing.T) {
	s := openTemp(t)
	if err := s.SaveGame(sampleGame()); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(s.Path(CurrentGame))
	s.create = createOnFullDisk
	saves := map[string]func() error{
		"autosave": func() error { return s.SaveGame(sampleGame()) },
		"settings": func() error { return s.SaveSettings(Default()) },
		"statistics": func() error {
			return s.SaveStats(record.Stats{Version: record.StatsVersion})
		},
		"saved game": func() error { _, err := s.SaveRecord(sampleGame()); return err },
	}
	for name, save := range saves {
		err := save()
		if !errors.Is(err, syscall.ENOSPC) {
			t.Errorf("%s on a full disk: %v, want ENOSPC", name, err)
		}
		if got := Reason(err); got != "the disk is full" {
			t.Errorf("%s: Reason = %q, want %q", name, got, "the disk is full")
		}
	}
	if after, _ := os.ReadFile(s.Path(CurrentGame)); string(after) != string(before) {
		t.Error("the failed autosave changed the old one")
	}
	for _, dir := range []string{s.Dir(), s.Path(GamesFolder)} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), tempMark) {
				t.Errorf("a temporary file is left behind: %s", e.Name())
			}
		}
	}
	s.create = osCreateTemp
	if err := s.SaveGame(sampleGame()); err != nil {
		t.Errorf("with room again: %v", err)
	}
}

// Whatever stands where one of the player's files should be, the game
// reads at most record.MaxSize of it, never waits on it, keeps it aside
// and starts with a sentence that says why.
func TestHugeOrOddFilesAreKeptAsideNotRead(t *testing.T) {
	tests := []struct {
		name string
		file string
		make func(path string) error
		want string // in the notice
	}{
		{"a 200 MB autosave", CurrentGame, func(path string) error {
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(200 << 20) // sparse: costs no disk
		}, "larger than 4 MiB"},
		{"a folder named like the settings", SettingsFile, func(path string) error {
			return os.Mkdir(path, 0o700)
		}, "not a regular file"},
		{"statistics that are a link to /dev/zero", StatisticsFile, func(path string) error {
			if _, err := os.Stat("/dev/zero"); err != nil {
				return err
			}
			return os.Symlink("/dev/zero", path)
		}, "not a regular file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openTemp(t)
			path := s.Path(tc.file)
			if err := tc.make(path); err != nil {
				t.Skipf("cannot make it here: %v", err)
			}
			l := loadWithin(t, s)
			if len(l.Notices) != 1 || !strings.Contains(l.Notices[0].String(), tc.want) || !strings.Contains(l.Notices[0].String(), "kept as "+tc.file+".corrupt") {
				t.Fatalf("notices %q, want one that says %q and names %s.corrupt", l.Notices, tc.want, tc.file)
			}
			if _, err := os.Lstat(path + ".corrupt"); err != nil {
				t.Errorf("not kept aside: %v", err)
			}
			if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("still in the way: %v", err)
			}
		})
	}
}

// loadWithin runs LoadAll and fails if it never returns (the bug: a FIFO
// blocked the game before its window opened).
func loadWithin(t *testing.T, s *Store) Loaded {
	t.Helper()
	done := make(chan Loaded, 1)
	go func() { done <- s.LoadAll() }()
	select {
	case l := <-done:
		return l
	case <-time.After(20 * time.Second):
		t.Fatal("LoadAll has not returned: reading blocks")
		return Loaded{}
	}
}

// A games folder that is a link out of the settings folder is refused: no
// game is written there, none is listed, and the player is told at start.
// A link that stays inside the folder is fine.
func TestGamesLinkOutsideTheFolderIsRefused(t *testing.T) {
	s := openTemp(t)
	outside := t.TempDir()
	if err := os.Symlink(outside, s.Path(GamesFolder)); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	os.WriteFile(filepath.Join(outside, "old.gobblet"), []byte("[Variant \"gobblers\"]\n"), 0o600)
	if _, err := s.SaveRecord(sampleGame()); !errors.Is(err, ErrOutside) {
		t.Errorf("SaveRecord: %v, want ErrOutside", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("something was written outside the settings folder: %d files", len(entries))
	}
	if games, err := s.Records(); !errors.Is(err, ErrOutside) || len(games) != 0 {
		t.Errorf("Records: %d games, %v; want none and ErrOutside", len(games), err)
	}
	l := s.LoadAll()
	if len(l.Notices) != 1 || !strings.Contains(l.Notices[0].String(), "outside the settings folder") {
		t.Errorf("notices %q, want one about the games link", l.Notices)
	}

	inside := openTemp(t)
	os.Mkdir(inside.Path("kept"), 0o700)
	if err := os.Symlink("kept", inside.Path(GamesFolder)); err != nil {
		t.Fatal(err)
	}
	if _, err := inside.SaveRecord(sampleGame()); err != nil {
		t.Errorf("a link inside the folder: %v", err)
	}
}

// Temporary files a killed writer left in the games folder are cleaned up
// at start too.
func TestOpenRemovesOldTemporaryFilesInGames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gobblet")
	games := filepath.Join(dir, GamesFolder)
	os.MkdirAll(games, 0o700)
	old := filepath.Join(games, ".2026-11-21 2319 classic human-hard.gobblet"+tempMark+"99")
	os.WriteFile(old, []byte("half"), 0o600)
	os.Chtimes(old, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour))
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Error("an old temporary file in games/ is still there")
	}
}

func TestReasonSaysWhyInPlainWords(t *testing.T) {
	pathErr := func(e error) error {
		return fmt.Errorf("save /x/settings.json: %w", &fs.PathError{Op: "open", Path: "/x/.settings.json.tmp-1", Err: e})
	}
	tests := []struct {
		rule string
		err  error
		want string
	}{
		{"a full disk", pathErr(syscall.ENOSPC), "the disk is full"},
		{"a read-only disk", pathErr(syscall.EROFS), "the disk is read-only"},
		{"a folder without write permission", pathErr(syscall.EACCES), "the folder may not be written to"},
		{"a games link out of the folder", fmt.Errorf("save game: games %w", ErrOutside), "the games folder is a link to a place outside the settings folder"},
		{"a folder where the autosave goes", &os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EEXIST}, "a folder stands where a file should be"},
		{"anything else: the system's words without the path", pathErr(syscall.EIO), "input/output error"},
		{"no error", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			if got := Reason(tc.err); got != tc.want {
				t.Errorf("Reason(%v) = %q, want %q", tc.err, got, tc.want)
			}
		})
	}
}

func TestShortPathFitsANotice(t *testing.T) {
	tests := []struct {
		rule, path, home, want string
	}{
		{"the home folder is ~", "/home/ann/.config/gobblet/settings.json", "/home/ann", "~/.config/gobblet/settings.json"},
		{"a path outside home stays", "/etc/gobblet/settings.json", "/home/ann", "/etc/gobblet/settings.json"},
		{"a long path keeps its folder and name", "/tmp/" + strings.Repeat("deep/", 20) + "gobblet/settings.json", "/home/ann", "…/gobblet/settings.json"},
		{"control characters are escaped", "/tmp/a\x1b[2Jb/settings.json", "", `/tmp/a\x1b[2Jb/settings.json`},
		{"a sibling of home is not home", "/home/annex/settings.json", "/home/ann", "/home/annex/settings.json"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			if got := shortPath(tc.path, tc.home); got != tc.want {
				t.Errorf("shortPath(%q, %q) = %q, want %q", tc.path, tc.home, got, tc.want)
			}
		})
	}
}

// Listing the saved games reads at most maxListedBytes in all, newest
// first; the files past the budget are listed as not read.
func TestListingSavedGamesReadsABoundedAmount(t *testing.T) {
	s := openTemp(t)
	games := s.Path(GamesFolder)
	os.Mkdir(games, 0o700)
	const big = 3 << 20 // under the cap of one file: each alone would be read
	n := maxListedBytes/big + 3
	for i := 0; i < n; i++ {
		path := filepath.Join(games, fmt.Sprintf("g%03d%s", i, RecordExt))
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(big) // sparse: costs no disk
		f.Close()
		at := time.Now().Add(time.Duration(i-n) * time.Minute) // g000 oldest
		os.Chtimes(path, at, at)
	}
	list, err := s.Records()
	if err != nil || len(list) != n {
		t.Fatalf("Records: %d games, %v; want %d", len(list), err, n)
	}
	skipped := 0
	for i, g := range list {
		if errors.Is(g.Err, errTooMuchToList) {
			skipped++
			if want := fmt.Sprintf("g%03d", n-1-i); g.Name != want {
				t.Errorf("game %d is %s, want the newest first (%s)", i, g.Name, want)
			}
		}
	}
	if read := n - skipped; int64(read)*big > maxListedBytes || skipped == 0 {
		t.Errorf("%d files of %d bytes read, the budget is %d", read, big, maxListedBytes)
	}
	if !errors.Is(list[len(list)-1].Err, errTooMuchToList) {
		t.Error("the oldest game was read and a newer one not")
	}
}

// A saved game that cannot be read says why after its path, in plain
// words, so the list can show the reason alone.
func TestUnreadableSavedGameSaysWhyAfterItsPath(t *testing.T) {
	s := openTemp(t)
	os.Mkdir(s.Path(GamesFolder), 0o700)
	path := filepath.Join(s.Path(GamesFolder), "big"+RecordExt)
	f, _ := os.Create(path)
	f.Truncate(record.MaxSize + 1)
	f.Close()
	_, err := LoadRecord(path)
	if want := path + ": the file is larger than 4 MiB, which no game file is"; err == nil || err.Error() != want {
		t.Errorf("LoadRecord = %v, want %q", err, want)
	}
}

// The autosaver's Problem is the latest write's: set while the disk is full,
// cleared by the first save that works.
func TestAutosaverProblemFollowsTheLatestWrite(t *testing.T) {
	s := openTemp(t)
	a := s.Autosaver()
	defer a.Close()
	s.mu.Lock()
	s.create = createOnFullDisk
	s.mu.Unlock()
	a.Save(sampleGame())
	a.Flush()
	if err := a.Problem(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Problem on a full disk: %v", err)
	}
	s.mu.Lock()
	s.create = osCreateTemp
	s.mu.Unlock()
	a.Save(sampleGame())
	a.Flush()
	if err := a.Problem(); err != nil {
		t.Fatalf("Problem once saving works: %v", err)
	}
}
