package app

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// FileStore keeps the settings, the autosave, finished games and the
// statistics in the player's folder, through internal/settings.
type FileStore struct {
	files   *settings.Store
	saver   *settings.Autosaver // autosaves off the game loop, the latest wins
	mu      sync.Mutex
	set     settings.Settings
	game    *record.Record // what Continue brings back
	stats   record.Stats
	Notices []string // one sentence per file that could not be read

	settingsErr error // the latest settings save's failure; nil once one works
}

// OpenFileStore opens the folder (dir "" = the default one) and reads it.
func OpenFileStore(dir string) (*FileStore, error) {
	dir, err := settings.Dir(dir)
	if err != nil {
		return nil, err
	}
	files, err := settings.Open(dir)
	if err != nil {
		return nil, err
	}
	l := files.LoadAll()
	fs := &FileStore{files: files, saver: files.Autosaver(), set: l.Settings, stats: l.Stats, Notices: l.Notices}
	if l.Game != nil {
		if _, _, err := restore(l.Game); err == nil {
			fs.game = l.Game
		} else {
			fs.Notices = append(fs.Notices, "The saved game could not be continued, so a new one starts.")
		}
	}
	return fs, nil
}

func (fs *FileStore) Settings() settings.Settings {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.set
}

func (fs *FileStore) SaveSettings(s settings.Settings) error {
	err := fs.files.SaveSettings(s)
	fs.mu.Lock()
	fs.set = s
	fs.settingsErr = err
	fs.mu.Unlock()
	return err
}

// SaveProblem says why the autosave or the settings cannot be saved now.
func (fs *FileStore) SaveProblem() string {
	if err := fs.saver.Problem(); err != nil {
		return "Your game cannot be saved: " + settings.Reason(err) + "."
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.settingsErr != nil {
		return "Your settings cannot be saved: " + settings.Reason(fs.settingsErr) + "."
	}
	return ""
}

// wait returns once the autosaves queued so far are written (tests).
func (fs *FileStore) wait() { fs.saver.Flush() }

// Flush writes the pending autosave; call it when the game ends. Saves
// after it are written at once.
func (fs *FileStore) Flush() {
	fs.saver.Close() // its errors were logged as they came
}

// SaveGame hands the record to the background writer: the latest wins.
func (fs *FileStore) SaveGame(rec *record.Record) error {
	fs.mu.Lock()
	fs.game = rec
	fs.mu.Unlock()
	fs.saver.Save(rec)
	return nil
}

func (fs *FileStore) LoadGame() (*record.Record, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.game, fs.game != nil
}

func (fs *FileStore) ClearGame() error {
	fs.mu.Lock()
	fs.game = nil
	fs.mu.Unlock()
	fs.saver.Clear()
	return nil
}

// RecordResult keeps the finished game in the games folder and counts it in
// the statistics.
func (fs *FileStore) RecordResult(rec *record.Record) (string, error) {
	path, err := fs.files.SaveRecord(rec)
	if err != nil {
		return "", plain(err)
	}
	fs.mu.Lock()
	changed := fs.stats.AddGame(rec)
	st := fs.stats
	fs.mu.Unlock()
	if changed {
		if err := fs.files.SaveStats(st); err != nil {
			return filepath.Base(path), fmt.Errorf("the statistics cannot be saved: %w", plain(err))
		}
	}
	return filepath.Base(path), nil
}

// SaveRecord keeps a game in the games folder, as the player asked.
func (fs *FileStore) SaveRecord(rec *record.Record) (string, error) {
	path, err := fs.files.SaveRecord(rec)
	if err != nil {
		return "", plain(err)
	}
	return filepath.Base(path), nil
}

// Records lists the games folder, newest first; its error is a sentence
// for the player.
func (fs *FileStore) Records() ([]settings.SavedFile, error) {
	games, err := fs.files.Records()
	return games, plain(err)
}

// Stats are the statistics as counted so far.
func (fs *FileStore) Stats() record.Stats {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.stats
}
