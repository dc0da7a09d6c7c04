package record

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestExpectedScoreFollowsTheEloFormula(t *testing.T) {
	for _, c := range []struct{ a, b, want float64 }{
		{1000, 1000, 0.5},
		{1400, 1000, 1 / (1 + math.Pow(10, -1))}, // 400 up: ten to one
		{1000, 1400, 1 / (1 + 10.0)},
	} {
		if got := Expected(c.a, c.b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Expected(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if s := Expected(1234, 987) + Expected(987, 1234); math.Abs(s-1) > 1e-12 {
		t.Errorf("the two expected scores sum to %v", s)
	}
}

func TestUpdateMovesByKTimesTheSurprise(t *testing.T) {
	r := Rating{Rating: 1000}
	for _, c := range []struct {
		o    Outcome
		want float64
	}{{Won, 1020}, {Drawn, 1000}, {Lost, 980}} {
		if got := r.Update(1000, c.o).Rating; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%v against an equal: %v, want %v", c.o, got, c.want)
		}
	}
	// a loss to a much stronger level costs little, a win gains much
	if d := 1000 - r.Update(1827, Lost).Rating; d <= 0 || d > 2 {
		t.Errorf("a loss to expert cost %v", d)
	}
	if d := r.Update(1827, Won).Rating - 1000; d < 38 || d >= 40 {
		t.Errorf("a win over expert gained %v", d)
	}
}

func TestKShrinksAfterTheFirstGames(t *testing.T) {
	if KFactor(0) != 40 || KFactor(19) != 40 || KFactor(20) != 20 || KFactor(500) != 20 {
		t.Errorf("K: %v %v %v %v", KFactor(0), KFactor(19), KFactor(20), KFactor(500))
	}
	r := Rating{Rating: 1000, Games: 20}
	if got := r.Update(1000, Won).Rating; got != 1010 {
		t.Errorf("a win at K 20: %v", got)
	}
}

func TestHistoryKeepsTheLatestRatings(t *testing.T) {
	var s Stats
	for i := range MaxHistory + 30 {
		s.Rate(rules.Classic, "medium", Outcome(i%3))
	}
	r, ok := s.RatingOf(rules.Classic)
	if !ok || r.Games != MaxHistory+30 || len(r.History) != MaxHistory {
		t.Fatalf("games %d history %d ok %v", r.Games, len(r.History), ok)
	}
	if r.History[len(r.History)-1] != r.Current() {
		t.Errorf("the history ends at %d, the rating is %d", r.History[len(r.History)-1], r.Current())
	}
}

// A player who scores half their points against a level ends up rated
// near it: the rating finds its place.
func TestRatingConvergesToTheLevelOfAnEvenScore(t *testing.T) {
	var s Stats
	for i := range 200 {
		s.Rate(rules.Classic, "hard", []Outcome{Won, Lost}[i%2])
	}
	r, _ := s.RatingOf(rules.Classic)
	hard, _ := LevelRating(rules.Classic, "hard")
	if math.Abs(r.Rating-float64(hard)) > 25 {
		t.Errorf("rating %v after an even score against hard (%d)", r.Rating, hard)
	}
	if lvl, _ := SuggestLevel(rules.Classic, r.Rating); lvl != "hard" {
		t.Errorf("suggested %s", lvl)
	}
}

// Only finished games of a person against a level the ladder measured are
// rated: not two people, not two computers, not online, not 3×3.
func TestOnlyGamesAgainstAMeasuredLevelAreRated(t *testing.T) {
	human, ai := Player{Kind: Human}, Player{Kind: AI, Level: "medium"}
	won := rules.Result{Status: rules.Win, Winner: rules.X, Reason: rules.Line}
	cases := []struct {
		name  string
		r     Record
		rated bool
	}{
		{"human vs computer on 4×4", Record{Variant: rules.Classic, Players: [2]Player{human, ai}, Result: won}, true},
		{"computer vs human on 4×4", Record{Variant: rules.Classic, Players: [2]Player{ai, human}, Result: won}, true},
		{"unfinished", Record{Variant: rules.Classic, Players: [2]Player{human, ai}}, false},
		{"hot-seat", Record{Variant: rules.Classic, Players: [2]Player{human, human}, Result: won}, false},
		{"demo", Record{Variant: rules.Classic, Players: [2]Player{ai, ai}, Result: won}, false},
		{"online", Record{Variant: rules.Classic, Players: [2]Player{human, {Kind: Network}}, Result: won}, false},
		{"3×3 (not measured)", Record{Variant: rules.Gobblers, Players: [2]Player{human, ai}, Result: won}, false},
		{"an unknown level", Record{Variant: rules.Classic, Players: [2]Player{human, {Kind: AI, Level: "grandmaster"}}, Result: won}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s Stats
			s.AddGame(&c.r)
			r, ok := s.RatingOf(c.r.Variant)
			if ok != c.rated {
				t.Fatalf("rated %v, want %v", ok, c.rated)
			}
			if !ok {
				return
			}
			// the person won as x against 1407 from 1000, or lost as o
			want := 1000 + 40*(1-Expected(1000, 1407))
			if c.r.Players[rules.X].Kind == AI {
				want = 1000 - 40*Expected(1000, 1407)
			}
			if r.Games != 1 || math.Abs(r.Rating-want) > 1e-9 || !reflect.DeepEqual(r.History, []int{int(math.Round(want))}) {
				t.Errorf("rating %+v, want %v", r, want)
			}
		})
	}
}

func TestSuggestedLevelIsTheNearest(t *testing.T) {
	for _, c := range []struct {
		rating float64
		want   string
	}{{0, "easy"}, {396, "easy"}, {900, "easy"}, {1000, "medium"}, {1407, "medium"}, {1560, "hard"}, {1755, "hard"}, {1765, "expert"}, {3000, "expert"}} {
		if got, ok := SuggestLevel(rules.Classic, c.rating); !ok || got != c.want {
			t.Errorf("rating %v: %q, want %q", c.rating, got, c.want)
		}
	}
	if _, ok := SuggestLevel(rules.Gobblers, 1000); ok {
		t.Error("a suggestion on 3×3, whose levels were not measured")
	}
}

// A file with ratings round-trips and says version 2, so an older build
// (which reads up to version 1) refuses it as newer instead of as broken; a
// file without ratings stays version 1, as older builds wrote it.
func TestRatingsRoundTripAndOlderBuildsRefuseThemAsNewer(t *testing.T) {
	var s Stats
	s.Add(rules.Classic, "easy", Won)
	plain, err := MarshalStats(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(plain), `"version": 1`) || strings.Contains(string(plain), "ratings") {
		t.Errorf("statistics without ratings:\n%s", plain)
	}
	var old Stats
	if err := DecodeJSON(plain, "statistics", 1, &old); err != nil {
		t.Errorf("an older build cannot read statistics without ratings: %v", err)
	}

	for i := range 25 {
		s.Rate(rules.Classic, []string{"easy", "medium", "hard"}[i%3], Outcome(i%3))
	}
	data, err := MarshalStats(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"version": 2`) {
		t.Errorf("statistics with ratings:\n%s", data)
	}
	back, err := ParseStats(data)
	if err != nil {
		t.Fatal(err)
	}
	s.Version = StatsVersion
	if !reflect.DeepEqual(back, s) {
		t.Errorf("round trip:\nwant %+v\ngot  %+v", s, back)
	}
	if err := DecodeJSON(data, "statistics", 1, &old); !errors.Is(err, ErrNewerFormat) {
		t.Errorf("an older build reading ratings: %v, want the newer-format error", err)
	}
}

func TestParseStatsRefusesBadRatings(t *testing.T) {
	for _, c := range []struct{ rule, ratings, want string }{
		{"unknown variant", `[{"variant":"chess","games":1,"rating":1000,"history":[1000]}]`, "variant"},
		{"twice", `[{"variant":"classic","games":1,"rating":1000,"history":[1000]},{"variant":"classic","games":1,"rating":1000,"history":[1000]}]`, "twice"},
		{"negative games", `[{"variant":"classic","games":-1,"rating":1000,"history":[]}]`, "counts"},
		{"history longer than games", `[{"variant":"classic","games":1,"rating":1000,"history":[1000,1001]}]`, "counts"},
		{"absurd rating", `[{"variant":"classic","games":1,"rating":1e9,"history":[1000]}]`, "out of range"},
		{"absurd history", `[{"variant":"classic","games":1,"rating":1000,"history":[-99999]}]`, "out of range"},
	} {
		_, err := ParseStats([]byte(`{"version":2,"tallies":[],"ratings":` + c.ratings + `}`))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.rule, err, c.want)
		}
	}
}

// A copy of the statistics taken before a game keeps its rating: the
// screen showing it, or another goroutine reading it, sees no change.
func TestRatingACopyLeavesTheCopyAlone(t *testing.T) {
	var s Stats
	for range 3 {
		s.Rate(rules.Classic, "easy", Won)
	}
	before := s
	r0, _ := before.RatingOf(rules.Classic)
	h0 := append([]int(nil), r0.History...)
	s.Rate(rules.Classic, "easy", Lost)
	r1, _ := before.RatingOf(rules.Classic)
	if r1.Games != 3 || !reflect.DeepEqual(r1.History, h0) {
		t.Errorf("the copy changed: %+v, was %v", r1, h0)
	}
}
