// The player's puzzle progress as the stores keep it: a small file of its
// own (settings.PuzzlesFile), read again before every change so that two
// windows solving puzzles keep both their solves.

package app

import (
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// puzzleKeeper is a store that keeps the player's puzzle progress; every
// store of the game is one.
type puzzleKeeper interface {
	// Puzzles returns the progress as stored now; notice is not nil
	// when the file could not be read (it is set aside, and the progress
	// starts again).
	Puzzles() (settings.Puzzles, *settings.Notice)
	SavePuzzles(settings.Puzzles) error
}

// Puzzles reads the puzzle progress from the player's folder.
func (fs *FileStore) Puzzles() (settings.Puzzles, *settings.Notice) { return fs.files.LoadPuzzles() }

// SavePuzzles writes the puzzle progress to the player's folder.
func (fs *FileStore) SavePuzzles(p settings.Puzzles) error { return fs.files.SavePuzzles(p) }

// Puzzles reads the puzzle progress from the browser's storage.
func (s *ShelfStore) Puzzles() (settings.Puzzles, *settings.Notice) { return s.shelf.LoadPuzzles() }

// SavePuzzles keeps the puzzle progress in the browser's storage.
func (s *ShelfStore) SavePuzzles(p settings.Puzzles) error { return s.shelf.SavePuzzles(p) }

// Puzzles returns the puzzle progress kept in memory.
func (m *MemoryStore) Puzzles() (settings.Puzzles, *settings.Notice) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.puzzles == nil {
		return settings.NewPuzzles(), nil
	}
	return cloneProgress(*m.puzzles), nil
}

// SavePuzzles keeps the puzzle progress in memory, checked as a file's.
func (m *MemoryStore) SavePuzzles(p settings.Puzzles) error {
	if _, err := settings.MarshalPuzzles(p); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c := cloneProgress(p)
	m.puzzles = &c
	return nil
}

// cloneProgress copies the progress, its lists too.
func cloneProgress(p settings.Puzzles) settings.Puzzles {
	p.Solved = append([]string{}, p.Solved...)
	p.Failed = append([]string{}, p.Failed...)
	return p
}

// puzzleProgress reads the player's puzzle progress; a file that could
// not be read is said once on the notices card.
func (a *App) puzzleProgress() settings.Puzzles {
	k, ok := a.Store.(puzzleKeeper)
	if !ok {
		return settings.NewPuzzles()
	}
	p, notice := k.Puzzles()
	if notice != nil {
		a.notify(fileNoticeWords(notice))
	}
	return p
}

// savePuzzleProgress writes the player's puzzle progress; a failed write
// is said on the notices card (the progress on screen stays).
func (a *App) savePuzzleProgress(p settings.Puzzles) {
	k, ok := a.Store.(puzzleKeeper)
	if !ok {
		return
	}
	if err := k.SavePuzzles(p); err != nil {
		a.debugf("save puzzle progress: %v", err)
		a.notify(locale.F("PuzzleSaveFailed", "Reason", reasonWords(err)))
	}
}
