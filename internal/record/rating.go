package record

import (
	"fmt"
	"math"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// The player's rating: an Elo rating from their finished games against the
// computer, on the scale docs/ladder.md measured the levels on. The ladder
// puts the seeds' baseline program at 0; here it sits at RatingBase, so
// that no rating a player meets is negative.

// RatingBase is the baseline program's rating; a level's rating is
// RatingBase plus its Elo against the baseline.
const RatingBase = 1000

// StartRating is a new player's rating: the baseline's, between easy and
// medium, where a newcomer who knows the rules stands.
const StartRating = RatingBase

// MaxHistory is how many ratings the history keeps, the latest ones: a
// chart's worth, and the statistics file stays small.
const MaxHistory = 200

// levelElo are the levels' Elo against the baseline on 4×4, from
// docs/ladder.md: hard won all its 200 games against the baseline and
// expert is measured against hard, so theirs are the lower ends of their
// 95% intervals (hard +692, expert +692+135).
var levelElo = map[string]int{"easy": -604, "medium": 407, "hard": 692, "expert": 827}

// ratedLevels are the levels in order of strength.
var ratedLevels = []string{"easy", "medium", "hard", "expert"}

// LevelRating returns a computer level's rating, ok false for a level or a
// variant the ladder did not measure (3×3's levels were not: its games are
// not rated).
func LevelRating(v rules.Variant, level string) (int, bool) {
	if v != rules.Classic {
		return 0, false
	}
	e, ok := levelElo[level]
	return RatingBase + e, ok
}

// Rated reports whether a finished game against this level counts in the
// player's rating.
func Rated(v rules.Variant, level string) bool {
	_, ok := LevelRating(v, level)
	return ok
}

// Rating is the player's rating in one variant and how it went.
type Rating struct {
	Variant string  `json:"variant"`
	Games   int     `json:"games"`  // rated games played
	Rating  float64 `json:"rating"` // the current rating, unrounded
	// History is the rating after each rated game, rounded, the latest
	// MaxHistory of them (oldest first).
	History []int `json:"history"`
}

// Current is the rating rounded, as shown.
func (r Rating) Current() int { return int(math.Round(r.Rating)) }

// Expected is a player's expected score (0 to 1) against an opponent, by
// the Elo formula.
func Expected(rating, opponent float64) float64 {
	return 1 / (1 + math.Pow(10, (opponent-rating)/400))
}

// KFactor is how far one game moves the rating: 40 for the first 20 games,
// while the rating is still finding its place, 20 after (as FIDE's for a
// new player and an established one).
func KFactor(games int) float64 {
	if games < 20 {
		return 40
	}
	return 20
}

// Update returns the rating after one game against an opponent of the
// given rating: r + K·(score − expected).
func (r Rating) Update(opponent float64, o Outcome) Rating {
	score := map[Outcome]float64{Won: 1, Drawn: 0.5, Lost: 0}[o]
	r.Rating += KFactor(r.Games) * (score - Expected(r.Rating, opponent))
	r.Games++
	// a new history, never the old one's array: a copy of the statistics
	// taken before (the screen's, another goroutine's) keeps its own
	h := r.History[max(0, len(r.History)+1-MaxHistory):]
	r.History = append(append(make([]int, 0, len(h)+1), h...), r.Current())
	return r
}

// Rate counts a finished game against the computer in the player's rating
// and reports whether it counted (a level the ladder measured).
func (s *Stats) Rate(v rules.Variant, level string, o Outcome) bool {
	opp, ok := LevelRating(v, level)
	if !ok {
		return false
	}
	rs := make([]Rating, 0, len(s.Ratings)+1) // a new slice: copies taken before keep theirs
	found := false
	for _, r := range s.Ratings {
		if r.Variant == v.String() {
			r, found = r.Update(float64(opp), o), true
		}
		rs = append(rs, r)
	}
	if !found {
		rs = append(rs, Rating{Variant: v.String(), Rating: StartRating}.Update(float64(opp), o))
	}
	s.Ratings = rs
	return true
}

// RatingOf returns the player's rating in a variant; ok is false before
// their first rated game there.
func (s Stats) RatingOf(v rules.Variant) (Rating, bool) {
	for _, r := range s.Ratings {
		if r.Variant == v.String() {
			return r, true
		}
	}
	return Rating{Variant: v.String(), Rating: StartRating}, false
}

// SuggestLevel is the level that gives a player of this rating the most
// even game: the one whose rating is nearest. ok is false for a variant
// without measured levels.
func SuggestLevel(v rules.Variant, rating float64) (level string, ok bool) {
	best := math.Inf(1)
	for _, l := range ratedLevels {
		lr, known := LevelRating(v, l)
		if !known {
			continue
		}
		if d := math.Abs(float64(lr) - rating); d < best {
			best, level, ok = d, l, true
		}
	}
	return level, ok
}

// Bounds of a rating in a statistics file: ratings move at most 40 a game
// from 1000, so anything far outside was not written by the game.
const (
	minRating = -2000
	maxRating = 5000
)

// checkRatings refuses ratings the game would not have written.
func checkRatings(rs []Rating) error {
	seen := map[string]bool{}
	for _, r := range rs {
		if _, err := rules.ParseVariant(r.Variant); err != nil {
			return fmt.Errorf("statistics: rating: %w", err)
		}
		if seen[r.Variant] {
			return fmt.Errorf("statistics: the %s rating appears twice", r.Variant)
		}
		seen[r.Variant] = true
		if r.Games < 0 || len(r.History) > MaxHistory || len(r.History) > r.Games {
			return fmt.Errorf("statistics: the %s rating counts %d games with %d in its history", r.Variant, r.Games, len(r.History))
		}
		if !(r.Rating >= minRating && r.Rating <= maxRating) {
			return fmt.Errorf("statistics: the %s rating %v is out of range", r.Variant, r.Rating)
		}
		for _, h := range r.History {
			if h < minRating || h > maxRating {
				return fmt.Errorf("statistics: the %s rating history holds %d, out of range", r.Variant, h)
			}
		}
	}
	return nil
}
