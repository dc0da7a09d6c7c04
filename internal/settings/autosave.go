package settings

import (
	"sync"

	"github.com/gobblet-game/gobblet/internal/record"
)

// Autosaver writes the current game in the background, so that a move never
// waits for the disk (a synced save takes milliseconds, a frame is 16).
// Only the latest state matters: a save queued while another is being
// written replaces any save still waiting.
type Autosaver struct {
	store *Store

	mu      sync.Mutex
	idle    *sync.Cond
	pending *autosave // waiting to be written; nil when none
	busy    bool      // a write is under way
	closed  bool
	err     error // the first error since the last Flush
	latest  error // the latest write's error: nil once a write works
	wake    chan struct{}
}

type autosave struct {
	rec   *record.Record // nil: clear the autosave
	clear bool
}

// Autosaver starts the store's background writer. Close it on quit.
func (s *Store) Autosaver() *Autosaver {
	a := &Autosaver{store: s, wake: make(chan struct{}, 1)}
	a.idle = sync.NewCond(&a.mu)
	go a.run()
	return a
}

// Save queues the game for writing and returns at once. rec must not be
// changed afterwards: build a new one for every save (record.FromGame
// copies the game's moves).
func (a *Autosaver) Save(rec *record.Record) { a.queue(&autosave{rec: rec}) }

// Clear queues the removal of the autosave (the game ended or was left).
func (a *Autosaver) Clear() { a.queue(&autosave{clear: true}) }

func (a *Autosaver) queue(op *autosave) {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		a.note(a.write(op)) // nothing is lost, even after Close
		return
	}
	a.pending = op
	// Under the lock, so Close cannot close the channel in between.
	select {
	case a.wake <- struct{}{}:
	default:
	}
	a.mu.Unlock()
}

func (a *Autosaver) run() {
	for range a.wake {
		a.mu.Lock()
		op := a.pending
		a.pending, a.busy = nil, op != nil
		a.mu.Unlock()
		if op != nil {
			a.note(a.write(op))
		}
		a.mu.Lock()
		a.busy = false
		a.idle.Broadcast()
		a.mu.Unlock()
	}
}

func (a *Autosaver) write(op *autosave) error {
	if op.clear {
		return a.store.ClearGame()
	}
	return a.store.SaveGame(op.rec)
}

func (a *Autosaver) note(err error) {
	if err != nil {
		a.store.logf("autosave: %v", err)
	}
	a.mu.Lock()
	a.latest = err
	if a.err == nil {
		a.err = err
	}
	a.mu.Unlock()
}

// Problem is the latest write's error, nil when it worked: what the player
// must be told now, and stop being told once saving works again.
func (a *Autosaver) Problem() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.latest
}

// Flush waits until everything queued is written and returns the first
// error since the last Flush.
func (a *Autosaver) Flush() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	for a.pending != nil || a.busy {
		a.idle.Wait()
	}
	err := a.err
	a.err = nil
	return err
}

// Close flushes and stops the writer; later saves are written at once.
func (a *Autosaver) Close() error {
	err := a.Flush()
	a.mu.Lock()
	if !a.closed {
		a.closed = true
		close(a.wake)
	}
	a.mu.Unlock()
	return err
}
