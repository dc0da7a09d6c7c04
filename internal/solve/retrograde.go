package solve

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// Table holds the value of every board, at the board's canonical index;
// other indices, and boards where the game is over, hold 0.
type Table struct {
	vals []uint32 // four Values a word, so that workers can update them with CAS
}

// At returns the stored value at a canonical index.
func (t *Table) At(i Index) Value { return Value(atomic.LoadUint32(&t.vals[i>>2]) >> (8 * (i & 3))) }

// casByte sets byte i of words from old to new, reporting whether it did.
func casByte(words []uint32, i Index, old, new byte) bool {
	w := &words[i>>2]
	sh := 8 * (i & 3)
	for {
		cur := atomic.LoadUint32(w)
		if byte(cur>>sh) != old {
			return false
		}
		if atomic.CompareAndSwapUint32(w, cur, cur&^(0xff<<sh)|uint32(new)<<sh) {
			return true
		}
	}
}

// decByte decrements byte i of words unless it is 0 or overflow, returning
// the byte as it was.
func decByte(words []uint32, i Index) byte {
	w := &words[i>>2]
	sh := 8 * (i & 3)
	for {
		cur := atomic.LoadUint32(w)
		b := byte(cur >> sh)
		if b == 0 || b == overflow {
			return b
		}
		if atomic.CompareAndSwapUint32(w, cur, cur-1<<sh) {
			return b
		}
	}
}

// overflow marks a board whose count of outstanding children does not fit a
// byte; it is checked by generating its children instead.
const overflow = 255

// Logf receives progress lines.
type Logf func(format string, args ...any)

// Build solves the game by retrograde analysis with the given number of
// worker goroutines. It needs about 6 GB: a value and a counter byte for
// each of the 2.88e9 boards.
//
// First every canonical board is valued if a move wins at once (win 1) or
// every move loses at once (loss 1); otherwise it gets a counter of the
// children still to be shown lost for it. Then, level by level of plies, a
// board lost in d makes every predecessor a win in d+1, and a board won in d
// counts down its predecessors' counters; a counter reaching 0 makes a loss
// in d+1. Boards left unvalued are draws.
//
// Symmetry makes counting subtle: the counter of a canonical board P is the
// number of unmoves from its children's canonical boards that land on an
// image of P, which is Σ over moves of |Stab(child)| / |Stab(P)|.
func Build(workers int, logf Logf) *Table {
	t := &Table{vals: make([]uint32, (Boards+3)/4)}
	counts := make([]uint32, (Boards+3)/4)
	levels := t.initialise(counts, workers, logf)
	for d := 1; d < len(levels); d++ {
		cur := levels[d]
		if len(cur) == 0 {
			continue
		}
		logf("level %d: %d boards", d, len(cur))
		found := make([][][]Index, workers)
		var wg sync.WaitGroup
		chunk := (len(cur) + workers - 1) / workers
		for w := 0; w < workers; w++ {
			lo, hi := min(w*chunk, len(cur)), min((w+1)*chunk, len(cur))
			wg.Go(func() {
				found[w] = t.propagate(counts, cur[lo:hi], d)
			})
		}
		wg.Wait()
		levels[d] = nil
		for _, f := range found {
			for lv, list := range f {
				for len(levels) <= lv {
					levels = append(levels, nil)
				}
				levels[lv] = append(levels[lv], list...)
			}
		}
	}
	return t
}

// initialise values the boards decided at once and sets the counters of the
// others; it returns the boards of level 1.
func (t *Table) initialise(counts []uint32, workers int, logf Logf) [][]Index {
	found := make([][]Index, workers)
	var next atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			var kids [maxMoves]Board
			forEachCanonical(&next, func(i Index, stab int) {
				if i%(pairCount*pairCount) == 0 {
					logf("initialise: size-3 pair %d of %d", i/(pairCount*pairCount), pairCount)
				}
				b := BoardAt(i)
				if b.Over() {
					return
				}
				n, wins, _ := b.expand(&kids)
				switch {
				case wins > 0:
					casByte(t.vals, i, 0, byte(WinIn(1)))
					found[w] = append(found[w], i)
				case n == 0:
					casByte(t.vals, i, 0, byte(LossIn(1)))
					found[w] = append(found[w], i)
				default:
					sum := 0
					for _, k := range kids[:n] {
						_, s := k.Canonical()
						sum += s
					}
					if sum%stab != 0 {
						panic(fmt.Sprintf("solve: board %d: children's stabilisers %d not a multiple of %d", i, sum, stab))
					}
					casByte(counts, i, 0, byte(min(sum/stab, overflow)))
				}
			})
		})
	}
	wg.Wait()
	var level1 []Index
	for _, f := range found {
		level1 = append(level1, f...)
	}
	return [][]Index{nil, level1}
}

