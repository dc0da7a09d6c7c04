package rules

// Second-reader review of internal/rules against shared/RULES.md and the
// notation part of shared/PROTOCOL.md. Every expected value below was worked
// out by hand from the contract text, not by running the code.

import (
	"slices"
	"strings"
	"testing"
)

// rvAllSquares lists every square name of a variant.
func rvAllSquares(v Variant) []string {
	var out []string
	for sq := Square(0); int(sq) < v.Squares(); sq++ {
		out = append(out, sq.Name(v))
	}
	return out
}

// rvAllBut lists every square of v except the given (space separated) ones:
// used for "every empty square" with the occupied squares read off by hand.
func rvAllBut(v Variant, occupied string) []string {
	skip := strings.Fields(occupied)
	var out []string
	for _, s := range rvAllSquares(v) {
		if !slices.Contains(skip, s) {
			out = append(out, s)
		}
	}
	return out
}

func rvDrops(size string, squares []string) []string {
	var out []string
	for _, s := range squares {
		out = append(out, size+"@"+s)
	}
	return out
}

func rvShifts(from string, squares []string) []string {
	var out []string
	for _, s := range squares {
		if s != from {
			out = append(out, from+"-"+s)
		}
	}
	return out
}

func rvLegal(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.Notation(p.Variant()))
	}
	slices.Sort(out)
	return out
}

func rvCompareSets(t *testing.T, got, want []string) {
	t.Helper()
	want = slices.Clone(want)
	slices.Sort(want)
	for i := 1; i < len(got); i++ {
		if got[i] == got[i-1] {
			t.Errorf("move %s generated twice", got[i])
		}
	}
	var missing, extra []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			extra = append(extra, g)
		}
	}
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("legal moves differ: missing %v, extra %v (got %d, want %d)", missing, extra, len(got), len(want))
	}
}

// checkLegalSet compares LegalMoves, CountMoves, and CheckMove over every
// syntactically possible move with a hand-worked set of legal moves.
func rvCheckLegalSet(t *testing.T, p Position, want []string) {
	t.Helper()
	got := rvLegal(p)
	rvCompareSets(t, got, want)
	if n := p.CountMoves(); n != len(want) {
		t.Errorf("CountMoves = %d, want %d", n, len(want))
	}
	v := p.Variant()
	for _, m := range allMoves(v) {
		s := m.Notation(v)
		legal := slices.Contains(want, s)
		if err := p.CheckMove(m); (err == nil) != legal {
			t.Errorf("CheckMove(%s) = %v, want legal=%v", s, err, legal)
		}
	}
}

// dropSizes returns the sizes the side to move may drop, read from the legal
// move list (drops of a size appear as soon as any square takes them; in all
// positions of this test there are empty squares).
func rvDropSizes(p Position) []int {
	var sizes []int
	for _, m := range p.LegalMoves(nil) {
		if m.IsDrop() && !slices.Contains(sizes, int(m.Size)) {
			sizes = append(sizes, int(m.Size))
		}
	}
	slices.Sort(sizes)
	return sizes
}

