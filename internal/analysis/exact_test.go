package analysis

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/solve"
)

// judgeAt analyses the move m from the position p (3×3), as the last move
// of a game that starts there.
func judgeAt(t *testing.T, pos, move string) Ply {
	t.Helper()
	p, err := rules.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGameFrom(p)
	if err := g.PlayNotation([]string{move}); err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Plies) != 1 || a.Budget != "solution" {
		t.Fatalf("got %+v", a)
	}
	return a.Plies[0]
}

func TestExactMarks(t *testing.T) {
	const start = "gobblers:.,.,./.,.,./.,.,.:x" // a win in 13 plies for x
	tests := []struct {
		rule, pos, move string
		mark            Mark
		before, after   int
		best            string
		note            string
	}{
		{"the fastest win is best", start, "3@a1", Best, 100, 100, "3@a1", ""},
		{"a slower win keeps the value and is good", start, "3@b1", Good, 100, 100, "3@a1", "Still wins, but a win in 7 was there."},
		{"a win thrown to a loss is a blunder", start, "2@a1", Blunder, 100, 0, "3@a1", "Missed a win in 7, and now the opponent wins."},
		{"a win thrown to a draw is a blunder", "gobblers:.,o2,./.,.,./.,.,x1:x", "2@a2", Blunder, 100, 50, "3@b1", "Missed a win in 6."},
		{"the slowest loss is best", "gobblers:.,.,./.,.,./.,.,x1:o", "3@c1", Best, 0, 0, "3@c1", ""},
		{"a faster loss keeps the value and is good", "gobblers:.,.,./.,.,./.,.,x1:o", "3@a1", Good, 0, 0, "3@c1", "Loses faster than it had to: the opponent now wins in 6."},
		{"a draw thrown to a loss is a blunder", "gobblers:.,x1o2o3,./o2x3,x1,./.,.,x2:o", "3@a1", Blunder, 50, 0, "3@b2", "Allows a win in 1."},
		{"a kept draw is best", "gobblers:.,x1o2o3,./o2x3,x1,./.,.,x2:o", "3@b2", Best, 50, 50, "3@b2", ""},
		{"a win at once is best", "gobblers:.,x3,./.,x1,./x1,o3,o2:o", "3@a1", Best, 100, 100, "3@a1", ""},
		{"showing the opponent's line in a drawn position is a blunder", "gobblers:x1,x1o2,x3/.,.,./.,.,.:o", "b3-a1", Blunder, 50, 0, "2@a3", "Loses at once: it shows the opponent's line."},
		{"losing at once when lost anyway is good", "gobblers:o1,.,./.,x3,o2o3/x2,x2o3,x1:o", "b1-a2", Good, 0, 0, "2@c1", "Loses at once: it shows the opponent's line."},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got := judgeAt(t, tt.pos, tt.move)
			v := rules.Gobblers
			if got.Mark != tt.mark || got.Before != tt.before || got.After != tt.after || got.Note != tt.note {
				t.Errorf("got %v %d→%d %q, want %v %d→%d %q", got.Mark, got.Before, got.After, got.Note, tt.mark, tt.before, tt.after, tt.note)
			}
			// The best move is the one the solution names first; a best
			// move played is its own best.
			if tt.mark == Best && got.Best != got.Move {
				t.Errorf("a best move names %s as best", got.Best.Notation(v))
			}
			if tt.mark != Best && got.Best.Notation(v) != tt.best {
				t.Errorf("best %s, want %s", got.Best.Notation(v), tt.best)
			}
		})
	}
}

