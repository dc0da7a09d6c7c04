package app

import (
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// held is the piece the player has picked up.
type held struct {
	from     rules.Square // NoSquare: from the reserve
	size     int
	colour   int
	slot     int // reserve slot, for drops
	pressX   float64
	pressY   float64
	down     bool // the press that picked it up is still held
	dragging bool
	again    bool // this press is on a piece already held
	locked   bool // touch-move: a piece lifted from the board must be moved
	targets  uint16
}

// glide is a piece in flight.
type glide struct {
	colour, size int
	x0, y0       float64
	to           rules.Square // -1: back to a reserve slot or the origin square
	x1, y1       float64      // used when to == NoSquare
	t, n         int          // ticks done, total
	back         rules.Square // a slide back to this square (hide its top meanwhile)
	slot         int          // or to this reserve slot (-1: none)
}

// gameScene is the game: the board, the reserves, the panel, and the pause,
// result and review overlays on top.
type gameScene struct {
	s     setup
	g     *rules.Game
	v     rules.Variant
	lay   boardLayout
	slots [2][]int // classic: reserve stack heights per colour, in screen order
	brain *brain
	seed  uint64

	hold   *held
	glides []glide
	flash  rules.Square
	flashT int
	msg    string
	msgT   int
	hover  rules.Square
	// the stack shown opened up (P, or the pointer resting on it): peek;
	// peekAt is the square under the pointer for peekT ticks; quietSq the
	// square a piece was just put on, never opened up under the pointer
	// until the pointer leaves it
	peek, peekAt, quietSq rules.Square
	peekT                 int
	cursor                rules.Square // the keyboard's square
	cursorOn              bool
	peekKey               bool // P: peek under the cursor's square

	anim     float64 // animation speed from the options
	hintMove rules.Move
	pending  *answer // an AI move waiting for its glide slot
	readyAt  int

	paused   bool
	pauseM   menuList
	over     bool
	overT    int // ticks since the game ended
	resultM  menuList
	review   int // ply shown in review; -1 when live
	reviewM  menuList
	recorded bool
	// dropSlots: the 4×4 reserve stack each drop was played from, by ply
	dropSlots map[int]int
	kept      string // the file the finished game was kept in
	// record: the player's games against this AI level, this one counted
	// (human vs AI only; Games() is 0 otherwise)
	record record.Tally

	net        *netGame   // online: the session
	reviewBack Scene      // a saved game under review: where Back leads
	playOnGame *SavedGame // a saved unfinished game under review: what Play on plays
	values     valueBook
	// showingValues: the held piece's squares carry their values (drawn last frame)
	showingValues bool
	shown         gameLook // what the last tick showed, in brief

	demoRun   bool // AI vs AI: playing or paused
	demoStep  bool
	demoSpeed int // 1, 2, 4
	score     [3]int
	nextGame  int

	top        []*button
	bPause     *button
	bUndo      *button
	bRedo      *button
	bHint      *button
	bDemoRun   *button
	bDemoStep  *button
	bDemoSpeed *button
	bResign    *button
	bDraw      *button
}

func newGameScene(a *App, s setup, g *rules.Game) *gameScene {
	if g == nil {
		g = rules.NewGame(s.Variant)
	}
	if s.Mode == modeAIvsAI {
		g.MoveLimit = 200
	}
	gs := &gameScene{
		s: s, g: g, v: s.Variant, brain: newBrain(a.NewThinker),
		seed: uint64(time.Now().UnixNano()), flash: rules.NoSquare, hover: rules.NoSquare, peek: rules.NoSquare, peekAt: rules.NoSquare, quietSq: rules.NoSquare, dropSlots: map[int]int{},
		hintMove: rules.NoMove, review: -1, demoRun: true, demoSpeed: 1,
	}
	gs.bPause = &button{Icon: iconPause, Tip: "Pause (Esc)"}
	gs.bUndo = &button{Icon: iconUndo, Tip: "Undo (Ctrl+Z)"}
	gs.bRedo = &button{Icon: iconRedo, Tip: "Redo (Ctrl+Y)"}
	gs.bHint = &button{Icon: iconHint, Tip: "Hint (H)"}
	gs.bDemoRun = &button{Icon: iconPause, Tip: "Pause or play the demo (Space)"}
	gs.bDemoStep = &button{Icon: iconStep, Tip: "One move (S)"}
	gs.bDemoSpeed = &button{Label: "1×", Tip: "Speed (+)"}
	gs.bResign = &button{Label: "Resign", Tip: "Give up this game (click twice)"}
	gs.bDraw = &button{Label: "Offer draw", Tip: "Offer a draw, after your move"}
	gs.pauseM.Buttons = []*button{{Label: "Resume", Primary: true}, {Label: "Save game", Tip: "Keep this game among the saved games"}, {Label: "Restart"}, {Label: "Options"}, {Label: "Main menu"}}
	gs.resultM.Buttons = []*button{{Label: "Rematch", Primary: true, Tip: "Play again, the other colour moves first"}, {Label: "Review", Tip: "Step through the moves"}, {Label: "Save", Tip: "Keep this game among the saved games"}, {Label: "Main menu"}}
	switch s.Mode {
	case modeAIvsAI:
		gs.bPause.Icon, gs.bPause.Tip = iconMenu, "Menu (Esc)"
		gs.top = []*button{gs.bPause, gs.bDemoSpeed, gs.bDemoStep, gs.bDemoRun}
	case modeOnline:
		gs.bPause.Icon, gs.bPause.Tip = iconMenu, "Menu (Esc)"
		gs.top = []*button{gs.bPause, gs.bResign, gs.bDraw}
		gs.pauseM.Buttons = []*button{{Label: "Resume", Primary: true}, {Label: "Save game", Tip: "Keep this game among the saved games"}, {Label: "Options"}, {Label: "Leave game", Tip: "Close the connection; the game is saved"}}
		gs.resultM.Buttons[0].Tip = "Play again with the colours swapped"
	default:
		gs.top = []*button{gs.bHint, gs.bRedo, gs.bUndo, gs.bPause}
	}
	gs.reviewM.Buttons = []*button{{Icon: iconBack, Tip: "Back one move (←)"}, {Icon: iconForward, Tip: "Forward one move (→)"}, {Label: "Done", Tip: "Back to the game (Esc)"}}
	gs.syncSlots()
	gs.over = g.Over()
	if gs.over {
		gs.overT = 1000
		gs.recorded = true
	}
	return gs
}

// --- the turn ---------------------------------------------------------------

func (gs *gameScene) pos() rules.Position { return gs.g.Position() }

func (gs *gameScene) toMove() int {
	p := gs.pos()
	return gs.s.colourOf(p.SideToMove())
}

func (gs *gameScene) humanToMove() bool { return gs.s.human(gs.toMove()) }

// animTicks converts a duration in milliseconds to ticks at the chosen
// animation speed (0: no animation).
func (gs *gameScene) animTicks(ms float64) int {
	if gs.anim <= 0 {
		return 0
	}
	return int(math.Round(ms / 1000 * 60 / math.Max(0.25, gs.anim)))
}

// Animating: pieces glide, a square flashes, the computer's spinner turns
// (at 30 frames a second: smooth enough, and half the work), the winning
// line grows and the result card slides in, the held piece's ring and the
// hint's arrow pulse for a while after the last input, and the Resign
// button's "click again" runs out.
func (gs *gameScene) Animating(a *App) bool {
	switch {
	case len(gs.glides) > 0 || gs.flashT > 0:
		return true
	case gs.over && gs.overT <= resultDelay+30:
		return true
	case gs.brain.thinking || gs.pending != nil:
		return a.Tick%2 == 0
	case (gs.hold != nil && !gs.hold.dragging || !gs.hintMove.IsNone()) && a.pulsing():
		return true
	case gs.net != nil && gs.net.resignAt > 0 && a.Tick-gs.net.resignAt == resignTicks+1:
		return true
	}
	return false
}

// resignTicks is how long a first click on Resign (online) waits for the
// second.
const resignTicks = 240

// gameLook is a brief of what the game shows that may change without
// input: when a tick changes it, that tick is drawn.
type gameLook struct {
	plies, review, peek int
	glides              int // the tick a glide lands is drawn too
	over, paused, msg   bool
	hold                *held
	hint                rules.Move
	words               string // the status line's message
}

func (gs *gameScene) look() gameLook {
	return gameLook{plies: gs.g.Plies(), review: gs.review, glides: len(gs.glides), peek: int(gs.peek), over: gs.over, paused: gs.paused,
		msg: gs.msgT > 0, hold: gs.hold, hint: gs.hintMove, words: gs.msg}
}

// Update runs one tick of the game.
func (gs *gameScene) Update(a *App) error {
	err := gs.update(a)
	if l := gs.look(); l != gs.shown {
		gs.shown = l
		a.redraw()
	}
	return err
}

func (gs *gameScene) update(a *App) error {
	gs.anim = a.Set.AnimationSpeed
	gs.lay = newBoardLayout(a.W, a.H, gs.v)
	gs.layoutButtons(a)
	gs.pollBrain(a)
	gs.stepGlides()
	gs.pollNet(a)
	if a.scenes.current != Scene(gs) && gs.net != nil {
		return nil // a rematch has begun in a new scene
	}
	if gs.values.poll() {
		a.redraw()
	}
	gs.pollHint(a)
	if gs.msgT > 0 {
		gs.msgT--
	}
	if gs.flashT > 0 {
		gs.flashT--
	}

	if gs.paused {
		return gs.updatePause(a)
	}
	if gs.net != nil && gs.net.gone != nil && !gs.over {
		return gs.updateGone(a)
	}
	if gs.review >= 0 {
		return gs.updateReview(a)
	}
	if gs.over {
		return gs.updateOver(a)
	}

	in := &a.In
	if gs.updateDrawOffer(a) {
		return nil
	}
	online := gs.s.Mode == modeOnline
	// keys
	switch {
	case in.Key(ebiten.KeyEscape):
		if gs.hold != nil && !gs.hold.locked {
			gs.dropHeld()
		} else {
			gs.openPause(a)
			return nil
		}
	case in.Ctrl && in.Key(ebiten.KeyZ) && !online:
		gs.undo(a)
	case in.Ctrl && in.Key(ebiten.KeyY) && !online:
		gs.redo(a)
	case in.Key(ebiten.KeyH) && gs.s.Mode != modeAIvsAI && !online:
		gs.askHint(a)
	case in.Key(ebiten.KeyV) && gs.v == rules.Gobblers:
		gs.toggleValues(a)
	case gs.s.Mode == modeAIvsAI && in.Key(ebiten.KeySpace):
		gs.demoRun = !gs.demoRun
	case gs.s.Mode == modeAIvsAI && in.Key(ebiten.KeyS):
		gs.demoStep = true
	case gs.s.Mode == modeAIvsAI && (in.Key(ebiten.KeyEqual) || in.Key(ebiten.KeyNumpadAdd)):
		gs.cycleSpeed()
	}
	for _, b := range gs.top {
		if !b.update(a) {
			continue
		}
		switch b {
		case gs.bPause:
			gs.openPause(a)
			return nil
		case gs.bUndo:
			gs.undo(a)
		case gs.bRedo:
			gs.redo(a)
		case gs.bHint:
			gs.askHint(a)
		case gs.bDemoRun:
			gs.demoRun = !gs.demoRun
		case gs.bDemoStep:
			gs.demoStep = true
			gs.demoRun = false
		case gs.bDemoSpeed:
			gs.cycleSpeed()
		case gs.bResign:
			gs.resign(a)
		case gs.bDraw:
			gs.offerDraw(a)
		}
		return nil
	}
	gs.bUndo.Disabled = !gs.canUndo()
	gs.bRedo.Disabled = !gs.g.CanRedo()
	if in.Pressed && gs.hold == nil {
		if _, cells, _ := gs.moveList(a); len(cells) > 0 {
			for _, c := range cells {
				if c.r.Contains(in.X, in.Y) {
					gs.review = c.ply + 1
					a.play(sound.MenuClick)
					return nil
				}
			}
		}
	}

	gs.runAI(a)
	if gs.humanToMove() {
		gs.updateHand(a)
	} else {
		gs.hold = nil
	}
	gs.hover = rules.NoSquare
	if gs.hold == nil {
		gs.hover = gs.lay.SquareAt(gs.v, in.X, in.Y)
	}
	gs.updatePeek()
	return nil
}

// peekDelay is how long, in ticks, the pointer rests on a stack before the
// pieces under its top are shown.
const peekDelay = 20

// updatePeek chooses the stack whose covered pieces are shown: the one the
// pointer has rested on a moment (not the square a piece was just put on,
// until the pointer leaves it), or at once the keyboard cursor's with P.
func (gs *gameScene) updatePeek() {
	if gs.hover != gs.peekAt {
		gs.peekAt, gs.peekT = gs.hover, 0
		if gs.hover != gs.quietSq {
			gs.quietSq = rules.NoSquare // the pointer has left it
		}
	} else if gs.peekT < peekDelay {
		gs.peekT++
	}
	gs.peek = rules.NoSquare
	switch {
	case gs.cursorOn && gs.peekKey && gs.hold == nil:
		gs.peek = gs.cursor
	case gs.peekT >= peekDelay && gs.peekAt != gs.quietSq:
		gs.peek = gs.peekAt
	}
}

func (gs *gameScene) cycleSpeed() {
	gs.demoSpeed *= 2
	if gs.demoSpeed > 4 {
		gs.demoSpeed = 1
	}
	gs.bDemoSpeed.Label = fmt.Sprintf("%d×", gs.demoSpeed)
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
				gs.say(fmt.Sprintf("The computer chose an illegal move (%s): %v", m.Notation(gs.v), err), true)
				return
			}
			gs.commit(a, m, math.NaN(), math.NaN(), -1)
			gs.demoStep = false
		}
		return
	}
	if gs.brain.thinking && gs.brain.purpose == forMove {
		return
	}
	if gs.s.Mode == modeAIvsAI && !gs.demoRun && !gs.demoStep {
		return
	}
	c := gs.toMove()
	gs.brain.start(gs.g, c, gs.s.aiConfig(c, gs.seed+uint64(gs.g.Plies())), forMove, a.Tick)
}

