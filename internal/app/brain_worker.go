package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/browser/searchmsg"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// In a browser the computer's searches run in a Web Worker, a program of
// its own on a thread of its own (tools/web/searchworker), so the page's
// thread only draws and reads input while the computer thinks. The brain
// does not know: a workerThinker is a Thinker that asks the worker.
// Where the worker cannot run (no Worker in the browser, or it failed to
// load), the search runs on the page, sharing its thread by cooperative
// yielding (internal/coop), as before. The perfect 3×3 player runs on
// the page: its table is there already for the move values and the hints
// (one copy, not two), and a look-up in it is quick.

// workerLink is the worker as the page talks to it (*browser.Worker).
type workerLink interface {
	Post(msg string)
	Messages() <-chan string
	Failed() <-chan error
}

// searchWorker is the one search worker of the page: it routes the
// worker's replies to the question each answers.
type searchWorker struct {
	link  workerLink
	ready chan struct{} // closed once the worker takes questions
	dead  chan struct{} // closed when it failed: searches run on the page
	log   func(format string, args ...any)

	start func() (workerLink, error) // starts the worker: once, at begin
	once  sync.Once

	mu      sync.Mutex
	err     error
	nextID  uint64
	waiting map[uint64]chan searchmsg.Reply
	engines int
}

// newSearchWorker is the page's search worker, started by the first begin:
// a few seconds after the first frame, or at the first question, whichever
// comes first (so the first visit's menu does not share the processor with
// its start).
func newSearchWorker(start func() (workerLink, error), log func(string, ...any)) *searchWorker {
	return &searchWorker{start: start, ready: make(chan struct{}), dead: make(chan struct{}), log: log, waiting: map[uint64]chan searchmsg.Reply{}}
}

// begin starts the worker unless it was.
func (sw *searchWorker) begin() {
	sw.once.Do(func() {
		link, err := sw.start()
		if err != nil {
			sw.mu.Lock()
			sw.err = err
			sw.mu.Unlock()
			sw.log("search worker: %v; the computer thinks on the page", err)
			close(sw.dead)
			return
		}
		sw.link = link
		go sw.route()
	})
}

// route reads the worker's messages until it fails.
func (sw *searchWorker) route() {
	isReady := false
	for {
		select {
		case msg := <-sw.link.Messages():
			r, err := searchmsg.DecodeReply(msg)
			if err != nil {
				sw.log("search worker: %v", err)
				continue
			}
			if r.Kind == searchmsg.Ready {
				if !isReady {
					isReady = true
					sw.log("search worker ready")
					close(sw.ready)
				}
				continue
			}
			sw.mu.Lock()
			ch := sw.waiting[r.ID]
			sw.mu.Unlock()
			if ch == nil {
				continue // a stopped search's late word
			}
			select {
			case ch <- r:
			default: // a report the search's asker is too busy for
			}
		case err := <-sw.link.Failed():
			sw.mu.Lock()
			sw.err = err
			sw.mu.Unlock()
			sw.log("search worker: %v; the computer thinks on the page", err)
			close(sw.dead)
			return
		}
	}
}

// thinker is a new computer player. The worker keeps a few engines
// (their transposition tables) between questions; players beyond that
// share them, which only costs table room.
func (sw *searchWorker) thinker() *workerThinker {
	sw.mu.Lock()
	defer sw.mu.Unlock()
	sw.engines++
	return &workerThinker{sw: sw, engine: sw.engines % 3}
}

func (sw *searchWorker) open() (uint64, chan searchmsg.Reply) {
	sw.mu.Lock()
	defer sw.mu.Unlock()
	sw.nextID++
	ch := make(chan searchmsg.Reply, 256)
	sw.waiting[sw.nextID] = ch
	return sw.nextID, ch
}

func (sw *searchWorker) close(id uint64) {
	sw.mu.Lock()
	defer sw.mu.Unlock()
	delete(sw.waiting, id)
}

// readyWait is how long a question waits for the worker to start.
const readyWait = 2 * time.Second

// stopWait is how long a stopped search's answer is waited for (its best
// move so far); the answer is stale anyway, so no longer.
const stopWait = 2 * time.Second

// workerThinker is a computer player whose searches run in the worker.
type workerThinker struct {
	sw     *searchWorker
	engine int

	mu    sync.Mutex
	local *ai.Engine // the page's own, for the perfect player and when the worker is gone
}

func (t *workerThinker) onPage() *ai.Engine {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.local == nil {
		t.local = ai.NewEngine()
	}
	return t.local
}

// Think asks the worker for a move; see Thinker.
func (t *workerThinker) Think(ctx context.Context, g *rules.Game, cfg ai.Config, report func(ai.Info)) (rules.Move, error) {
	if cfg.Asked.IsZero() {
		cfg.Asked = time.Now()
	}
	if cfg.Level == "perfect" {
		return t.onPage().Think(ctx, g, cfg, report)
	}
	t.sw.begin()
	select {
	case <-t.sw.ready:
	case <-t.sw.dead:
		return t.onPage().Think(ctx, g, cfg, report)
	case <-time.After(readyWait):
		// Still loading (a slow machine, a slow network): this move is
		// found on the page, within the level's time.
		return t.onPage().Think(ctx, g, cfg, report)
	case <-ctx.Done():
		return rules.NoMove, ctx.Err()
	}
	select {
	case <-t.sw.dead:
		return t.onPage().Think(ctx, g, cfg, report)
	default:
	}
	if g.Over() {
		return rules.NoMove, errors.New("the game is over")
	}
	id, replies := t.sw.open()
	defer t.sw.close(id)
	t.sw.link.Post(searchmsg.NewAsk(id, t.engine, g, cfg, time.Now()).Encode())
	v := g.Variant()
	done := ctx.Done()
	var giveUp <-chan time.Time
	for {
		select {
		case r := <-replies:
			switch r.Kind {
			case searchmsg.Info:
				if in, err := r.Info(v); err == nil && report != nil {
					report(in)
				}
			case searchmsg.Move:
				t.sw.log("search worker: move %s%s", r.Move, r.Err)
				m, err := r.Answer(v)
				if err == nil {
					if cerr := g.Position().CheckMove(m); cerr != nil {
						err = cerr
					}
				}
				return m, err
			}
		case <-done:
			t.sw.link.Post(searchmsg.Ask{ID: id, Stop: true}.Encode())
			done, giveUp = nil, time.After(stopWait)
		case <-giveUp:
			return rules.NoMove, ctx.Err()
		case <-t.sw.dead:
			if ctx.Err() != nil {
				return rules.NoMove, ctx.Err()
			}
			return t.onPage().Think(ctx, g, cfg, report) // cfg.Asked holds: what is left of the time
		}
	}
}
