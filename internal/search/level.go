package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Level is a named strength: how much a player thinks and how freely it
// chooses among good moves. Budgets are counted in nodes, so a level plays
// the same on a busy machine as on an idle one; the time cap only guards
// against a slow or busy one, and is a promise: the answer is out by then
// on the wall clock, counted from the question (see Limits.MoveTime).
type Level struct {
	Name      string
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration // a cap, not a target: the answer is due by then
	Threads   int
	NoQuiesce bool
	// Temperature of the softmax over root scores (centi-pieces); 0 takes
	// the best move, ties broken by Jitter.
	Temperature float64
	Margin      int // moves worse than the best by more than this are never chosen
	Jitter      int
	HashMiB     int
}

// Levels are the difficulty levels, weakest first.
var Levels = []Level{
	// Easy sees one move ahead without following threats, and picks freely
	// among moves close to its best: a beginner can beat it.
	{Name: "easy", Depth: 1, Nodes: 20_000, MoveTime: 200 * time.Millisecond, NoQuiesce: true, Temperature: 60, Margin: 250, HashMiB: 1},
	// Medium looks three plies ahead with forcing lines, never misses a win
	// or a block in one, and still chooses among near-equal moves.
	{Name: "medium", Depth: 3, Nodes: 100_000, MoveTime: time.Second, Temperature: 15, Margin: 60, HashMiB: 4},
	// Hard and expert search as deep as their budgets allow; jitter only
	// varies their choice between moves of equal worth. They use one
	// goroutine: a second one sharing the table reaches the bench depths
	// in about a fifth less time, but under a node budget its nodes are
	// partly spent repeating the first's, and one goroutine keeps a seed's
	// game exactly repeatable.
	{Name: "hard", Nodes: 1_500_000, MoveTime: time.Second, Jitter: 2, HashMiB: 16},
	{Name: "expert", Nodes: 12_000_000, MoveTime: 5 * time.Second, Jitter: 2, HashMiB: 64},
}

// LevelByName returns the named level.
func LevelByName(name string) (Level, error) {
	for _, l := range Levels {
		if l.Name == name {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("unknown level %q (easy, medium, hard, expert)", name)
}

// Options returns the search options of the level. Explicit limits, when
// any is set, replace the level's budget.
func (l Level) Options(lim Limits, r *rand.Rand) Options {
	opt := Options{
		Limits:    Limits{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime},
		Threads:   l.Threads,
		NoQuiesce: l.NoQuiesce,
		Margin:    l.Margin,
		Jitter:    l.Jitter,
		Rand:      r,
	}
	if lim != (Limits{}) {
		opt.Limits = lim
	}
	return opt
}

// Choose picks the level's move from a finished search: the best one, or
// for a level with a temperature one drawn by a softmax over the exact
// scores within the margin. From medium up a win at once is always taken
// and a move that loses at once never chosen while another does not, since
// those scores are proven and the margin excludes them.
func (l Level) Choose(res Result, r *rand.Rand) rules.Move {
	if l.Temperature <= 0 || len(res.Root) < 2 || IsProven(res.Score) || r == nil {
		return res.Move
	}
	best := res.Score
	var cands []RootMove
	for _, rm := range res.Root {
		if rm.Exact && !IsProven(rm.Score) && rm.Score >= best-l.Margin {
			cands = append(cands, rm)
		}
	}
	if len(cands) == 0 {
		return res.Move
	}
	weights := make([]float64, len(cands))
	sum := 0.0
	for i, c := range cands {
		weights[i] = math.Exp(float64(c.Score-best) / l.Temperature)
		sum += weights[i]
	}
	x := r.Float64() * sum
	for i, w := range weights {
		x -= w
		if x < 0 {
			return cands[i].Move
		}
	}
	return cands[len(cands)-1].Move
}