// pollBrain takes in a finished search.
func (gs *gameScene) pollBrain(a *App) {
	ans, ok := gs.brain.poll()
	if !ok {
		return
	}
	a.redraw()
	switch ans.purpose {
	case forHint:
		if ans.err != nil || ans.move.IsNone() {
			gs.say("No hint is available here.", true)
			return
		}
		gs.hintMove = ans.move
		a.wake() // the arrow pulses a while
		a.play(sound.Hint)
		hint := "Hint: " + gs.describe(ans.move)
		if gs.brain.hasInfo && gs.brain.info.Score.Kind != ai.Centipawns {
			hint += " (" + scoreWords(gs.brain.info.Score) + ")"
		}
		gs.say(hint+".", false)
	case forMove:
		if ans.err != nil || ans.move.IsNone() {
			gs.say(fmt.Sprintf("The computer could not move: %v", ans.err), true)
			gs.demoRun = false
			return
		}
		delay := 0
		if a.Set.AnimationSpeed > 0 {
			delay = 18 // let the player see the AI "think" for a moment
		}
		if gs.s.Mode == modeAIvsAI {
			delay = a.Set.AIDelayMillis * 60 / 1000 / gs.demoSpeed
		}
		gs.pending = &ans
		gs.readyAt = gs.brain.started + delay
	}
}

