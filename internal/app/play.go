package app

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

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
	setup   setup
	game    *rules.Game
	variant rules.Variant
	lay     boardLayout
	slots   [2][]int // classic: reserve stack heights per colour, in screen order
	brain   *brain
	seed    uint64
	// dropSlots: the 4×4 reserve stack each drop was played from, by ply
	dropSlots map[int]int

	hand   handState
	glides []glide
	landed []glide // the glides that ended this tick: their squares are drawn once more
	// the move list's cells and numbers, laid out anew by every moveList
	// (several times a tick): kept to be refilled, not allocated each time
	cells   []moveCell
	numbers [][2]float64
	msg     string
	msgT    int
	// note is said on the status card until a person's first move: what
	// changed in a rematch
	note string

	anim     float64 // animation speed from the options
	hintMove rules.Move
	pending  *answer // an AI move waiting for its glide slot
	readyAt  int
	values   valueBook
	// showingValues: the held piece's squares carry their values (drawn last frame)
	showingValues bool
	shown         gameLook    // what the last tick showed, in brief
	pointerShown  pointerLook // and what of it the pointer chose

	pause  pauseState
	over   bool
	ending endState
	// resignAt is the tick of a first click on Resign (a second one
	// confirms); resigned the end a resignation against the computer
	// gave the game, which no position shows
	resignAt int
	// lang is the language the buttons were named in; pauseButtons are
	// the pause menu's own buttons, named again when it changes.
	lang         string
	pauseButtons []*ui.Button
	resigned     *rules.Result

	review     int // ply shown in review; -1 when live
	reviewMenu ui.MenuList
	reviewBack Scene          // a saved game under review: where Back leads
	playOnGame *record.Record // a saved unfinished game under review: what Play on plays
	an         analysisState  // the game's analysis (analyse.go)

	net     *netGame // online: the session
	demo    demoState
	top     []*ui.Button // the top bar's buttons shown, from the right (showTop)
	topAll  []*ui.Button // those of the game's mode
	topForm screenForm   // the form gs.top was chosen for
	sheet   bool         // the move list is open over the board (narrow and tall forms)
	touch   bool         // the player's last input was a touch: no keyboard hints
	pad     bool         // the player's last input was a gamepad: its buttons in the hints
	buttons topButtons
	// lesson: the game runs a step of Learn to play (lesson.go), which
	// judges each move before it is played; no end, no saving
	lesson *lessonScene
	// puzzle: the board of the Puzzles screen (puzzles.go), which judges
	// each move; commit neither saves nor ends the game
	puzzle bool
}

// handState is the player's hand on the board: the held piece, the square
// under the pointer or the keyboard's cursor, and a stack opened up.
type handState struct {
	hold   *held
	hover  rules.Square
	flash  rules.Square // a refused square, blinking for flashT ticks
	flashT int
	// the stack shown opened up (P, or the pointer resting on it): peek;
	// peekAt is the square under the pointer for peekT ticks; quietSq the
	// square a piece was just put on, never opened up under the pointer
	// until the pointer leaves it
	peek, peekAt, quietSq rules.Square
	peekT                 int
	cursor                rules.Square // the keyboard's square
	cursorOn              bool
	peekKey               bool // P: peek under the cursor's square
}

// pauseState is the pause menu.
type pauseState struct {
	open bool
	menu ui.MenuList
}

// endState is what follows the end of a game: the result card and the game
// kept and counted.
type endState struct {
	ticks    int // ticks since the game ended
	menu     ui.MenuList
	recorded bool
	kept     string // the file the finished game was kept in
	// record: the player's games against this AI level, this one counted
	// (human vs AI only; Games() is 0 otherwise)
	record record.Tally
}

// demoState is AI vs AI: a series of games played at a chosen speed.
type demoState struct {
	running  bool // playing or paused
	step     bool // play one move, then pause
	speed    int  // 1, 2, 4
	score    [3]int
	nextGame int // the tick the next game of the series starts
}

// topButtons are the top bar's buttons; gameScene.top lists those shown.
type topButtons struct {
	pause, undo, redo, hint      *ui.Button
	demoRun, demoStep, demoSpeed *ui.Button
	resign, draw                 *ui.Button
	moves                        *ui.Button // opens the move list (narrow and tall forms)
}