// TestClassicStackTopsAsTheReserveEmpties: the reserve is three stacks
// 1-2-3-4 (4 on top) and only a stack's top may be played; pieces never leave
// the board, so the pieces of x on the board say which stack tops are left.
func TestClassicStackTopsAsTheReserveEmpties(t *testing.T) {
	tests := []struct {
		name   string
		placed string // x's pieces played so far, each on its own square
		want   []int  // droppable sizes (stacks' tops)
	}{
		{"start: three giants on top", "", []int{4}},
		{"after 4: stacks 4,4,3", "4", []int{3, 4}},
		{"after 4,4: stacks 4,3,3", "44", []int{3, 4}},
		{"after 4,4,4: stacks 3,3,3", "444", []int{3}},
		{"after 4,4,3: stacks 4,3,2", "443", []int{2, 3, 4}},
		{"after 4,3: stacks 4,4,2", "43", []int{2, 4}},
		{"after 4,3,2: stacks 4,4,1", "432", []int{1, 4}},
		{"after 4,3,2,1: stacks 4,4", "4321", []int{4}},
		{"after 4,4,3,3,2: stacks 4,2,1", "44332", []int{1, 2, 4}},
		{"after 4,4,4,3,3,3: stacks 2,2,2", "444333", []int{2}},
		{"after 4,4,4,3,3,3,2,2: stacks 2,1,1", "44433322", []int{1, 2}},
		{"after all but one small: stack 1", "44433322211", []int{1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// x's pieces on squares from a1 onwards (rank 1, then rank 2 ...),
			// o has nothing on the board; x to move.
			cells := make([]string, 16)
			for i := range cells {
				cells[i] = "."
			}
			for i, c := range tc.placed {
				cells[i] = "x" + string(c)
			}
			var ranks []string
			for r := 3; r >= 0; r-- {
				ranks = append(ranks, strings.Join(cells[r*4:r*4+4], ","))
			}
			ps := "classic:" + strings.Join(ranks, "/") + ":x"
			p := mustPos(t, ps)
			if got := rvDropSizes(p); !slices.Equal(got, tc.want) {
				t.Errorf("%s: droppable sizes %v, want %v", ps, got, tc.want)
			}
			for s := 1; s <= 4; s++ {
				if got, want := p.CanDropSize(X, s), slices.Contains(tc.want, s); got != want {
					t.Errorf("%s: CanDropSize(x, %d) = %v, want %v", ps, s, got, want)
				}
			}
			// The same holds for o with the colours swapped.
			q := mustPos(t, strings.ReplaceAll(ps, "x", "o"))
			if got := rvDropSizes(q); !slices.Equal(got, tc.want) {
				t.Errorf("%s: o's droppable sizes %v, want %v", q, got, tc.want)
			}
		})
	}
}

// TestClassicImpossibleReserve: boards whose implied reserve cannot be
// three stacks. With only an x3 on the board, x's reserve holds three 4s, two
// 3s, three 2s, three 1s. Three stacks each grow strictly, so each holds one
// 4, and the 4 is the top of every stack: only giants can be dropped. With
// only an x2, again three 4s: only giants. PROTOCOL.md says an impossible
// position is rejected; if the engine accepts such a board, at least it must
// not offer a size that is the top of no stack.
func TestClassicImpossibleReserve(t *testing.T) {
	for _, ps := range []string{
		"classic:.,.,.,./.,.,.,./.,.,.,./x3,.,.,.:x",
		"classic:.,.,.,./.,.,.,./.,.,.,./x2,.,.,.:x",
		"classic:.,.,.,./.,.,.,./.,.,.,./x1,.,.,.:x",
	} {
		p, err := ParsePosition(ps)
		if err != nil {
			continue // rejected: acceptable
		}
		if got := rvDropSizes(p); !slices.Equal(got, []int{4}) {
			t.Errorf("%s accepted, droppable sizes %v, want [4] (every reserve stack has a 4 on top)", ps, got)
		}
		// ReserveStacks draws runs 1..h, which cannot hold such a reserve
		// exactly; its tops must still be what can be dropped.
		tops := map[int]bool{}
		for _, h := range p.ReserveStacks(X) {
			tops[h] = true
		}
		if len(tops) != 1 || !tops[4] {
			t.Errorf("%s: ReserveStacks %v, want every stack topped by a 4", ps, p.ReserveStacks(X))
		}
	}
}

