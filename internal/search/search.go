// Package search chooses moves for the computer players: the alpha-beta
// family (plain minimax, alpha-beta, and iterative-deepening principal
// variation search with a transposition table), the Gobblet evaluation, the
// difficulty levels and the seeds' baseline player. It imports only rules,
// runs under a context.Context and reports progress through a callback.
package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// Algorithm names a search method a player can choose.
type Algorithm uint8

const (
	Iterative Algorithm = iota // iterative-deepening principal variation search (the default)
	AlphaBeta                  // fixed-depth alpha-beta, no table
	Minimax                    // fixed-depth minimax, every move searched
)

// ParseAlgorithm reads "iterative", "alphabeta" or "minimax" ("" is iterative).
func ParseAlgorithm(s string) (Algorithm, error) {
	switch s {
	case "", "iterative":
		return Iterative, nil
	case "alphabeta":
		return AlphaBeta, nil
	case "minimax":
		return Minimax, nil
	}
	return 0, fmt.Errorf("unknown algorithm %q (minimax, alphabeta, iterative)", s)
}

func (a Algorithm) String() string {
	return [...]string{"iterative", "alphabeta", "minimax"}[a]
}

// Limits bound a search; zero means no limit of that kind. A search also
// ends when its context is cancelled.
type Limits struct {
	Depth int
	Nodes uint64
	// MoveTime is when the answer is due, on the wall clock, after the
	// move was asked (Options.Asked): the search stops StopMargin before,
	// so that winding down and answering fit in it.
	MoveTime time.Duration
}

// StopMargin is how long before its MoveTime is up a search stops: a
// tenth of it, at most a quarter of a second. A search looks at the clock
// every thousand nodes or so; on a busy machine (a thread of low priority
// among busy ones) those take tens of milliseconds.
func StopMargin(moveTime time.Duration) time.Duration {
	return min(moveTime/10, 250*time.Millisecond)
}

// Deadline is when a search asked for at asked with a MoveTime stops.
func Deadline(asked time.Time, moveTime time.Duration) time.Time {
	return asked.Add(moveTime - StopMargin(moveTime))
}

// Options configure one search.
type Options struct {
	Algorithm Algorithm
	Limits    Limits
	Threads   int      // goroutines sharing the table (Iterative only); 0 means 1
	Weights   *Weights // nil means DefaultWeights
	NoQuiesce bool     // leaves are evaluated statically, forcing lines unseen (the easy level)
	// Margin asks for exact scores of every root move within Margin of the
	// best, so a level can choose among good moves.
	Margin int
	// Jitter adds a random 0..Jitter to each non-proven root score, so
	// moves of equal worth are chosen at random (reproducibly from Rand).
	Jitter int
	Rand   *rand.Rand
	Report func(Info) // called after each completed depth; may be nil
	// Asked is when the move was asked, before the search was set up (its
	// table made, an earlier search wound down): Limits.MoveTime and the
	// times reported count from it. Zero means when Search is called.
	Asked time.Time
}

// Info is a progress report.
type Info struct {
	Depth int
	Score int // see Win and PliesToEnd
	Nodes uint64
	Time  time.Duration
	PV    []rules.Move
}

// NPS is the nodes searched per second so far.
func (in Info) NPS() uint64 {
	if in.Time <= 0 {
		return 0
	}
	return uint64(float64(in.Nodes) / in.Time.Seconds())
}

// RootMove is a legal move of the root with its last known score. Only
// Exact scores are values; the others are upper bounds.
type RootMove struct {
	Move  rules.Move
	Score int
	Exact bool
}

// Result is a finished search.
type Result struct {
	Move  rules.Move
	Score int
	Depth int // the last depth completed
	Nodes uint64
	Time  time.Duration
	PV    []rules.Move
	Root  []RootMove // ordered best first, from the last completed depth
}

// Searcher keeps what a player learns between moves: the table.
type Searcher struct {
	table *Table
}

// NewSearcher returns a searcher with a table of about hashMiB MiB.
func NewSearcher(hashMiB int) *Searcher { return &Searcher{table: NewTable(hashMiB)} }