// commit plays a legal move with its glide (from x0,y0 if given) and all
// that follows: sounds, the log, the autosave, the end of the game.
func (gs *gameScene) commit(a *App, m rules.Move, x0, y0 float64, slot int) {
	gs.quietSq = m.To // no peek under the pointer that just played
	pre := gs.pos()
	colour := gs.s.colourOf(pre.SideToMove())
	size := pre.MovedSize(m)
	covers := len(pre.Stack(m.To)) > 0
	if math.IsNaN(x0) {
		if m.IsDrop() {
			if slot < 0 {
				slot = gs.slotFor(colour, size)
			}
			x0, y0 = gs.lay.SlotRect(colour, max(slot, 0)).Center()
		} else {
			x0, y0 = gs.lay.SquareCenter(gs.v, m.From)
		}
	}
	if err := gs.g.Play(m); err != nil {
		gs.say(err.Error(), true)
		return
	}
	if gs.net != nil && gs.s.human(colour) {
		gs.net.sess.SendMove(m) // the session checks it again and confirms with Moved
	}
	if m.IsDrop() && gs.v.NestedReserve() {
		if slot < 0 {
			slot = gs.slotFor(colour, size)
		}
		if slot >= 0 && slot < len(gs.slots[colour]) {
			gs.slots[colour][slot]--
			gs.dropSlots[gs.g.Plies()-1] = slot
		}
	}
	gs.syncSlots()
	gs.hold = nil
	gs.hintMove = rules.NoMove
	if n := gs.animTicks(200); n > 0 {
		gs.glides = append(gs.glides, glide{colour: colour, size: size, x0: x0, y0: y0, to: m.To, n: n, back: rules.NoSquare, slot: -1})
	}
	if covers {
		a.play(sound.Gobble)
	} else {
		a.play(sound.PutDown)
	}
	a.debugf("move %d %s %s", gs.g.Plies(), pre.SideToMove(), m.Notation(gs.v))
	gs.msgT = 0
	if gs.g.Over() {
		gs.endGame(a)
		return
	}
	gs.autosave(a)
	if (gs.s.Mode == modeHumanVsAI || gs.s.Mode == modeOnline) && gs.humanToMove() {
		a.play(sound.YourTurn)
	}
}

