package rules

import (
	"slices"
	"strings"
	"testing"
)

func mustPos(t *testing.T, s string) Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func mustMove(t *testing.T, v Variant, s string) Move {
	t.Helper()
	m, err := ParseMove(v, s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

// TestPerftKnownValues reproduces the table of RULES.md.
func TestPerftKnownValues(t *testing.T) {
	want := map[Variant][]uint64{
		Gobblers: {1, 27, 675, 20313, 572472},
		Classic:  {1, 16, 240, 10080, 406560},
	}
	for v, counts := range want {
		for d, n := range counts {
			if got := Perft(Start(v), d); got != n {
				t.Errorf("perft %s %d = %d, want %d", v, d, got, n)
			}
		}
	}
}

// TestPerftHandCounted checks perft from mid-game positions whose counts are
// worked out by hand in the comments.
func TestPerftHandCounted(t *testing.T) {
	tests := []struct {
		name  string
		pos   string
		depth int
		want  uint64
	}{
		{
			// Board: a3=x3, b3=o2, c3=o1, b2=x1, a1=x2, b1=x3 (no line); o to
			// move with 1,2,3,3 in reserve. Empty: a2, c2, c1.
			// Drops: size 1 → 3 empty; size 2 → 3 empty + b2(x1) + c3(own o1) = 5;
			// size 3 → 3 empty + b2, c3, a1(x2), b3(own o2) = 7. Drops 15.
			// Shifts: o1 c3 → 3 empty; o2 b3 → 3 empty + b2 + c3 = 5. Total 23.
			name: "gobblers mid-game, o to move", pos: "gobblers:x3,o2,o1/.,x1,./x2,x3,.:o", depth: 1, want: 23,
		},
		{
			// Classic: x4 on b2, o4 on c3; x to move. x reserve stacks: 3 (a stack
			// of height 3) and two of height 4 → droppable sizes 4 and 3, onto the
			// 14 empty squares: 28 drops. Shift b2 (size 4) → 14 empty squares.
			// Total 42.
			name: "classic after two giants", pos: "classic:.,.,.,./.,.,o4,./.,x4,.,./.,.,.,.:x", depth: 1, want: 42,
		},
		{
			// Classic line of three: o shows o1,o1,o2 on a4,b4,c4 (row 4); x has
			// only giants to drop (three full stacks): 13 empty + the three
			// covered by the exception = 16 moves.
			name: "classic line-of-three exception", pos: "classic:o1,o1,o2,./.,.,.,./.,.,.,./.,.,.,.:x", depth: 1, want: 16,
		},
		{
			// Gobblers: every position with a line has no moves (a leaf).
			name: "a finished game is a leaf", pos: "gobblers:x1,x1,x2/.,.,./o1,o1,.:o", depth: 1, want: 0,
		},
		{
			// Depth 2 from the gobblers position where x has won nothing yet:
			// x: a1=x3 only; o to move with a full reserve. o's moves: size 1 and
			// 2 onto 8 empty squares (16), size 3 onto 8 empty (8) = 24. After
			// each, x replies: x reserve 1,1,2,2,3; x's shift a1 (size 3).
			// Counted by the reference implementation below rather than by hand.
			name: "gobblers depth 2 agrees with reference", pos: "gobblers:.,.,./.,.,./x3,.,.:o", depth: 2, want: refPerft(mustRefStart(Gobblers, "gobblers:.,.,./.,.,./x3,.,.:o"), 2),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos)
			if got := Perft(p, tc.depth); got != tc.want {
				t.Errorf("perft %d = %d, want %d", tc.depth, got, tc.want)
			}
		})
	}
}

// mustRefStart builds the reference implementation's position from a string.
func mustRefStart(v Variant, s string) *refPos {
	p, err := ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return refFromPosition(p)
}

