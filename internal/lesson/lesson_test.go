package lesson

import (
	"slices"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// accepted lists, for each step by title, exactly the moves that fulfil it
// (in the rules' notation): the check is proved by enumerating every legal
// move of the step's position.
var accepted = map[string][]string{
	// an empty board: every drop (27: three sizes on nine squares)
	"Place a piece": nil,
	"Move a piece":  {"a1-a2", "a1-a3", "a1-b1", "a1-b2", "a1-b3", "a1-c1", "a1-c2", "a1-c3"},
	"Gobble":        {"2@b2", "3@b2"},
	// every move of the large piece off the blue one it covers
	"Covered pieces come back": {"b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3"},
	"Line up to win":           {"1@c1", "2@c1", "3@c1"},
	"Gobble to win":            {"2@c1", "3@c1"},
	// every drop of a stack's top (a giant, a large) on the 14 empty squares
	"The 4×4 board":           nil,
	"Gobble from the reserve": {"3@a3", "4@a3", "4@b3", "3@c3", "4@c3"},
}

// every move of the first and seventh steps is a drop on an empty square
func allDrops(p rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.IsDrop() && len(p.Stack(m.To)) == 0 {
			out = append(out, m.Notation(p.Variant()))
		}
	}
	return out
}

func TestEveryStepIsLegalAndAcceptsExactlyTheMovesMeant(t *testing.T) {
	if len(Steps()) != len(accepted) {
		t.Fatalf("%d steps, %d in the table", len(Steps()), len(accepted))
	}
	for i, s := range Steps() {
		t.Run(s.Title, func(t *testing.T) {
			want, ok := accepted[s.Title]
			if !ok {
				t.Fatalf("step %d %q is not in the table", i, s.Title)
			}
			p, err := s.Start()
			if err != nil {
				t.Fatal(err)
			}
			if p.String() != s.Position {
				t.Errorf("position %q prints back as %q", s.Position, p.String())
			}
			if rules.NewGameFrom(p).Over() {
				t.Fatal("the step's position is already over")
			}
			if p.SideToMove() != rules.X {
				t.Error("the player (orange, x) is not to move")
			}
			// x moves first: with x to move both have played as often
			if x, o := p.PieceCount(rules.X), p.PieceCount(rules.O); x != o {
				t.Errorf("x has %d pieces on the board, o %d", x, o)
			}
			if want == nil {
				want = allDrops(p)
			}
			var got []string
			others := 0
			for _, m := range p.LegalMoves(nil) {
				v, say := s.Judge(p, m)
				switch v {
				case Done:
					got = append(got, m.Notation(p.Variant()))
					if say != s.Praise {
						t.Errorf("%s: said %q, want the praise", m.Notation(p.Variant()), say)
					}
				case Other:
					others++
					if say == "" || say != s.Other {
						t.Errorf("%s: said %q, want the step's other answer", m.Notation(p.Variant()), say)
					}
				default:
					t.Errorf("legal move %s judged illegal", m.Notation(p.Variant()))
				}
			}
			slices.Sort(got)
			want = slices.Clone(want)
			slices.Sort(want)
			if len(got) == 0 {
				t.Fatal("no move fulfils the step")
			}
			if !slices.Equal(got, want) {
				t.Errorf("accepted %v, want %v", got, want)
			}
			if s.Title == "The 4×4 board" && len(got) != 28 || s.Title == "Place a piece" && len(got) != 27 {
				t.Errorf("accepted %d drops", len(got))
			}
			t.Logf("%d accepted, %d other legal moves", len(got), others)
		})
	}
}

// The highlighted squares are where the accepted moves go or come from, so
// the highlight never points away from the answer.
func TestMarksPointAtTheAnswer(t *testing.T) {
	for _, s := range Steps() {
		p, _ := s.Start()
		v := p.Variant()
		marks := s.MarkSet(v)
		if len(s.Marks) > 0 && bitsCount(marks) != len(s.Marks) {
			t.Errorf("%s: marks %v are not all squares of %s", s.Title, s.Marks, v)
		}
		if marks == 0 {
			continue
		}
		for _, m := range p.LegalMoves(nil) {
			if !s.Accepts(p, m) {
				continue
			}
			touched := uint16(1) << m.To
			if !m.IsDrop() {
				touched |= 1 << m.From
			}
			if touched&marks == 0 {
				t.Errorf("%s: accepted move %s touches no highlighted square", s.Title, m.Notation(v))
			}
		}
	}
}

