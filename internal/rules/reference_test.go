package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A second, deliberately naive implementation of RULES.md, written straight
// from the text with explicit stacks and reserve stacks and no bit tricks. The
// bitboard engine must agree with it on every position of many random games.

type refPiece struct{ pl, size int }

type refPos struct {
	v       Variant
	n       int
	board   [][]refPiece // per square, bottom to top
	reserve [2][][]int   // classic: three stacks bottom..top; gobblers: one loose list
	side    int
}

func refStart(v Variant) *refPos {
	r := &refPos{v: v, n: v.Size(), board: make([][]refPiece, v.Squares())}
	for pl := 0; pl < 2; pl++ {
		if v == Classic {
			for i := 0; i < 3; i++ {
				r.reserve[pl] = append(r.reserve[pl], []int{1, 2, 3, 4})
			}
		} else {
			r.reserve[pl] = [][]int{{1, 1, 2, 2, 3, 3}}
		}
	}
	return r
}

func (r *refPos) clone() *refPos {
	c := *r
	c.board = make([][]refPiece, len(r.board))
	for i := range r.board {
		c.board[i] = slices.Clone(r.board[i])
	}
	for pl := 0; pl < 2; pl++ {
		c.reserve[pl] = nil
		for _, st := range r.reserve[pl] {
			c.reserve[pl] = append(c.reserve[pl], slices.Clone(st))
		}
	}
	return &c
}

func (r *refPos) top(sq int) (refPiece, bool) {
	st := r.board[sq]
	if len(st) == 0 {
		return refPiece{}, false
	}
	return st[len(st)-1], true
}

// lines as lists of squares, built from words: rows, columns, diagonals.
func (r *refPos) lines() [][]int {
	var ls [][]int
	for i := 0; i < r.n; i++ {
		var row, col []int
		for j := 0; j < r.n; j++ {
			row = append(row, i*r.n+j)
			col = append(col, j*r.n+i)
		}
		ls = append(ls, row, col)
	}
	var d, a []int
	for i := 0; i < r.n; i++ {
		d = append(d, i*r.n+i)
		a = append(a, i*r.n+r.n-1-i)
	}
	return append(ls, d, a)
}

