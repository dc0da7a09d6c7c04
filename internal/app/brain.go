package app

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/untrusted"
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
	note     ai.Info    // the running search's word for the player (its Note), until taken
	started  int        // tick the search started
	since    time.Time  // and when, for the time it shows (ticks may fall behind in a browser)
	players  [3]Thinker // by colour, and the hint's
	busy     map[Thinker]bool
	newT     func() Thinker

	// A pause (or a look at the rules or options) stops the search; the
	// same question asked again afterwards does not start from nothing:
	key   string     // the running search's question (searchKey)
	asked time.Time  // and when it was asked, on the wall clock
	held  heldSearch // a move search stopped before it answered
	found foundMove  // the last move found, until the position changes
}

// heldSearch is a move search stopped before it answered: asked again, it goes
// on with what remains of its time (and the engine keeps its table).
type heldSearch struct {
	key   string
	spent time.Duration
}

// foundMove is a move the computer found that was not played yet when the
// game paused: asked again, it is the answer at once.
type foundMove struct {
	key  string
	move rules.Move
	info ai.Info
	has  bool // info is set
}

// searchKey names a search's question: who asks, for what, at which level,
// in which position of which game.
func searchKey(g *rules.Game, slot int, level string, p purpose) string {
	pos := g.Position()
	return fmt.Sprintf("%d %d %s %d %s", slot, p, level, g.Plies(), pos.String())
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
	key := searchKey(g, slot, cfg.Level, p)
	b.stop()
	b.drain()
	b.thinking = true
	b.purpose = p
	b.colour = slot
	b.hasInfo = false
	b.started, b.since = tick, time.Now()
	b.key = key
	if p == forMove && b.found.key == key {
		// Found before a pause: no need to look again.
		b.info, b.hasInfo = b.found.info, b.found.has
		b.answers <- answer{gen: b.gen, purpose: p, move: b.found.move}
		return
	}
	if b.held.key == key && cfg.Asked.IsZero() {
		// Stopped by a pause: the time it had spent counts, and the engine
		// finds what it had found in its table.
		cfg.Asked = b.since.Add(-b.held.spent)
	}
	b.held = heldSearch{}
	t := b.players[slot]
	if t == nil || (b.busy[t] && !takesTurns(t)) {
		// An Engine is not safe for concurrent use: a cancelled search may
		// still be unwinding, so this search gets a fresh one.
		t = b.newT()
		b.players[slot] = t
	}
	b.busy[t] = true
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	if cfg.Asked.IsZero() {
		cfg.Asked = b.since // the goroutine's start and the thread's priority count against the level's time
	}
	b.asked = cfg.Asked
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
		coop.Background()
		m, err := t.Think(ctx, clone, cfg, report)
		answers <- answer{gen: gen, purpose: p, move: m, err: err, thinker: t}
	}()
}

// takesTurns reports whether a computer player may be asked again while a
// cancelled search of its own still winds down: its calls take turns (an
// *ai.Engine waits the few milliseconds that takes), so it keeps its
// transposition table.
func takesTurns(t Thinker) bool {
	switch t.(type) {
	case *ai.Engine, *workerThinker:
		return true
	}
	return false
}

// drain takes in the answers of stopped searches, whose players are then
// free again. It never blocks.
func (b *brain) drain() {
	for {
		select {
		case ans := <-b.answers:
			delete(b.busy, ans.thinker)
		default:
			return
		}
	}
}

// stop cancels the running search, if any; its answer will be stale. A
// move search is held: asked the same question again, it goes on (start).
func (b *brain) stop() {
	if b.thinking && b.purpose == forMove && b.key != "" {
		b.held = heldSearch{key: b.key, spent: time.Since(b.asked)}
	}
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	b.gen++
	b.thinking = false
	b.hasInfo = false
	b.note = ai.Info{}
}

// forget stops the search and lets the computer players go, and with them
// their transposition tables (up to 64 MB each): at the end of a game. A
// search asked for later (after an undo) gets a fresh player.
func (b *brain) forget() {
	b.stop()
	b.players = [3]Thinker{}
	b.held, b.found = heldSearch{}, foundMove{}
}

