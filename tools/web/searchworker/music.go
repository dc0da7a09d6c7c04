//go:build js

package main

import (
	"runtime/debug"
	"sync"
	"syscall/js"

	"github.com/gobblet-game/gobblet/internal/browser/searchmsg"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// The worker also renders the game's music and sound effects for the page
// (issue 25): it is idle at start, and a thread of its own, while on the
// page the music's rendering took a third of the thread that draws the
// frames for seconds, and the effects' a second of it on a phone. The
// search comes first: while a question is read or a search runs, the
// rendering waits at its next slice (every 4096 samples, under 8 ms of
// work), and goes on when the worker is idle again. So a search is delayed
// by at most one slice, and the music comes in the pauses between moves.

// searches counts the questions being read and the searches under way;
// the music's rendering holds while there are any.
type searches struct {
	mu   sync.Mutex
	n    int
	idle *sync.Cond
}

func newSearches() *searches {
	s := &searches{}
	s.idle = sync.NewCond(&s.mu)
	return s
}

func (s *searches) begin() {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
}

func (s *searches) end() {
	s.mu.Lock()
	s.n--
	if s.n == 0 {
		s.idle.Broadcast()
	}
	s.mu.Unlock()
}

// hold waits until no search is asked for or under way.
func (s *searches) hold() {
	s.mu.Lock()
	for s.n > 0 {
		s.idle.Wait()
	}
	s.mu.Unlock()
}

// sendMusic renders the music, holding for the searches, and posts it to
// the page, moving its buffer. The collector runs sooner meanwhile: the
// rendering's scratch memory, some 100 MB at its peak, stays the worker's
// for good (a WebAssembly memory never shrinks), so a lower peak is less
// memory for the rest of the page's life.
func sendMusic(self js.Value, s *searches) {
	gc := debug.SetGCPercent(25)
	pcm := sound.MusicPCM(s.hold)
	debug.SetGCPercent(gc)
	searchmsg.PostMusic(self, pcm)
}

// sendEffects renders the sound effects and posts them to the page,
// moving their buffer. They do not wait for the searches: they are short
// (about a second of the worker's thread, once a visit, shared with a
// search under way), and a game's first moves want them; the music, long,
// waits.
func sendEffects(self js.Value) {
	searchmsg.PostEffects(self, effectsForPage())
}

// effectsForPage renders the effects for the page, with no hold: after
// any rendering of the music under way (internal/sound renders one at a
// time), never waiting for a search.
func effectsForPage() []sound.PCM { return sound.EffectsPCM(nil) }
