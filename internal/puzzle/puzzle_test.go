package puzzle

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

func TestTheSetHoldsItsPromises(t *testing.T) {
	all := All()
	if len(all) < minSet {
		t.Fatalf("%d puzzles, want at least %d", len(all), minSet)
	}
	ids := map[string]bool{}
	count := map[rules.Variant]int{}
	for i, pz := range all {
		if ids[pz.ID] {
			t.Errorf("id %s twice", pz.ID)
		}
		ids[pz.ID] = true
		count[pz.Variant]++
		if pz.Rating < MinRating || pz.Rating > MaxRating {
			t.Errorf("%s: rating %d out of range", pz.ID, pz.Rating)
		}
		if i > 0 && pz.Rating < all[i-1].Rating {
			t.Errorf("%s: rating %d after %d: not easiest first", pz.ID, pz.Rating, all[i-1].Rating)
		}
		prefix := map[rules.Variant]string{rules.Gobblers: "g", rules.Classic: "c"}[pz.Variant]
		if !strings.HasPrefix(pz.ID, prefix) {
			t.Errorf("%s: a %s puzzle's id starts with %q", pz.ID, pz.Variant, prefix)
		}
		if pz.WinIn != (len(pz.Solution)+1)/2 || pz.Position.Variant() != pz.Variant {
			t.Errorf("%s: WinIn %d for %d moves, or variant mismatch", pz.ID, pz.WinIn, len(pz.Solution))
		}
		if got, ok := ByID(pz.ID); !ok || got.ID != pz.ID {
			t.Errorf("ByID(%s) = %v, %v", pz.ID, got.ID, ok)
		}
	}
	if _, ok := ByID("nope"); ok {
		t.Error("ByID found a puzzle that is not there")
	}
	t.Logf("%d puzzles: %d gobblers, %d classic", len(all), count[rules.Gobblers], count[rules.Classic])
}

// minSet is the least number of puzzles the set promises (issue 23).
const minSet = 300

// TestSampleOfTheSetVerifies re-checks puzzles from scratch: every 3×3 one
// against the solution (one in five with -short), and the 4×4 ones of
// short wins by the proof search.
func TestSampleOfTheSetVerifies(t *testing.T) {
	ctx := context.Background()
	step, classic := 1, 4
	if testing.Short() {
		step, classic = 5, 1
	}
	g, c := 0, 0
	for _, pz := range All() {
		switch {
		case pz.Variant == rules.Gobblers:
			g++
			if g%step != 0 {
				continue
			}
		case pz.WinIn <= 2 && c < classic:
			c++
		default:
			continue
		}
		if err := Verify(ctx, pz); err != nil {
			t.Errorf("%s: %v", pz.ID, err)
		}
	}
	if c == 0 {
		t.Error("no 4×4 puzzle was proved")
	}
}

// TestCheckAcceptsTheSolution plays each sampled puzzle's main line through
// Check: every solver move correct, the reply given the line's (or as good),
// Done at the end.
func TestCheckAcceptsTheSolution(t *testing.T) {
	ctx := context.Background()
	for i, pz := range sample(t) {
		p := pz.Position
		for s := 0; 2*s < len(pz.Solution); s++ {
			m := pz.Solution[2*s]
			v, err := Check(ctx, pz, s, p, m)
			if err != nil || !v.Correct {
				t.Fatalf("%s step %d (%s): %+v, %v", pz.ID, s, m.Notation(pz.Variant), v, err)
			}
			p = p.Play(m)
			last := 2*s+1 == len(pz.Solution)
			if v.Done != last || v.HasReply() == last {
				t.Fatalf("%s step %d: Done %v, reply %v on a line of %d", pz.ID, s, v.Done, v.Reply, len(pz.Solution))
			}
			if !last {
				if !p.IsLegal(v.Reply) {
					t.Fatalf("%s step %d: reply %v is not legal", pz.ID, s, v.Reply)
				}
				p = p.Play(v.Reply)
			}
		}
		_ = i
	}
}

