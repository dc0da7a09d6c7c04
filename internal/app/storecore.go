package app

import (
	"fmt"
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
	Notices []string // one sentence per file or value that could not be read

	settingsErr error // the latest settings save's failure; nil once one works
}

// take keeps what a store read at start; a game that cannot be continued
// is dropped with a notice.
func (c *storeCore) take(l settings.Loaded) {
	c.set, c.stats, c.Notices = l.Settings, l.Stats, l.Notices
	if l.Game == nil {
		return
	}
	if _, _, err := restore(l.Game); err == nil {
		c.game = l.Game
	} else {
		c.Notices = append(c.Notices, "The saved game could not be continued, so a new one starts.")
	}
}

func (c *storeCore) Settings() settings.Settings {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.set
}

// saveSettings writes the settings with save and keeps them, and the
// write's failure for saveProblem.
func (c *storeCore) saveSettings(save func(settings.Settings) error, s settings.Settings) error {
	err := save(s)
	c.mu.Lock()
	c.set = s
	c.settingsErr = err
	c.mu.Unlock()
	return err
}

// saveProblem says why the autosave (whose latest failure is gameErr) or
// else the settings cannot be saved now, or "" when both can.
func (c *storeCore) saveProblem(gameErr error) string {
	if gameErr != nil {
		return "Your game cannot be saved: " + settings.Reason(gameErr) + "."
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.settingsErr != nil {
		return "Your settings cannot be saved: " + settings.Reason(c.settingsErr) + "."
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

// Stats are the statistics as counted so far.
func (c *storeCore) Stats() record.Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
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
	changed := c.stats.AddGame(rec)
	st := c.stats
	c.mu.Unlock()
	if changed {
		if err := saveStats(st); err != nil {
			return name, fmt.Errorf("the statistics cannot be saved: %w", plain(err))
		}
	}
	return name, nil
}