// shared is the state every goroutine of one search reads.
type shared struct {
	ctx       context.Context
	table     *Table
	stop      atomic.Bool
	nodes     atomic.Uint64
	nodeLimit uint64
	deadline  time.Time
	start     time.Time
}

// Search looks for the best move of the game's current position, which must
// not be over. It always returns a legal move, even when ctx is cancelled
// before the first depth completes.
func (s *Searcher) Search(ctx context.Context, g *rules.Game, opt Options) Result {
	sh := &shared{ctx: ctx, table: s.table, start: opt.Asked, nodeLimit: opt.Limits.Nodes}
	if sh.start.IsZero() {
		sh.start = time.Now()
	}
	if opt.Limits.MoveTime > 0 {
		sh.deadline = Deadline(sh.start, opt.Limits.MoveTime)
	}
	s.table.NewSearch()
	if opt.Weights == nil {
		opt.Weights = &DefaultWeights
	}
	threads := opt.Threads
	if threads < 1 || opt.Algorithm != Iterative {
		threads = 1
	}
	defer runtime.KeepAlive(s.table) // its slots may live outside the heap, freed with it
	main := newThread(sh, g, &opt, 0)
	if threads == 1 {
		return main.run()
	}
	var wg sync.WaitGroup
	for i := 1; i < threads; i++ {
		h := newThread(sh, g, &opt, i)
		wg.Go(func() {
			h.orderRoot()
			h.iterate()
			sh.nodes.Add(h.nodes)
		})
	}
	res := main.run()
	sh.stop.Store(true)
	wg.Wait()
	res.Nodes = sh.nodes.Load()
	return res
}

// thread is one goroutine's search state.
type thread struct {
	sh   *shared
	opt  *Options
	id   int
	w    *Weights
	root rules.Position

	nodes     uint64 // not yet added to sh.nodes
	stopped   bool   // sh.stop as last seen, every 1024 nodes
	plyLimit  int    // plies from the root until the game's move limit
	rootDepth int
	lastLook  time.Time     // when the clock was last looked at
	longest   time.Duration // the longest wait between two looks so far

	// Repetition: hashes along the current line, and where the line last
	// dropped a piece (no position before a drop can come back).
	path     [maxPly + 2]uint64
	revFrom  [maxPly + 2]int
	gameTail []uint64 // game positions before the root with the root's piece count
	rootReps int      // occurrences of the root in the game, itself included

	rootMoves []RootMove
	jitter    []int
	best      RootMove
	bestDepth int
	pvRoot    []rules.Move

	moves   [maxPly][rules.MaxMoves]rules.Move
	keys    [maxPly][rules.MaxMoves]int32
	killers [maxPly + 2][2]rules.Move
	history [2][320]int32
	pv      [maxPly + 2][maxPly + 2]rules.Move
	pos     [maxPly + 2]rules.Position // children along the line, kept here so they need no allocation
	pvLen   [maxPly + 2]int
}

func newThread(sh *shared, g *rules.Game, opt *Options, id int) *thread {
	t := &thread{sh: sh, opt: opt, id: id, w: opt.Weights, root: g.Position()}
	t.plyLimit = maxPly
	if g.MoveLimit > 0 && g.MoveLimit-g.Plies() < t.plyLimit {
		t.plyLimit = g.MoveLimit - g.Plies()
	}
	hist := g.History()
	count := t.root.PieceCount(rules.X) + t.root.PieceCount(rules.O)
	for i := len(hist) - 2; i >= 0; i-- {
		if hist[i].PieceCount(rules.X)+hist[i].PieceCount(rules.O) != count {
			break
		}
		t.gameTail = append(t.gameTail, hist[i].Hash())
	}
	t.rootReps = 1
	for _, h := range t.gameTail {
		if h == t.root.Hash() {
			t.rootReps++
		}
	}
	t.path[0] = t.root.Hash()
	t.lastLook = time.Now()
	return t
}

