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
