package app

import (
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// FileStore keeps the settings, the autosave, finished games and the
// statistics in the player's folder, through internal/settings.
type FileStore struct {
	files   *settings.Store
	saver   *settings.Autosaver // autosaves off the game loop, the latest wins
	mu      sync.Mutex
	set     settings.Settings
	game    *SavedGame
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
		if sg, err := savedFromRecord(l.Game); err == nil {
			fs.game = &sg
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

func (fs *FileStore) SaveGame(g SavedGame) error {
	rec, err := recordFromSaved(g)
	if err != nil {
		return err
	}
	fs.mu.Lock()
	fs.game = &g
	fs.mu.Unlock()
	fs.saver.Save(rec)
	return nil
}

func (fs *FileStore) LoadGame() (SavedGame, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.game == nil {
		return SavedGame{}, false
	}
	return *fs.game, true
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
func (fs *FileStore) RecordResult(r GameRecord) (string, error) {
	rec, err := recordFromSaved(r.Game)
	if err != nil {
		return "", err
	}
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
func (fs *FileStore) SaveRecord(g SavedGame) (string, error) {
	rec, err := recordFromSaved(g)
	if err != nil {
		return "", err
	}
	path, err := fs.files.SaveRecord(rec)
	if err != nil {
		return "", plain(err)
	}
	return filepath.Base(path), nil
}

// Records lists the games folder, newest first; its error is a sentence
// for the player.
func (fs *FileStore) Records() ([]settings.SavedGame, error) {
	games, err := fs.files.Records()
	return games, plain(err)
}

// Stats are the statistics as counted so far.
func (fs *FileStore) Stats() record.Stats {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.stats
}

var modeNames = map[int]string{modeHumanVsAI: "human-ai", modeTwoPlayers: "two-players", modeAIvsAI: "ai-ai", modeOnline: "network"}

// recordFromSaved turns the GUI's saved game into a game record. The
// colours ride on the players' names ("Orange", "Blue").
func recordFromSaved(g SavedGame) (*record.Record, error) {
	s, game, err := restore(g)
	if err != nil {
		return nil, err
	}
	rec := record.FromGame(game)
	rec.Date = time.Now()
	rec.Mode = modeNames[s.Mode]
	for _, pl := range []rules.Player{rules.X, rules.O} {
		c := s.colourOf(pl)
		p := s.Players[c]
		rp := record.Player{Kind: record.Human, Name: colourNames[c]}
		switch {
		case s.Mode == modeOnline && !p.Human:
			rp.Kind = record.Network
		case !p.Human:
			rp.Kind, rp.Level, rp.Algorithm = record.AI, p.Level, p.Algorithm
		}
		rec.Players[pl] = rp
	}
	return rec, nil
}

// savedFromRecord reads an autosave back; the record package has checked
// every move already.
func savedFromRecord(rec *record.Record) (SavedGame, error) {
	if rec.Start != nil {
		return SavedGame{}, fmt.Errorf("saved game: starts from a set-up position")
	}
	g := SavedGame{Variant: rec.Variant.String()}
	for m, name := range modeNames {
		if rec.Mode == name {
			g.Mode = m
		}
	}
	if rec.Players[rules.X].Name == colourNames[1] {
		g.First = 1
	}
	for _, pl := range []rules.Player{rules.X, rules.O} {
		c := g.First
		if pl == rules.O {
			c = 1 - g.First
		}
		rp := rec.Players[pl]
		g.Players[c] = SavedPlayer{Human: rp.Kind != record.AI, Level: rp.Level, Algorithm: rp.Algorithm}
	}
	for _, m := range rec.Moves {
		g.Moves = append(g.Moves, m.Notation(rec.Variant))
	}
	for _, m := range rec.Redo {
		g.Redo = append(g.Redo, m.Notation(rec.Variant))
	}
	if _, _, err := restore(g); err != nil {
		return SavedGame{}, err
	}
	return g, nil
}