// TestCheckRefutesOtherMoves: at the first step of a puzzle, every move but
// the solution's (and those reaching the same position or its mirror
// image) is wrong, with a sentence and a reply that is legal after it
// (none when the move lost at once).
func TestCheckRefutesOtherMoves(t *testing.T) {
	ctx := context.Background()
	var buf [rules.MaxMoves]rules.Move
	for _, pz := range sample(t) {
		if pz.Variant == rules.Classic && pz.WinIn > 2 {
			continue // the proof of every wrong move takes seconds
		}
		p := pz.Position
		first := p.Play(pz.Solution[0])
		for _, m := range p.LegalMoves(buf[:0]) {
			v, err := Check(ctx, pz, 0, p, m)
			if err != nil {
				t.Fatalf("%s %s: %v", pz.ID, m.Notation(pz.Variant), err)
			}
			if sameOrMirror(p.Play(m), first) {
				if !v.Correct {
					t.Errorf("%s: %s reaches the solution's position and was judged wrong", pz.ID, m.Notation(pz.Variant))
				}
				continue
			}
			if v.Correct || v.Done || v.Why == NoReason || v.Them != p.SideToMove().Other() {
				t.Errorf("%s: %s: %+v", pz.ID, m.Notation(pz.Variant), v)
				continue
			}
			c := p.Play(m)
			if _, over := c.Winner(); over {
				if v.HasReply() {
					t.Errorf("%s: %s lost at once but has a reply %v", pz.ID, m.Notation(pz.Variant), v.Reply)
				}
			} else if !c.IsLegal(v.Reply) {
				t.Errorf("%s: %s: the refutation %v is not legal", pz.ID, m.Notation(pz.Variant), v.Reply)
			}
		}
	}
}

// sample returns a few puzzles of each variant and length of win.
func sample(t *testing.T) []Puzzle {
	seen := map[[2]int]int{}
	per := 3
	if testing.Short() {
		per = 1
	}
	var out []Puzzle
	for _, pz := range All() {
		k := [2]int{int(pz.Variant), pz.WinIn}
		if seen[k] < per {
			seen[k]++
			out = append(out, pz)
		}
	}
	if len(out) == 0 {
		t.Fatal("no puzzles")
	}
	return out
}

func TestCheckRefusesAnIllegalMove(t *testing.T) {
	pz := All()[0]
	bad := rules.Drop(1, rules.Square(pz.Variant.Squares())) // off the board
	if _, err := Check(context.Background(), pz, 0, pz.Position, bad); err == nil {
		t.Error("an illegal move was judged")
	}
}

// TestWhyReasons: a move that leaves a win at once is answered with that
// win and says where it lines up; a lift that uncovers the opponent's line
// says so.
func TestWhyReasons(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, pos, move string
		want            Reason
		line            string
		reply           string
	}{
		// o to move could win by 3@c3... x instead: x has a1,b2; the
		// puzzle is x's win at c3; x plays elsewhere and o lines up.
		{"a win left to the opponent", "gobblers:.,.,./o1,o2,./x3,x3,.:x", "1@a3", LinesUp, "a2-c2", "3@c2"},
		{"a lift that uncovers", "gobblers:.,.,./o1,o2,./x3,x2,x1o3:o", "c1-a3", Uncovers, "a1-c1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := rules.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := rules.ParseMove(p.Variant(), tc.move)
			if err != nil {
				t.Fatal(err)
			}
			pz := Puzzle{ID: "t", Variant: p.Variant(), Position: p, Rating: 600, WinIn: 1, Solution: []rules.Move{m}}
			v, err := Check(ctx, pz, 0, p, m)
			if err != nil {
				t.Fatal(err)
			}
			if v.Correct || v.Why != tc.want || v.InRow != 3 || v.Them != p.SideToMove().Other() {
				t.Errorf("%+v, want a wrong move and %s", v, tc.want)
			}
			if f, l, ok := v.LineEnds(p.Variant()); !ok || f.Name(p.Variant())+"-"+l.Name(p.Variant()) != tc.line {
				t.Errorf("line %v %v %v, want %s", f, l, ok, tc.line)
			}
			if tc.reply != "" && v.Reply.Notation(p.Variant()) != tc.reply {
				t.Errorf("reply %s, want %s", v.Reply.Notation(p.Variant()), tc.reply)
			}
			if tc.reply == "" && v.HasReply() {
				t.Errorf("reply %v, want none", v.Reply)
			}
		})
	}
}