// propagate handles the boards valued at level d and returns, by level, the
// boards it valued.
func (t *Table) propagate(counts []uint32, cur []Index, d int) [][]Index {
	var found [][]Index
	add := func(lv int, i Index) {
		for len(found) <= lv {
			found = append(found, nil)
		}
		found[lv] = append(found[lv], i)
	}
	var preds [maxPredecessors]Board
	var kids [maxMoves]Board
	for _, c := range cur {
		v := t.At(c)
		b := BoardAt(c)
		n := b.predecessors(&preds)
		for _, p := range preds[:n] {
			pi, _ := p.Canonical()
			if t.At(pi) != Draw {
				continue
			}
			if v.IsLoss() {
				if casByte(t.vals, pi, 0, byte(WinIn(d+1))) {
					add(d+1, pi)
				}
				continue
			}
			switch decByte(counts, pi) {
			case 1:
				if casByte(t.vals, pi, 0, byte(LossIn(d+1))) {
					add(d+1, pi)
				}
			case overflow:
				if lv, lost := t.lostNow(&p, &kids); lost && casByte(t.vals, pi, 0, byte(LossIn(lv))) {
					add(lv, pi)
				}
			}
		}
	}
	return found
}

// lostNow reports whether every move from b leads to a board won for the
// opponent (or loses at once), and if so in how many plies b is lost.
func (t *Table) lostNow(b *Board, kids *[maxMoves]Board) (int, bool) {
	n, wins, _ := b.expand(kids)
	if wins > 0 {
		return 0, false
	}
	longest := 0
	for _, k := range kids[:n] {
		ki, _ := k.Canonical()
		v := t.At(ki)
		if !v.IsWin() {
			return 0, false
		}
		longest = max(longest, v.Plies())
	}
	return longest + 1, true
}

// WriteTo writes the table as one byte per index.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	buf := make([]byte, 1<<20)
	var n int64
	for lo := int64(0); lo < Boards; lo += int64(len(buf)) { // int64: Boards overflows a 32-bit int
		hi := min(lo+int64(len(buf)), Boards)
		for i := lo; i < hi; i++ {
			buf[i-lo] = byte(t.vals[i>>2] >> (8 * (i & 3)))
		}
		k, err := w.Write(buf[:hi-lo])
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// ReadTable reads a table written by WriteTo.
func ReadTable(r io.Reader) (*Table, error) {
	t := &Table{vals: make([]uint32, (Boards+3)/4)}
	buf := make([]byte, 1<<20)
	for lo := int64(0); lo < Boards; lo += int64(len(buf)) {
		hi := min(lo+int64(len(buf)), Boards)
		if _, err := io.ReadFull(r, buf[:hi-lo]); err != nil {
			return nil, fmt.Errorf("read table at byte %d: %w", lo, err)
		}
		for i := lo; i < hi; i++ {
			t.vals[i>>2] |= uint32(buf[i-lo]) << (8 * (i & 3))
		}
	}
	return t, nil
}

// Verify checks every canonical board where the game goes on against its
// moves: its value must be the best of its moves' values (a move that wins
// at once is a win in 1, one that loses at once a loss in 1, any other is
// worth one ply more than its child is worth to the opponent). By induction
// on the length of the game, a table that passes holds the true values. It
// returns the number of boards checked and the first few that fail.
func (t *Table) Verify(workers int) (checked uint64, bad []Index) {
	var next atomic.Int32
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			var kids [maxMoves]Board
			var n uint64
			forEachCanonical(&next, func(i Index, _ int) {
				b := BoardAt(i)
				if b.Over() {
					return
				}
				n++
				if t.bestMove(&b, &kids) != t.At(i) {
					mu.Lock()
					if len(bad) < 10 {
						bad = append(bad, i)
					}
					mu.Unlock()
				}
			})
			mu.Lock()
			checked += n
			mu.Unlock()
		})
	}
	wg.Wait()
	return checked, bad
}

// bestMove returns the value of b's best move according to the table.
func (t *Table) bestMove(b *Board, kids *[maxMoves]Board) Value {
	n, wins, losses := b.expand(kids)
	if wins > 0 {
		return WinIn(1)
	}
	best, have := Draw, false
	if losses > 0 {
		best, have = LossIn(1), true
	}
	for _, k := range kids[:n] {
		ki, _ := k.Canonical()
		if v := t.At(ki).Before(); !have || v.Better(best) {
			best, have = v, true
		}
	}
	return best
}
