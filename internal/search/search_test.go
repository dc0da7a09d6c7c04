package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func gameFrom(t testing.TB, pos string, moves ...string) *rules.Game {
	t.Helper()
	p, err := rules.ParsePosition(pos)
	if err != nil {
		t.Fatalf("position %s: %v", pos, err)
	}
	g := rules.NewGameFrom(p)
	if err := g.PlayNotation(moves); err != nil {
		t.Fatalf("moves %v: %v", moves, err)
	}
	return g
}

// Positions with a forced win, and how many plies it takes from the side
// to move's first move to its winning line.
var forcedWins = []struct {
	name  string
	pos   string
	plies int
}{
	{"complete a row of three giants", "classic:.,.,.,./.,.,.,./.,.,.,./x4,x4,x4,.:x", 1},
	{"a giant at the corner makes two lines of three that cannot both be blocked",
		"classic:.,o1,o2,./x3,.,.,o2/x3,.,.,./.,x4,x4,.:x", 3},
	{"gobblers: complete the diagonal", "gobblers:.,.,x3/.,x3,./.,o2,o1:x", 1},
	{"the mover is lost: two lines of three share a giant", "classic:o4,o3,o3,./o4,.,x4,./o3,x4,.,x4/.,.,.,.:x", 2},
}

func TestSearchFindsForcedWins(t *testing.T) {
	for _, tc := range forcedWins {
		for _, alg := range []Algorithm{Iterative, AlphaBeta} {
			t.Run(fmt.Sprintf("%s/%s", tc.name, alg), func(t *testing.T) {
				g := gameFrom(t, tc.pos)
				res := NewSearcher(1).Search(context.Background(), g, Options{Algorithm: alg, Limits: Limits{Depth: tc.plies + 1}})
				if !IsProven(res.Score) || PliesToEnd(res.Score) != tc.plies {
					t.Fatalf("score %d (depth %d, move %s), want a result in %d plies", res.Score, res.Depth, res.Move.Notation(g.Variant()), tc.plies)
				}
				if tc.plies%2 == 1 && res.Score < 0 || tc.plies%2 == 0 && res.Score > 0 {
					t.Fatalf("score %d has the wrong sign for a result in %d plies", res.Score, tc.plies)
				}
				if tc.plies == 1 {
					c := g.Position().Play(res.Move)
					if w, ok := c.Winner(); !ok || w != g.Position().SideToMove() {
						t.Fatalf("move %s does not win at once", res.Move.Notation(g.Variant()))
					}
				}
			})
		}
	}
}

// safeMoves returns the moves after which the opponent cannot win at once,
// and the moves that win at once.
func safeMoves(p rules.Position) (safe, wins []rules.Move) {
	var buf, buf2 [rules.MaxMoves]rules.Move
	us := p.SideToMove()
	for _, m := range p.LegalMoves(buf[:0]) {
		c := p.Play(m)
		if w, ok := c.Winner(); ok {
			if w == us {
				wins = append(wins, m)
			}
			continue
		}
		lost := false
		for _, n := range c.LegalMoves(buf2[:0]) {
			if w, ok := c.Play(n).Winner(); ok && w != us {
				lost = true
				break
			}
		}
		if !lost {
			safe = append(safe, m)
		}
	}
	return safe, wins
}

