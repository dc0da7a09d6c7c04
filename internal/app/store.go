package app

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// Store is everything the game keeps between runs. The files live with the
// settings package; the GUI only talks to this interface, so storage can be
// swapped in without touching a scene.
type Store interface {
	Settings() settings.Settings
	SaveSettings(settings.Settings) error
	// SaveGame autosaves after every move; the store keeps rec as it is,
	// so the caller must not change it afterwards.
	SaveGame(rec *record.Record) error
	// LoadGame returns the game Continue brings back; callers copy the
	// record before changing it.
	LoadGame() (*record.Record, bool)
	ClearGame() error // the game ended or was abandoned
	// RecordResult keeps a finished game among the saved games and counts
	// it in the statistics; it returns the kept file's name.
	RecordResult(rec *record.Record) (string, error)
	// SaveRecord keeps a game, finished or not, among the saved games and
	// returns the file's name.
	SaveRecord(rec *record.Record) (string, error)
	// Records lists the saved games, newest first; unreadable files come
	// with their error.
	Records() ([]settings.SavedFile, error)
	Stats() record.Stats
	// SaveProblem says why the autosave or the settings cannot be saved
	// now, as a sentence for the player; "" once a save works again.
	SaveProblem() string
}

// MemoryStore keeps everything in memory: the store until files are wired in,
// and the one tests use.
type MemoryStore struct {
	mu       sync.Mutex
	settings settings.Settings
	game     *record.Record
	kept     []settings.SavedFile // newest last
	stats    record.Stats
	puzzles  *settings.Puzzles // nil: none yet (puzzlestore.go)
}

// NewMemoryStore starts with the given settings.
func NewMemoryStore(s settings.Settings) *MemoryStore { return &MemoryStore{settings: s} }

func (m *MemoryStore) Settings() settings.Settings {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.settings
}

func (m *MemoryStore) SaveSettings(s settings.Settings) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.settings = s
	return nil
}

func (m *MemoryStore) SaveGame(rec *record.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.game = rec
	return nil
}

func (m *MemoryStore) LoadGame() (*record.Record, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.game, m.game != nil
}

func (m *MemoryStore) ClearGame() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.game = nil
	return nil
}

func (m *MemoryStore) RecordResult(rec *record.Record) (string, error) {
	m.mu.Lock()
	m.stats.AddGame(rec)
	m.mu.Unlock()
	return m.keep(rec), nil
}

func (m *MemoryStore) SaveRecord(rec *record.Record) (string, error) {
	return m.keep(rec), nil
}

// keep adds a record to the saved games under a made-up name.
func (m *MemoryStore) keep(rec *record.Record) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	name := fmt.Sprintf("%s %s game %d", rec.Date.Format("2006-01-02 1504"), rec.Variant, len(m.kept)+1)
	m.kept = append(m.kept, settings.SavedFile{Path: filepath.Join("memory", name+".gobblet"), Name: name, Record: rec})
	return name + ".gobblet"
}

// Keep adds a saved game as a file would list it (tests: unreadable ones).
func (m *MemoryStore) Keep(g settings.SavedFile) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.kept = append(m.kept, g)
}

func (m *MemoryStore) Records() ([]settings.SavedFile, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]settings.SavedFile, 0, len(m.kept))
	for i := len(m.kept) - 1; i >= 0; i-- {
		out = append(out, m.kept[i])
	}
	return out, nil
}

func (m *MemoryStore) Stats() record.Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stats
}

// SaveProblem is always "": memory does not fail.
func (m *MemoryStore) SaveProblem() string { return "" }