func refFromPosition(p Position) *refPos {
	v := p.Variant()
	r := refStart(v)
	r.side = int(p.SideToMove())
	for sq := Square(0); int(sq) < v.Squares(); sq++ {
		for _, pc := range p.Stack(sq) {
			r.board[sq] = append(r.board[sq], refPiece{int(pc.Player), pc.Size})
		}
	}
	for pl := X; pl <= O; pl++ {
		if v == Classic {
			r.reserve[pl] = nil
			for _, h := range p.ReserveStacks(pl) {
				var st []int
				for s := 1; s <= h; s++ {
					st = append(st, s)
				}
				r.reserve[pl] = append(r.reserve[pl], st)
			}
		} else {
			var st []int
			for s := 1; s <= 3; s++ {
				for i := 0; i < p.Reserve(pl, s); i++ {
					st = append(st, s)
				}
			}
			r.reserve[pl] = [][]int{st}
		}
	}
	return r
}

func refPerft(r *refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.moves() {
		c := r.clone()
		if c.play(m) >= 0 {
			if depth == 1 {
				n++
			}
			continue
		}
		n += refPerft(c, depth-1)
	}
	return n
}

// TestPerftAgreesWithReferenceMidGame compares perft 3 with the naive
// implementation from positions of both variants reached by fixed moves.
func TestPerftAgreesWithReferenceMidGame(t *testing.T) {
	for _, tc := range []struct {
		v     Variant
		moves string
	}{
		{Gobblers, "3@b2 2@a1 1@c3 3@a3 b2-c1"},
		{Gobblers, "1@a1 2@a1 3@a1 3@c3 1@b2 2@b2"},
		{Classic, "4@a1 4@b2 4@c3 4@d4 3@a2 3@a3 3@b1"},
		{Classic, "4@a4 4@a1 3@b4 4@b1 4@c4 3@c1"},
	} {
		g := NewGame(tc.v)
		if err := g.PlayNotation(strings.Fields(tc.moves)); err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		depth := 3
		if raceEnabled {
			depth = 2
		}
		if got, want := Perft(p, depth), refPerft(refFromPosition(p), depth); got != want {
			t.Errorf("%s: perft %d = %d, reference %d", p, depth, got, want)
		}
	}
}

func legalSet(p Position) []string { return sortedNotation(p.Variant(), p.LegalMoves(nil)) }

// TestDropRules has one case per drop rule of RULES.md.
func TestDropRules(t *testing.T) {
	tests := []moveRule{
		{"drop onto an empty square", "gobblers:.,.,./.,.,./.,.,.:x", "1@a1", true, ""},
		{"gobblers drop covers a smaller opponent piece", "gobblers:.,.,./.,o1,./.,.,.:x", "2@b2", true, ""},
		{"gobblers drop covers a smaller own piece", "gobblers:.,.,./.,x1,./o1,.,.:x", "3@b2", true, ""},
		{"gobblers drop never covers an equal piece", "gobblers:.,.,./.,o2,./.,.,.:x", "2@b2", false, "only cover a smaller piece"},
		{"gobblers drop never covers a larger piece", "gobblers:.,.,./.,o3,./.,.,.:x", "2@b2", false, "only cover a smaller piece"},
		{"no piece of a size left in reserve", "gobblers:.,.,./x1,o1,o2/x1,.,.:x", "1@c3", false, "no size-1 piece left"},
		{"classic first drop is a giant", "classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", "3@a1", false, "top piece of a reserve stack"},
		{"classic drop from the stack whose giant was played", "classic:.,.,.,./.,.,.,./.,.,.,./x4,.,.,o4:x", "3@b2", true, ""},
		{"classic drop onto an empty square", "classic:.,.,.,./.,.,.,./.,.,.,./x4,.,.,o4:x", "4@b2", true, ""},
		{"classic drop never covers outside a line of three", "classic:.,.,.,./.,.,.,./.,o1,.,./x4,.,.,o4:x", "4@b2", false, "only a piece in a line of three"},
		{"classic drop covers a piece in the opponent's line of three", "classic:o1,o1,o2,./.,.,.,./.,.,.,./.,.,.,.:x", "4@b4", true, ""},
		{"classic line of three counts visible pieces only", "classic:o1,o1,o2x3,./.,.,.,./.,.,.,./.,.,.,.:x", "4@b4", false, "only a piece in a line of three"},
		{"classic line of three with the fourth square ours", "classic:o1,o1,o2,x4/.,.,.,./.,.,.,./.,.,.,.:x", "4@a4", true, ""},
		{"classic line of three on a diagonal", "classic:.,.,.,o1/.,.,o2,./.,o1,.,./.,.,.,.:x", "4@c3", true, ""},
		{"classic line of three on a column", "classic:.,.,.,./.,.,.,o3/.,.,.,o1/.,.,.,o2:x", "4@d2", true, ""},
		{"classic drop never covers your own piece, even in a line of three", "classic:x1,x1,x2,./.,.,.,./.,.,.,./.,.,.,.:x", "4@b4", false, "never cover your own piece"},
		{"classic exception still needs a smaller piece", "classic:o1,o4,o2,./.,.,.,./.,.,.,./.,.,.,.:x", "4@b4", false, "only cover a smaller piece"},
		{"classic four visible is not a line of three", "classic:o1,o1,o2,o1/.,.,.,./.,.,.,./.,.,.,.:x", "4@b4", false, ""},
	}
	checkMoveRules(t, tests)
}