// TestProtocolExamplePosition: PROTOCOL.md's own example must parse and
// print back unchanged, with ranks from the top and stacks bottom to top.
// o there has played an o1 without its 2 and 3: o's reserve is two 4s, three
// 3s, three 2s, two 1s; any three strictly growing stacks are 1234,1234,23
// (or 234,1234,123): tops 4,4,3.
func TestProtocolExamplePosition(t *testing.T) {
	const ps = "classic:.,.,.,./.,x4,.,./.,.,o1o4,./.,.,.,.:x"
	p := mustPos(t, ps)
	if p.String() != ps {
		t.Errorf("String() = %q, want %q", p.String(), ps)
	}
	b3 := rvSq(t, Classic, "b3")
	c2 := rvSq(t, Classic, "c2")
	if st := p.Stack(b3); !slices.Equal(st, []Piece{{X, 4}}) {
		t.Errorf("b3 = %v, want x4", st)
	}
	if st := p.Stack(c2); !slices.Equal(st, []Piece{{O, 1}, {O, 4}}) {
		t.Errorf("c2 = %v, want o1 under o4", st)
	}
	if top, _ := p.Top(c2); top != (Piece{O, 4}) {
		t.Errorf("top of c2 = %v, want o4", top)
	}
	q := p.Play(mustMove(t, Classic, "4@a4"))
	if got := rvDropSizes(q); !slices.Equal(got, []int{3, 4}) {
		t.Errorf("o's droppable sizes %v, want [3 4]", got)
	}
	gs := "gobblers:.,.,./.,.,./.,.,.:x"
	if s := Start(Gobblers).String(); s != gs {
		t.Errorf("gobblers start prints %q, want %q", s, gs)
	}
	if s := Start(Classic).String(); s != "classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x" {
		t.Errorf("classic start prints %q", s)
	}
}

