package app

import (
	"sync"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// SavedGame is a game in progress as the storage keeps it: plain values that
// serialise easily. Moves are in canonical notation.
type SavedGame struct {
	Variant string   // "classic" or "gobblers"
	Moves   []string // from the start position
	Mode    int      // modeHumanVsAI, modeTwoPlayers, modeAIvsAI
	First   int      // colour that plays x (0 orange, 1 blue)
	Players [2]SavedPlayer
}

// SavedPlayer is one colour's player.
type SavedPlayer struct {
	Human     bool
	Level     string
	Algorithm string
}

// Store is everything the game keeps between runs. The files live with the
// settings package; the GUI only talks to this interface, so storage can be
// swapped in without touching a scene.
type Store interface {
	Settings() settings.Settings
	SaveSettings(settings.Settings) error
	SaveGame(SavedGame) error // autosave after every move
	LoadGame() (SavedGame, bool)
	ClearGame() error // the game ended or was abandoned
	RecordResult(r GameRecord) error
}

// GameRecord is a finished game for records and statistics.
type GameRecord struct {
	Game   SavedGame
	Result string // as rules.Result.String(): "x line", "draw repetition", ...
}

// MemoryStore keeps everything in memory: the store until files are wired in,
// and the one tests use.
type MemoryStore struct {
	mu       sync.Mutex
	settings settings.Settings
	game     *SavedGame
	Records  []GameRecord
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

func (m *MemoryStore) SaveGame(g SavedGame) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g.Moves = append([]string(nil), g.Moves...)
	m.game = &g
	return nil
}

func (m *MemoryStore) LoadGame() (SavedGame, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.game == nil {
		return SavedGame{}, false
	}
	return *m.game, true
}

func (m *MemoryStore) ClearGame() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.game = nil
	return nil
}

func (m *MemoryStore) RecordResult(r GameRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Records = append(m.Records, r)
	return nil
}