// newGameScene starts the game of s, or plays on g if given: the top bar's
// buttons for the mode, the pause and result menus, the reserves.
func newGameScene(a *App, s setup, g *rules.Game) *gameScene {
	if g == nil {
		g = rules.NewGame(s.Variant)
	}
	if s.Mode == modeAIvsAI {
		g.MoveLimit = 200
	}
	gs := &gameScene{
		setup: s, game: g, variant: s.Variant, brain: newBrain(a.NewThinker),
		seed: uint64(time.Now().UnixNano()), dropSlots: map[int]int{},
		hand:     handState{flash: rules.NoSquare, hover: rules.NoSquare, peek: rules.NoSquare, peekAt: rules.NoSquare, quietSq: rules.NoSquare},
		hintMove: rules.NoMove, review: -1, demo: demoState{running: true, speed: 1},
	}
	gs.buttons.pause = &ui.Button{Icon: ui.IconPause}
	gs.buttons.undo = &ui.Button{Icon: ui.IconUndo}
	gs.buttons.redo = &ui.Button{Icon: ui.IconRedo}
	gs.buttons.hint = &ui.Button{Icon: ui.IconHint}
	gs.buttons.demoRun = &ui.Button{Icon: ui.IconPause}
	gs.buttons.demoStep = &ui.Button{Icon: ui.IconStep}
	gs.buttons.demoSpeed = &ui.Button{Label: paceLabel(a.Settings.AIDelayMillis)}
	gs.buttons.resign = &ui.Button{}
	gs.buttons.draw = &ui.Button{}
	gs.buttons.moves = &ui.Button{Icon: ui.IconList}
	gs.pause.menu.Buttons = []*ui.Button{{Primary: true}, {}, {}, {}, {}, {}}
	gs.ending.menu.Buttons = []*ui.Button{{Primary: true}, {}, {}, {}}
	switch s.Mode {
	case modeAIvsAI:
		gs.buttons.pause.Icon = ui.IconMenu
		gs.topAll = []*ui.Button{gs.buttons.pause, gs.buttons.demoSpeed, gs.buttons.demoStep, gs.buttons.demoRun}
	case modeOnline:
		gs.buttons.pause.Icon = ui.IconMenu
		gs.topAll = []*ui.Button{gs.buttons.pause, gs.buttons.resign, gs.buttons.draw}
		gs.pause.menu.Buttons = []*ui.Button{{Primary: true}, {}, {}, {}, {}}
	case modeHumanVsAI:
		gs.topAll = []*ui.Button{gs.buttons.hint, gs.buttons.redo, gs.buttons.undo, gs.buttons.resign, gs.buttons.pause}
	default:
		gs.topAll = []*ui.Button{gs.buttons.hint, gs.buttons.redo, gs.buttons.undo, gs.buttons.pause}
	}
	gs.reviewMenu.Buttons = []*ui.Button{{Icon: ui.IconBack}, {Icon: ui.IconForward}, {}}
	gs.pauseButtons = gs.pause.menu.Buttons
	gs.labelButtons()
	gs.showTop()
	gs.syncSlots()
	gs.over = g.Over()
	for _, p := range s.Players {
		if !p.Human && a.Prepare != nil && !gs.over {
			a.Prepare(s.Variant, p.Level)
		}
	}
	if gs.over {
		gs.ending.ticks = 1000
		gs.ending.recorded = true
	}
	return gs
}

// --- the turn ---------------------------------------------------------------

func (gs *gameScene) pos() rules.Position { return gs.game.Position() }

func (gs *gameScene) toMove() int {
	p := gs.pos()
	return gs.setup.colourOf(p.SideToMove())
}

func (gs *gameScene) humanToMove() bool { return gs.setup.human(gs.toMove()) }

// humanHasMoved reports whether a person has played a move of this game.
func (gs *gameScene) humanHasMoved() bool {
	for i := range gs.game.Moves() {
		p := gs.game.PositionAt(i)
		if gs.setup.human(gs.setup.colourOf(p.SideToMove())) {
			return true
		}
	}
	return false
}

// animTicks converts a duration in milliseconds to ticks at the chosen
// animation speed (0: no animation).
func (gs *gameScene) animTicks(ms float64) int {
	if gs.anim <= 0 {
		return 0
	}
	return int(math.Round(ms / 1000 * 60 / math.Max(0.25, gs.anim)))
}

// Animating: pieces glide (and land), a square flashes, the computer's
// spinner steps (spinnerTicks apart), the winning line grows and the
// result card slides in, the held piece's ring and the hint's arrow pulse
// for a while after the last input, and the Resign button's "click again"
// runs out.
func (gs *gameScene) Animating(a *App) bool {
	return gs.continuous(a) || gs.spinnerSteps(a) || gs.resignRunsOut(a)
}

