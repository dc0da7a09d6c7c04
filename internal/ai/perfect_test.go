package ai

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

func TestAnalyseOpeningMovesOfGobblers(t *testing.T) {
	values, err := Analyse(context.Background(), rules.NewGame(rules.Gobblers))
	if err != nil {
		t.Fatal(err)
	}
	if len(values) != 27 {
		t.Fatalf("%d opening moves valued, want 27", len(values))
	}
	best := 0
	for _, mv := range values {
		switch mv.Move.Size {
		case 2: // a medium piece loses wherever it goes
			if mv.Draw || mv.Score.Kind != LossIn {
				t.Errorf("%s: %+v, want a loss", mv.Move.Notation(rules.Gobblers), mv)
			}
		default: // small and large pieces win
			if mv.Draw || mv.Score.Kind != WinIn {
				t.Errorf("%s: %+v, want a win", mv.Move.Notation(rules.Gobblers), mv)
			} else if best == 0 || mv.Score.Value < best {
				best = mv.Score.Value
			}
		}
	}
	if best != 13 {
		t.Errorf("the first player's fastest win takes %d plies, want 13", best)
	}
}

func TestAnalyseRefusesClassic(t *testing.T) {
	if _, err := Analyse(context.Background(), rules.NewGame(rules.Classic)); err != ErrNoSolution {
		t.Errorf("Analyse(classic) error = %v, want ErrNoSolution", err)
	}
}

func TestAnalyseValuesAnImmediateWinAsWinIn1(t *testing.T) {
	g := rules.NewGame(rules.Gobblers)
	// x builds a1, b1 with large pieces; o answers elsewhere with small ones.
	for _, m := range []string{"3@a1", "1@a3", "3@b1", "1@b3"} {
		mv, _ := rules.ParseMove(rules.Gobblers, m)
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	values, err := Analyse(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	win := rules.Drop(2, rules.SquareAt(rules.Gobblers, 2, 0)) // 2@c1 completes the first rank
	for _, mv := range values {
		if mv.Move == win && (mv.Draw || mv.Score != Score{Kind: WinIn, Value: 1}) {
			t.Errorf("2@c1 completes a line: got %+v, want win 1", mv)
		}
	}
}

// TestPerfectNeverLosesGround plays perfect against a random player from
// random openings and checks, at each of perfect's turns, that the value of
// its position never gets worse: a win shortens by two plies per round, a
// draw stays at least a draw, and a won game is won.
func TestPerfectNeverLosesGround(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for n := 0; n < games; n++ {
		g := rules.NewGame(rules.Gobblers)
		g.MoveLimit = 200
		perfectSide := rules.Player(n % 2)
		var e Engine
		opening := rng.IntN(6)
		var prev *MoveValue
		for !g.Over() {
			p := g.Position()
			var buf [rules.MaxMoves]rules.Move
			if p.SideToMove() != perfectSide || g.Plies() < opening {
				moves := p.LegalMoves(buf[:0])
				if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
				continue
			}
			values, err := Analyse(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			m, err := e.Think(context.Background(), g.Clone(), Config{Level: "perfect", Seed: uint64(n)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var chosen MoveValue
			for _, mv := range values {
				if mv.Move == m {
					chosen = mv
				}
			}
			for _, mv := range values {
				if better(mv, chosen) {
					t.Fatalf("game %d, %s: perfect played %s (%+v) but %s is better (%+v)", n, p, m.Notation(rules.Gobblers), chosen, mv.Move.Notation(rules.Gobblers), mv)
				}
			}
			if prev != nil && better(*prev, shifted(chosen)) {
				t.Fatalf("game %d, %s: perfect's value went from %+v to %+v", n, p, *prev, chosen)
			}
			prev = &chosen
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		r := g.Result()
		if prev != nil && !prev.Draw && prev.Score.Kind == WinIn && (r.Status != rules.Win || r.Winner != perfectSide) {
			t.Errorf("game %d: perfect had a win but the game ended %s", n, r)
		}
		if r.Status == rules.Win && r.Winner != perfectSide && prev != nil && (prev.Draw || prev.Score.Kind == WinIn) {
			t.Errorf("game %d: perfect lost a game it could draw or win", n)
		}
	}
}

// shifted returns the value a move would have had one round (two plies)
// earlier on the same line of play.
func shifted(mv MoveValue) MoveValue {
	if !mv.Draw {
		mv.Score.Value += 2
	}
	return mv
}

// better reports whether a is a better value than b for the side to move.
func better(a, b MoveValue) bool { return rank(a) > rank(b) }

func rank(mv MoveValue) int {
	switch {
	case mv.Draw:
		return 0
	case mv.Score.Kind == WinIn:
		return 1000 - mv.Score.Value
	}
	return -1000 + mv.Score.Value
}

// Without its table (in a browser, a failed download) the perfect player
// still moves: the strongest search plays, and the player is told why.
func TestPerfectWithoutItsTableLetsTheSearchPlayAndSaysSo(t *testing.T) {
	offline := errors.New("the perfect-play table could not be downloaded: the network is down")
	defer func(load func(context.Context) (*solve.Solution, error)) { loadSolution = load }(loadSolution)
	loadSolution = func(context.Context) (*solve.Solution, error) { return nil, offline }
	g := rules.NewGame(rules.Gobblers)
	var notes []string
	fallback := true
	m, err := NewEngine().Think(t.Context(), g, Config{Level: "perfect", Nodes: 20_000}, func(in Info) {
		if in.Note != "" {
			notes = append(notes, in.Note)
			fallback = fallback && in.Fallback
		}
	})
	if err != nil {
		t.Fatalf("Think: %v, want a move from the search", err)
	}
	if p := g.Position(); !p.IsLegal(m) {
		t.Errorf("Think played %v, not a legal move", m)
	}
	want := "The perfect-play table could not be downloaded: the network is down; the Expert search plays instead."
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q, want [%q]", notes, want)
	}
	if len(notes) == 1 && !fallback {
		t.Errorf("the note %q is not marked Fallback: the GUI would show it in English", notes[0])
	}
}

// Prepare loads the table for the perfect 3×3 player only.
func TestPrepareLoadsThePerfectPlayersTable(t *testing.T) {
	was := loadSolution
	defer func() { loadSolution = was }()
	loads := make(chan struct{}, 8)
	loadSolution = func(context.Context) (*solve.Solution, error) {
		loads <- struct{}{}
		return nil, errors.New("not in this test")
	}
	for _, c := range []struct {
		v     rules.Variant
		level string
		load  bool
	}{
		{rules.Gobblers, "perfect", true},
		{rules.Gobblers, "expert", false},
		{rules.Classic, "perfect", false},
		{rules.Classic, "hard", false},
	} {
		Prepare(c.v, c.level)
		select {
		case <-loads:
			if !c.load {
				t.Errorf("Prepare(%v, %q) loads the table", c.v, c.level)
			}
		case <-time.After(100 * time.Millisecond):
			if c.load {
				t.Errorf("Prepare(%v, %q) does not load the table", c.v, c.level)
			}
		}
	}
}
