package analysis

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// roundTrip keeps a in r, writes r out, reads it back and returns what Of
// finds there.
func roundTrip(t *testing.T, r *record.Record, a *Game) (*record.Record, *Game, bool) {
	t.Helper()
	Keep(r, a)
	data, err := record.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatalf("%v:\n%s", err, data)
	}
	got, ok := Of(back)
	return back, got, ok
}

func TestKeepAndOfRoundTrip(t *testing.T) {
	ctx := context.Background()
	t.Run("3×3", func(t *testing.T) {
		g := rules.NewGame(rules.Gobblers)
		if err := g.PlayNotation([]string{"3@b2", "3@a1", "2@c1", "2@a3", "2@a2"}); err != nil {
			t.Fatal(err)
		}
		a, err := Analyze(ctx, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, got, ok := roundTrip(t, record.FromGame(g), a)
		if !ok || !reflect.DeepEqual(got, a) {
			t.Errorf("kept %+v\nread %+v", a, got)
		}
	})
	t.Run("3×3, o first", func(t *testing.T) {
		r, g := readGame(t, "../record/testdata/gobblers-o-first.gobblet")
		a, err := Analyze(ctx, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, got, ok := roundTrip(t, r, a)
		if !ok || !reflect.DeepEqual(got, a) {
			t.Errorf("kept %+v\nread %+v", a, got)
		}
	})
	t.Run("4×4", func(t *testing.T) {
		r, _ := readGame(t, "../record/testdata/classic-x-wins.gobblet")
		g, err := r.Game()
		if err != nil {
			t.Fatal(err)
		}
		a, err := Analyze(ctx, g, Options{Nodes: testNodes})
		if err != nil {
			t.Fatal(err)
		}
		back, got, ok := roundTrip(t, r, a)
		if !ok || !reflect.DeepEqual(got, a) {
			t.Errorf("kept %+v\nread %+v", a, got)
		}
		// The other unknown tags stay, and a second Keep replaces the first.
		_, _, ok = roundTrip(t, back, a)
		n := 0
		for _, tag := range back.Tags {
			if tag.Name == TagName {
				n++
			}
		}
		if !ok || n != 1 || back.Tags[0].Name != "Event" {
			t.Errorf("tags after a second Keep: %v", back.Tags)
		}
		Keep(back, nil)
		if _, ok := Of(back); ok || len(back.Tags) != 1 {
			t.Errorf("Keep(nil) left %v", back.Tags)
		}
	})
}

func TestAnAnalysisOfOtherMovesIsNone(t *testing.T) {
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2", "3@a1", "2@c1"}); err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := record.FromGame(g)
	Keep(r, a)
	tag := r.Tags[len(r.Tags)-1].Value

	other := rules.NewGame(rules.Gobblers)
	if err := other.PlayNotation([]string{"3@b2", "3@a1", "2@c3"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rule  string
		moves func(*rules.Game) *record.Record
		tag   string
	}{
		{"other moves", func(*rules.Game) *record.Record { return record.FromGame(other) }, tag},
		{"a move more", func(g *rules.Game) *record.Record {
			c := g.Clone()
			_ = c.PlayNotation([]string{"2@a3"})
			return record.FromGame(c)
		}, tag},
		{"a newer version", nil, "2" + tag[1:]},
		{"a ply missing", nil, tag[:strings.LastIndexByte(tag, ' ')]},
		{"a ply split in two", nil, strings.Replace(tag, ":w", ": w", 1)},
		{"chances over 100", nil, setWord(tag, 3, "=:101:50")},
		{"a win in no plies", nil, setWord(tag, 3, "=:w0:w0")},
		{"a number with a leading zero", nil, setWord(tag, 3, "=:050:50")},
		{"a ply with four parts", nil, setWord(tag, 3, "=:50:50:50")},
		{"an illegal best move", nil, tag[:strings.LastIndexByte(tag, ' ')] + " 3@b2:w9:w9"},
		{"a bad budget", nil, strings.Replace(tag, "solution", "n0", 1)},
		{"an empty tag", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r := record.FromGame(g)
			if tt.moves != nil {
				r = tt.moves(g)
			}
			r.Tags = append(r.Tags, record.Tag{Name: TagName, Value: tt.tag})
			if got, ok := Of(r); ok || got != nil {
				t.Errorf("%q read as an analysis", tt.tag)
			}
			// The game still loads with the tag in it.
			data, err := record.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := record.Parse(data); err != nil {
				t.Errorf("the game does not load: %v", err)
			}
		})
	}
	// Keep refuses an analysis of other moves.
	r = record.FromGame(other)
	Keep(r, a)
	if len(r.Tags) != 0 {
		t.Errorf("an analysis of other moves was kept: %v", r.Tags)
	}
}

func FuzzOf(f *testing.F) {
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2", "3@a1", "2@c1"}); err != nil {
		f.Fatal(err)
	}
	r := record.FromGame(g)
	a, err := Analyze(context.Background(), g, Options{})
	if err != nil {
		f.Fatal(err)
	}
	Keep(r, a)
	f.Add(r.Tags[0].Value)
	f.Add("1 00000000 n1500000 =:55:45")
	f.Add("1 00000000 solution =:w13:w13 =:l12:l12 3@b1:w11:l14")
	f.Add("1  solution")
	f.Fuzz(func(t *testing.T, tag string) {
		r := record.FromGame(g)
		r.Tags = []record.Tag{{Name: TagName, Value: tag}}
		got, ok := Of(r)
		if !ok {
			return
		}
		if len(got.Plies) != g.Plies() {
			t.Fatalf("%d plies for %d moves", len(got.Plies), g.Plies())
		}
		for _, p := range got.Plies {
			if p.Before < 0 || p.Before > 100 || p.After < 0 || p.After > 100 || p.Mark > Blunder {
				t.Fatalf("ply %+v", p)
			}
		}
		// What Of reads, Keep writes back the same.
		Keep(r, got)
		if again, ok := Of(r); !ok || !reflect.DeepEqual(again, got) {
			t.Fatalf("%q: read back differently", tag)
		}
	})
}

// setWord replaces the i-th word of a tag's value.
func setWord(tag string, i int, w string) string {
	words := strings.Split(tag, " ")
	words[i] = w
	return strings.Join(words, " ")
}