func TestARepetitionDrawsTheGame(t *testing.T) {
	g := rules.NewGame(rules.Gobblers)
	// Two big pieces walk back and forth: the position after ply 2 comes
	// back after plies 6 and 10, and the last move draws the game there.
	moves := []string{"3@a1", "3@c3", "a1-a2", "c3-c2", "a2-a1", "c2-c3", "a1-a2", "c3-c2", "a2-a1", "c2-c3"}
	if err := g.PlayNotation(moves); err != nil {
		t.Fatal(err)
	}
	if res := g.Result(); res.Status != rules.Draw {
		t.Fatalf("the game is %v", res)
	}
	a, err := Analyze(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := a.Plies[len(a.Plies)-1]
	if last.After != 50 || last.after.kind != draw {
		t.Errorf("the repeating move is worth %d (%v), want a draw", last.After, last.after)
	}
}

// TestExactMarksAgreeWithTheSolution plays many games, half good moves
// and half random ones, and checks every ply's chances, best move and
// mark against the move values ai.Analyse gives (which value repetitions
// on their own).
func TestExactMarksAgreeWithTheSolution(t *testing.T) {
	ctx := context.Background()
	games := 60
	if testing.Short() {
		games = 10
	}
	r := rand.New(rand.NewPCG(23, 3))
	plies := 0
	for n := range games {
		g := rules.NewGame(rules.Gobblers)
		var want []Ply
		for !g.Over() && g.Plies() < 40 {
			vals, err := ai.Analyse(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			best := vals[0]
			for _, v := range vals {
				if rank(v) > rank(best) {
					best = v
				}
			}
			played := vals[r.IntN(len(vals))]
			if r.IntN(2) == 0 {
				played = best
			}
			w := Ply{Move: played.Move, Best: best.Move, Before: chancesOf(best), After: chancesOf(played)}
			switch {
			case rank(played) == rank(best):
				w.Mark, w.Best = Best, played.Move
			case kindOf(played) == kindOf(best):
				w.Mark = Good
			default:
				w.Mark = Blunder
			}
			want = append(want, w)
			if err := g.Play(played.Move); err != nil {
				t.Fatal(err)
			}
		}
		a, err := Analyze(ctx, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range want {
			got := a.Plies[i]
			if got.Move != w.Move || got.Mark != w.Mark || got.Before != w.Before || got.After != w.After ||
				(w.Mark == Best) != (got.Best == got.Move) || (w.Mark == Best && got.Best != w.Best) {
				t.Fatalf("game %d ply %d (%s): got %v %d→%d best %s, want %v %d→%d best %s", n, i+1,
					g.PositionAt(i), got.Mark, got.Before, got.After, got.Best.Notation(rules.Gobblers),
					w.Mark, w.Before, w.After, w.Best.Notation(rules.Gobblers))
			}
		}
		plies += len(want)
	}
	t.Logf("%d plies of %d games agree", plies, games)
}

// rank orders ai's values for the mover: quick wins first, slow losses last.
func rank(v ai.MoveValue) int {
	switch {
	case v.Draw:
		return 0
	case v.Score.Kind == ai.WinIn:
		return 10000 - v.Score.Value
	}
	return -10000 + v.Score.Value
}

func kindOf(v ai.MoveValue) int {
	switch r := rank(v); {
	case r > 0:
		return 1
	case r < 0:
		return -1
	}
	return 0
}

func chancesOf(v ai.MoveValue) int { return 50 + 50*kindOf(v) }

func TestJudgeExact(t *testing.T) {
	ctx := context.Background()
	p := rules.Start(rules.Gobblers)
	tests := []struct {
		rule, move string
		ok         bool
		mark       Mark
	}{
		{"the fastest win is accepted", "3@a1", true, Best},
		{"a slower win keeps the value and is accepted", "3@b1", true, Good},
		{"a move that throws the win away is refused", "2@a1", false, Blunder},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			m, _ := rules.ParseMove(rules.Gobblers, tt.move)
			ok, got, err := Judge(ctx, p, m, Ply{}, Options{})
			if err != nil || ok != tt.ok || got.Mark != tt.mark || got.Move != m {
				t.Errorf("got %v %v %v, want %v %v", ok, got.Mark, err, tt.ok, tt.mark)
			}
		})
	}
	if _, _, err := Judge(ctx, p, rules.Shift(0, 1), Ply{}, Options{}); err == nil {
		t.Error("an illegal move was judged")
	}
}

func TestWithoutTheTableA3x3GameIsNotAnalysed(t *testing.T) {
	defer func(old func(context.Context) (*solve.Solution, error)) { loadSolution = old }(loadSolution)
	loadSolution = func(context.Context) (*solve.Solution, error) {
		return nil, errors.New("the 3×3 table could not be downloaded")
	}
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2"}); err != nil {
		t.Fatal(err)
	}
	_, err := Analyze(context.Background(), g, Options{})
	if !errors.Is(err, ErrNoSolution) || err.Error() != "the 3×3 table could not be downloaded" {
		t.Errorf("got %v", err)
	}
	if _, _, err := Judge(context.Background(), g.PositionAt(0), g.Moves()[0], Ply{}, Options{}); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Judge: got %v", err)
	}
}