// tick counts a node and reports whether the search must stop. The
// budget of nodes and the other goroutines' stop are looked at every 1024
// nodes, the clock every 256.
func (t *thread) tick() bool {
	t.nodes++
	if t.nodes&255 == 0 {
		if t.nodes&1023 == 0 {
			t.flush()
		}
		if !t.sh.deadline.IsZero() {
			t.lookAtClock(time.Now())
		}
	}
	return t.stopped
}

// lookAtClock stops the search when its answer might otherwise come after
// the deadline: when twice the longest wait between two looks at the clock
// so far would take it past (one wait to the next look, one more to wind
// down and answer). On an idle machine the looks are a fraction of a
// millisecond apart; a thread of low priority among busy ones gets the
// processor in bursts a few hundred milliseconds apart, and without this
// would see its deadline pass between two bursts.
func (t *thread) lookAtClock(now time.Time) {
	t.longest = max(t.longest, now.Sub(t.lastLook))
	t.lastLook = now
	if now.Add(2 * t.longest).After(t.sh.deadline) {
		t.sh.stop.Store(true)
		t.stopped = true
	}
}

func (t *thread) flush() {
	coop.Yield()
	total := t.sh.nodes.Add(t.nodes)
	t.nodes = 0
	sh := t.sh
	switch {
	case sh.nodeLimit > 0 && total >= sh.nodeLimit:
		sh.stop.Store(true)
	case sh.ctx.Err() != nil:
		sh.stop.Store(true)
	}
	t.stopped = sh.stop.Load()
}

// enter records the child reached from ply by move m.
func (t *thread) enter(c *rules.Position, ply int, m rules.Move) {
	t.path[ply+1] = c.Hash()
	if m.IsDrop() {
		t.revFrom[ply+1] = ply + 1
	} else {
		t.revFrom[ply+1] = t.revFrom[ply]
	}
}

// repeated reports whether the position at ply is a draw by repetition:
// it repeats a position of the line after the root (treated as a draw at
// once, as engines do), or it would be the game's third occurrence.
func (t *thread) repeated(ply int) bool {
	h := t.path[ply]
	start := t.revFrom[ply]
	for i := ply - 2; i >= start; i -= 2 {
		if t.path[i] == h {
			if i > 0 {
				return true
			}
			return t.rootReps+1 >= 3
		}
	}
	if start == 0 {
		n := 0
		for _, g := range t.gameTail {
			if g == h {
				n++
			}
		}
		return n+1 >= 3
	}
	return false
}

// run is the main goroutine's search: it returns the result.
func (t *thread) run() Result {
	t.orderRoot()
	t.best = t.rootMoves[0]
	switch t.opt.Algorithm {
	case Iterative:
		t.iterate()
	default:
		t.iteratePlain()
	}
	t.sh.nodes.Add(t.nodes)
	t.nodes = 0
	res := Result{Move: t.best.Move, Score: t.best.Score, Depth: t.bestDepth, Nodes: t.sh.nodes.Load(),
		Time: time.Since(t.sh.start), PV: t.pvRoot, Root: t.rootMoves}
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		res.PV = []rules.Move{res.Move}
	}
	return res
}

// orderRoot lists the root moves, immediate wins first, then by a one-ply
// look, so even a search stopped at once answers sensibly.
func (t *thread) orderRoot() {
	var buf [rules.MaxMoves]rules.Move
	moves := t.root.LegalMoves(buf[:0])
	t.rootMoves = make([]RootMove, len(moves))
	us := t.root.SideToMove()
	for i, m := range moves {
		c := t.root.Play(m)
		b := readBoard(&c)
		sc := 0
		if w, ok := winner(&c, &b); ok {
			sc = -Win + 1
			if w == us {
				sc = Win - 1
			}
		} else {
			sc = -t.w.evaluate(&c, &b, true)
		}
		t.rootMoves[i] = RootMove{Move: m, Score: sc}
	}
	sort.SliceStable(t.rootMoves, func(i, j int) bool { return t.rootMoves[i].Score > t.rootMoves[j].Score })
	t.jitter = make([]int, len(moves))
	if t.opt.Jitter > 0 && t.opt.Rand != nil && t.id == 0 {
		for i := range t.jitter {
			t.jitter[i] = t.opt.Rand.IntN(t.opt.Jitter + 1)
		}
	}
	if t.id > 0 {
		// Helpers look at the root moves in another order, so the
		// goroutines spread over the tree instead of repeating each other.
		r := rand.New(rand.NewPCG(uint64(t.id), t.root.Hash()))
		tail := t.rootMoves[min(len(t.rootMoves), 1):]
		r.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	}
}