func rvSq(t *testing.T, v Variant, s string) Square {
	t.Helper()
	sq, err := ParseSquare(v, s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// TestClassicDropsAndShifts: whole legal-move sets, worked by hand.
func TestClassicDropsAndShifts(t *testing.T) {
	C := Classic
	tests := []struct {
		name string
		pos  string
		want []string
	}{
		{
			// x reserve after one 4: stacks 4,4,3 -> drops 4 and 3. o shows
			// three on rank 1 (a1 o4, b1 o3, c1 o2): the 4 may cover b1 and
			// c1, the 3 only c1 (equal sizes never), a1 never. The x4 on d4 may
			// shift onto any smaller piece.
			"line of three on a rank",
			"classic:.,.,.,x4/.,.,.,./.,.,.,./o4,o3,o2,.:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "a1 b1 c1 d4")), []string{"4@b1", "4@c1"},
				rvDrops("3", rvAllBut(C, "a1 b1 c1 d4")), []string{"3@c1"},
				rvShifts("d4", rvAllBut(C, "a1 b1 c1 d4")), []string{"d4-b1", "d4-c1"},
			),
		},
		{
			// o2 on c1 is covered by x3: o shows only two on rank 1, no
			// exception. x reserve: 4 and 3 played -> stacks 4,4,2.
			"covered pieces do not count toward three",
			"classic:.,.,.,x4/.,.,.,./.,.,.,./o4,o3,o2x3,.:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "a1 b1 c1 d4")),
				rvDrops("2", rvAllBut(C, "a1 b1 c1 d4")),
				rvShifts("d4", rvAllBut(C, "a1 b1 c1 d4")), []string{"d4-b1", "d4-c1"},
				rvShifts("c1", rvAllBut(C, "a1 b1 c1 d4")),
			),
		},
		{
			// x's own three in a row give no exception and a drop never
			// covers an own piece; shifts may. x reserve: 4,3,2 played ->
			// stacks 4,4,1.
			"own three in a row: drops never cover own pieces",
			"classic:.,.,.,./.,.,.,./.,.,.,o4/x4,x3,x2,.:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "a1 b1 c1 d2")),
				rvDrops("1", rvAllBut(C, "a1 b1 c1 d2")),
				rvShifts("a1", rvAllBut(C, "a1 b1 c1 d2")), []string{"a1-b1", "a1-c1"},
				rvShifts("b1", rvAllBut(C, "a1 b1 c1 d2")), []string{"b1-c1"},
				rvShifts("c1", rvAllBut(C, "a1 b1 c1 d2")),
			),
		},
		{
			// o shows three on file a (a4 o3, a3 o2, a2 o4), a1 is x's. o's
			// c3 o3 is on no line of three of o (rank 3: a3,c3; file c: c3;
			// diagonal a1-d4: c3,d4). x reserve after one 4: drops 4, 3.
			"line of three on a file; other opponent pieces stay safe from drops",
			"classic:o3,.,.,o4/o2,.,o3,./o4,.,.,./x4,.,.,.:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "a4 d4 a3 c3 a2 a1")), []string{"4@a4", "4@a3"},
				rvDrops("3", rvAllBut(C, "a4 d4 a3 c3 a2 a1")), []string{"3@a3"},
				rvShifts("a1", rvAllBut(C, "a4 d4 a3 c3 a2 a1")), []string{"a1-a4", "a1-a3", "a1-c3"},
			),
		},
		{
			// Diagonal a1-d4 shows o on a1, b2, c3 (d4 empty); rank 1 shows
			// o4, x4 (over o3), o4: only two of o. Lifting x4 off b1 changes
			// nothing for the destinations.
			"line of three on a diagonal",
			"classic:.,.,.,./.,.,o2,./.,o3,.,./o4,o3x4,o4,.:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "c3 b2 a1 b1 c1")), []string{"4@b2", "4@c3"},
				rvDrops("3", rvAllBut(C, "c3 b2 a1 b1 c1")), []string{"3@c3"},
				rvShifts("b1", rvAllBut(C, "c3 b2 a1 b1 c1")), []string{"b1-b2", "b1-c3"},
			),
		},
		{
			// Anti-diagonal d1-c2-b3-a4: o4 d1, o3 c2, o2 b3, a4 empty. x has played nothing: only giants. The 4 covers c2, b3.
			"line of three on the anti-diagonal",
			"classic:.,.,.,./.,o2,.,./.,.,o3,./.,.,.,o4:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "b3 c2 d1")), []string{"4@c2", "4@b3"},
			),
		},
		{
			// o shows four on rank 4 (o1 o2 o3 o4): the game is over, but the
			// move list is still defined; four is not "exactly three", so b4
			// (o2) and c4 (o3) are not coverable. a4 is also on file a with
			// a3 o2, a2 o3: three visible on file a -> a4 (o1), a3 (o2),
			// a2 (o3) coverable.
			"exactly three, any line through the square",
			"classic:o1,o2,o3,o4/o2,.,.,./o3,.,.,./.,.,.,.:x",
			slices.Concat(
				rvDrops("4", rvAllBut(C, "a4 b4 c4 d4 a3 a2")), []string{"4@a4", "4@a3", "4@a2"},
			),
		},
		{
			// Start of classic: 16 giant drops.
			"start",
			"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x",
			rvDrops("4", rvAllSquares(C)),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rvCheckLegalSet(t, mustPos(t, tc.pos), tc.want)
		})
	}
}