// TestShiftRules has one case per shift rule.
func TestShiftRules(t *testing.T) {
	tests := []moveRule{
		{"shift to an empty square", "gobblers:.,.,./.,x2,./.,.,.:x", "b2-a1", true, ""},
		{"shift covers a smaller opponent piece", "gobblers:.,.,o1/.,x2,./.,.,.:x", "b2-c3", true, ""},
		{"shift covers a smaller own piece", "gobblers:.,.,x1/.,x2,./o1,.,.:x", "b2-c3", true, ""},
		{"shift never covers an equal piece", "gobblers:.,.,o2/.,x2,./.,.,.:x", "b2-c3", false, "only cover a smaller piece"},
		{"shift never stays put", "gobblers:.,.,./.,x2,./.,.,.:x", "b2-b2", false, "different square"},
		{"shift only your own piece", "gobblers:.,.,./.,o2,./.,.,.:x", "b2-a1", false, "your own pieces"},
		{"shift only a visible piece", "gobblers:.,.,./.,x1o2,./.,.,.:x", "b2-a1", false, "your own pieces"},
		{"shift from an empty square", "gobblers:.,.,./.,.,./.,.,.:x", "b2-a1", false, "no piece on b2"},
		{"shift reveals what was covered", "gobblers:.,.,./.,o1x2,./.,.,.:x", "b2-a1", true, ""},
		{"classic shift covers any smaller piece, no line of three needed", "classic:.,.,.,./.,.,.,./.,o1,.,./x4,.,.,.:x", "a1-b2", true, ""},
	}
	checkMoveRules(t, tests)
}

// moveRule is one row of the drop and shift tables: in a position, a move
// is legal or not, and when not, CheckMove's sentence says why.
type moveRule struct {
	name  string
	pos   string
	move  string
	legal bool
	why   string // part of CheckMove's sentence when illegal
}

func checkMoveRules(t *testing.T, tests []moveRule) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos)
			var m Move
			if from, to, ok := strings.Cut(tc.move, "-"); ok && from == to {
				sq, _ := ParseSquare(p.Variant(), from)
				m = Shift(sq, sq) // ParseMove refuses these; CheckMove must too
			} else {
				m = mustMove(t, p.Variant(), tc.move)
			}
			err := p.CheckMove(m)
			if (err == nil) != tc.legal {
				t.Fatalf("CheckMove(%s) = %v, want legal %v", tc.move, err, tc.legal)
			}
			if err != nil && !strings.Contains(err.Error(), tc.why) {
				t.Errorf("reason %q does not say %q", err, tc.why)
			}
			if in := slices.Contains(legalSet(p), tc.move); in != tc.legal {
				t.Errorf("LegalMoves contains %s: %v, want %v", tc.move, in, tc.legal)
			}
		})
	}
}

