package settings

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
)

// PuzzlesFile keeps the player's puzzle progress: their puzzle rating, the
// puzzles solved and failed, the streak and the day the daily puzzle was
// last solved.
const PuzzlesFile = "puzzles.json"

// PuzzlesVersion is the puzzle progress format this build writes and reads.
const PuzzlesVersion = 1

// Puzzles is the player's puzzle progress. Puzzle ids are the puzzle
// package's; here they are only checked to be short words.
type Puzzles struct {
	Version int `json:"version"`
	// Rating is the player's puzzle rating on the Elo scale; 0 before
	// their first puzzle (the game then starts them at 1200).
	Rating int      `json:"rating"`
	Solved []string `json:"solved"` // puzzles solved, sorted
	Failed []string `json:"failed"` // puzzles failed and not solved since, sorted
	Streak int      `json:"streak"` // puzzles solved in a row without a mistake
	Best   int      `json:"best_streak"`
	// Daily is the date (2006-01-02) the daily puzzle was last solved on.
	Daily string `json:"daily,omitempty"`
}

// Limits that no real progress reaches: a file beyond them is not one the
// game wrote.
const (
	maxPuzzleIDs   = 100_000
	maxPuzzleIDLen = 16
	maxPuzzleElo   = 4000
)

// DateLayout is how Puzzles.Daily writes a date.
const DateLayout = "2006-01-02"

var puzzlesKind = kind{PuzzlesFile, FilePuzzles}

// Check reports the first value Parse would refuse.
func (p *Puzzles) Check() error {
	if p.Rating < 0 || p.Rating > maxPuzzleElo {
		return fmt.Errorf("a puzzle rating of %d, outside 0 to %d", p.Rating, maxPuzzleElo)
	}
	if p.Streak < 0 || p.Best < 0 || p.Streak > maxPuzzleIDs || p.Best > maxPuzzleIDs {
		return fmt.Errorf("a streak of %d (best %d)", p.Streak, p.Best)
	}
	for _, list := range [][]string{p.Solved, p.Failed} {
		if len(list) > maxPuzzleIDs {
			return fmt.Errorf("%d puzzles listed, more than there can be", len(list))
		}
		for i, id := range list {
			if !puzzleID(id) {
				return fmt.Errorf("%q is not a puzzle", clipped(id))
			}
			if i > 0 && list[i-1] >= id {
				return fmt.Errorf("the puzzles are not listed once each in order (%q)", clipped(id))
			}
		}
	}
	if p.Daily != "" {
		if _, err := time.Parse(DateLayout, p.Daily); err != nil {
			return fmt.Errorf("%q is not a date", clipped(p.Daily))
		}
	}
	return nil
}

// puzzleID reports whether id looks like a puzzle's: a short word of
// lower-case letters and digits.
func puzzleID(id string) bool {
	if id == "" || len(id) > maxPuzzleIDLen {
		return false
	}
	for _, r := range id {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

func clipped(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// ParsePuzzles reads the puzzle progress file.
func ParsePuzzles(data []byte) (Puzzles, error) {
	var p Puzzles
	if err := record.DecodeJSON(data, "puzzle progress", PuzzlesVersion, &p); err != nil {
		return Puzzles{}, err
	}
	if err := p.Check(); err != nil {
		return Puzzles{}, fmt.Errorf("puzzle progress: %w", err)
	}
	p.Version = PuzzlesVersion
	p.tidy()
	return p, nil
}

// MarshalPuzzles writes the progress as indented JSON: the lists sorted,
// each puzzle once, refusing what ParsePuzzles would refuse.
func MarshalPuzzles(p Puzzles) ([]byte, error) {
	p.Version = PuzzlesVersion
	p.Solved = sortedOnce(p.Solved)
	p.Failed = sortedOnce(p.Failed)
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("puzzle progress: %w", err)
	}
	p.tidy()
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("puzzle progress: %w", err)
	}
	return append(b, '\n'), nil
}

// tidy writes empty lists as [] (not null), so a file reads back the same.
func (p *Puzzles) tidy() {
	if p.Solved == nil {
		p.Solved = []string{}
	}
	if p.Failed == nil {
		p.Failed = []string{}
	}
}

// sortedOnce returns a sorted copy of ids, each once.
func sortedOnce(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// NewPuzzles is the progress of a player who has not played a puzzle yet.
func NewPuzzles() Puzzles {
	return Puzzles{Version: PuzzlesVersion, Solved: []string{}, Failed: []string{}}
}

func loadPuzzles(load loader) (Puzzles, *Notice) {
	p := NewPuzzles()
	_, notice := load(puzzlesKind, func(data []byte) error {
		var err error
		p, err = ParsePuzzles(data)
		return err
	})
	if notice != nil {
		p = NewPuzzles()
	}
	return p, notice
}

func savePuzzles(save saver, p Puzzles) error {
	data, err := MarshalPuzzles(p)
	if err != nil {
		return err
	}
	return save(PuzzlesFile, data)
}

// LoadPuzzles reads the puzzle progress as it is now (another window may
// have solved puzzles since): a new one when there is none; one that
// cannot be read is set aside, and notice says so.
func (s *Store) LoadPuzzles() (Puzzles, *Notice) { return loadPuzzles(s.load) }

// SavePuzzles writes the puzzle progress.
func (s *Store) SavePuzzles(p Puzzles) error { return savePuzzles(s.save, p) }

// LoadPuzzles reads the puzzle progress from the shelf, as Store's does.
func (s *ShelfStore) LoadPuzzles() (Puzzles, *Notice) { return loadPuzzles(s.load) }

// SavePuzzles keeps the puzzle progress on the shelf.
func (s *ShelfStore) SavePuzzles(p Puzzles) error { return savePuzzles(s.save, p) }