// TestGobblersDropsAndShifts: any reserve piece onto an empty square
// or any smaller top of either colour; shifts likewise to a different square.
func TestGobblersDropsAndShifts(t *testing.T) {
	G := Gobblers
	tests := []struct {
		name string
		pos  string
		want []string
	}{
		{"start: 3 sizes x 9 squares", "gobblers:.,.,./.,.,./.,.,.:x",
			slices.Concat(rvDrops("1", rvAllSquares(G)), rvDrops("2", rvAllSquares(G)), rvDrops("3", rvAllSquares(G)))},
		{
			"drops cover smaller pieces of either colour",
			"gobblers:.,.,./.,o2,./x1,.,.:x",
			slices.Concat(
				rvDrops("3", rvAllBut(G, "a1 b2")), []string{"3@a1", "3@b2"},
				rvDrops("2", rvAllBut(G, "a1 b2")), []string{"2@a1"},
				rvDrops("1", rvAllBut(G, "a1 b2")),
				rvShifts("a1", rvAllBut(G, "a1 b2")),
			),
		},
		{
			"shifts cover own smaller pieces, never equal ones",
			"gobblers:.,.,./.,x2,./x3,o3,.:x",
			slices.Concat(
				rvDrops("3", rvAllBut(G, "b2 a1 b1")), []string{"3@b2"},
				rvDrops("2", rvAllBut(G, "b2 a1 b1")),
				rvDrops("1", rvAllBut(G, "b2 a1 b1")),
				rvShifts("a1", rvAllBut(G, "b2 a1 b1")), []string{"a1-b2"},
				rvShifts("b2", rvAllBut(G, "b2 a1 b1")),
			),
		},
		{
			// x has both 3s on the board and one 1: drops of 1 and 2 only.
			// The covered x1 under o2 cannot move; o's pieces cannot move.
			"only pieces left in reserve, only visible own pieces shift",
			"gobblers:x3,.,./.,x1o2,./.,.,x3:x",
			slices.Concat(
				rvDrops("2", rvAllBut(G, "a3 b2 c1")),
				rvDrops("1", rvAllBut(G, "a3 b2 c1")),
				rvShifts("a3", rvAllBut(G, "a3 b2 c1")), []string{"a3-b2"},
				rvShifts("c1", rvAllBut(G, "a3 b2 c1")), []string{"c1-b2"},
			),
		},
		{
			// Everything of x on the board: only shifts. o to move here
			// (colours swapped) to check the side to move is used.
			"no reserve left",
			"gobblers:o1o3,o2,./.,o2,o1/o3,.,.:o",
			slices.Concat(
				rvShifts("a3", rvAllBut(G, "a3 b3 b2 c2 a1")), []string{"a3-b3", "a3-b2", "a3-c2"},
				rvShifts("a1", rvAllBut(G, "a3 b3 b2 c2 a1")), []string{"a1-b3", "a1-b2", "a1-c2"},
				rvShifts("b3", rvAllBut(G, "a3 b3 b2 c2 a1")), []string{"b3-c2"},
				rvShifts("b2", rvAllBut(G, "a3 b3 b2 c2 a1")), []string{"b2-c2"},
				rvShifts("c2", rvAllBut(G, "a3 b3 b2 c2 a1")),
			),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rvCheckLegalSet(t, mustPos(t, tc.pos), tc.want)
		})
	}
}

// TestResultOrder: the opponent's line (revealed by the lift) is judged
// before the mover's; the lifted piece may block the revealed line.
func TestResultOrder(t *testing.T) {
	// Gobblers: o2 a1, o1 under x3 on b1, o2 c1; x1 a3, x2 b3, x2 a2.
	const g1 = "gobblers:x1,x2,./x2,.,./o2,o1x3,o2:x"
	// Classic: o4 o3 o2 on a1 b1 c1 and o1 under x4 on d1; x4 x4 x3 on
	// a4 b4 c4. x's reserve: 4,4,4,3 played -> stacks 3,3,2.
	const c1 = "classic:x4,x4,x3,./.,.,.,./.,.,.,./o4,o3,o2,o1x4:x"
	tests := []struct {
		name, pos, move, want string // want: protocol status
	}{
		{"gobblers: lift reveals o's line, x's new line does not save x", g1, "b1-c3", "o line"},
		{"gobblers: lift reveals o's line, landing elsewhere", g1, "b1-b2", "o line"},
		{"gobblers: lifted piece blocks by covering a1 and completes x's file", g1, "b1-a1", "x line"},
		{"gobblers: lifted piece blocks by covering c1", g1, "b1-c1", "ongoing"},
		{"gobblers: a drop completing x's rank wins", g1, "3@c3", "x line"},
		{"gobblers: a drop completing nothing", g1, "1@c2", "ongoing"},
		{"gobblers: a drop completing x's file b (b1 x3, b2 x1, b3 x2)", g1, "1@b2", "x line"},
		{"classic: lift reveals o's rank, x completes rank 4, o wins", c1, "d1-d4", "o line"},
		{"classic: lift reveals o's rank, landing elsewhere", c1, "d1-c2", "o line"},
		{"classic: lifted giant blocks on c1", c1, "d1-c1", "ongoing"},
		{"classic: lifted giant blocks on b1", c1, "d1-b1", "ongoing"},
		{"classic: drop of a 3 completing rank 4 wins", c1, "3@d4", "x line"},
		{"classic: drop of a 3 on c1 (o's line of three)", c1, "3@c1", "ongoing"},
		{"classic: drop of a 2 on c1 is not legal (equal size)", c1, "2@c1", "illegal"},
		{"classic: a4-d4 shift: x's rank is broken again", c1, "a4-d4", "ongoing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos)
			g := NewGameFrom(p)
			if r := g.Result(); r.Status != Ongoing {
				t.Fatalf("start position already %v", r)
			}
			err := g.Play(mustMove(t, p.Variant(), tc.move))
			if tc.want == "illegal" {
				if err == nil {
					t.Errorf("%s accepted", tc.move)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s refused: %v", tc.move, err)
			}
			if got := g.Result().String(); got != tc.want {
				t.Errorf("after %s (%s): status %q, want %q", tc.move, g.Position(), got, tc.want)
			}
		})
	}
}

