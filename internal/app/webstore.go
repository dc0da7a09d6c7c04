package app

import (
	"errors"
	"sync/atomic"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// ShelfStore keeps the settings, the autosave, saved games and the
// statistics on a shelf: the browser's storage in the web build
// (store_js.go). Its writes are synchronous, as a value is a kilobyte or
// two and the browser keeps it in memory, so there is no background
// writer: a failed autosave is known, and said, at once.
type ShelfStore struct {
	storeCore
	shelf   *settings.ShelfStore
	gameErr error // the latest autosave's failure; nil once one works
	// another tab saved the settings since they were last taken in
	settingsChanged atomic.Bool
}

// openShelfStore opens the shelf open returns; when there is none, the game
// runs with settings in memory and says so. logf receives the technical
// reasons.
func openShelfStore(open func() (settings.Shelf, error), logf func(format string, args ...any)) (Store, []startNotice) {
	shelf, err := open()
	if err != nil {
		logf("%v", err)
		notice := startNotice{kind: storageRefused}
		if !errors.Is(err, settings.ErrStorageRefused) {
			notice = startNotice{kind: storageBroken, err: err}
		}
		return NewMemoryStore(settings.Default()), []startNotice{notice}
	}
	s := OpenShelfStore(shelf, logf)
	return s, s.Notices
}

// OpenShelfStore reads what shelf holds; logf, when not nil, receives the
// technical reason behind each notice.
func OpenShelfStore(shelf settings.Shelf, logf func(format string, args ...any)) *ShelfStore {
	files := settings.NewShelfStore(shelf)
	files.Logf = logf
	s := &ShelfStore{shelf: files}
	s.take(files.LoadAll())
	s.loadSettings, s.loadStats = files.PeekSettings, files.PeekStats
	if w, ok := shelf.(settings.Watcher); ok {
		w.Watch(func(key string) {
			if key == settings.Key(settings.SettingsFile) {
				s.settingsChanged.Store(true)
			}
		})
	}
	return s
}

// changedSettings returns the settings another tab saved since the last
// call, when st keeps them in a browser's storage, with what is this
// page's own (full screen, the window's size) taken from mine; false when
// nothing changed.
func changedSettings(st Store, mine settings.Settings) (settings.Settings, bool) {
	s, ok := st.(*ShelfStore)
	if !ok || !s.settingsChanged.Swap(false) {
		return mine, false
	}
	theirs, notice := s.shelf.PeekSettings()
	if notice != nil {
		return mine, false
	}
	theirs.Fullscreen, theirs.WindowWidth, theirs.WindowHeight = mine.Fullscreen, mine.WindowWidth, mine.WindowHeight
	s.mu.Lock()
	s.set = theirs // what this tab's next save changes from
	s.mu.Unlock()
	return theirs, true
}

func (s *ShelfStore) SaveSettings(set settings.Settings) error {
	return s.saveSettings(s.shelf.SaveSettings, set)
}

// SaveProblem says why the autosave or the settings cannot be saved now.
func (s *ShelfStore) SaveProblem() string {
	s.mu.Lock()
	err := s.gameErr
	s.mu.Unlock()
	return s.saveProblem(err)
}

// SaveGame keeps the game to continue; if the write fails, the one kept
// before stays, and SaveProblem says why until a write works.
func (s *ShelfStore) SaveGame(rec *record.Record) error {
	return s.autosaved(rec, s.shelf.SaveGame(rec))
}

func (s *ShelfStore) ClearGame() error { return s.autosaved(nil, s.shelf.ClearGame()) }

// autosaved keeps rec as the game Continue brings back, and err, the
// write's outcome, for SaveProblem.
func (s *ShelfStore) autosaved(rec *record.Record, err error) error {
	s.mu.Lock()
	s.game, s.gameErr = rec, err
	s.mu.Unlock()
	return err
}

// RecordResult keeps the finished game among the saved games and counts it
// in the statistics.
func (s *ShelfStore) RecordResult(rec *record.Record) (string, error) {
	return s.recordResult(s.shelf.SaveRecord, s.shelf.SaveStats, rec)
}

// SaveRecord keeps a game among the saved games, as the player asked, and
// returns its name as a file's ("2026-11-21 2319 classic human-hard.gobblet").
func (s *ShelfStore) SaveRecord(rec *record.Record) (string, error) {
	return keepRecord(s.shelf.SaveRecord, rec)
}

// Records lists the saved games, newest first; its error is a sentence for
// the player.
func (s *ShelfStore) Records() ([]settings.SavedFile, error) {
	games, err := s.shelf.Records()
	return games, plain(err)
}
