package app

import (
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// FileStore keeps the settings, the autosave, finished games and the
// statistics in the player's folder, through internal/settings.
type FileStore struct {
	storeCore
	files *settings.Store
	saver *settings.Autosaver // autosaves off the game loop, the latest wins
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
	fs := &FileStore{files: files, saver: files.Autosaver()}
	fs.take(files.LoadAll())
	fs.loadSettings, fs.loadStats = files.PeekSettings, files.PeekStats
	return fs, nil
}

func (fs *FileStore) SaveSettings(s settings.Settings) error {
	return fs.saveSettings(fs.files.SaveSettings, s)
}

// SaveProblem says why the autosave or the settings cannot be saved now.
func (fs *FileStore) SaveProblem() string {
	return fs.saveProblem(fs.saver.Problem())
}

// wait returns once the autosaves queued so far are written (tests).
func (fs *FileStore) wait() { fs.saver.Flush() }

// Flush writes the pending autosave and lets go of the autosave's slot
// for the next game to take; call it when the game ends. Saves after it
// are written at once.
func (fs *FileStore) Flush() {
	fs.saver.Close() // its errors were logged as they came
	fs.files.Close()
}

// SaveGame hands the record to the background writer: the latest wins.
func (fs *FileStore) SaveGame(rec *record.Record) error {
	fs.mu.Lock()
	fs.game = rec
	fs.mu.Unlock()
	fs.saver.Save(rec)
	return nil
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
	return fs.recordResult(fs.files.SaveRecord, fs.files.SaveStats, rec)
}

// SaveRecord keeps a game in the games folder, as the player asked.
func (fs *FileStore) SaveRecord(rec *record.Record) (string, error) {
	return keepRecord(fs.files.SaveRecord, rec)
}

// Records lists the games folder, newest first; its error is a sentence
// for the player.
func (fs *FileStore) Records() ([]settings.SavedFile, error) {
	games, err := fs.files.Records()
	return games, plain(err)
}