func (gs *gameScene) endGame(a *App) {
	gs.over = true
	gs.overT = 0
	gs.brain.forget()
	gs.pending = nil
	r := gs.result()
	a.debugf("result %s", r)
	switch {
	case r.Status == rules.Draw:
		a.play(sound.DrawChord)
	case gs.s.humanColour() >= 0 && gs.s.colourOf(r.Winner) != gs.s.humanColour():
		a.play(sound.LossSting)
	default:
		a.play(sound.WinFanfare)
	}
	if gs.s.Mode == modeAIvsAI {
		if r.Status == rules.Draw {
			gs.score[2]++
		} else {
			gs.score[gs.s.colourOf(r.Winner)]++
		}
		gs.nextGame = a.Tick + 180
	}
	if !gs.recorded {
		gs.recorded = true
		kept, err := a.Store.RecordResult(GameRecord{Game: gs.s.saved(gs.g), Result: r.String()})
		if err != nil {
			a.recordFailed(kept, err)
		}
		gs.kept = kept
		if err == nil && gs.s.Mode == modeHumanVsAI {
			ai := gs.s.Players[1-gs.s.humanColour()]
			st := a.Store.Stats()
			gs.record = st.Tally(gs.v, ai.Level)
		}
		if kept == "" {
			gs.autosave(a) // the game's only copy, until it can be kept
		} else if err := a.Store.ClearGame(); err != nil {
			a.debugf("clear autosave: %v", err)
		}
	}
}