// continuous reports whether the picture moves at every tick.
func (gs *gameScene) continuous(a *App) bool {
	return len(gs.glides) > 0 || len(gs.landed) > 0 || gs.movesWhole(a)
}

// movesWhole reports whether something moves at every tick that only the
// whole screen holds: a square flashing, the winning line and the result
// card coming, a pulse.
func (gs *gameScene) movesWhole(a *App) bool {
	return gs.hand.flashT > 0 || gs.over && gs.ending.ticks <= resultDelay+30 || gs.pulses(a)
}

// resignRunsOut reports whether the Resign button's "click again" runs out
// on this tick.
func (gs *gameScene) resignRunsOut(a *App) bool {
	return gs.resignAt > 0 && a.Tick-gs.resignAt == resignTicks+1
}

// resignConfirmed reports whether this click on Resign is the second, in
// time; a first one asks for it.
func (gs *gameScene) resignConfirmed(a *App) bool {
	if gs.resignAt == 0 || a.Tick-gs.resignAt > resignTicks {
		gs.resignAt = a.Tick
		gs.say(locale.T("PlayResignAgain"), true)
		return false
	}
	gs.resignAt = 0
	return true
}

// resignToComputer ends a game against the computer, lost: it counts in the
// statistics as a loss and is kept among the saved games as resigned.
func (gs *gameScene) resignToComputer(a *App) {
	if gs.setup.Mode != modeHumanVsAI || gs.over || !gs.resignConfirmed(a) {
		return
	}
	gs.brain.stop()
	gs.pending = nil
	gs.hand.hold = nil
	gs.hintMove = rules.NoMove
	winner := gs.setup.playerOf(1 - gs.setup.humanColour())
	gs.resigned = &rules.Result{Status: rules.Win, Winner: winner, Reason: rules.Resignation}
	gs.endGame(a)
}

// pulses reports whether the held piece's ring or the hint's arrow pulses.
func (gs *gameScene) pulses(a *App) bool {
	return (gs.hand.hold != nil && !gs.hand.hold.dragging || !gs.hintMove.IsNone()) && a.pulsing()
}

// spinnerTicks is how often the computer's spinner steps on, one dot of
// eight: twelve steps a second, as the browser's loop beats (pace.go).
const spinnerTicks = beatTicks

// thinkingShown reports whether the status card says the computer thinks
// (its chosen move waits a moment for its turn on screen: to the player it
// is still thinking).
func (gs *gameScene) thinkingShown() bool {
	return gs.brain.thinking || gs.moveWaits()
}

// moveWaits reports whether the computer's chosen move waits for its turn
// on screen, in the live game.
func (gs *gameScene) moveWaits() bool {
	return gs.pending != nil && !gs.over && gs.review < 0
}

// spinnerSteps reports whether the spinner steps on this tick.
func (gs *gameScene) spinnerSteps(a *App) bool {
	return gs.thinkingShown() && a.Tick%spinnerTicks == 0
}

// Damage is the part of the screen that moves by itself this tick: the
// glides' paths and the status card while the computer thinks; the whole
// screen for the rest (a flash, the result, a pulse, the Resign button).
func (gs *gameScene) Damage(a *App) (r ui.Rect, ok bool) {
	if gs.movesWhole(a) || gs.resignRunsOut(a) {
		return ui.Rect{}, false
	}
	if len(gs.landed) > 0 && gs.hand.peek != rules.NoSquare {
		return ui.Rect{}, false // the stack under the pointer opens once the glides are done
	}
	for _, g := range gs.glides {
		r = r.Union(gs.glidePath(g))
	}
	for _, g := range gs.landed {
		r = r.Union(gs.glidePath(g))
	}
	if gs.spinnerSteps(a) {
		r = r.Union(gs.statusCard(a))
	}
	return r, true
}

// drawsOnlyWhenAsked: the game asks for every frame it needs, by its look
// (gameLook), what the pointer chooses (pointerLook), App.redraw or
// Animating; a tooltip asks when it shows.
func (gs *gameScene) drawsOnlyWhenAsked() bool { return true }

// resignTicks is how long a first click on Resign waits for the second.
const resignTicks = 240

// gameLook is a brief of what the game shows that may change without
// input: when a tick changes it, that tick is drawn.
type gameLook struct {
	plies, review, peek int
	over, paused, msg   bool
	// the result's arrival and a refused square's flash, to their ends:
	// a tick of the clock may step past the last one that moves
	ending            int
	flash             bool
	thinking, pending bool   // a search runs; its answer waits for its turn (the reserves say "thinking…")
	buttons           uint64 // the top bar's buttons: disabled, active, and the demo's play or pause
	hold              *held
	hint              rules.Move
	words             string // the status line's message
}

