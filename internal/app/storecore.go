package app

import (
	"fmt"
	"github.com/gobblet-game/gobblet/internal/locale"
	"path/filepath"
	"sync"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// storeCore is what the desktop's FileStore and the browser's ShelfStore both
// keep in memory between their writes: the settings, the game Continue
// brings back and the statistics, read once at start. The stores embed it
// and differ only in where they write.
type storeCore struct {
	mu      sync.Mutex
	set     settings.Settings
	game    *record.Record // what Continue brings back
	stats   record.Stats
	Notices []startNotice // one per file or value that could not be read

	settingsErr error // the latest settings save's failure; nil once one works

	// What another running game (a second window or tab) may have changed
	// since: read again before a write, so that it is not written over.
	loadSettings func() (settings.Settings, *settings.Notice)
	loadStats    func() (record.Stats, *settings.Notice)
}

// take keeps what a store read at start; a game that cannot be continued
// is dropped with a notice.
func (c *storeCore) take(l settings.Loaded) {
	c.set, c.stats = l.Settings, l.Stats
	for _, n := range l.Notices {
		c.Notices = append(c.Notices, startNotice{file: n})
	}
	if l.Game == nil {
		return
	}
	if _, _, err := restore(l.Game); err == nil {
		c.game = l.Game
	} else {
		c.Notices = append(c.Notices, startNotice{kind: gameNotContinued})
	}
}

func (c *storeCore) Settings() settings.Settings {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.set
}

// saveSettings writes what this game changed in the settings since its
// last save, over the stored ones (another window's changes stay), keeps
// them as this game's, and the write's failure for saveProblem.
func (c *storeCore) saveSettings(save func(settings.Settings) error, s settings.Settings) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := s
	if c.loadSettings != nil {
		if stored, notice := c.loadSettings(); notice == nil {
			out = settings.Merge(c.set, s, stored)
		}
	}
	err := save(out)
	c.set = s
	c.settingsErr = err
	return err
}

// saveProblem says why the autosave (whose latest failure is gameErr) or
// else the settings cannot be saved now, or "" when both can.
func (c *storeCore) saveProblem(gameErr error) string {
	if gameErr != nil {
		return locale.F("NoticeGameCannotBeSaved", "Reason", reasonWords(gameErr))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.settingsErr != nil {
		return locale.F("NoticeSettingsCannotBeSaved", "Reason", reasonWords(c.settingsErr))
	}
	return ""
}

// storeLog gives a store the debug log for the technical reason behind
// each notice; without a debug log it writes nothing.
func storeLog(opts Options) func(format string, args ...any) {
	if opts.Debug == nil {
		return func(string, ...any) {}
	}
	return func(f string, args ...any) { fmt.Fprintf(opts.Debug, "gobblet: "+f+"\n", args...) }
}

func (c *storeCore) LoadGame() (*record.Record, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.game, c.game != nil
}

// Stats are the statistics as counted so far, by this game and any other
// running at the same time.
func (c *storeCore) Stats() record.Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.freshStats()
	return c.stats
}

// freshStats reads the statistics again, which another running game may
// have counted in; an unreadable file leaves this game's count.
func (c *storeCore) freshStats() {
	if c.loadStats == nil {
		return
	}
	if st, notice := c.loadStats(); notice == nil {
		c.stats = st
	}
}

// keepRecord saves a game among the saved games with save, which returns
// its path or key, and gives the name a player sees
// ("2026-11-21 2319 classic human-hard.gobblet").
func keepRecord(save func(*record.Record) (string, error), rec *record.Record) (string, error) {
	p, err := save(rec)
	if err != nil {
		return "", plain(err)
	}
	return filepath.Base(p), nil
}

// recordResult keeps a finished game with save and counts it in the
// statistics, written with saveStats when they changed.
func (c *storeCore) recordResult(save func(*record.Record) (string, error), saveStats func(record.Stats) error, rec *record.Record) (string, error) {
	name, err := keepRecord(save, rec)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	c.freshStats() // another window's games count too
	changed := c.stats.AddGame(rec)
	st := c.stats
	c.mu.Unlock()
	if changed {
		if err := saveStats(st); err != nil {
			return name, statsError{plain(err)}
		}
	}
	return name, nil
}
