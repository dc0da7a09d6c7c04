package app

import (
	"context"
	"runtime"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// purpose says what a search is for.
type purpose int

const (
	forMove purpose = iota
	forHint
)

// answer is a finished search. gen ties it to the request: Update drops any
// answer whose generation is no longer current.
type answer struct {
	gen     uint64
	purpose purpose
	move    rules.Move
	err     error
	thinker Thinker
}

type progress struct {
	gen  uint64
	info ai.Info
}

// brain runs the computer's searches in goroutines, one at a time, each on a
// clone of the game under a cancellable context (DESIGN.md, threading).
// Only Update touches a brain; the goroutines talk back through channels.
type brain struct {
	gen      uint64
	cancel   context.CancelFunc
	answers  chan answer
	infos    chan progress
	thinking bool
	purpose  purpose
	colour   int // whose search is running
	info     ai.Info
	hasInfo  bool
	started  int        // tick the search started
	players  [3]Thinker // by colour, and the hint's
	busy     map[Thinker]bool
	newT     func() Thinker
}

func newBrain(newT func() Thinker) *brain {
	return &brain{
		answers: make(chan answer, 16),
		infos:   make(chan progress, 64),
		busy:    map[Thinker]bool{},
		newT:    newT,
	}
}

// start asks for a move (or a hint) in the game's current position. Any
// search still running is cancelled first and its answer will be dropped.
func (b *brain) start(g *rules.Game, slot int, cfg ai.Config, p purpose, tick int) {
	b.stop()
	t := b.players[slot]
	if t == nil || b.busy[t] {
		// An Engine is not safe for concurrent use: a cancelled search may
		// still be unwinding, so this search gets a fresh one.
		t = b.newT()
		b.players[slot] = t
	}
	b.busy[t] = true
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	b.thinking = true
	b.purpose = p
	b.colour = slot
	b.hasInfo = false
	b.started = tick
	gen := b.gen
	clone := g.Clone()
	answers, infos := b.answers, b.infos
	report := func(i ai.Info) {
		select {
		case infos <- progress{gen, i}:
		default: // the window is behind; a later report will do
		}
	}
	go func() {
		// The search runs on a thread of lower priority, so the window keeps
		// its frame rate on a busy machine; the thread ends with the search.
		runtime.LockOSThread()
		lowerThreadPriority()
		m, err := t.Think(ctx, clone, cfg, report)
		answers <- answer{gen: gen, purpose: p, move: m, err: err, thinker: t}
	}()
}

// stop cancels the running search, if any; its answer will be stale.
func (b *brain) stop() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	b.gen++
	b.thinking = false
	b.hasInfo = false
}

// forget stops the search and lets the computer players go, and with them
// their transposition tables (up to 64 MB each): at the end of a game. A
// search asked for later (after an undo) gets a fresh player.
func (b *brain) forget() {
	b.stop()
	b.players = [3]Thinker{}
}

// poll returns the current search's answer once it is there; stale answers
// and reports are drained and dropped. It never blocks.
func (b *brain) poll() (answer, bool) {
	for {
		select {
		case p := <-b.infos:
			if p.gen == b.gen && b.thinking {
				b.info, b.hasInfo = p.info, true
			}
			continue
		default:
		}
		break
	}
	for {
		select {
		case ans := <-b.answers:
			delete(b.busy, ans.thinker)
			if ans.gen != b.gen || !b.thinking {
				continue // stale: the position it answers is gone
			}
			b.thinking = false
			if b.cancel != nil {
				b.cancel()
				b.cancel = nil
			}
			return ans, true
		default:
			return answer{}, false
		}
	}
}