func (gs *gameScene) look() gameLook {
	return gameLook{plies: gs.game.Plies(), review: gs.review, peek: int(gs.hand.peek), over: gs.over, paused: gs.pause.open,
		ending: min(gs.ending.ticks, resultDelay+31), flash: gs.hand.flashT > 0,
		msg: gs.msgT > 0, thinking: gs.brain.thinking, pending: gs.pending != nil, buttons: gs.buttonLook(), hold: gs.hand.hold, hint: gs.hintMove, words: gs.msg}
}

// buttonLook is the top bar's buttons' state in brief: two bits a button
// (disabled, active), and whether the demo's button shows play.
func (gs *gameScene) buttonLook() uint64 {
	var l uint64
	for i, b := range gs.top {
		if i >= 31 {
			break
		}
		if b.Disabled {
			l |= 1 << (2 * i)
		}
		if b.Active {
			l |= 2 << (2 * i)
		}
	}
	if gs.buttons.demoRun.Icon == ui.IconPlay {
		l |= 1 << 63
	}
	return l
}

// Update runs one tick of the game.
func (gs *gameScene) Update(a *App) error {
	if gs.lang != locale.Current().Code {
		gs.labelButtons()
	}
	err := gs.update(a)
	gs.layoutOverlays(a)
	if l := gs.look(); l != gs.shown {
		gs.shown = l
		a.redraw()
	}
	if p := gs.pointerLook(a); p != gs.pointerShown {
		gs.pointerShown = p
		a.redraw()
	}
	return err
}

// pointerLook is what the pointer chooses of the game's picture: the square
// and the move under it, the buttons it hovers and the menus' focus it
// moves, and where a dragged piece is.
type pointerLook struct {
	hover        rules.Square
	cell         int
	hovered      uint64 // a bit a button: the top bar, then the overlays' menus
	focus        [2]int // the pause and result menus' focus
	dragX, dragY float64
}

func (gs *gameScene) pointerLook(a *App) pointerLook {
	p := pointerLook{hover: gs.hand.hover, cell: -1, focus: [2]int{gs.pause.menu.Focus, gs.ending.menu.Focus}}
	if h := gs.hand.hold; h != nil && h.dragging {
		p.dragX, p.dragY = a.In.X, a.In.Y
	}
	if _, cells, _ := gs.moveList(a); len(cells) > 0 {
		for _, c := range cells {
			if c.r.Contains(a.In.X, a.In.Y) {
				p.cell = c.ply
			}
		}
	}
	i := 0
	note := func(bs []*ui.Button) {
		for _, b := range bs {
			if b.Hover && i < 64 {
				p.hovered |= 1 << i
			}
			i++
		}
	}
	note(gs.top)
	note(gs.pause.menu.Buttons)
	note(gs.ending.menu.Buttons)
	note(gs.reviewMenu.Buttons)
	if gs.net != nil {
		note(gs.net.goneM.Buttons)
	}
	return p
}

// layoutOverlays places the top bar's buttons and those of the overlay that
// shows, if any, as update does for the next tick: an overlay opened this
// tick is drawn this tick with its buttons in place, and the top bar with
// the state the tick left (Hint enabled once the computer has moved).
func (gs *gameScene) layoutOverlays(a *App) {
	gs.layoutButtons(a) // the top bar's state follows a move played this tick
	switch {
	case gs.pause.open:
		gs.layoutPause(a)
	case gs.net != nil && gs.net.gone != nil && !gs.over:
		gs.layoutGone(a)
	case gs.review >= 0:
		gs.layoutReview(a)
	case gs.over:
		gs.layoutResult(a)
	}
}

