package ai

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestScorePrintsAsTheProtocolDoes(t *testing.T) {
	for _, tc := range []struct {
		s    Score
		want string
	}{{Score{Centipawns, -12}, "cp -12"}, {Score{WinIn, 1}, "win 1"}, {Score{LossIn, 4}, "loss 4"}} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("%+v prints %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestAWinAtOnceIsReportedAsWin1(t *testing.T) {
	p, err := rules.ParsePosition("classic:.,.,.,./.,.,.,./o2,o2,.,./x4,x4,x4,.:x")
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGameFrom(p)
	var last Info
	m, err := NewEngine().Think(context.Background(), g, Config{Level: "hard"}, func(in Info) { last = in })
	if err != nil {
		t.Fatal(err)
	}
	if got := last.Score.String(); got != "win 1" {
		t.Errorf("score %q, want win 1", got)
	}
	if m.To != rules.SquareAt(rules.Classic, 3, 0) {
		t.Errorf("played %s, want a move to d1", m.Notation(rules.Classic))
	}
	if len(last.PV) == 0 || last.PV[0] != m {
		t.Errorf("principal variation %v does not start with the move played %v", last.PV, m)
	}
}

func TestThinkReturnsPromptlyWhenCancelled(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, v := range rules.Variants {
		g := rules.NewGame(v)
		_ = g.PlayNotation(map[rules.Variant][]string{rules.Classic: {"4@b2", "4@c3"}, rules.Gobblers: {"3@b2"}}[v])
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan rules.Move)
		go func() {
			// Expert with two goroutines and an hour to think: only the
			// cancellation can end it.
			m, _ := NewEngine().Think(ctx, g.Clone(), Config{Level: "expert", MoveTime: time.Hour, HashMiB: 4, Threads: 2}, nil)
			done <- m
		}()
		time.Sleep(50 * time.Millisecond)
		cancel()
		cancelled := time.Now()
		select {
		case m := <-done:
			t.Logf("%s: Think returned %v after the cancellation", v, time.Since(cancelled))
			p := g.Position()
			if !p.IsLegal(m) {
				t.Errorf("%s: cancelled search returned %v, not a legal move", v, m)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Think still running 5 s after its context was cancelled", v)
		}
	}
	// The search's goroutines must all be gone.
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines before thinking, %d after", before, n)
	}
}

// playOut plays a whole game between two configurations.
func playOut(t *testing.T, v rules.Variant, x, o Config) []rules.Move {
	t.Helper()
	rec := PlayGame(context.Background(), v, Opening(v, 2, x.Seed), NewLevelPlayer(x), NewLevelPlayer(o), 120)
	if rec.Err != nil {
		t.Fatal(rec.Err)
	}
	return rec.Moves
}

// A level's time is due on the wall clock from the question, not from
// when its search starts: a question asked longer ago than expert's five
// seconds (by the caller, or by the clock Think reads when it is called)
// is answered at the search's first look at the clock, with a legal move,
// and the reported times count from the question.
func TestALevelsTimeCountsFromTheQuestion(t *testing.T) {
	g := rules.NewGame(rules.Classic)
	if err := g.PlayNotation([]string{"4@b2", "4@c3"}); err != nil {
		t.Fatal(err)
	}
	think := func(cfg Config) Info {
		t.Helper()
		var last Info
		m, err := NewEngine().Think(context.Background(), g.Clone(), cfg, func(in Info) { last = in })
		if p := g.Position(); err != nil || !p.IsLegal(m) {
			t.Fatalf("%+v: %v, %v", cfg, m, err)
		}
		return last
	}
	minuteAgo := func() time.Time { return time.Now().Add(-time.Minute) }
	askedLate := think(Config{Level: "expert", HashMiB: 1, Asked: minuteAgo()})
	defer func(clock func() time.Time) { now = clock }(now)
	now = minuteAgo
	calledLate := think(Config{Level: "expert", HashMiB: 1})
	now = time.Now
	inTime := think(Config{Level: "expert", HashMiB: 1, Nodes: 100_000}) // the same search, no time limit
	for _, late := range []Info{askedLate, calledLate} {
		if late.Nodes > 5000 || late.Time < time.Minute || inTime.Nodes <= 5000 {
			t.Errorf("asked a minute ago, expert searched %d nodes (want a few thousand at most; %d by the last depth done without a time limit), reported time %v (want a minute or more)",
				late.Nodes, inTime.Nodes, late.Time)
		}
	}
}

