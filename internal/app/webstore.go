package app

import (
	"errors"
	"fmt"
	"path"
	"sync"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// ShelfStore keeps the settings, the autosave, saved games and the
// statistics on a shelf: the browser's storage in the web build
// (store_js.go). Its writes are synchronous, as a value is a kilobyte or
// two and the browser keeps it in memory, so there is no background
// writer: a failed autosave is known, and said, at once.
type ShelfStore struct {
	shelf   *settings.ShelfStore
	mu      sync.Mutex
	set     settings.Settings
	game    *record.Record // what Continue brings back
	stats   record.Stats
	Notices []string // one sentence per value that could not be read

	gameErr     error // the latest autosave's failure; nil once one works
	settingsErr error // the latest settings save's failure; nil once one works
}

// openShelfStore opens the shelf open returns; when there is none, the game
// runs with settings in memory and says so. logf receives the technical
// reasons.
func openShelfStore(open func() (settings.Shelf, error), logf func(format string, args ...any)) (Store, []string) {
	shelf, err := open()
	if err != nil {
		logf("%v", err)
		notice := "Your browser refuses to store anything here (private browsing?), so nothing will be saved this time."
		if !errors.Is(err, settings.ErrStorageRefused) {
			notice = "The browser's storage cannot be used (" + settings.Reason(err) + "), so nothing will be saved this time."
		}
		return NewMemoryStore(settings.Default()), []string{notice}
	}
	s := OpenShelfStore(shelf, logf)
	return s, s.Notices
}

// OpenShelfStore reads what shelf holds; logf, when not nil, receives the
// technical reason behind each notice.
func OpenShelfStore(shelf settings.Shelf, logf func(format string, args ...any)) *ShelfStore {
	files := settings.NewShelfStore(shelf)
	files.Logf = logf
	l := files.LoadAll()
	s := &ShelfStore{shelf: files, set: l.Settings, stats: l.Stats, Notices: l.Notices}
	if l.Game != nil {
		if _, _, err := restore(l.Game); err == nil {
			s.game = l.Game
		} else {
			s.Notices = append(s.Notices, "The saved game could not be continued, so a new one starts.")
		}
	}
	return s
}

func (s *ShelfStore) Settings() settings.Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.set
}

func (s *ShelfStore) SaveSettings(set settings.Settings) error {
	err := s.shelf.SaveSettings(set)
	s.mu.Lock()
	s.set = set
	s.settingsErr = err
	s.mu.Unlock()
	return err
}

// SaveProblem says why the autosave or the settings cannot be saved now.
func (s *ShelfStore) SaveProblem() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gameErr != nil {
		return "Your game cannot be saved: " + settings.Reason(s.gameErr) + "."
	}
	if s.settingsErr != nil {
		return "Your settings cannot be saved: " + settings.Reason(s.settingsErr) + "."
	}
	return ""
}

// SaveGame keeps the game to continue; if the write fails, the one kept
// before stays, and SaveProblem says why until a write works.
func (s *ShelfStore) SaveGame(rec *record.Record) error {
	err := s.shelf.SaveGame(rec)
	s.mu.Lock()
	s.game = rec
	s.gameErr = err
	s.mu.Unlock()
	return err
}

func (s *ShelfStore) LoadGame() (*record.Record, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.game, s.game != nil
}

func (s *ShelfStore) ClearGame() error {
	err := s.shelf.ClearGame()
	s.mu.Lock()
	s.game = nil
	s.gameErr = err
	s.mu.Unlock()
	return err
}

// RecordResult keeps the finished game among the saved games and counts it
// in the statistics.
func (s *ShelfStore) RecordResult(rec *record.Record) (string, error) {
	name, err := s.SaveRecord(rec)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	changed := s.stats.AddGame(rec)
	st := s.stats
	s.mu.Unlock()
	if changed {
		if err := s.shelf.SaveStats(st); err != nil {
			return name, fmt.Errorf("the statistics cannot be saved: %w", plain(err))
		}
	}
	return name, nil
}

// SaveRecord keeps a game among the saved games, as the player asked, and
// returns its name as a file's ("2026-11-21 2319 classic human-hard.gobblet").
func (s *ShelfStore) SaveRecord(rec *record.Record) (string, error) {
	key, err := s.shelf.SaveRecord(rec)
	if err != nil {
		return "", plain(err)
	}
	return path.Base(key), nil
}

// Records lists the saved games, newest first; its error is a sentence for
// the player.
func (s *ShelfStore) Records() ([]settings.SavedFile, error) {
	games, err := s.shelf.Records()
	return games, plain(err)
}

// Stats are the statistics as counted so far.
func (s *ShelfStore) Stats() record.Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}