// update runs one tick: the searches, glides, network and timers first, then
// the open overlay if any, else the keys, the top bar and the hand.
func (gs *gameScene) update(a *App) error {
	gs.anim = a.Settings.AnimationSpeed
	gs.touch = !a.keysShown()
	gs.pad = a.padShown()
	gs.layout(a)
	gs.layoutButtons(a)
	gs.pollBrain(a)
	gs.pollAnalysis(a)
	gs.stepGlides(a.steps)
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
	if gs.hand.flashT > 0 {
		gs.hand.flashT = max(0, gs.hand.flashT-a.steps)
	}

	if gs.pause.open {
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
	if gs.updateKeys(a) || gs.updateTopButtons(a) {
		return nil
	}
	gs.buttons.undo.Disabled = !gs.canUndo()
	gs.buttons.redo.Disabled = !gs.game.CanRedo()
	if gs.clickMoveList(a) {
		gs.closeSheet()
		return nil
	}
	if gs.sheet {
		// the list covers the board: a tap beside the list closes it
		if in.Pressed && !gs.lay.Panel.Contains(in.X, in.Y) {
			gs.closeSheet()
		}
		gs.runAI(a)
		return nil
	}

	gs.runAI(a)
	if gs.humanToMove() && !gs.waitsForConnection() && !gs.lesson.waits() {
		gs.updateHand(a)
	} else {
		gs.hand.hold = nil
	}
	gs.hand.hover = rules.NoSquare
	if gs.hand.hold == nil {
		gs.hand.hover = gs.lay.SquareAt(gs.variant, in.X, in.Y)
	}
	gs.updatePeek()
	return nil
}

// layout lays the game screen out for the window: the player's own
// reserve nearest them (in hot-seat and demos orange's, which stays put),
// and the move list over the board while the Moves button has it open.
func (gs *gameScene) layout(a *App) {
	if gs.lesson != nil {
		gs.lay = gs.lesson.layout(a)
		return
	}
	near := max(gs.setup.humanColour(), 0)
	gs.lay = layoutBoard(a.W, a.H, a.U(), gs.variant, near)
	if gs.sheet && gs.lay.Form != wide {
		gs.lay.Panel = gs.lay.Sheet
	}
}

// updateKeys handles the game's keys; true when the pause menu opened.
func (gs *gameScene) updateKeys(a *App) bool {
	in := &a.In
	online := gs.setup.Mode == modeOnline
	if gs.lesson != nil && !in.Key(ebiten.KeyEscape) {
		return false // the lesson's keys are the hand's
	}
	switch {
	case in.Key(ebiten.KeyEscape):
		switch h := gs.hand.hold; {
		case h != nil && !h.locked:
			gs.dropHeld()
		case h != nil && (gs.msgT == 0 || gs.msg != "⚠ "+locale.T("PlayTouchMoveEsc")):
			// the player asked to put it back: say why not, once
			gs.say(locale.T("PlayTouchMoveEsc"), true)
			a.play(sound.Illegal)
		default:
			gs.msgT = 0 // "Esc again opens the menu" is done
			gs.openPause(a)
			return true
		}
	case in.Ctrl && in.Key(ebiten.KeyZ) && !online:
		gs.undo(a)
	case in.Ctrl && in.Key(ebiten.KeyY) && !online:
		gs.redo(a)
	case in.Key(ebiten.KeyH) && gs.setup.Mode != modeAIvsAI && !online:
		gs.askHint(a)
	case in.Key(ebiten.KeyM) && gs.lay.Form != wide:
		gs.toggleSheet(a)
	case in.Key(ebiten.KeyV) && gs.variant == rules.Gobblers:
		gs.toggleValues(a)
	case gs.setup.Mode == modeAIvsAI && in.Key(ebiten.KeySpace):
		gs.demo.running = !gs.demo.running
	case gs.setup.Mode == modeAIvsAI && in.Key(ebiten.KeyS):
		gs.demo.step = true
	case gs.setup.Mode == modeAIvsAI && (in.Key(ebiten.KeyEqual) || in.Key(ebiten.KeyNumpadAdd)):
		gs.cycleSpeed(a)
	}
	return false
}

// toggleSheet opens or closes the move list over the board.
func (gs *gameScene) toggleSheet(a *App) {
	if gs.sheet {
		gs.closeSheet()
		return
	}
	gs.sheet = true
	gs.hand.hold = nil
	gs.layout(a)
}

// closeSheet closes the move list over the board.
func (gs *gameScene) closeSheet() {
	gs.sheet = false
	if gs.lay.Form != wide {
		gs.lay.Panel = ui.Rect{}
	}
}

// updateTopButtons handles a click on the top bar; true when one was clicked.
func (gs *gameScene) updateTopButtons(a *App) bool {
	if why := gs.drawOfferWaits(); why != "" && a.In.Pressed && gs.buttons.draw.Rect.Contains(a.In.X, a.In.Y) {
		gs.say(why, true) // a disabled button clicked: say why
		a.play(sound.Illegal)
		return true
	}
	for _, b := range gs.top {
		if !b.Update(a) {
			continue
		}
		switch b {
		case gs.buttons.pause:
			gs.openPause(a)
		case gs.buttons.undo:
			gs.undo(a)
		case gs.buttons.redo:
			gs.redo(a)
		case gs.buttons.hint:
			gs.askHint(a)
		case gs.buttons.demoRun:
			gs.demo.running = !gs.demo.running
		case gs.buttons.demoStep:
			gs.demo.step = true
			gs.demo.running = false
		case gs.buttons.demoSpeed:
			gs.cycleSpeed(a)
		case gs.buttons.resign:
			gs.resign(a)
		case gs.buttons.draw:
			gs.offerDraw(a)
		case gs.buttons.moves:
			gs.toggleSheet(a)
		}
		return true
	}
	return false
}

// drawOfferWaits says why Offer draw cannot be pressed now ("" when it
// can, or is not shown).
func (gs *gameScene) drawOfferWaits() string {
	n := gs.net
	switch {
	case n == nil || !gs.buttons.draw.Disabled || gs.over || n.gone != nil:
		return ""
	case n.myOffer:
		return locale.T("PlayDrawOfferWaits")
	}
	return locale.T("PlayDrawOfferAfterMove")
}

// clickMoveList opens the review at a move clicked in the move list.
func (gs *gameScene) clickMoveList(a *App) bool {
	in := &a.In
	if in.Pressed && gs.hand.hold == nil {
		if _, cells, _ := gs.moveList(a); len(cells) > 0 {
			for _, c := range cells {
				if c.r.Contains(in.X, in.Y) {
					gs.review = c.ply + 1
					a.play(sound.MenuClick)
					return true
				}
			}
		}
	}

	return false
}

// peekDelay is how long, in ticks, the pointer rests on a stack before the
// pieces under its top are shown.
const peekDelay = 20

// updatePeek chooses the stack whose covered pieces are shown: the one the
// pointer has rested on a moment (not the square a piece was just put on,
// until the pointer leaves it), or at once the keyboard cursor's with P.
func (gs *gameScene) updatePeek() {
	if gs.hand.hover != gs.hand.peekAt {
		gs.hand.peekAt, gs.hand.peekT = gs.hand.hover, 0
		if gs.hand.hover != gs.hand.quietSq {
			gs.hand.quietSq = rules.NoSquare // the pointer has left it
		}
	} else if gs.hand.peekT < peekDelay {
		gs.hand.peekT++
	}
	gs.hand.peek = rules.NoSquare
	switch {
	case gs.hand.cursorOn && gs.hand.peekKey && gs.hand.hold == nil:
		gs.hand.peek = gs.hand.cursor
	case gs.hand.peekT >= peekDelay && gs.hand.peekAt != gs.hand.quietSq:
		gs.hand.peek = gs.hand.peekAt
	}
}

// commit plays a legal move with its glide (from x0,y0 if given) and all
// that follows: sounds, the log, the autosave, the end of the game.
func (gs *gameScene) commit(a *App, m rules.Move, x0, y0 float64, slot int) {
	if gs.lesson != nil && !gs.lesson.allows(a, m, x0, y0) {
		return
	}
	gs.hand.quietSq = m.To // no peek under the pointer that just played
	pre := gs.pos()
	colour := gs.setup.colourOf(pre.SideToMove())
	size := pre.MovedSize(m)
	covers := len(pre.Stack(m.To)) > 0
	if math.IsNaN(x0) {
		if m.IsDrop() {
			if slot < 0 {
				slot = gs.slotFor(colour, size)
			}
			x0, y0 = gs.lay.SlotRect(colour, max(slot, 0)).Center()
		} else {
			x0, y0 = gs.lay.SquareCenter(gs.variant, m.From)
		}
	}
	if err := gs.game.Play(m); err != nil {
		msg := err.Error() // "a1–d4: …", as the rules say it
		if locale.Current().Code != "en" {
			msg = illegalWords(err)
		}
		gs.say(msg, true)
		return
	}
	if gs.net != nil && gs.setup.human(colour) {
		gs.net.sess.SendMove(m) // the session checks it again and confirms with Moved
	}
	if m.IsDrop() && gs.variant.NestedReserve() {
		if slot < 0 {
			slot = gs.slotFor(colour, size)
		}
		if slot >= 0 && slot < len(gs.slots[colour]) {
			gs.slots[colour][slot]--
			gs.dropSlots[gs.game.Plies()-1] = slot
		}
	}
	gs.syncSlots()
	gs.hand.hold = nil
	gs.hintMove = rules.NoMove
	if n := gs.animTicks(200); n > 0 {
		gs.glides = append(gs.glides, glide{colour: colour, size: size, x0: x0, y0: y0, to: m.To, n: n, back: rules.NoSquare, slot: -1})
	}
	if covers {
		a.play(sound.Gobble)
	} else {
		a.play(sound.PutDown)
	}
	a.debugf("move %d %s %s", gs.game.Plies(), pre.SideToMove(), m.Notation(gs.variant))
	gs.msgT = 0
	if gs.lesson != nil {
		gs.lesson.played(a)
		return
	}
	if gs.puzzle {
		return
	}
	if gs.game.Over() {
		gs.endGame(a)
		return
	}
	gs.autosave(a)
	if (gs.setup.Mode == modeHumanVsAI || gs.setup.Mode == modeOnline) && gs.humanToMove() {
		a.play(sound.YourTurn)
	}
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
	what := sizeNames(gs.variant)[size-1]
	if m.IsDrop() {
		return locale.F("PlayDescribeDrop", "Size", what, "To", m.To.Name(gs.variant))
	}
	return locale.F("PlayDescribeMove", "Size", what, "From", m.From.Name(gs.variant), "To", m.To.Name(gs.variant))
}

// labelButtons names the game's buttons in the language in use, at the
// start and again when the player changes the language (Options, from
// the pause menu).
func (gs *gameScene) labelButtons() {
	gs.lang = locale.Current().Code
	b := &gs.buttons
	b.pause.Tip = locale.T("PlayTipPause")
	if gs.setup.Mode == modeAIvsAI || gs.setup.Mode == modeOnline {
		b.pause.Tip = locale.T("PlayTipMenu")
	}
	b.undo.Tip = locale.T("PlayTipUndo")
	b.redo.Tip = locale.T("PlayTipRedo")
	b.hint.Tip = locale.T("PlayTipHint")
	b.demoRun.Tip = locale.T("PlayTipDemoRun")
	b.demoStep.Tip = locale.T("PlayTipDemoStep")
	b.demoSpeed.Tip = locale.T("PlayTipPace")
	b.resign.Label = locale.T("PlayResign")
	b.resign.Tip = locale.T("PlayTipResign")
	b.draw.Label, b.draw.Tip = locale.T("PlayOfferDraw"), locale.T("PlayTipOfferDraw")
	b.moves.Tip = locale.T("PlayTipMoves")
	keep := locale.T("PlayTipSaveGame")
	pm := gs.pauseButtons // the menu's own: Resign, added in a portrait window, is not one
	labels := []string{locale.T("PlayResume"), locale.T("PlaySaveGame"), locale.T("PlayRestart"), locale.T("PlayRules"), locale.T("PlayOptions"), locale.T("PlayMainMenu")}
	if gs.setup.Mode == modeOnline {
		labels = []string{locale.T("PlayResume"), locale.T("PlaySaveGame"), locale.T("PlayRules"), locale.T("PlayOptions"), locale.T("PlayLeaveGame")}
		pm[4].Tip = locale.T("PlayTipLeaveGame")
	}
	for i, l := range labels {
		pm[i].Label = l
	}
	pm[1].Tip = keep
	em := gs.ending.menu.Buttons
	em[0].Label, em[0].Tip = locale.T("PlayRematch"), locale.T("PlayTipRematch")
	if gs.setup.Mode == modeOnline {
		em[0].Tip = locale.T("PlayTipRematchOnline")
	}
	em[1].Label, em[1].Tip = locale.T("PlayReview"), locale.T("PlayTipReview")
	switch em[2].ID { // the result card's third button (saved.go)
	case resultKeepID:
		em[2].Tip = locale.T("SavedKeepTip")
	case resultCopyID:
		em[2].Tip = locale.T("SavedCopyTip")
	default:
		em[2].ID, em[2].Tip = resultSaveID, keep
	}
	em[2].Label = resultSaveLabel(em[2].ID)
	em[len(em)-1].Label = locale.T("PlayMainMenu")
	rm := gs.reviewMenu.Buttons
	rm[0].Tip, rm[1].Tip = locale.T("PlayTipBackOne"), locale.T("PlayTipForwardOne")
	rm[2].Label, rm[2].Tip = locale.T("PlayDone"), locale.T("PlayTipDoneReview")
}

// sizeNames are the piece sizes, smallest first, in the language in use,
// as they stand before the word for a piece ("a small piece").
func sizeNames(v rules.Variant) []string {
	n := []string{locale.T("PlaySizeSmall"), locale.T("PlaySizeMedium"), locale.T("PlaySizeLarge"), locale.T("PlaySizeGiant")}
	return n[:v.Sizes()]
}

// --- reserves -----------------------------------------------------------------

// --- glides -------------------------------------------------------------------

// stepGlides moves the glides on by the clock's steps (clock.go).
func (gs *gameScene) stepGlides(steps int) {
	gs.landed = gs.landed[:0]
	out := gs.glides[:0]
	for _, g := range gs.glides {
		g.t += steps
		if g.t < g.n {
			out = append(out, g)
		} else {
			gs.landed = append(gs.landed, g)
		}
	}
	gs.glides = out
}

// glidePath is the part of the screen a glide draws on from its start to
// its end: the piece, lifted, anywhere on its straight way, and the square
// or reserve slot it lands on.
func (gs *gameScene) glidePath(g glide) ui.Rect {
	x1, y1 := g.x1, g.y1
	if g.to != rules.NoSquare {
		x1, y1 = gs.lay.SquareCenter(gs.variant, g.to)
	}
	reach := pieceReach(pieceRadius(gs.variant, g.size) * gs.lay.Cell())
	r := around(g.x0, g.y0, reach).Union(around(x1, y1, reach))
	if g.to != rules.NoSquare {
		r = r.Union(gs.lay.SquareRect(gs.variant, g.to))
	}
	if g.back != rules.NoSquare {
		r = r.Union(gs.lay.SquareRect(gs.variant, g.back))
	}
	if g.to == rules.NoSquare && g.back == rules.NoSquare && g.slot >= 0 {
		r = r.Union(gs.lay.SlotRect(g.colour, g.slot))
	}
	return r
}

func (gs *gameScene) gliding(sq rules.Square) bool {
	for _, g := range gs.glides {
		if g.to == sq && g.to != rules.NoSquare {
			return true
		}
	}
	return false
}

// Draw draws the game in layers: the board and reserves, the panel and
// status, then whatever overlay is open (result, gone, pause) and the tips.
func (gs *gameScene) Draw(a *App, dst *ebiten.Image) {
	if gs.lay.W != a.W || gs.lay.H != a.H || gs.lay.U != a.U() {
		gs.layout(a)
		gs.layoutButtons(a)
	}
	if gs.lesson != nil {
		dst.DrawImage(gs.lesson.boardImage(a), nil)
	} else {
		dst.DrawImage(boardLayer(a, gs.variant), nil)
	}
	gs.drawTopBar(a, dst)
	p := gs.shownPosition()
	live := gs.review < 0
	for c := 0; c < 2; c++ {
		gs.drawReserve(a, dst, &p, c, live)
	}
	gs.drawBoard(a, dst, &p, live)
	gs.drawBestArrow(a, dst)
	if live {
		gs.drawValues(a, dst)
	}
	if gs.lay.Form == wide && gs.lesson == nil {
		gs.drawPanel(a, dst)
	}
	if gs.lesson == nil { // the lesson's card says it all
		gs.drawStatus(a, dst)
	}
	if gs.lay.Form != wide && !gs.lay.Panel.Empty() {
		gs.drawSheet(a, dst)
	}
	if live && gs.hand.hold == nil && !gs.pause.open && !gs.over && a.Settings.ShowCovered {
		gs.drawPeek(a, dst, &p)
	}
	if gs.over && live && gs.ending.ticks >= resultDelay && !gs.pause.open {
		gs.drawResult(a, dst)
	}
	if gs.net != nil && gs.net.gone != nil && !gs.over && !gs.pause.open {
		gs.drawGone(a, dst)
	}
	if gs.pause.open {
		gs.drawPause(a, dst)
	}
	if !gs.pause.open {
		if !gs.over || gs.review >= 0 {
			gs.drawMoveTip(a, dst)
		}
		for _, b := range gs.top {
			b.DrawTip(a, dst)
		}
		for _, b := range gs.reviewMenu.Buttons {
			if gs.review >= 0 {
				b.DrawTip(a, dst)
			}
		}
	}
}

// colourName names a colour's player in the language in use ("Orange",
// "Blue"): every word a player sees for a colour comes from here (the
// reserve, the status line, the result, the setup's options, the screen
// reader, the saved games). colourNames stays English: it names the
// players in the records.
func colourName(c int) string {
	if c == 0 {
		return locale.T("Orange")
	}
	return locale.T("Blue")
}

// isYou reports whether the screen calls a colour's player "You" (the
// person playing the computer, or online).
func (gs *gameScene) isYou(c int) bool {
	w := gs.who(c)
	return w == "You" || w == locale.T("PlayYou")
}

// seriesScore is the AI vs AI series' score: "Orange 2  ·  Blue 1  ·  Draws 0".
func (gs *gameScene) seriesScore() string {
	d := &gs.demo
	return locale.F("PlaySeriesScore", "Orange", locale.Num(d.score[0]), "Blue", locale.Num(d.score[1]), "Draws", locale.Num(d.score[2]))
}
