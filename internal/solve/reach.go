package solve

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Reach counts the positions reachable from the start by legal moves,
// folded over the 8 symmetries and seen from the mover's side (so a
// position and its colour-swapped twin with the other side to move count
// once). Positions where the game is over count but are not expanded.
// It searches breadth first over canonical indices with a bitmap of
// Boards bits (360 MB), and reports the positions that go on and that are
// over, and the set of their canonical indices. A positive maxPly stops the
// search at positions that far from the start (for tests).
//
// Every reachable position turns out to be reachable within 13 plies, and
// there are 341,024,631 of them: 185,487,323 where the game goes on and
// 155,537,308 where it is over.
func Reach(workers, maxPly int, logf Logf) (ongoing, over uint64, reached *Set) {
	seen := make([]uint64, (Boards+63)/64)
	// mark reports whether i was new; the plain load first spares the
	// locked instruction for the many boards already seen.
	mark := func(i Index) bool {
		bit := uint64(1) << (i & 63)
		if atomic.LoadUint64(&seen[i>>6])&bit != 0 {
			return false
		}
		return atomic.OrUint64(&seen[i>>6], bit)&bit == 0
	}
	var start Board
	si, _ := start.Canonical()
	mark(si)
	frontier := []Index{si}
	var nOver atomic.Uint64
	for ply := 0; len(frontier) > 0; ply++ {
		ongoing += uint64(len(frontier))
		logf("reach: ply %d, %d new positions that go on", ply, len(frontier))
		if maxPly > 0 && ply == maxPly {
			break
		}
		next := make([][]Index, workers)
		var wg sync.WaitGroup
		chunk := (len(frontier) + workers - 1) / workers
		for w := 0; w < workers; w++ {
			lo, hi := min(w*chunk, len(frontier)), min((w+1)*chunk, len(frontier))
			wg.Go(func() {
				var buf []Index
				for _, i := range frontier[lo:hi] {
					b := BoardAt(i)
					b.forEachMove(func(nb Board, o Outcome) {
						c := nb.swap()
						ci, _ := c.Canonical()
						if !mark(ci) {
							return
						}
						if o != GoesOn {
							nOver.Add(1)
							return
						}
						buf = append(buf, ci)
					})
				}
				next[w] = buf
			})
		}
		wg.Wait()
		frontier = frontier[:0:0]
		for _, n := range next {
			frontier = append(frontier, n...)
		}
	}
	var total uint64
	for _, w := range seen {
		total += uint64(bits.OnesCount64(w))
	}
	if total != ongoing+nOver.Load() {
		panic("solve: reach count mismatch")
	}
	return ongoing, nOver.Load(), &Set{words: seen}
}

// Set is a set of indices, one bit each.
type Set struct{ words []uint64 }

// Has reports whether i is in the set.
func (s *Set) Has(i Index) bool { return s.words[i>>6]&(1<<(i&63)) != 0 }

// WriteTo writes the set's bits, little-endian words.
func (s *Set) WriteTo(w io.Writer) (int64, error) {
	buf := make([]byte, 8<<16)
	var n int64
	for lo := 0; lo < len(s.words); lo += 1 << 16 {
		hi := min(lo+1<<16, len(s.words))
		for i, x := range s.words[lo:hi] {
			binary.LittleEndian.PutUint64(buf[8*i:], x)
		}
		k, err := w.Write(buf[:8*(hi-lo)])
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// ReadSet reads a set written by WriteTo.
func ReadSet(r io.Reader) (*Set, error) {
	s := &Set{words: make([]uint64, (Boards+63)/64)}
	buf := make([]byte, 8<<16)
	for lo := 0; lo < len(s.words); lo += 1 << 16 {
		hi := min(lo+1<<16, len(s.words))
		if _, err := io.ReadFull(r, buf[:8*(hi-lo)]); err != nil {
			return nil, fmt.Errorf("read set at word %d: %w", lo, err)
		}
		for i := range s.words[lo:hi] {
			s.words[lo+i] = binary.LittleEndian.Uint64(buf[8*i:])
		}
	}
	return s, nil
}

// forEachMove calls fn with the board each legal move leaves, still seen from
// the mover's side, and the move's outcome.
func (b *Board) forEachMove(fn func(nb Board, o Outcome)) {
	_, _, atLeast := b.visible()
	for s := 0; s < sizes; s++ {
		free := fullBoard &^ atLeast[s]
		if bits.OnesCount16(b.Us[s]) < perSize {
			for t := free; t != 0; t &= t - 1 {
				nb := *b
				nb.Us[s] |= t & -t
				fn(nb, judge(&nb))
			}
		}
		for f := b.Us[s] &^ coveredAbove(&atLeast, s); f != 0; f &= f - 1 {
			from := f & -f
			for t := free; t != 0; t &= t - 1 {
				nb := *b
				nb.Us[s] ^= from | t&-t
				fn(nb, judge(&nb))
			}
		}
	}
}