func (gs *gameScene) canUndo() bool {
	if !gs.g.CanUndo() {
		return false
	}
	if gs.s.Mode == modeHumanVsAI {
		// at least one of the human's moves must be on the board
		h := gs.s.humanColour()
		for i := range gs.g.Moves() {
			p := gs.g.PositionAt(i)
			if gs.s.colourOf(p.SideToMove()) == h {
				return true
			}
		}
		return false
	}
	return true
}

// undo takes back the last move; against the AI, back to the human's last
// turn (the human's move and the AI's answer). A search for a position no
// longer on the board is cancelled and its answer dropped.
func (gs *gameScene) undo(a *App) {
	if !gs.canUndo() {
		a.play(sound.Illegal)
		return
	}
	gs.brain.stop()
	gs.pending = nil
	gs.hold = nil
	gs.glides = nil
	gs.hintMove = rules.NoMove
	gs.step(false)
	if gs.s.Mode == modeHumanVsAI {
		for !gs.humanToMove() && gs.g.CanUndo() {
			gs.step(false)
		}
	}
	if gs.s.Mode == modeAIvsAI {
		gs.demoRun = false
	}
	gs.afterHistoryChange(a)
	gs.say("Move taken back.", false)
}

func (gs *gameScene) redo(a *App) {
	if !gs.g.CanRedo() {
		a.play(sound.Illegal)
		return
	}
	gs.brain.stop()
	gs.pending = nil
	gs.hold = nil
	gs.glides = nil
	gs.step(true)
	if gs.s.Mode == modeHumanVsAI {
		for !gs.humanToMove() && gs.g.CanRedo() && !gs.g.Over() {
			gs.step(true)
		}
	}
	if gs.s.Mode == modeAIvsAI {
		gs.demoRun = false
	}
	gs.afterHistoryChange(a)
	if gs.g.Over() {
		gs.endGame(a)
	}
}