func TestLevelsTakeWinsAndBlockLossesInOne(t *testing.T) {
	checked := 0
	for _, v := range rules.Variants {
		for seed := uint64(1); seed <= 40; seed++ {
			g := randomGame(t, v, 6+int(seed%9), seed)
			if g.Over() {
				continue
			}
			p := g.Position()
			safe, wins := safeMoves(p)
			for _, name := range []string{"medium", "hard"} {
				lvl, _ := LevelByName(name)
				r := rand.New(rand.NewPCG(seed, 1))
				opt := lvl.Options(Limits{}, r)
				opt.Limits.Nodes = min(opt.Limits.Nodes, 30_000)
				opt.Limits.MoveTime = 0
				res := NewSearcher(1).Search(context.Background(), g, opt)
				m := lvl.Choose(res, r)
				switch {
				case len(wins) > 0:
					if !contains(wins, m) {
						t.Errorf("%s, %s: played %s, missing a win in one", p.String(), name, m.Notation(v))
					}
				case len(safe) > 0:
					if !contains(safe, m) {
						t.Errorf("%s, %s: played %s, which lets the opponent win at once", p.String(), name, m.Notation(v))
					}
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func contains(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func TestMinimaxAndAlphaBetaAgree(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g := randomGame(t, rules.Gobblers, 3, seed)
		if g.Over() {
			continue
		}
		mm := NewSearcher(1).Search(context.Background(), g, Options{Algorithm: Minimax, Limits: Limits{Depth: 3}})
		ab := NewSearcher(1).Search(context.Background(), g, Options{Algorithm: AlphaBeta, Limits: Limits{Depth: 3}})
		if mm.Score != ab.Score {
			t.Errorf("%s: minimax %d, alpha-beta %d", g.Position().String(), mm.Score, ab.Score)
		}
		if ab.Nodes >= mm.Nodes {
			t.Errorf("%s: alpha-beta searched %d nodes, minimax %d", g.Position().String(), ab.Nodes, mm.Nodes)
		}
	}
}

// A position repeated for the third time is a draw, and a value the table
// holds for it from a search without that history must not hide it.
func TestThirdRepetitionIsADrawEvenWithTheTableFull(t *testing.T) {
	pos := "classic:.,o4,.,./.,.,.,./.,.,.,./x4,.,.,.:x"
	shuffle := []string{"a1-a2", "b4-b3", "a2-a1", "b3-b4", "a1-a2", "b4-b3", "a2-a1"}
	back := rules.Shift(rules.SquareAt(rules.Classic, 1, 2), rules.SquareAt(rules.Classic, 1, 3)) // b3-b4
	s := NewSearcher(4)
	fresh := gameFrom(t, "classic:.,.,.,./.,o4,.,./.,.,.,./x4,.,.,.:o")
	s.Search(context.Background(), fresh, Options{Limits: Limits{Depth: 6}, Margin: 10_000})

	g := gameFrom(t, pos, shuffle...)
	res := s.Search(context.Background(), g, Options{Limits: Limits{Depth: 6}, Margin: 10_000})
	for _, rm := range res.Root {
		if rm.Move == back {
			if !rm.Exact || rm.Score != 0 {
				t.Fatalf("b3-b4 repeats the position a third time: score %d exact %v, want an exact 0", rm.Score, rm.Exact)
			}
			return
		}
	}
	t.Fatal("b3-b4 is not among the root moves")
}

func TestMoveLimitDrawsTheGame(t *testing.T) {
	g := gameFrom(t, forcedWins[1].pos)
	g.MoveLimit = 1 // one ply left: no line can be made in it
	res := NewSearcher(1).Search(context.Background(), g, Options{Limits: Limits{Depth: 5}})
	if res.Score != 0 {
		t.Fatalf("score %d with one ply to the move limit and no win in one, want 0", res.Score)
	}
}

func TestEvaluationIsSymmetric(t *testing.T) {
	for _, v := range rules.Variants {
		for seed := uint64(1); seed <= 30; seed++ {
			g := randomGame(t, v, int(seed%12), seed)
			p := g.Position()
			want := DefaultWeights.Evaluate(&p)
			for sym := rules.Symmetry(0); sym < 8; sym++ {
				q := p.Transform(sym)
				if got := DefaultWeights.Evaluate(&q); got != want {
					t.Fatalf("%s: %d, but %d after symmetry %d", p.String(), want, got, sym)
				}
			}
		}
	}
}

func TestTableKeepsWhatItStores(t *testing.T) {
	tb := NewTable(1)
	moves := []rules.Move{rules.Drop(4, 15), rules.Drop(1, 0), rules.Shift(0, 15), rules.Shift(15, 3), rules.NoMove}
	for i, m := range moves {
		for _, sc := range []int{0, -1, 777, Win - 3, -Win + 8} {
			e := entry{move: m, score: sc, depth: i + 1, bound: boundLower}
			h := uint64(i+1)*0x9E3779B97F4A7C15 + uint64(sc)
			tb.store(h, e)
			got, ok := tb.probe(h)
			if !ok || got != e {
				t.Fatalf("stored %+v, got %+v (found %v)", e, got, ok)
			}
		}
	}
}

func TestSearchStopsWhenCancelled(t *testing.T) {
	g := randomGame(t, rules.Classic, 8, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := NewSearcher(1).Search(ctx, g, Options{Threads: 2})
	p := g.Position()
	if !p.IsLegal(res.Move) {
		t.Fatalf("a search cancelled before it starts returned %v, not a legal move", res.Move)
	}
}

// A search stops a margin before its time is up, so that winding down and
// answering fit in it: a tenth of the time, at most a quarter second.
func TestDeadlineLeavesAMarginToAnswer(t *testing.T) {
	asked := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ moveTime, stopsAfter time.Duration }{
		{200 * time.Millisecond, 180 * time.Millisecond}, // easy
		{time.Second, 900 * time.Millisecond},            // medium, hard
		{5 * time.Second, 4750 * time.Millisecond},       // expert
		{24 * time.Hour, 24*time.Hour - 250*time.Millisecond},
	} {
		if got := Deadline(asked, tc.moveTime).Sub(asked); got != tc.stopsAfter {
			t.Errorf("%v to answer: the search stops %v after the question, want %v", tc.moveTime, got, tc.stopsAfter)
		}
	}
}

// A search stops when its answer might come too late: twice the longest
// wait between two looks at the clock so far (one to the next look, one to
// answer) would take it past its deadline.
func TestSearchStopsWhenTheNextLookAtTheClockMightBeLate(t *testing.T) {
	start := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	deadline := start.Add(900 * time.Millisecond)
	everyMs := func(last int) []int {
		var ms []int
		for i := 1; i <= last; i++ {
			ms = append(ms, i)
		}
		return ms
	}
	for _, tc := range []struct {
		rule  string
		looks []int // milliseconds after the start
		stops bool
	}{
		{"looks a millisecond apart go on to two milliseconds before the deadline", everyMs(898), false},
		{"and stop after", everyMs(899), true},
		{"looks 200 ms apart go on to 400 ms before it", []int{200, 400, 500}, false},
		{"and stop after", []int{200, 400, 501}, true},
		{"the first wait counts from the start", []int{300}, false},
		{"as a wait", []int{301}, true},
	} {
		th := &thread{sh: &shared{deadline: deadline}, lastLook: start}
		for _, ms := range tc.looks {
			th.lookAtClock(start.Add(time.Duration(ms) * time.Millisecond))
		}
		if th.stopped != tc.stops || th.sh.stop.Load() != tc.stops {
			t.Errorf("%s: %d looks, the last at %d ms, deadline at 900 ms: stopped %v, want %v", tc.rule, len(tc.looks), tc.looks[len(tc.looks)-1], th.stopped, tc.stops)
		}
	}
}

// The time limit counts from the question (Options.Asked), which comes
// before the search is set up: a search asked for longer ago than its time
// stops at its first look at the clock, with a legal move, and reports the
// time since the question.
func TestMoveTimeCountsFromTheQuestion(t *testing.T) {
	g := randomGame(t, rules.Classic, 8, 3)
	lim := Limits{MoveTime: time.Minute, Nodes: 50_000}
	late := NewSearcher(1).Search(context.Background(), g, Options{Limits: lim, Asked: time.Now().Add(-time.Hour)})
	inTime := NewSearcher(1).Search(context.Background(), g, Options{Limits: lim})
	if p := g.Position(); !p.IsLegal(late.Move) {
		t.Fatalf("a search asked for an hour ago returned %v, not a legal move", late.Move)
	}
	if late.Nodes > 2048 || late.Time < time.Hour || inTime.Nodes < lim.Nodes {
		t.Errorf("asked an hour ago with a minute to answer: %d nodes searched (want at most 2048; %d when asked now), time %v (want an hour or more)",
			late.Nodes, inTime.Nodes, late.Time)
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, v := range rules.Variants {
		b.Run(v.String(), func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				for _, bp := range BenchPositions(v) {
					g := gameFrom(b, bp.Position)
					res := NewSearcher(16).Search(context.Background(), g, Options{Limits: Limits{Depth: bp.Depth}})
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	g := randomGame(b, rules.Classic, 12, 5)
	p := g.Position()
	s := 0
	for i := 0; i < b.N; i++ {
		s += DefaultWeights.Evaluate(&p)
	}
	_ = s
}

// Two goroutines share the table (run under -race to check it), and the
// pair still finds what one finds.
func TestTwoGoroutinesFindTheForcedWin(t *testing.T) {
	g := gameFrom(t, forcedWins[1].pos)
	res := NewSearcher(1).Search(context.Background(), g, Options{Threads: 2, Limits: Limits{Depth: 5}})
	if !IsProven(res.Score) || PliesToEnd(res.Score) != forcedWins[1].plies {
		t.Fatalf("two goroutines: score %d, want a win in %d", res.Score, forcedWins[1].plies)
	}
}