// TestRepetitionThirdOccurrence: full stacks and side to move; the game's
// first position counts; a draw on the third occurrence, not before.
func TestRepetitionThirdOccurrence(t *testing.T) {
	const start = "gobblers:.,.,o1/.,o2x3,./x1,.,.:x"
	g := NewGameFrom(mustPos(t, start))
	seq := strings.Fields("a1-b1 c3-c2 b1-a1 c2-c3") // back to start after 4 plies
	var statuses []string
	for round := 0; round < 2; round++ {
		for _, s := range seq {
			if err := g.Play(mustMove(t, Gobblers, s)); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			statuses = append(statuses, g.Result().String())
		}
	}
	want := []string{"ongoing", "ongoing", "ongoing", "ongoing", "ongoing", "ongoing", "ongoing", "draw repetition"}
	if !slices.Equal(statuses, want) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}

	// A cycle that does not revisit the game's first position: the
	// position after ply 1 recurs at plies 5 and 9.
	g2 := NewGameFrom(mustPos(t, "gobblers:.,.,o1/.,.,./x1,.,.:x"))
	moves := strings.Fields("a1-b1 c3-c2 b1-c1 c2-c3 c1-b1 c3-c2 b1-c1 c2-c3 c1-b1 c3-c2")
	// positions: 0 S; 1 (x b1,o c3,o to move)=A; 2 (b1,c2,x)=B; 3 (c1,c2,o);
	// 4 (c1,c3,x); 5 (b1,c3,o)=A; 6 (b1,c2,x)=B; 7 (c1,c2,o); 8 (c1,c3,x);
	// 9 (b1,c3,o)=A third time -> draw at ply 9.
	for i, s := range moves {
		if err := g2.Play(mustMove(t, Gobblers, s)); err != nil {
			t.Fatalf("ply %d %s: %v", i+1, s, err)
		}
		r := g2.Result().String()
		wantR := "ongoing"
		if i+1 == 9 {
			wantR = "draw repetition"
		}
		if r != wantR {
			t.Errorf("after ply %d (%s): %q, want %q", i+1, s, r, wantR)
		}
		if i+1 == 9 {
			break
		}
	}

	// The same visible board with different covered pieces is not the same
	// position: x3 over o2 on b2 vs x3 over x2... built as two positions.
	a := mustPos(t, "gobblers:.,.,./.,o2x3,./.,.,.:x")
	b := mustPos(t, "gobblers:.,.,./.,x2x3,./.,.,.:x")
	if a.Equal(&b) {
		t.Error("positions with different covered pieces compare equal")
	}
}

