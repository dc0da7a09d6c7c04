package record

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// StatsVersion is the statistics format this build reads (and this one
// and older). A file with ratings is written as version 2, so that an
// older build, which refuses a field it does not know, says it was saved
// by a newer version; one without is written as version 1, which older
// builds read as before.
const StatsVersion = 2

// statsVersionNoRatings is the version of a file without ratings.
const statsVersionNoRatings = 1

// Tally counts one player's games against one AI level in one variant.
type Tally struct {
	Variant string `json:"variant"`
	Level   string `json:"level"`
	Won     int    `json:"won"`
	Drawn   int    `json:"drawn"`
	Lost    int    `json:"lost"`
	// Left are the games left unfinished for a new one (AddLeft)
	Left int `json:"left,omitempty"`
}

// Games is the number of games counted, finished or left.
func (t Tally) Games() int { return t.Won + t.Drawn + t.Lost + t.Left }

// Stats are the games won, drawn and lost per variant and AI level, kept
// across runs.
type Stats struct {
	Version int     `json:"version"`
	Tallies []Tally `json:"tallies"` // sorted by variant, then level
	// Ratings are the player's ratings (rating.go), one per variant with
	// a rated game; omitted while there are none.
	Ratings []Rating `json:"ratings,omitempty"`
}

// Add counts one finished game.
func (s *Stats) Add(v rules.Variant, level string, o Outcome) {
	if level == "" || len(level) > maxLevelName {
		level = "unknown" // keeps the file readable whatever the GUI passes
	}
	t := s.find(v.String(), level)
	switch o {
	case Won:
		t.Won++
	case Drawn:
		t.Drawn++
	default:
		t.Lost++
	}
}

// AddGame counts a finished game between a person and the AI (see
// Record.Opponent), in the tallies and in the player's rating, and reports
// whether it counted.
func (s *Stats) AddGame(r *Record) bool {
	level, o, ok := r.Opponent()
	if ok {
		s.Add(r.Variant, level, o)
		s.Rate(r.Variant, level, o)
	}
	return ok
}

// AddLeft counts a game between a person and the AI (see Record.Opponent)
// that was left unfinished, with moves played, for another game, and
// reports whether it counted.
func (s *Stats) AddLeft(r *Record) bool {
	if r.Result.Status != rules.Ongoing || len(r.Moves) == 0 {
		return false
	}
	level, _, ok := r.players()
	if ok {
		if level == "" || len(level) > maxLevelName {
			level = "unknown"
		}
		s.find(r.Variant.String(), level).Left++
	}
	return ok
}

// Tally returns the count against one level.
func (s *Stats) Tally(v rules.Variant, level string) Tally {
	for _, t := range s.Tallies {
		if t.Variant == v.String() && t.Level == level {
			return t
		}
	}
	return Tally{Variant: v.String(), Level: level}
}

// Total sums a variant's tallies over every level.
func (s *Stats) Total(v rules.Variant) Tally {
	sum := Tally{Variant: v.String()}
	for _, t := range s.Tallies {
		if t.Variant == v.String() {
			sum.Won += t.Won
			sum.Drawn += t.Drawn
			sum.Lost += t.Lost
			sum.Left += t.Left
		}
	}
	return sum
}

func (s *Stats) find(variant, level string) *Tally {
	for i := range s.Tallies {
		if t := &s.Tallies[i]; t.Variant == variant && t.Level == level {
			return t
		}
	}
	s.Tallies = append(s.Tallies, Tally{Variant: variant, Level: level})
	s.sort()
	return s.find(variant, level)
}

func (s *Stats) sort() {
	sort.Slice(s.Tallies, func(i, j int) bool {
		a, b := s.Tallies[i], s.Tallies[j]
		if a.Variant != b.Variant {
			return a.Variant < b.Variant
		}
		return a.Level < b.Level
	})
}

// maxLevelName and maxTallies bound a statistics file: the game has a
// handful of levels, so a file far beyond that was not written by it.
const (
	maxLevelName = 40
	maxTallies   = 1000
)

// ParseStats reads statistics written by MarshalStats, refusing anything a
// program would not have written: unknown fields, a newer version, unknown
// variants, negative counts, a level twice.
func ParseStats(data []byte) (Stats, error) {
	var s Stats
	if err := DecodeJSON(data, "statistics", StatsVersion, &s); err != nil {
		return Stats{}, err
	}
	if len(s.Tallies) > maxTallies {
		return Stats{}, fmt.Errorf("statistics: %d tallies, more than levels there can be", len(s.Tallies))
	}
	seen := map[[2]string]bool{}
	for _, t := range s.Tallies {
		if _, err := rules.ParseVariant(t.Variant); err != nil {
			return Stats{}, fmt.Errorf("statistics: %w", err)
		}
		if t.Level == "" || len(t.Level) > maxLevelName {
			return Stats{}, fmt.Errorf("statistics: %q is not a level", clip(t.Level))
		}
		if t.Won < 0 || t.Drawn < 0 || t.Lost < 0 || t.Left < 0 {
			return Stats{}, fmt.Errorf("statistics: %s %s: a negative count", t.Variant, t.Level)
		}
		k := [2]string{t.Variant, t.Level}
		if seen[k] {
			return Stats{}, fmt.Errorf("statistics: %s %s appears twice", t.Variant, t.Level)
		}
		seen[k] = true
	}
	if err := checkRatings(s.Ratings); err != nil {
		return Stats{}, err
	}
	if s.Tallies == nil {
		s.Tallies = []Tally{}
	}
	s.sort()
	s.Version = StatsVersion // an older file is read into this version's statistics
	return s, nil
}

// MarshalStats writes statistics as indented JSON.
func MarshalStats(s Stats) ([]byte, error) {
	s.Version = StatsVersion
	if len(s.Ratings) == 0 {
		s.Version = statsVersionNoRatings
	}
	if s.Tallies == nil {
		s.Tallies = []Tally{}
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("statistics: %w", err)
	}
	return append(b, '\n'), nil
}