func bitsCount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// An illegal move is answered with the rules' own reason, as a sentence.
func TestIllegalMovesSayTheRulesReason(t *testing.T) {
	cases := []struct {
		step, move, want string
	}{
		{"Gobble", "1@b2", "A piece can only cover a smaller piece."},
		{"The 4×4 board", "4@d4", "A piece can only cover a smaller piece."},
		{"The 4×4 board", "3@a1", "A piece from the reserve may never cover your own piece."},
		{"Gobble from the reserve", "3@b3", "A piece can only cover a smaller piece."},
		{"Gobble from the reserve", "2@c3", "Only the top piece of a reserve stack can be played."},
	}
	for _, c := range cases {
		s := stepNamed(t, c.step)
		p, _ := s.Start()
		m, err := rules.ParseMove(p.Variant(), c.move)
		if err != nil {
			t.Fatal(err)
		}
		v, say := s.Judge(p, m)
		if v != Illegal || say != c.want {
			t.Errorf("%s %s: %v %q, want illegal %q", c.step, c.move, v, say, c.want)
		}
	}
}

// The 3×3 steps come first, the 4×4 ones last; every step has words.
func TestStepsReadInOrder(t *testing.T) {
	seen4 := false
	titles := map[string]bool{}
	for _, s := range Steps() {
		p, _ := s.Start()
		if p.Variant() == rules.Classic {
			seen4 = true
		} else if seen4 {
			t.Errorf("%s: a 3×3 step after a 4×4 one", s.Title)
		}
		if titles[s.Title] {
			t.Errorf("%s: two steps of that title", s.Title)
		}
		titles[s.Title] = true
		for _, w := range []string{s.Say, s.Other, s.Praise} {
			if w == "" || !strings.HasSuffix(w, ".") && !strings.HasSuffix(w, "!") {
				t.Errorf("%s: %q is not a sentence", s.Title, w)
			}
		}
	}
}

func stepNamed(t *testing.T, title string) Step {
	for _, s := range Steps() {
		if s.Title == title {
			return s
		}
	}
	t.Fatalf("no step %q", title)
	return Step{}
}

// Every language the game speaks has the lesson's words: each step has its
// own title, its sentences end as sentences do, they are not English, and
// a move is answered in the language in use.
func TestEveryLanguageSpeaksTheLesson(t *testing.T) {
	defer locale.Use("en")
	en := Steps()
	ends := []string{".", "!", "。", "！"}
	for _, l := range locale.Languages {
		locale.Use(l.Code)
		steps := Steps()
		titles := map[string]bool{}
		for i, s := range steps {
			if s.Title == "" || titles[s.Title] {
				t.Errorf("%s step %d: title %q empty or twice", l.Code, i+1, s.Title)
			}
			titles[s.Title] = true
			for _, w := range []string{s.Say, s.Other, s.Praise} {
				ok := false
				for _, e := range ends {
					ok = ok || strings.HasSuffix(w, e)
				}
				if !ok {
					t.Errorf("%s step %d: %q is not a sentence", l.Code, i+1, w)
				}
				if l.Code != "en" && (w == en[i].Say || w == en[i].Other || w == en[i].Praise) {
					t.Errorf("%s step %d: %q is English", l.Code, i+1, w)
				}
			}
			if s.Position != en[i].Position || s.Want != en[i].Want {
				t.Errorf("%s step %d: not the English step", l.Code, i+1)
			}
			p, _ := s.Start()
			for _, m := range p.LegalMoves(nil) {
				if v, say := s.Judge(p, m); v == Done && say != s.Praise {
					t.Errorf("%s step %d: praised with %q", l.Code, i+1, say)
				}
			}
		}
	}
}