// TestMoveLimit: a draw once the game has the limit's number of plies
// without a result; a line on the last ply still wins.
func TestMoveLimit(t *testing.T) {
	g := NewGameFrom(mustPos(t, "gobblers:.,.,o1/.,.,./x1,.,.:x"))
	g.MoveLimit = 3
	for i, s := range strings.Fields("a1-b1 c3-c2 b1-c1") {
		if g.Over() {
			t.Fatalf("over before ply %d", i+1)
		}
		if err := g.Play(mustMove(t, Gobblers, s)); err != nil {
			t.Fatal(err)
		}
	}
	if r := g.Result().String(); r != "draw movelimit" {
		t.Errorf("after 3 plies with limit 3: %q, want draw movelimit", r)
	}
	h := NewGameFrom(mustPos(t, "gobblers:.,.,./.,.,./x1,x1,.:x"))
	h.MoveLimit = 1
	if err := h.Play(mustMove(t, Gobblers, "3@c1")); err != nil {
		t.Fatal(err)
	}
	if r := h.Result().String(); r != "x line" {
		t.Errorf("line on the last ply: %q, want x line", r)
	}
}

// TestPositionRejections: impossible positions are rejected with an
// error naming what is wrong.
func TestPositionRejections(t *testing.T) {
	tests := []struct{ pos, why string }{
		{"classic:x2x1,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", "strictly"},
		{"classic:x2o2,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", "strictly"},
		{"classic:x4,x4,x4,x4/.,.,.,./.,.,.,./.,.,.,.:x", "size 4"},
		{"classic:o1x4,o1,o1,o1/.,.,.,./.,.,.,./.,.,.,.:x", "size 1"},
		{"gobblers:x3,x3,x3/.,.,./.,.,.:o", "size 3"},
		{"gobblers:x4,.,./.,.,./.,.,.:x", "size"},
		{"classic:.,.,.,./.,.,.,./.,.,.,.:x", "ranks"},
		{"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.,.:x", "squares"},
		{"gobblers:.,.,./.,.,./.,.:x", "squares"},
		{"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:", "x or o"},
		{"classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.", "three parts"},
		{"Classic:.,.,.,./.,.,.,./.,.,.,./.,.,.,.:x", "variant"},
		{"gobblers:.,.,./.,.,./.,.,.:X", "x or o"},
		{"gobblers:.,.,./.,.,./.,.,y1:x", "player"},
		{"gobblers:.,.,./.,.,./.,.,x:x", "stack"},
		{"gobblers:.,.,./.,.,./.,.,x1 :x", ""},
		{"gobblers:.,.,./.,.,./.,.,.:x ", ""},
		{"gobblers:.,.,./.,.,./.,.,..:x", ""},
		{"gobblers:.,.,./.,.,./.,.,x0:x", "size"},
	}
	for _, tc := range tests {
		_, err := ParsePosition(tc.pos)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted", tc.pos)
			continue
		}
		if !strings.Contains(err.Error(), tc.why) {
			t.Errorf("ParsePosition(%q) = %v, want it to name %q", tc.pos, err, tc.why)
		}
	}
	// Legal boards with the maximum pieces parse and print back unchanged.
	for _, ps := range []string{
		"gobblers:x1o2x3,o1x2o3,./.,.,./.,.,.:o",
		"classic:x1x2x3x4,x1x2x3x4,x1x2x3x4,o1o2o3o4/o1o2o3o4,o1o2o3o4,.,./.,.,.,./.,.,.,.:x",
		"classic:.,.,.,o4/.,.,.,./.,.,.,./o2o3x4,.,.,.:o",
	} {
		p := mustPos(t, ps)
		if p.String() != ps {
			t.Errorf("%q prints as %q", ps, p.String())
		}
	}
	// Rank order: the first rank written is the top one.
	p := mustPos(t, "gobblers:x1,.,./.,.,./.,.,o2:x")
	if top, ok := p.Top(rvSq(t, Gobblers, "a3")); !ok || top != (Piece{X, 1}) {
		t.Errorf("a3 = %v %v, want x1", top, ok)
	}
	if top, ok := p.Top(rvSq(t, Gobblers, "c1")); !ok || top != (Piece{O, 2}) {
		t.Errorf("c1 = %v %v, want o2", top, ok)
	}
}