func TestDailyIsTheSameAllDayAndVaries(t *testing.T) {
	loc := time.FixedZone("here", 5*3600)
	morning := time.Date(2026, 11, 26, 0, 5, 0, 0, loc)
	night := time.Date(2026, 11, 26, 23, 55, 0, 0, loc)
	if a, b := Daily(morning), Daily(night); a.ID != b.ID || a.ID == "" {
		t.Errorf("one day, two puzzles: %s and %s", a.ID, b.ID)
	}
	// The date is the local one: the same instant elsewhere is another day.
	if a, b := Daily(night), Daily(night.In(time.UTC).Add(6*time.Hour)); a.ID == b.ID {
		t.Logf("two dates gave the same puzzle %s (possible, rare)", a.ID)
	}
	ids := map[string]bool{}
	for d := 0; d < 30; d++ {
		ids[Daily(morning.AddDate(0, 0, d)).ID] = true
	}
	// Every puzzle has its day before any comes back.
	n := len(All())
	ids = map[string]bool{}
	for d := 0; d < n; d++ {
		ids[Daily(morning.AddDate(0, 0, d)).ID] = true
	}
	if len(ids) != n {
		t.Errorf("%d days gave %d different puzzles", n, len(ids))
	}
	// Days before the epoch have puzzles too.
	if Daily(time.Date(2020, 3, 1, 0, 0, 0, 0, time.UTC)).ID == "" {
		t.Error("no puzzle for a day in 2020")
	}
	// Pinned: the daily puzzle of a date must not change with the build
	// (people compare it), unless the set itself changes.
	if got := Daily(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)); got.ID != All()[dailyOffset%n].ID {
		t.Errorf("the epoch's puzzle is %s", got.ID)
	}
}

func TestRateIsEloWithK32(t *testing.T) {
	for _, tc := range []struct {
		player, puzzle int
		won            bool
		want           int
	}{
		{1500, 1500, true, 1516},
		{1500, 1500, false, 1484},
		{0, 1200, true, 1216}, // a first rating starts at 1200
		{1200, 1600, true, 1229},
		{1200, 1600, false, 1197},
		{1600, 1200, false, 1571},
		{1200, 2200, true, 1232},
	} {
		if got := Rate(tc.player, tc.puzzle, tc.won); got != tc.want {
			t.Errorf("Rate(%d, %d, %v) = %d, want %d", tc.player, tc.puzzle, tc.won, got, tc.want)
		}
	}
}

// TestVerifyCatchesABrokenPuzzle: a puzzle whose first move is not the
// winning one, or whose win is said to be longer than it is, fails.
func TestVerifyCatchesABrokenPuzzle(t *testing.T) {
	ctx := context.Background()
	for _, v := range rules.Variants {
		var pz Puzzle
		for _, q := range All() {
			if q.Variant == v && q.WinIn == 2 {
				pz = q
				break
			}
		}
		if pz.ID == "" {
			t.Fatalf("no %s win in two", v)
		}
		var buf [rules.MaxMoves]rules.Move
		for _, m := range pz.Position.LegalMoves(buf[:0]) {
			if !sameOrMirror(pz.Position.Play(m), pz.Position.Play(pz.Solution[0])) {
				bad := pz
				bad.Solution = append([]rules.Move{m}, pz.Solution[1:]...)
				if err := Verify(ctx, bad); err == nil {
					t.Errorf("%s with %s first verified", pz.ID, m.Notation(v))
				}
				break
			}
		}
		longer := pz
		longer.WinIn = 3
		if err := Verify(ctx, longer); err == nil {
			t.Errorf("%s said to be a win in 3 verified", pz.ID)
		}
	}
}