// TestReserveStacks checks that classic's reserve is three nested stacks
// and only their tops can be played.
func TestReserveStacks(t *testing.T) {
	p := mustPos(t, "classic:.,.,.,./.,.,.,./.,x3,.,./x4,.,.,.:x")
	if got, want := p.ReserveStacks(X), []int{4, 4, 2}; !slices.Equal(got, want) {
		t.Errorf("stacks %v, want %v", got, want)
	}
	for size, want := range map[int]bool{4: true, 3: false, 2: true, 1: false} {
		if got := p.CanDropSize(X, size); got != want {
			t.Errorf("CanDropSize(%d) = %v, want %v", size, got, want)
		}
	}
	g := mustPos(t, "gobblers:.,.,./.,x3,./x3,.,.:x")
	if g.ReserveStacks(X) != nil || g.CanDropSize(X, 3) || !g.CanDropSize(X, 1) {
		t.Errorf("gobblers reserve: stacks %v, can drop 3: %v", g.ReserveStacks(X), g.CanDropSize(X, 3))
	}
}

// TestResultRules has one case per end-of-game rule.
func TestResultRules(t *testing.T) {
	// x shows a1,b1,c1 under o3 on b1; o to move with o2 on a3 and c3.
	const reveal = "gobblers:o2,.,o2/.,.,./x1,x1o3,x2:o"
	tests := []struct {
		name   string
		pos    string
		move   string
		winner string // "x", "o" or "" for none
	}{
		{"the mover's line wins", "gobblers:.,.,./.,.,./x1,x1,.:x", "2@c1", "x"},
		{"lifting a piece that reveals the opponent's line loses", reveal, "b1-b2", "x"},
		{"the revealed line wins even when the mover also makes a line", reveal, "b1-b3", "x"},
		{"the lifted piece blocks the revealed line by covering one of its pieces", reveal, "b1-a1", ""},
		{"the lifted piece may block on another square of the line", reveal, "b1-c1", ""},
		{"a drop that completes no line goes on", "gobblers:.,.,./.,.,./x1,x1,.:x", "2@c2", ""},
		{"classic diagonal line wins", "classic:.,.,.,x1/.,.,x2,./.,x3,.,./.,.,.,.:x", "4@a1", "x"},
		{"classic column completed by a drop wins", "classic:.,.,.,./x2,.,.,./x3,.,.,./x4,.,.,.:x", "4@a4", "x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos)
			m := mustMove(t, p.Variant(), tc.move)
			if err := p.CheckMove(m); err != nil {
				t.Fatalf("%s is illegal: %v", tc.move, err)
			}
			c := p.Play(m)
			w, over := c.Winner()
			got := ""
			if over {
				got = w.String()
			}
			if got != tc.winner {
				t.Errorf("after %s (%s) winner %q, want %q", tc.move, c, got, tc.winner)
			}
		})
	}
}

// TestClassicLineOfThreeDropCompletesNothingIllegal: covering in a line of
// three is only a drop rule; the o1 on a4 is not in a line of three for o
// (o shows one piece), so x may not drop its giant there.
func TestClassicLineOfThreeDropNeedsThreeOfTheOpponent(t *testing.T) {
	p := mustPos(t, "classic:o1,.,.,./x2,.,.,./x3,.,.,./x4,.,.,.:x")
	if err := p.CheckMove(Drop(4, SquareAt(Classic, 0, 3))); err == nil {
		t.Fatal("drop onto a lone o1 accepted")
	}
	// Shift instead: a shift may cover any smaller piece.
	g := mustPos(t, "classic:o1,.,.,./x2,.,.,./x3,.,.,./x4,.,x4,.:x")
	c := g.Play(mustMove(t, Classic, "c1-a4"))
	if w, ok := c.Winner(); !ok || w != X {
		t.Errorf("shift completing a column: winner %v %v", w, ok)
	}
}

// TestRepetitionDrawsOnTheThirdOccurrence shuffles two pieces back and forth.
func TestRepetitionDrawsOnTheThirdOccurrence(t *testing.T) {
	g := NewGame(Gobblers)
	play := func(s string) {
		t.Helper()
		if err := g.PlayNotation(strings.Fields(s)); err != nil {
			t.Fatal(err)
		}
	}
	play("1@a1 1@c3")               // position P, first time
	play("a1-a2 c3-c2 a2-a1 c2-c3") // P again: second time
	if r := g.Result(); r.Status != Ongoing || g.Repetitions() != 2 {
		t.Fatalf("after the second occurrence: %v, repetitions %d", r, g.Repetitions())
	}
	play("a1-a2 c3-c2 a2-a1")
	if g.Over() {
		t.Fatal("over before the third occurrence")
	}
	play("c2-c3") // third time
	if r := g.Result(); r.Status != Draw || r.Reason != Repetition || r.String() != "draw repetition" {
		t.Fatalf("third occurrence: %v", r)
	}
	if err := g.Play(mustMove(t, Gobblers, "a1-a2")); err == nil {
		t.Error("a move after the draw was accepted")
	}
	// Undo takes the draw back.
	g.Undo()
	if g.Over() {
		t.Error("still drawn after undo")
	}
}