// TestMoveNotation: canonical forms are accepted and printed back;
// anything else is refused.
func TestMoveNotation(t *testing.T) {
	for _, tc := range []struct {
		v Variant
		s string
		m Move
	}{
		{Classic, "4@b2", Drop(4, SquareAt(Classic, 1, 1))},
		{Classic, "1@d4", Drop(1, SquareAt(Classic, 3, 3))},
		{Classic, "a1-b2", Shift(SquareAt(Classic, 0, 0), SquareAt(Classic, 1, 1))},
		{Classic, "d4-a1", Shift(SquareAt(Classic, 3, 3), SquareAt(Classic, 0, 0))},
		{Gobblers, "3@c3", Drop(3, SquareAt(Gobblers, 2, 2))},
		{Gobblers, "c1-a3", Shift(SquareAt(Gobblers, 2, 0), SquareAt(Gobblers, 0, 2))},
	} {
		m, err := ParseMove(tc.v, tc.s)
		if err != nil || m != tc.m {
			t.Errorf("ParseMove(%s, %q) = %v, %v; want %v", tc.v, tc.s, m, err, tc.m)
		}
		if got := tc.m.Notation(tc.v); got != tc.s {
			t.Errorf("Notation = %q, want %q", got, tc.s)
		}
	}
	for _, tc := range []struct {
		v Variant
		s string
	}{
		{Gobblers, "4@a1"}, {Gobblers, "1@d1"}, {Gobblers, "a1-d1"}, {Classic, "5@a1"},
		{Classic, "4@e1"}, {Classic, "4@a5"}, {Classic, "4@a0"}, {Classic, "4@B2"},
		{Classic, "A1-B2"}, {Classic, " 4@b2"}, {Classic, "4@b2 "}, {Classic, "4 @b2"},
		{Classic, "x4@b2"}, {Classic, "b2@4"}, {Classic, "@b2"}, {Classic, "4@"},
		{Classic, "a1-"}, {Classic, "-b2"}, {Classic, "a1-b2-c3"}, {Classic, "a1b2"},
		{Classic, "a1 b2"}, {Classic, "44@b2"}, {Classic, "4@b2@c3"},
		{Classic, "a1-4@b2"}, {Classic, "b2"}, {Classic, "4"},
	} {
		if m, err := ParseMove(tc.v, tc.s); err == nil {
			t.Errorf("ParseMove(%s, %q) accepted as %v", tc.v, tc.s, m)
		}
	}
}

// TestClassicDropSequenceFromStart plays through the reserve: after
// 4@a1 4@d4 the next x drop may be a 4 or a 3; after x also plays 4, 3 the
// stacks are 4,3,2... checked through Game.Play refusals.
func TestClassicDropSequenceFromStart(t *testing.T) {
	g := NewGame(Classic)
	steps := []struct {
		move string
		ok   bool
	}{
		{"3@a1", false}, // first drop must be a giant
		{"4@a1", true},
		{"3@d4", false}, // o's first drop too
		{"4@d4", true},
		{"3@a2", true},  // x: stacks 4,4,3 -> 3 allowed
		{"2@b4", false}, // o: stacks 4,4,3 -> 2 not a top
		{"4@b4", true},
		{"2@a3", true},  // x: played 4,3 -> stacks 4,4,2
		{"4@a1", false}, // o: a1 holds x4 (equal size; the exception needs a smaller piece)
		{"3@c1", true},
		{"1@b1", true},  // x: played 4,3,2 -> stacks 4,4,1
		{"4@c1", false}, // o may not cover its own 3
		{"3@c2", true},
		{"1@b2", false}, // x: played 4,3,2,1 -> stacks 4,4: no 1 left on top
		{"2@b2", false},
		{"3@b2", false},
		{"4@b2", true},
	}
	for i, st := range steps {
		err := g.Play(mustMove(t, Classic, st.move))
		if (err == nil) != st.ok {
			t.Fatalf("step %d %s in %s: err %v, want ok=%v", i, st.move, g.Position(), err, st.ok)
		}
	}
}