// step undoes (or redoes) one move; a drop from a 4×4 reserve stack goes
// back to (or leaves again) the stack it was played from, so the reserve
// looks as it did.
func (gs *gameScene) step(redo bool) {
	i := gs.g.Plies() - 1
	if redo {
		if !gs.g.Redo() {
			return
		}
		i++
	}
	m := gs.g.Moves()[i]
	before := gs.g.PositionAt(i)
	if slot, ok := gs.dropSlots[i]; ok && m.IsDrop() && gs.v.NestedReserve() {
		c := gs.s.colourOf(before.SideToMove())
		size := before.MovedSize(m)
		switch {
		case redo && gs.slots[c][slot] == size:
			gs.slots[c][slot] = size - 1
		case !redo && gs.slots[c][slot] == size-1:
			gs.slots[c][slot] = size
		}
	}
	if !redo {
		gs.g.Undo()
	}
}

func (gs *gameScene) afterHistoryChange(a *App) {
	gs.syncSlots()
	gs.over = gs.g.Over()
	gs.autosave(a)
}

// autosave keeps the game for Continue. An online game is kept as a game
// against the AI, which can finish it once the other player is gone.
func (gs *gameScene) autosave(a *App) {
	if gs.reviewBack != nil {
		return
	}
	sg := gs.s.saved(gs.g)
	if sg.Mode == modeOnline {
		sg.Mode = modeHumanVsAI
	}
	sg.Redo = redoMoves(gs.g) // Continue brings back what redo would play
	if err := a.Store.SaveGame(sg); err != nil {
		a.debugf("autosave: %v", err)
	}
}

// saveRecord keeps the game among the saved games and names the file in a
// toast; a finished game was kept already, so its file is named again.
func (gs *gameScene) saveRecord(a *App) {
	if gs.kept != "" {
		a.toast("Saved as " + gs.kept)
		return
	}
	name, err := a.Store.SaveRecord(gs.s.saved(gs.g))
	if err != nil {
		a.debugf("save game: %v", err)
		a.toast("The game could not be saved: " + plain(err).Error())
		a.play(sound.Illegal)
		return
	}
	if gs.over {
		gs.kept = name
	}
	a.toast("Saved as " + name)
}