// TestRepetitionNeedsTheSameSideToMove: the same stacks with the other side
// to move are a different position.
func TestRepetitionNeedsTheSameSideToMove(t *testing.T) {
	a := mustPos(t, "gobblers:.,.,./.,x1,./.,.,.:x")
	b := mustPos(t, "gobblers:.,.,./.,x1,./.,.,.:o")
	if a.Equal(&b) || a.Hash() == b.Hash() {
		t.Error("positions differing only in the side to move compare equal")
	}
}

func TestMoveLimitDraws(t *testing.T) {
	g := NewGame(Classic)
	g.MoveLimit = 3
	if err := g.PlayNotation([]string{"4@a1", "4@b1", "4@c2"}); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Status != Draw || r.Reason != MoveLimit || r.String() != "draw movelimit" {
		t.Fatalf("result %v", r)
	}
}

func TestLineBeatsMoveLimit(t *testing.T) {
	g := NewGameFrom(mustPos(t, "gobblers:.,.,./.,.,./x1,x1,.:x"))
	g.MoveLimit = 1
	if err := g.PlayNotation([]string{"2@c1"}); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Status != Win || r.Winner != X || r.String() != "x line" {
		t.Fatalf("result %v", r)
	}
}

func TestUndoRedo(t *testing.T) {
	g := NewGame(Gobblers)
	if g.Undo() || g.Redo() {
		t.Fatal("undo/redo on an empty game")
	}
	_ = g.PlayNotation([]string{"3@b2", "1@a1", "2@c3"})
	after := g.Position()
	g.Undo()
	g.Undo()
	if g.Plies() != 1 || !g.CanRedo() {
		t.Fatalf("plies %d after two undos", g.Plies())
	}
	g.Redo()
	g.Redo()
	if p := g.Position(); !p.Equal(&after) || g.CanRedo() {
		t.Fatal("redo did not restore the position")
	}
	g.Undo()
	_ = g.Play(mustMove(t, Gobblers, "1@c1"))
	if g.CanRedo() {
		t.Error("a new move kept the redo list")
	}
}

func TestPlayNotationIsAllOrNothing(t *testing.T) {
	g := NewGame(Gobblers)
	_ = g.PlayNotation([]string{"3@b2"})
	before := g.Position()
	err := g.PlayNotation([]string{"1@a1", "3@b2"}) // o has no... 3@b2 is illegal: equal size
	if err == nil {
		t.Fatal("illegal move accepted")
	}
	if p := g.Position(); !p.Equal(&before) || g.Plies() != 1 {
		t.Errorf("game changed: %s, %d plies", p, g.Plies())
	}
}

func TestNotationRoundTrip(t *testing.T) {
	for _, s := range []string{
		"gobblers:.,.,./.,.,./.,.,.:x",
		"classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,.:x",
		"gobblers:x1o2x3,.,o1/.,o3,./x2,.,.:o",
	} {
		p := mustPos(t, s)
		if p.String() != s {
			t.Errorf("round trip %q -> %q", s, p.String())
		}
	}
	for _, v := range Variants {
		for _, m := range allMoves(v) {
			back, err := ParseMove(v, m.Notation(v))
			if err != nil || back != m {
				t.Errorf("move %s round trip: %v %v", m.Notation(v), back, err)
			}
		}
	}
}