func TestSameSeedSameGame(t *testing.T) {
	x := Config{Level: "medium", Seed: 7, Nodes: 5000}
	o := Config{Level: "hard", Seed: 7, Nodes: 5000}
	a := playOut(t, rules.Classic, x, o)
	b := playOut(t, rules.Classic, x, o)
	if !slices.Equal(a, b) {
		t.Fatalf("the same seed played two games:\n%v\n%v", a, b)
	}
	// Another seed varies the play (the opening differs too, so compare
	// games from one opening with only the players' seeds changed).
	opening := Opening(rules.Classic, 2, 1)
	var games [][]rules.Move
	for seed := uint64(1); seed <= 4; seed++ {
		x.Seed, o.Seed = seed, seed
		rec := PlayGame(context.Background(), rules.Classic, opening, NewLevelPlayer(x), NewLevelPlayer(o), 120)
		games = append(games, rec.Moves)
	}
	for _, g := range games[1:] {
		if !slices.Equal(g, games[0]) {
			return
		}
	}
	t.Fatal("four seeds played the same game: the levels do not vary their play")
}

// A small match at reduced budgets: the larger search must win.
func TestLevelsAreOrdered(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a match")
	}
	pairs := []struct{ strong, weak Config }{
		{Config{Level: "hard", Nodes: 20_000}, Config{Level: "easy"}},
		{Config{Level: "medium", Nodes: 20_000}, Config{Level: "baseline"}},
	}
	for _, pr := range pairs {
		var tally Tally
		for i := 0; i < 6; i++ {
			strong, weak := pr.strong, pr.weak
			strong.Seed, weak.Seed = uint64(i), uint64(i)
			x, o := NewLevelPlayer(strong), NewLevelPlayer(weak)
			if i%2 == 1 {
				x, o = o, x
			}
			rec := PlayGame(context.Background(), rules.Classic, Opening(rules.Classic, 2, uint64(i/2)), x, o, 150)
			if rec.Err != nil {
				t.Fatal(rec.Err)
			}
			strongSide := rules.Player(i % 2)
			switch r := rec.Result; {
			case r.Status == rules.Win && r.Winner == strongSide:
				tally.Wins++
			case r.Status == rules.Win:
				tally.Losses++
			default:
				tally.Draws++
			}
		}
		t.Logf("%s vs %s: W %d D %d L %d", pr.strong.Level, pr.weak.Level, tally.Wins, tally.Draws, tally.Losses)
		if tally.Score() < 0.75 {
			t.Errorf("%s scored %.0f%% against %s, want at least 75%%", pr.strong.Level, 100*tally.Score(), pr.weak.Level)
		}
	}
}

func TestEloOfAnEvenMatchIsZero(t *testing.T) {
	d, lo, hi := Tally{Wins: 10, Draws: 5, Losses: 10}.Elo()
	if d != 0 || lo >= 0 || hi <= 0 {
		t.Fatalf("even match: %f [%f, %f]", d, lo, hi)
	}
	d, lo, _ = Tally{Wins: 20}.Elo()
	if d <= 0 || lo <= 0 {
		t.Fatalf("a clean sweep: %f, lower bound %f, want both positive and finite", d, lo)
	}
}

func TestHashSizeIsAskedOrTheLevelsAtMostTheBound(t *testing.T) {
	for _, c := range []struct{ asked, level, max, want int }{
		{0, 64, 0, 64},   // the level's, on the desktop
		{8, 64, 0, 8},    // asked for
		{0, 64, 16, 16},  // the level's, bounded in a browser
		{32, 64, 16, 16}, // asked for, bounded
		{0, 4, 16, 4},    // under the bound
	} {
		if got := hashMiB(c.asked, c.level, c.max); got != c.want {
			t.Errorf("hashMiB(%d, %d, %d) = %d, want %d", c.asked, c.level, c.max, got, c.want)
		}
	}
}