func (gs *gameScene) askHint(a *App) {
	if !gs.humanToMove() || gs.over || gs.net != nil {
		return
	}
	if gs.brain.thinking {
		return
	}
	if gs.v == rules.Gobblers && !gs.values.failed {
		// the proven values give the best hint there is; the search is
		// the fallback if the solution cannot be read
		gs.values.hintWanted = true
		gs.values.want(gs.g)
		gs.say("Thinking of a hint…", false)
		return
	}
	level := "medium"
	if gs.v == rules.Gobblers {
		level = "hard"
	}
	gs.brain.start(gs.g, 2, ai.Config{Level: level, Seed: gs.seed}, forHint, a.Tick)
	gs.say("Thinking of a hint…", false)
}

// say shows a one-line message in the status bar for a few seconds.
func (gs *gameScene) say(s string, warn bool) {
	gs.msg = s
	gs.msgT = 240
	if warn {
		gs.msg = "⚠ " + s
	}
}

// describe says a move in words for the status line.
func (gs *gameScene) describe(m rules.Move) string {
	p := gs.pos()
	size := p.MovedSize(m)
	what := sizeNames(gs.v)[size-1]
	if m.IsDrop() {
		return fmt.Sprintf("play a %s piece from your reserve to %s", what, m.To.Name(gs.v))
	}
	return fmt.Sprintf("move your %s piece from %s to %s", what, m.From.Name(gs.v), m.To.Name(gs.v))
}

func sizeNames(v rules.Variant) []string {
	if v.Sizes() == 4 {
		return []string{"small", "medium", "large", "giant"}
	}
	return []string{"small", "medium", "large"}
}

// --- reserves -----------------------------------------------------------------

// syncSlots keeps the classic reserve stacks where the player saw them: when
// the position's stack heights differ from what is shown (undo, redo, a new
// game), unchanged stacks keep their places and only the changed one moves.
func (gs *gameScene) syncSlots() {
	if !gs.v.NestedReserve() {
		return
	}
	p := gs.pos()
	for c := 0; c < 2; c++ {
		want := p.ReserveStacks(gs.s.playerOf(c))
		cur := gs.slots[c]
		if len(cur) != len(want) {
			gs.slots[c] = append([]int(nil), want...)
			continue
		}
		left := map[int]int{}
		for _, h := range want {
			left[h]++
		}
		keep := make([]bool, len(cur))
		for i, h := range cur {
			if left[h] > 0 {
				left[h]--
				keep[i] = true
			}
		}
		var rest []int
		for _, h := range want {
			if left[h] > 0 {
				left[h]--
				rest = append(rest, h)
			}
		}
		for i := range cur {
			if !keep[i] {
				cur[i], rest = rest[0], rest[1:]
			}
		}
	}
}

// slotPiece returns the size on top of a reserve slot (0 when empty) and how
// many pieces the slot holds.
func (gs *gameScene) slotPiece(colour, slot int) (size, count int) {
	if gs.v.NestedReserve() {
		if slot >= len(gs.slots[colour]) {
			return 0, 0
		}
		h := gs.slots[colour][slot]
		return h, h
	}
	size = gs.v.Sizes() - slot
	p := gs.pos()
	return size, p.Reserve(gs.s.playerOf(colour), size)
}

// slotFor finds the reserve slot a drop of a size comes from.
func (gs *gameScene) slotFor(colour, size int) int {
	for i := 0; i < gs.lay.Slots; i++ {
		if s, n := gs.slotPiece(colour, i); s == size && n > 0 {
			return i
		}
	}
	return -1
}

// --- glides -------------------------------------------------------------------

func (gs *gameScene) stepGlides() {
	out := gs.glides[:0]
	for _, g := range gs.glides {
		g.t++
		if g.t < g.n {
			out = append(out, g)
		}
	}
	gs.glides = out
}

func (gs *gameScene) gliding(sq rules.Square) bool {
	for _, g := range gs.glides {
		if g.to == sq && g.to != rules.NoSquare {
			return true
		}
	}
	return false
}
