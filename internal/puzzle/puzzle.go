// Package puzzle is the game's set of puzzles: positions where one move
// wins, made by tools/puzzles and embedded. On 3×3 they come from the
// solution (exactly one move wins fastest: "win in N"); on 4×4 from Expert
// self-play, where one move leads to a forced win a proof search proves.
// Each has a rating (difficulty, on the Elo scale of docs/ladder.md) from
// the length of the win and how many moves look plausible.
//
// The package is pure: the set, the daily puzzle, checking a move, the
// solver's replies, and the player's puzzle rating. It imports no ebiten.
package puzzle

import (
	_ "embed"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Puzzle is one puzzle.
type Puzzle struct {
	ID       string // stable, short, unique ("g0001" for 3×3, "c0001" for 4×4)
	Variant  rules.Variant
	Position rules.Position // the side to move is the solver
	Rating   int            // difficulty on the Elo scale
	// Solution is the main line: the solver's moves and the opponent's
	// best replies, alternating, the solver's first, ending with the
	// solver's winning move.
	Solution []rules.Move
	WinIn    int // the solver's moves to the win (len(Solution)+1)/2
}

// Plies is the length of the win in plies, both sides' moves counted:
// 2·WinIn−1.
func (pz Puzzle) Plies() int { return 2*pz.WinIn - 1 }

// The range of ratings a puzzle may have.
const (
	MinRating = 600
	MaxRating = 2200
	// StartRating is a player's puzzle rating before their first puzzle.
	StartRating = 1200
)

//go:embed puzzles.txt
var setText string

var set struct {
	once sync.Once
	all  []Puzzle
	byID map[string]int
}

func load() {
	set.once.Do(func() {
		all, err := Parse(setText)
		if err != nil {
			// The set is made and checked by tools/puzzles and its test
			// parses it: a broken set is a broken build.
			panic(fmt.Sprintf("puzzle: the built-in set does not read: %v", err))
		}
		set.all = all
		set.byID = make(map[string]int, len(all))
		for i, pz := range all {
			set.byID[pz.ID] = i
		}
	})
}

// All returns every puzzle, easiest first. The slice is shared: do not
// change it.
func All() []Puzzle {
	load()
	return set.all
}

// ByID returns the puzzle with that id.
func ByID(id string) (Puzzle, bool) {
	load()
	i, ok := set.byID[id]
	if !ok {
		return Puzzle{}, false
	}
	return set.all[i], true
}

// dailyEpoch is day 0 of the daily puzzle.
var dailyEpoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Daily is the puzzle of the given date (the local calendar date of t):
// the same for everyone on that date. Day d (counted from 1 January 2026)
// takes the puzzle (d·stride + offset) mod n of the n puzzles, stride
// coprime with n and near n/φ: no puzzle comes back before every other
// one has had its day, and consecutive days land far apart in the set
// (so not always on an easy or a hard one).
func Daily(t time.Time) Puzzle {
	all := All()
	n := int64(len(all))
	if n == 0 {
		return Puzzle{}
	}
	y, m, d := t.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	days := int64(math.Floor(day.Sub(dailyEpoch).Hours()/24 + 0.5))
	stride := int64(float64(n)*0.618) | 1
	for gcd(stride, n) != 1 {
		stride++
	}
	i := (days%n*stride + dailyOffset) % n
	if i < 0 {
		i += n
	}
	return all[i]
}

// dailyOffset is the set's puzzle on day 0.
const dailyOffset = 17

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Rate returns the player's new puzzle rating after solving (won) or
// failing a puzzle of the given rating (Elo with K = 32; a first rating
// starts at 1200).
func Rate(player, puzzle int, won bool) int {
	if player <= 0 {
		player = StartRating
	}
	expected := 1 / (1 + math.Pow(10, float64(puzzle-player)/400))
	score := 0.0
	if won {
		score = 1
	}
	return player + int(math.Round(32*(score-expected)))
}
