//go:build unix

package settings

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// A FIFO where the settings, the autosave or the statistics should be used
// to hang the game before its window opened. Now each is refused at once,
// kept aside, and said.
func TestFIFOsInsteadOfFilesDoNotBlockTheStart(t *testing.T) {
	s := openTemp(t)
	for _, name := range []string{SettingsFile, CurrentGame, StatisticsFile} {
		if err := syscall.Mkfifo(s.Path(name), 0o600); err != nil {
			t.Skipf("no FIFO here: %v", err)
		}
	}
	l := loadWithin(t, s)
	if len(l.Notices) != 3 {
		t.Fatalf("notices %q, want one for each FIFO", l.Notices)
	}
	for i, name := range []string{SettingsFile, CurrentGame, StatisticsFile} {
		if !strings.Contains(l.Notices[i].String(), "not a regular file") {
			t.Errorf("notice %q does not say why", l.Notices[i])
		}
		if info, err := os.Lstat(s.Path(name + ".corrupt")); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s: the FIFO is not kept aside: %v", name, err)
		}
	}
	if l.Settings != Default() || l.Game != nil {
		t.Error("the game does not start with the defaults")
	}
	if err := s.SaveSettings(Default()); err != nil {
		t.Errorf("saving after the FIFO was kept aside: %v", err)
	}
}

// A FIFO among the saved games is not waited on either.
func TestFIFOInGamesIsNotWaitedOn(t *testing.T) {
	s := openTemp(t)
	os.Mkdir(s.Path(GamesFolder), 0o700)
	fifo := s.Path(GamesFolder + "/x.gobblet")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := LoadRecord(fifo); done <- err }()
	if err := <-done; err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("LoadRecord(FIFO) = %v", err)
	}
	if games, err := s.Records(); err != nil || len(games) != 0 {
		t.Errorf("Records: %v %v", games, err)
	}
}
