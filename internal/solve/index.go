package solve

import (
	"math/bits"
	"sync/atomic"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// A board's index is three digits in base pairCount, one per size (the
// largest most significant): the rank of the pair (mover's squares,
// opponent's squares) holding pieces of that size. Every index is a valid
// board, so the index space is exactly the set of boards.
const (
	pairCount = 1423 // Σ C(9,a)·C(9-a,b) over a, b in 0..2
	// Boards is the number of boards (from the mover's side), symmetric ones counted apart.
	Boards = pairCount * pairCount * pairCount
)

// Index is a board's place in the table.
type Index uint32

var (
	pairRank [1 << 18]uint16 // us | them<<9 → rank, for valid pairs
	pairOf   [pairCount]struct{ us, them uint16 }
	// symRank[t][r] is the rank of pair r's image under symmetry t.
	symRank [rules.NumSymmetries][pairCount]uint16
	// leastImage[r] is the least rank among pair r's images.
	leastImage [pairCount]uint16
)

func init() {
	n := 0
	for us := uint16(0); us < 512; us++ {
		if bits.OnesCount16(us) > perSize {
			continue
		}
		for them := uint16(0); them < 512; them++ {
			if bits.OnesCount16(them) > perSize || us&them != 0 {
				continue
			}
			pairRank[uint32(us)|uint32(them)<<9] = uint16(n)
			pairOf[n].us, pairOf[n].them = us, them
			n++
		}
	}
	if n != pairCount {
		panic("solve: pair count")
	}
	for t := rules.Symmetry(0); t < rules.NumSymmetries; t++ {
		for r, p := range pairOf {
			us, them := t.Mask(rules.Gobblers, p.us), t.Mask(rules.Gobblers, p.them)
			symRank[t][r] = pairRank[uint32(us)|uint32(them)<<9]
		}
	}
	for r := range leastImage {
		least := uint16(r)
		for t := range symRank {
			least = min(least, symRank[t][r])
		}
		leastImage[r] = least
	}
}

func (b *Board) ranks() (r0, r1, r2 uint16) {
	return pairRank[uint32(b.Us[0])|uint32(b.Them[0])<<9],
		pairRank[uint32(b.Us[1])|uint32(b.Them[1])<<9],
		pairRank[uint32(b.Us[2])|uint32(b.Them[2])<<9]
}

func indexOf(r0, r1, r2 uint16) Index {
	return Index((uint32(r2)*pairCount+uint32(r1))*pairCount + uint32(r0))
}

// Index returns the board's own index (not folded over symmetries).
func (b *Board) Index() Index { return indexOf(b.ranks()) }

// BoardAt returns the board with index i.
func BoardAt(i Index) Board {
	r0 := uint32(i) % pairCount
	r1 := uint32(i) / pairCount % pairCount
	r2 := uint32(i) / (pairCount * pairCount)
	return Board{
		Us:   [sizes]uint16{pairOf[r0].us, pairOf[r1].us, pairOf[r2].us},
		Them: [sizes]uint16{pairOf[r0].them, pairOf[r1].them, pairOf[r2].them},
	}
}

// Canonical returns the least index among the board's 8 images, which
// stands for all of them in the table, and how many symmetries map the
// board onto that image (the size of its stabiliser: 1, 2, 4 or 8).
func (b *Board) Canonical() (Index, int) {
	return canonicalOf(b.ranks())
}

func canonicalOf(r0, r1, r2 uint16) (Index, int) {
	best, stab := ^uint32(0), 0
	for t := range symRank {
		i := (uint32(symRank[t][r2])*pairCount+uint32(symRank[t][r1]))*pairCount + uint32(symRank[t][r0])
		if i < best {
			best, stab = i, 1
		} else if i == best {
			stab++
		}
	}
	return Index(best), stab
}

// canonicalStab returns whether index i is its board's canonical index and,
// if so, the size of its stabiliser.
func canonicalStab(i Index) (bool, int) {
	r0 := uint16(uint32(i) % pairCount)
	r1 := uint16(uint32(i) / pairCount % pairCount)
	r2 := uint16(uint32(i) / (pairCount * pairCount))
	if leastImage[r2] < r2 {
		return false, 0
	}
	stab := 0
	for t := range symRank {
		j := Index((uint32(symRank[t][r2])*pairCount+uint32(symRank[t][r1]))*pairCount + uint32(symRank[t][r0]))
		if j < i {
			return false, 0
		}
		if j == i {
			stab++
		}
	}
	return true, stab
}

// FromPosition returns a gobblers position as a board from its mover's side.
func FromPosition(p rules.Position) Board {
	var b Board
	us := p.SideToMove()
	for s := 0; s < sizes; s++ {
		b.Us[s] = p.Pieces(us, s+1)
		b.Them[s] = p.Pieces(us.Other(), s+1)
	}
	return b
}

// Position returns the board as a gobblers position with side to move,
// written out and read back in the notation of PROTOCOL.md.
func (b *Board) Position(side rules.Player) (rules.Position, error) {
	text := []byte("gobblers:")
	for rank := 2; rank >= 0; rank-- {
		for file := 0; file < 3; file++ {
			bit := uint16(1) << (rank*3 + file)
			start := len(text)
			for s := 0; s < sizes; s++ {
				switch {
				case b.Us[s]&bit != 0:
					text = append(text, side.String()[0], byte('1'+s))
				case b.Them[s]&bit != 0:
					text = append(text, side.Other().String()[0], byte('1'+s))
				}
			}
			if len(text) == start {
				text = append(text, '.')
			}
			if file < 2 {
				text = append(text, ',')
			}
		}
		if rank > 0 {
			text = append(text, '/')
		}
	}
	text = append(text, ':')
	text = append(text, side.String()...)
	return rules.ParsePosition(string(text))
}

// forEachCanonical calls fn with every canonical index and its stabiliser
// size, taking blocks of the largest digit from next so that several
// goroutines share the work.
func forEachCanonical(next *atomic.Int32, fn func(i Index, stab int)) {
	for {
		r2 := uint16(next.Add(1) - 1)
		if r2 >= pairCount {
			return
		}
		if leastImage[r2] < r2 {
			continue
		}
		for r1 := uint16(0); r1 < pairCount; r1++ {
			for r0 := uint16(0); r0 < pairCount; r0++ {
				i := indexOf(r0, r1, r2)
				if ok, stab := canonicalStab(i); ok {
					fn(i, stab)
				}
			}
		}
	}
}