// poll returns the current search's answer once it is there; stale answers
// and reports are drained and dropped. It never blocks.
func (b *brain) poll() (answer, bool) {
	for {
		select {
		case p := <-b.infos:
			switch {
			case p.gen != b.gen || !b.thinking:
			case p.info.Note != "":
				b.note = p.info
			default:
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
			if ans.purpose == forMove && ans.err == nil && !ans.move.IsNone() {
				b.found = foundMove{key: b.key, move: ans.move, info: b.info, has: b.hasInfo}
			}
			return ans, true
		default:
			return answer{}, false
		}
	}
}

// runAI starts the computer's search when it is its turn, and plays its
// answer once the previous move's glide is done.
func (gs *gameScene) runAI(a *App) {
	if gs.over || gs.humanToMove() || gs.net != nil {
		return
	}
	if gs.pending != nil {
		if a.Tick >= gs.readyAt && len(gs.glides) == 0 {
			m := gs.pending.move
			gs.pending = nil
			if err := gs.pos().CheckMove(m); err != nil {
				gs.say(locale.F("PlayComputerIllegal", "Move", m.Notation(gs.variant), "Error", err.Error()), true)
				return
			}
			gs.brain.found = foundMove{} // played: an undo asks afresh
			gs.commit(a, m, math.NaN(), math.NaN(), -1)
			gs.demo.step = false
		}
		return
	}
	if gs.brain.thinking && gs.brain.purpose == forMove {
		return
	}
	if gs.setup.Mode == modeAIvsAI && !gs.demo.running && !gs.demo.step {
		return
	}
	c := gs.toMove()
	gs.brain.start(gs.game, c, gs.setup.aiConfig(c, gs.seed+uint64(gs.game.Plies())), forMove, a.Tick)
}

// pollBrain takes in a finished search.
func (gs *gameScene) pollBrain(a *App) {
	ans, ok := gs.brain.poll()
	if n := gs.brain.note; n.Note != "" {
		gs.brain.note = ai.Info{}
		if n.Note != a.aiNote { // once, not at every move that falls back
			a.aiNote = n.Note
			if n.Fallback {
				a.debugf("computer: %s", untrusted.Text(n.Note))
				a.notify(locale.T("NoticePerfectFallback"))
			} else {
				a.notify(untrusted.Text(n.Note)) // it may quote a web server's words
			}
		}
	}
	if !ok {
		return
	}
	a.redraw()
	switch ans.purpose {
	case forHint:
		if ans.err != nil || ans.move.IsNone() {
			gs.say(locale.T("PlayNoHint"), true)
			return
		}
		gs.hintMove = ans.move
		a.wake() // the arrow pulses a while
		a.play(sound.Hint)
		hint := locale.F("PlayHintMove", "Move", gs.describe(ans.move))
		if gs.brain.hasInfo && gs.brain.info.Score.Kind != ai.Centipawns {
			hint = locale.F("PlayHintMoveScore", "Move", gs.describe(ans.move), "Score", scoreWords(gs.brain.info.Score))
		}
		gs.say(hint, false)
	case forMove:
		if ans.err != nil || ans.move.IsNone() {
			gs.say(locale.F("PlayComputerCouldNotMove", "Error", fmt.Sprint(ans.err)), true)
			gs.demo.running = false
			return
		}
		delay := 0
		if a.Settings.AnimationSpeed > 0 {
			delay = 18 // let the player see the AI "think" for a moment
		}
		if gs.setup.Mode == modeAIvsAI {
			delay = a.Settings.AIDelayMillis * 60 / 1000 / gs.demo.speed
		}
		gs.pending = &ans
		gs.readyAt = gs.brain.started + delay
	}
}

func (gs *gameScene) askHint(a *App) {
	if !gs.humanToMove() || gs.over || gs.net != nil {
		return
	}
	if gs.brain.thinking {
		return
	}
	if gs.variant == rules.Gobblers && !gs.values.failed {
		// the proven values give the best hint there is; the search is
		// the fallback if the solution cannot be read
		gs.values.hintWanted = true
		gs.values.want(gs.game)
		gs.say(locale.T("PlayThinkingOfHint"), false)
		return
	}
	level := "medium"
	if gs.variant == rules.Gobblers {
		level = "hard"
	}
	gs.brain.start(gs.game, 2, ai.Config{Level: level, Seed: gs.seed}, forHint, a.Tick)
	gs.say(locale.T("PlayThinkingOfHint"), false)
}
