package analysis

import (
	"context"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// testNodes keeps the 4×4 tests quick; the budget does not change what
// they check.
const testNodes = 20_000

func readGame(t testing.TB, path string) (*record.Record, *rules.Game) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Game()
	if err != nil {
		t.Fatal(err)
	}
	return r, g
}

func TestSearchedAnalysis(t *testing.T) {
	_, g := readGame(t, "../record/testdata/classic-x-wins.gobblet")
	var calls [][2]int
	a, err := Analyze(context.Background(), g, Options{Nodes: testNodes, Progress: func(done, total int) {
		calls = append(calls, [2]int{done, total})
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Plies) != g.Plies() || a.Budget != "nodes 20000" || a.Variant != rules.Classic {
		t.Fatalf("%d plies, budget %q", len(a.Plies), a.Budget)
	}
	t.Run("progress counts every position searched", func(t *testing.T) {
		// The game is over: one search per move, none of the end.
		if len(calls) != g.Plies() {
			t.Fatalf("progress %v", calls)
		}
		for i, c := range calls {
			if c != [2]int{i + 1, g.Plies()} {
				t.Fatalf("progress %v", calls)
			}
		}
	})
	t.Run("one search gives a move's after and the next move's before", func(t *testing.T) {
		for i := 1; i < len(a.Plies); i++ {
			if a.Plies[i].Before != 100-a.Plies[i-1].After {
				t.Errorf("ply %d before %d, ply %d after %d", i+1, a.Plies[i].Before, i, a.Plies[i-1].After)
			}
		}
	})
	t.Run("the winning move is worth 100", func(t *testing.T) {
		last := a.Plies[len(a.Plies)-1]
		if last.After != 100 || last.Before != 100 || last.Mark != Best {
			t.Errorf("last ply %+v", last)
		}
	})
	t.Run("marks follow the drop in chances", func(t *testing.T) {
		for i, p := range a.Plies {
			if p.Mark == Best {
				if p.Move != p.Best {
					t.Errorf("ply %d: best, but the best move is %s", i+1, p.Best.Notation(rules.Classic))
				}
				continue
			}
			want := Good
			switch drop := p.Before - p.After; {
			case drop >= 15:
				want = Blunder
			case drop >= 10:
				want = Mistake
			case drop >= 5:
				want = Inaccuracy
			}
			if p.Mark != want || p.Move == p.Best {
				t.Errorf("ply %d: %v for %d→%d", i+1, p.Mark, p.Before, p.After)
			}
		}
	})
	t.Run("the same budget gives the same analysis", func(t *testing.T) {
		b, err := Analyze(context.Background(), g, Options{Nodes: testNodes})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("two runs differ:\n%+v\n%+v", a, b)
		}
	})
	for side, acc := range a.Accuracy {
		if acc < 0 || acc > 100 {
			t.Errorf("side %d accuracy %v", side, acc)
		}
	}
}

func TestAnAnalysisOfAnUnfinishedGameSearchesItsLastPosition(t *testing.T) {
	g := rules.NewGame(rules.Classic)
	if err := g.PlayNotation([]string{"4@a1", "4@d4", "3@b2"}); err != nil {
		t.Fatal(err)
	}
	n := 0
	a, err := Analyze(context.Background(), g, Options{Nodes: testNodes, Progress: func(done, total int) { n = done }})
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 || len(a.Plies) != 3 {
		t.Errorf("%d positions, %d plies", n, len(a.Plies))
	}
}

func TestAGameWithoutMovesHasNoMarks(t *testing.T) {
	for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
		calls := 0
		a, err := Analyze(context.Background(), rules.NewGame(v), Options{Nodes: testNodes, Progress: func(int, int) { calls++ }})
		if err != nil || len(a.Plies) != 0 || a.Accuracy != [2]float64{-1, -1} || calls != 0 {
			t.Errorf("%v: %+v %v, %d progress calls", v, a, err, calls)
		}
	}
}

func TestCancelledAnalysisStops(t *testing.T) {
	for _, v := range []rules.Variant{rules.Classic, rules.Gobblers} {
		t.Run(v.String(), func(t *testing.T) {
			g := rules.NewGame(v)
			if err := g.PlayNotation([]string{"3@a1", "3@c3"}); v == rules.Gobblers && err != nil {
				t.Fatal(err)
			}
			if err := g.PlayNotation([]string{"4@a1", "4@c3"}); v == rules.Classic && err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := Analyze(ctx, g, Options{Nodes: testNodes}); !errors.Is(err, context.Canceled) {
				t.Errorf("a cancelled analysis returned %v", err)
			}
			// Cancelled half-way, from Progress.
			ctx, cancel = context.WithCancel(context.Background())
			defer cancel()
			calls := 0
			_, err := Analyze(ctx, g, Options{Nodes: testNodes, Progress: func(done, total int) {
				calls++
				cancel()
			}})
			if !errors.Is(err, context.Canceled) || calls != 1 {
				t.Errorf("cancelled after the first position: %v after %d calls", err, calls)
			}
		})
	}
}

func TestJudgeSearched(t *testing.T) {
	_, g := readGame(t, "../record/testdata/classic-x-wins.gobblet")
	ctx := context.Background()
	opt := Options{Nodes: testNodes}
	a, err := Analyze(ctx, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range a.Plies {
		pos := g.PositionAt(i)
		ok, got, err := Judge(ctx, pos, p.Best, p, opt)
		if err != nil || !ok || got.Mark != Best {
			t.Errorf("ply %d: the best move was refused: %v %v %v", i+1, ok, got.Mark, err)
		}
		ok, got, err = Judge(ctx, pos, p.Move, p, opt)
		if err != nil || ok != (p.Mark <= Good) || got.Mark != p.Mark {
			t.Errorf("ply %d: the move played (%v) judged %v %v %v", i+1, p.Mark, ok, got.Mark, err)
		}
	}
	// Any other move: accepted exactly when it comes within JudgePoints.
	p := a.Plies[0]
	var buf [rules.MaxMoves]rules.Move
	for _, m := range g.PositionAt(0).LegalMoves(buf[:0])[:6] {
		ok, got, err := Judge(ctx, g.PositionAt(0), m, p, opt)
		if err != nil || ok != (got.Before-got.After < JudgePoints) || got.Before != p.Before {
			t.Errorf("%s: %v %+v %v", m.Notation(rules.Classic), ok, got, err)
		}
	}
}