func TestMalformedPositionsAreRejected(t *testing.T) {
	tests := []struct{ pos, why string }{
		{"", "three parts"},
		{"chess:.,.,./.,.,./.,.,.:x", "unknown variant"},
		{"gobblers:.,.,./.,.,.:x", "has 3 ranks, found 2"},
		{"gobblers:.,.,./.,.,./.,.:x", "rank 1 has 2 squares"},
		{"gobblers:.,.,./.,.,./.,.,.:y", "must be x or o"},
		{"gobblers:x3x1,.,./.,.,./.,.,.:x", "grow strictly"},
		{"gobblers:x2o2,.,./.,.,./.,.,.:x", "grow strictly"},
		{"gobblers:x4,.,./.,.,./.,.,.:x", "not a piece size"},
		{"gobblers:z1,.,./.,.,./.,.,.:x", "not a player"},
		{"gobblers:x1,x1,x1/.,.,./.,.,.:x", "x has 3 pieces of size 1"},
		{"classic:x1,x1,x1,x1/.,.,.,./.,.,.,./.,.,.,.:x", "x has 4 pieces of size 1"},
		{"gobblers:,.,./.,.,./.,.,.:x", "write '.'"},
		{"gobblers:x,.,./.,.,./.,.,.:x", "not a stack"},
	}
	for _, tc := range tests {
		_, err := ParsePosition(tc.pos)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("ParsePosition(%q) = %v, want an error saying %q", tc.pos, err, tc.why)
		}
	}
}

func TestMalformedMovesAreRejected(t *testing.T) {
	tests := []struct {
		v         Variant
		move, why string
	}{
		{Gobblers, "4@a1", "not a piece size"},
		{Gobblers, "1@d1", "not a square of gobblers"},
		{Classic, "0@a1", "not a piece size"},
		{Classic, "a1-a1", "different square"},
		{Classic, "a1-e1", "not a square"},
		{Classic, "a1b2", "neither a drop"},
		{Classic, "", "neither a drop"},
		{Classic, "12@a1", "not a piece size"},
	}
	for _, tc := range tests {
		_, err := ParseMove(tc.v, tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("ParseMove(%s, %q) = %v, want an error saying %q", tc.v, tc.move, err, tc.why)
		}
	}
}

func TestSymmetriesAreAGroup(t *testing.T) {
	for _, v := range Variants {
		for s := Symmetry(0); s < NumSymmetries; s++ {
			for sq := Square(0); int(sq) < v.Squares(); sq++ {
				if back := s.Inverse().Square(v, s.Square(v, sq)); back != sq {
					t.Errorf("%s: symmetry %d then its inverse maps %s to %s", v, s, sq.Name(v), back.Name(v))
				}
			}
			// Lines map onto lines.
			for _, l := range v.Lines() {
				if !slices.Contains(v.Lines(), s.Mask(v, l)) {
					t.Errorf("%s: symmetry %d maps a line to a non-line", v, s)
				}
			}
		}
	}
}

func TestCanonicalIsSharedBySymmetricPositions(t *testing.T) {
	p := mustPos(t, "classic:.,.,.,./.,x4,.,./.,.,o1o4,./x3,.,.,.:o")
	c, _ := p.Canonical()
	for s := Symmetry(0); s < NumSymmetries; s++ {
		q := p.Transform(s)
		d, ds := q.Canonical()
		if !d.Equal(&c) || d.Hash() != c.Hash() {
			t.Errorf("image %d has canonical %s, want %s", s, d, c)
		}
		if back := q.Transform(ds); !back.Equal(&d) {
			t.Errorf("Canonical's symmetry does not produce it")
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	p := mustPosB(b, "classic:.,.,.,./.,x4,.,./.,.,o1o4,./x3,.,o2,.:x")
	var buf [MaxMoves]Move
	for b.Loop() {
		_ = p.LegalMoves(buf[:0])
	}
}

func BenchmarkPlay(b *testing.B) {
	p := mustPosB(b, "classic:.,.,.,./.,x4,.,./.,.,o1o4,./x3,.,o2,.:x")
	ms := p.LegalMoves(nil)
	i := 0
	for b.Loop() {
		c := p.Play(ms[i%len(ms)])
		_, _ = c.Winner()
		i++
	}
}

func BenchmarkPerft5Classic(b *testing.B) {
	for b.Loop() {
		Perft(Start(Classic), 5)
	}
}

func mustPosB(b *testing.B, s string) Position {
	p, err := ParsePosition(s)
	if err != nil {
		b.Fatal(err)
	}
	return p
}