func (t *thread) maxDepth() int {
	d := t.opt.Limits.Depth
	if d <= 0 || d > maxPly-10 {
		d = maxPly - 10
	}
	return d
}

func (t *thread) report(depth int) {
	if t.id != 0 || t.opt.Report == nil {
		return
	}
	t.opt.Report(Info{Depth: depth, Score: t.best.Score, Nodes: t.sh.nodes.Load() + t.nodes,
		Time: time.Since(t.sh.start), PV: append([]rules.Move(nil), t.pvRoot...)})
}

// iterate deepens one ply at a time until a limit or a proven result.
func (t *thread) iterate() {
	for d := 1 + t.id&1; d <= t.maxDepth(); d++ {
		t.rootDepth = d
		score, ok := t.searchRoot(d)
		if !ok {
			break
		}
		if t.id != 0 {
			continue
		}
		t.bestDepth = d
		t.report(d)
		if IsProven(score) && PliesToEnd(score) <= d {
			break // nothing deeper can change a proven result
		}
		if !t.sh.deadline.IsZero() && time.Since(t.sh.start) > t.sh.deadline.Sub(t.sh.start)/2 {
			break // the next depth would not finish in time
		}
	}
	if t.id == 0 {
		t.sh.stop.Store(true)
	}
}

// searchRoot searches every root move to depth; false when stopped before
// the depth completed (t.best then holds the best move completed so far).
func (t *thread) searchRoot(depth int) (int, bool) {
	p := &t.root
	alpha, beta := -infinity, infinity
	best := -infinity
	bestIdx := -1
	margin := t.opt.Margin
	for i := range t.rootMoves {
		rm := &t.rootMoves[i]
		c := p.Play(rm.Move)
		t.enter(&c, 0, rm.Move)
		j := t.jitter[i]
		var v int
		exact := true
		if i == 0 {
			v = -t.search(&c, -beta, -alpha, depth-1, 1)
		} else {
			lo := alpha
			if margin > 0 && best > -WinBound {
				lo = best - margin
			}
			a := lo - j
			v = -t.search(&c, -a-1, -a, depth-1, 1)
			if v > a && !t.sh.stop.Load() {
				v = -t.search(&c, -beta, -a, depth-1, 1)
			}
			exact = v > a
		}
		if t.sh.stop.Load() {
			break
		}
		rm.Score, rm.Exact = v, exact
		vj := v
		if !IsProven(v) {
			vj += j
		}
		if vj > best {
			best, bestIdx = vj, i
			if vj > alpha {
				alpha = vj
			}
			t.pv[0][0] = rm.Move
			copy(t.pv[0][1:], t.pv[1][1:t.pvLen[1]])
			t.pvLen[0] = max(t.pvLen[1], 1)
			if t.id == 0 {
				t.best = RootMove{Move: rm.Move, Score: v, Exact: true}
				t.pvRoot = append(t.pvRoot[:0], t.pv[0][:t.pvLen[0]]...)
			}
		}
	}
	if bestIdx < 0 {
		return 0, false
	}
	// The best first, then the others by score, for the next depth.
	bm := t.rootMoves[bestIdx]
	copy(t.rootMoves[1:bestIdx+1], t.rootMoves[:bestIdx])
	t.rootMoves[0] = bm
	rest := t.rootMoves[1:]
	sort.SliceStable(rest, func(a, b int) bool { return rest[a].Score > rest[b].Score })
	return t.best.Score, !t.sh.stop.Load()
}
