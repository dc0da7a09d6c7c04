package solve

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"
	"weak"

	"github.com/gobblet-game/gobblet/internal/coop"
)

// Solution values boards: the boards a short search cannot settle (draws,
// and games that last more than Sparse.Depth plies with best play) come
// from the sparse table, the others from an exact search of at most
// Sparse.Depth plies whose leaves are the table's boards and the ends of the
// game. The built-in table covers every board, reachable or not.
type Solution struct {
	sparse *Sparse
}

// NewSolution wraps a sparse table.
func NewSolution(s *Sparse) *Solution { return &Solution{sparse: s} }

// keepFor is how long the built-in solution stays loaded after its last use.
var keepFor = 2 * time.Minute

// loaded is the built-in solution while it is in use. It takes 50 MB
// decoded, so it is loaded on the first call of Load and let go a while
// after the last: a 3×3 game that uses it keeps it, a program that went on
// to something else gets the memory back.
var loaded loadedSolution

type loadedSolution struct {
	mu      sync.Mutex
	weak    weak.Pointer[Solution] // still there while anyone holds it
	kept    *Solution              // held for keepFor after the last use
	lastUse time.Time
	release *time.Timer
	err     error // the built-in table is broken: no use trying again
}

// Embedded returns the solution built into the program: Load without a
// deadline.
func Embedded() (*Solution, error) { return Load(context.Background()) }

// Load returns the built-in solution: loaded on first use (about a second;
// in a browser, fetched first unless Prefetch has done it), kept while it is
// used, and let go some minutes after the last call. It stops waiting for
// the fetch when ctx is done. Safe for concurrent use.
func Load(ctx context.Context) (*Solution, error) {
	l := &loaded
	if sol, err := l.use(); sol != nil || err != nil {
		return sol, err
	}
	raw, err := tableBytes(ctx)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return nil, l.err
	}
	sol := l.weak.Value()
	if sol == nil { // nobody loaded it while this call fetched the bytes
		s, err := ReadSparse(bytes.NewReader(raw))
		if err != nil {
			l.err = fmt.Errorf("load the built-in Gobblet Gobblers solution: %w", err)
			return nil, l.err
		}
		sol = NewSolution(s)
		l.weak = weak.Make(sol)
	}
	l.keep(sol)
	return sol, nil
}

// use returns the solution if it is loaded (or broken), and keeps it.
func (l *loadedSolution) use() (*Solution, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return nil, l.err
	}
	sol := l.weak.Value()
	if sol != nil {
		l.keep(sol)
	}
	return sol, nil
}

// keep holds sol for keepFor from now; l.mu is held.
func (l *loadedSolution) keep(sol *Solution) {
	l.kept, l.lastUse = sol, time.Now()
	if l.release == nil {
		l.release = time.AfterFunc(keepFor, releaseEmbedded)
	} else {
		l.release.Reset(keepFor)
	}
}

// releaseEmbedded drops the solution's keep-alive once it has not been
// asked for in keepFor.
func releaseEmbedded() {
	l := &loaded
	l.mu.Lock()
	defer l.mu.Unlock()
	if time.Since(l.lastUse) < keepFor {
		return // used again while the timer fired: Reset has rearmed it
	}
	l.kept = nil
}

// Value returns the value of a board where the game goes on, for its side
// to move.
func (s *Solution) Value(ctx context.Context, b Board) (Value, error) {
	i, _ := b.Canonical()
	if v, ok := s.sparse.Lookup(i); ok {
		return v, nil
	}
	se := searcher{sparse: s.sparse, ctx: ctx, memo: make(map[Index]memoEntry)}
	for d := 1; d <= s.sparse.Depth; d++ {
		v, ok := se.within(&b, d)
		if se.err != nil {
			return Draw, se.err
		}
		if ok {
			return v, nil
		}
	}
	return Draw, fmt.Errorf("board %d is neither in the table nor decided within %d plies (a table made for reachable boards only?)", i, s.sparse.Depth)
}

// searcher values boards whose game ends within a number of plies.
type searcher struct {
	sparse *Sparse
	ctx    context.Context
	err    error
	nodes  int
	memo   map[Index]memoEntry
}

// memoEntry is a board's exact value (known) or the depth to which it was
// searched in vain.
type memoEntry struct {
	v     Value
	known bool
	depth int8
}

// within returns the exact value of b when it is stored or when the game
// ends within d plies with best play, and false otherwise. Which boards'
// values are proven in d plies does not depend on the path that led there,
// so results can be remembered across the search.
func (se *searcher) within(b *Board, d int) (Value, bool) {
	i, _ := b.Canonical()
	if v, ok := se.sparse.Lookup(i); ok {
		return v, true
	}
	if d <= 0 || se.err != nil {
		return Draw, false
	}
	if e, ok := se.memo[i]; ok && (e.known || int(e.depth) >= d) {
		return e.v, e.known
	}
	if se.nodes++; se.nodes&1023 == 0 {
		coop.Yield()
		if err := se.ctx.Err(); err != nil {
			se.err = err
			return Draw, false
		}
	}
	var kids [maxMoves]Board
	n, wins, losses := b.expand(&kids)
	if wins > 0 {
		se.memo[i] = memoEntry{v: WinIn(1), known: true}
		return WinIn(1), true
	}
	bestWin, longestLoss, allLost := 0, 0, true
	if losses > 0 {
		longestLoss = 1
	}
	for k := range kids[:n] {
		v, ok := se.within(&kids[k], d-1)
		switch {
		case !ok || v.IsDraw():
			allLost = false
		case v.IsLoss():
			allLost = false
			if bestWin == 0 || v.Plies()+1 < bestWin {
				bestWin = v.Plies() + 1
			}
		default:
			longestLoss = max(longestLoss, v.Plies()+1)
		}
	}
	e := memoEntry{depth: int8(d)}
	switch {
	// A win is proven the fastest only when every faster one would have
	// been seen: no longer than d plies.
	case bestWin > 0 && bestWin <= d:
		e = memoEntry{v: WinIn(bestWin), known: true}
	case allLost:
		e = memoEntry{v: LossIn(longestLoss), known: true}
	}
	se.memo[i] = e
	return e.v, e.known
}