func (r *refPos) hasLine(pl int) bool {
	for _, l := range r.lines() {
		all := true
		for _, sq := range l {
			if t, ok := r.top(sq); !ok || t.pl != pl {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

// inLineOfThree: sq shows an opponent piece on a line where the opponent
// shows exactly three pieces.
func (r *refPos) inLineOfThree(sq, opp int) bool {
	for _, l := range r.lines() {
		if !slices.Contains(l, sq) {
			continue
		}
		k := 0
		for _, s := range l {
			if t, ok := r.top(s); ok && t.pl == opp {
				k++
			}
		}
		if k == 3 {
			return true
		}
	}
	return false
}

func (r *refPos) moves() []Move {
	set := map[Move]bool{}
	us, opp := r.side, 1-r.side
	// Drops.
	for _, st := range r.reserve[us] {
		if len(st) == 0 {
			continue
		}
		var sizes []int
		if r.v == Classic {
			sizes = []int{st[len(st)-1]}
		} else {
			sizes = st
		}
		for _, size := range sizes {
			for sq := range r.board {
				t, ok := r.top(sq)
				switch {
				case !ok:
					set[Drop(size, Square(sq))] = true
				case t.size >= size || (r.v == Classic && t.pl == us):
				case r.v == Gobblers:
					set[Drop(size, Square(sq))] = true
				case r.inLineOfThree(sq, opp):
					set[Drop(size, Square(sq))] = true
				}
			}
		}
	}
	// Shifts.
	for from := range r.board {
		t, ok := r.top(from)
		if !ok || t.pl != us {
			continue
		}
		for to := range r.board {
			if to == from {
				continue
			}
			if u, ok := r.top(to); !ok || u.size < t.size {
				set[Shift(Square(from), Square(to))] = true
			}
		}
	}
	var ms []Move
	for m := range set {
		ms = append(ms, m)
	}
	return ms
}

// play applies a move and returns the winner (-1 for none), judged as
// RULES.md says: lift first, then place, then the opponent's line first.
func (r *refPos) play(m Move) int {
	us := r.side
	var piece refPiece
	if m.IsDrop() {
		piece = refPiece{us, int(m.Size)}
		for i, st := range r.reserve[us] {
			if r.v == Classic {
				if len(st) > 0 && st[len(st)-1] == piece.size {
					r.reserve[us][i] = st[:len(st)-1]
					break
				}
			} else if j := slices.Index(st, piece.size); j >= 0 {
				r.reserve[us][i] = slices.Delete(st, j, j+1)
				break
			}
		}
	} else {
		st := r.board[m.From]
		piece = st[len(st)-1]
		r.board[m.From] = st[:len(st)-1]
	}
	r.board[m.To] = append(r.board[m.To], piece)
	r.side = 1 - us
	if r.hasLine(1 - us) {
		return 1 - us
	}
	if r.hasLine(us) {
		return us
	}
	return -1
}

func (r *refPos) String() string {
	p := Position{variant: r.v, side: Player(r.side)}
	for sq, st := range r.board {
		for _, pc := range st {
			p.pieces[pc.pl][pc.size-1] |= 1 << sq
		}
	}
	return p.String()
}

func sortedNotation(v Variant, ms []Move) []string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Notation(v))
	}
	slices.Sort(s)
	return s
}

// TestAgreesWithReferenceImplementation plays random games with both
// implementations side by side and compares legal moves, positions, results.
func TestAgreesWithReferenceImplementation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	games := 1000
	if testing.Short() || raceEnabled {
		games = 150
	}
	for _, v := range Variants {
		for game := 0; game < games; game++ {
			ref, p := refStart(v), Start(v)
			for ply := 0; ply < 80; ply++ {
				want := sortedNotation(v, ref.moves())
				got := sortedNotation(v, p.LegalMoves(nil))
				if !slices.Equal(want, got) {
					t.Fatalf("%s: legal moves differ\nreference %v\nengine    %v", p, want, got)
				}
				if p.CountMoves() != len(got) {
					t.Fatalf("%s: CountMoves %d, LegalMoves %d", p, p.CountMoves(), len(got))
				}
				for _, m := range p.LegalMoves(nil) {
					if err := p.CheckMove(m); err != nil {
						t.Fatalf("%s: CheckMove(%s) refuses a legal move: %v", p, m.Notation(v), err)
					}
				}
				m := p.LegalMoves(nil)[rng.IntN(len(got))]
				w := ref.play(m)
				p = p.Play(m)
				if p.String() != ref.String() {
					t.Fatalf("after %s: engine %s, reference %s", m.Notation(v), p, ref)
				}
				gw, over := p.Winner()
				if over != (w >= 0) || (over && int(gw) != w) {
					t.Fatalf("%s after %s: engine winner %v/%v, reference %d", p, m.Notation(v), gw, over, w)
				}
				if over {
					break
				}
			}
		}
	}
}

// TestCheckMoveRefusesEveryIllegalMove tries every syntactically possible
// move and compares CheckMove with the legal list.
func TestCheckMoveRefusesEveryIllegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range Variants {
		for game := 0; game < 200 && !(raceEnabled && game >= 40); game++ {
			p := Start(v)
			for ply := 0; ply < 40; ply++ {
				legal := map[Move]bool{}
				for _, m := range p.LegalMoves(nil) {
					legal[m] = true
				}
				for _, m := range allMoves(v) {
					err := p.CheckMove(m)
					if (err == nil) != legal[m] {
						t.Fatalf("%s: CheckMove(%s) = %v, legal %v", p, m.Notation(v), err, legal[m])
					}
				}
				ms := p.LegalMoves(nil)
				p = p.Play(ms[rng.IntN(len(ms))])
				if _, over := p.Winner(); over {
					break
				}
			}
		}
	}
}

func allMoves(v Variant) []Move {
	var ms []Move
	for to := Square(0); int(to) < v.Squares(); to++ {
		for s := 1; s <= v.Sizes(); s++ {
			ms = append(ms, Drop(s, to))
		}
		for from := Square(0); int(from) < v.Squares(); from++ {
			if from != to {
				ms = append(ms, Shift(from, to))
			}
		}
	}
	return ms
}
