package record

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestStatsCountPerVariantAndLevel(t *testing.T) {
	var s Stats
	s.Add(rules.Classic, "hard", Won)
	s.Add(rules.Classic, "hard", Lost)
	s.Add(rules.Classic, "easy", Won)
	s.Add(rules.Gobblers, "hard", Drawn)
	if got := s.Tally(rules.Classic, "hard"); got != (Tally{Variant: "classic", Level: "hard", Won: 1, Lost: 1}) {
		t.Errorf("classic hard: %+v", got)
	}
	if got := s.Tally(rules.Gobblers, "hard"); got.Drawn != 1 || got.Games() != 1 {
		t.Errorf("gobblers hard: %+v", got)
	}
	if got := s.Total(rules.Classic); got.Won != 2 || got.Lost != 1 || got.Games() != 3 {
		t.Errorf("classic total: %+v", got)
	}
	if got := s.Tally(rules.Gobblers, "perfect"); got.Games() != 0 {
		t.Errorf("an unplayed level: %+v", got)
	}
	r := &Record{Variant: rules.Gobblers, Players: [2]Player{{Kind: AI, Level: "perfect"}, {Kind: Human}},
		Result: rules.Result{Status: rules.Win, Winner: rules.X, Reason: rules.Line}}
	if !s.AddGame(r) || s.Tally(rules.Gobblers, "perfect").Lost != 1 {
		t.Errorf("AddGame: %+v", s)
	}
}

func TestStatsRoundTrip(t *testing.T) {
	var s Stats
	for i, level := range []string{"medium", "easy", "expert", "hard"} {
		for range i + 1 {
			s.Add(rules.Variants[i%2], level, Outcome(i%3))
		}
	}
	data, err := MarshalStats(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseStats(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	s.Version = StatsVersion
	if !reflect.DeepEqual(back, s) {
		t.Errorf("round trip:\nwant %+v\ngot  %+v", s, back)
	}
	empty, err := MarshalStats(Stats{})
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ParseStats(empty); err != nil || len(back.Tallies) != 0 {
		t.Errorf("empty stats: %v %+v", err, back)
	}
}

func TestParseStatsRefusesBadFiles(t *testing.T) {
	tests := []struct{ rule, text, want string }{
		{"not JSON", "won: 3", "invalid character"},
		{"empty", "", "EOF"},
		{"truncated", `{"version":1,"tallies":[{"variant":"classic"`, "unexpected EOF"},
		{"no version", `{"tallies":[]}`, "no format version"},
		{"unknown field", `{"version":1,"tallies":[],"colour":"red"}`, "unknown field"},
		{"unknown variant", `{"version":1,"tallies":[{"variant":"chess","level":"hard"}]}`, "unknown variant"},
		{"negative count", `{"version":1,"tallies":[{"variant":"classic","level":"hard","won":-1}]}`, "negative"},
		{"a level twice", `{"version":1,"tallies":[{"variant":"classic","level":"hard"},{"variant":"classic","level":"hard"}]}`, "twice"},
		{"no level", `{"version":1,"tallies":[{"variant":"classic","level":""}]}`, "not a level"},
		{"text after the end", `{"version":1,"tallies":[]} {}`, "after the end"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			_, err := ParseStats([]byte(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
	_, err := ParseStats([]byte(`{"version":7,"tallies":[],"streaks":[1]}`))
	if !errors.Is(err, ErrNewerFormat) {
		t.Errorf("a newer file: got %v, want ErrNewerFormat", err)
	}
}

// A game against the AI left unfinished for another counts as left, and
// among the games; a finished game, a game with no move and a game
// between two people do not.
func TestAGameLeftUnfinishedCounts(t *testing.T) {
	vsAI := [2]Player{{Kind: Human}, {Kind: AI, Level: "hard"}}
	rec := func(players [2]Player, moves int, over bool) *Record {
		g := rules.NewGame(rules.Gobblers)
		for _, m := range []string{"3@b2", "1@a1", "3@a1", "2@c1", "2@c3"}[:moves] {
			if err := g.PlayNotation([]string{m}); err != nil {
				t.Fatal(err)
			}
		}
		r := FromGame(g)
		r.Players = players
		if over != (r.Result.Status != rules.Ongoing) {
			t.Fatalf("the game of %d moves over = %v", moves, !over)
		}
		return r
	}
	var s Stats
	for _, tc := range []struct {
		what string
		r    *Record
		want bool
	}{
		{"left with moves", rec(vsAI, 2, false), true},
		{"no move played", rec(vsAI, 0, false), false},
		{"finished", rec(vsAI, 5, true), false},
		{"two people", rec([2]Player{{Kind: Human}, {Kind: Human}}, 2, false), false},
	} {
		if got := s.AddLeft(tc.r); got != tc.want {
			t.Errorf("%s: counted %v, want %v", tc.what, got, tc.want)
		}
	}
	tl := s.Tally(rules.Gobblers, "hard")
	if tl.Left != 1 || tl.Games() != 1 || s.Total(rules.Gobblers).Left != 1 {
		t.Errorf("after one game left: %+v, total %+v", tl, s.Total(rules.Gobblers))
	}
	data, err := MarshalStats(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseStats(data)
	if err != nil || back.Tally(rules.Gobblers, "hard").Left != 1 {
		t.Errorf("the count left does not survive a write: %v %+v", err, back)
	}
}
