package search

import (
	"math/bits"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// board is what the evaluation and the threat tests read from a position:
// who shows a piece where, and how large the top pieces are.
type board struct {
	vis     [2]uint16              // squares whose top piece is the player's
	top     [rules.MaxSizes]uint16 // top[k]: squares whose top piece has size k+1
	atLeast [rules.MaxSizes]uint16 // atLeast[k]: squares holding a piece of size k+1 or larger
}

func readBoard(p *rules.Position) (b board) {
	sizes := p.Variant().Sizes()
	var covered uint16
	for k := sizes - 1; k >= 0; k-- {
		x, o := p.Pieces(rules.X, k+1), p.Pieces(rules.O, k+1)
		b.vis[rules.X] |= x &^ covered
		b.vis[rules.O] |= o &^ covered
		b.top[k] = (x | o) &^ covered
		covered |= x | o
		b.atLeast[k] = covered
	}
	return b
}

// topSize is the size of the top piece on the squares of mask sq (0 when empty).
func (b *board) topSize(sq uint16, sizes int) int {
	for k := sizes - 1; k >= 0; k-- {
		if b.top[k]&sq != 0 {
			return k + 1
		}
	}
	return 0
}

func popcount(m uint16) int { return bits.OnesCount16(m) }

// lineTables answer, for every set of visible squares of one player,
// whether it holds a line and which squares would complete a line of n-1:
// the two questions asked at every node.
type lineTable struct {
	full []uint64 // bit set: the squares hold a line
	gaps []uint16
}

var lineTables = func() (t [2]lineTable) {
	for _, v := range rules.Variants {
		n := 1 << v.Squares()
		lt := lineTable{full: make([]uint64, (n+63)/64), gaps: make([]uint16, n)}
		for vis := 0; vis < n; vis++ {
			for _, l := range v.Lines() {
				m := uint16(vis)
				switch popcount(m & l) {
				case v.Size():
					lt.full[vis/64] |= 1 << (vis % 64)
				case v.Size() - 1:
					lt.gaps[vis] |= l &^ m
				}
			}
		}
		t[v] = lt
	}
	return t
}()

func hasLine(v rules.Variant, vis uint16) bool {
	return lineTables[v].full[vis/64]>>(vis%64)&1 != 0
}

// winner judges a position as the last move left it (RULES.md: the side to
// move's line counts first).
func winner(p *rules.Position, b *board) (rules.Player, bool) {
	v := p.Variant()
	us := p.SideToMove()
	if hasLine(v, b.vis[us]) {
		return us, true
	}
	if hasLine(v, b.vis[us.Other()]) {
		return us.Other(), true
	}
	return 0, false
}

// gaps returns the squares that would complete one of pl's lines: the one
// missing square of every line where pl shows all but one piece. A move onto
// such a square may win; only playing it tells for sure.
func gaps(v rules.Variant, vis uint16) uint16 { return lineTables[v].gaps[vis] }

// threat is one of pl's lines short of one square that pl could fill next
// move: with a piece larger than what lies there, from the reserve or from a
// square off the line.
type threat struct {
	line uint16
	gap  uint16
}

// threats lists pl's fillable lines of n-1 (at most the variant's 10 lines).
func threats(p *rules.Position, b *board, pl rules.Player, out []threat) []threat {
	v := p.Variant()
	if gaps(v, b.vis[pl]) == 0 {
		return out
	}
	n, sizes := v.Size(), v.Sizes()
	opp := pl.Other()
	for _, l := range v.Lines() {
		if popcount(b.vis[pl]&l) != n-1 {
			continue
		}
		gap := l &^ b.vis[pl]
		t := b.topSize(gap, sizes)
		if canFill(p, b, pl, l, gap, t, opp, v, sizes) {
			out = append(out, threat{l, gap})
		}
	}
	return out
}

func canFill(p *rules.Position, b *board, pl rules.Player, line, gap uint16, t int, opp rules.Player, v rules.Variant, sizes int) bool {
	// A shift of a visible piece from off the line, larger than the gap's top.
	for k := sizes - 1; k >= t; k-- {
		if b.top[k]&b.vis[pl]&^line != 0 {
			return true
		}
	}
	return dropFills(p.DropSizes(pl), b, gap, t, opp, v, sizes)
}

// dropFills reports whether a player who can drop the sizes in drops (bit
// s-1 for size s) may drop a piece onto gap, whose top piece has size t
// (0 when empty) and is not the player's.
func dropFills(drops uint8, b *board, gap uint16, t int, opp rules.Player, v rules.Variant, sizes int) bool {
	for s := sizes; s > t; s-- {
		if drops&(1<<(s-1)) == 0 {
			continue
		}
		if t == 0 || !v.NestedReserve() {
			return true
		}
		// Classic: a drop covers only an opponent's piece in its line of three.
		if b.vis[opp]&gap != 0 {
			for _, l := range v.Lines() {
				if l&gap != 0 && popcount(b.vis[opp]&l) == 3 {
					return true
				}
			}
		}
		return false
	}
	return false
}

// dropWins reports whether the side to move, us, completes a line by a
// drop: some square of gaps (us's line gaps) takes a piece from its
// reserve. A drop uncovers nothing, so such a move wins at once.
func dropWins(p *rules.Position, b *board, us rules.Player, gaps uint16) bool {
	drops := p.DropSizes(us)
	if drops == 0 {
		return false
	}
	v := p.Variant()
	sizes := v.Sizes()
	for g := gaps; g != 0; g &= g - 1 {
		sq := g & -g
		if dropFills(drops, b, sq, b.topSize(sq, sizes), us.Other(), v, sizes) {
			return true
		}
	}
	return false
}

// shiftWins reports whether the side to move, us, completes a line by
// moving one of its visible pieces onto a square of gaps without
// uncovering a line of the opponent's (which would count first). The
// piece may come from the line itself when its own piece lies beneath.
func shiftWins(p *rules.Position, b *board, us rules.Player, gaps uint16) bool {
	v := p.Variant()
	sizes := v.Sizes()
	opp := us.Other()
	for g := gaps; g != 0; g &= g - 1 {
		to := g & -g
		t := b.topSize(to, sizes)
		for k := sizes - 1; k >= t; k-- { // index k: pieces of size k+1 > t
			for f := b.top[k] & b.vis[us] &^ to; f != 0; f &= f - 1 {
				from := f & -f
				mine, theirs := b.vis[us]&^from|to, b.vis[opp]&^to
				for j := k; j >= 1; j-- { // what the lift uncovers
					if p.Pieces(us, j)&from != 0 {
						mine |= from
						break
					}
					if p.Pieces(opp, j)&from != 0 {
						theirs |= from
						break
					}
				}
				if !hasLine(v, theirs) && hasLine(v, mine) {
					return true
				}
			}
		}
	}
	return false
}

func trailing(m uint16) int { return bits.TrailingZeros16(m) }
