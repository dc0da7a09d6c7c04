package app

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/input"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// updateHand handles the human's pointer: pick up, drag, drop, and
// click-then-click, with touch-move as the options say.
func (gs *gameScene) updateHand(a *App) {
	in := &a.In
	h := gs.hand.hold
	if in.RightPressed && h != nil {
		if h.locked {
			gs.say(touchMoveWhy(), true)
			a.play(sound.Illegal)
		} else {
			gs.dropHeld()
		}
		return
	}
	if h != nil && h.down {
		if in.Down && math.Hypot(in.X-h.pressX, in.Y-h.pressY) > 6*a.U() {
			h.dragging = true
		}
		if in.Released {
			h.down = false
			switch {
			case h.dragging:
				gs.release(a, in.X, in.Y)
			case h.again && h.locked:
				gs.say(touchMoveWhy(), true)
				a.play(sound.Illegal)
			case h.again:
				gs.dropHeld()
			}
			h.again = false
		}
		return
	}
	if gs.keyboard(a) {
		return
	}
	if !in.Pressed {
		return
	}
	gs.hand.cursorOn = false
	gs.press(a, in.X, in.Y, true)
}

// keyboard moves the square cursor with the arrows; Enter or Space acts as a
// click on the cursor's square, 1 to 4 pick up a reserve piece of that size.
func (gs *gameScene) keyboard(a *App) bool {
	in := &a.In
	n := gs.variant.Size()
	f, r := gs.hand.cursor.File(gs.variant), gs.hand.cursor.Rank(gs.variant)
	moved := true
	switch {
	case in.Key(ebiten.KeyLeft):
		f--
	case in.Key(ebiten.KeyRight):
		f++
	case in.Key(ebiten.KeyUp):
		r++
	case in.Key(ebiten.KeyDown):
		r--
	default:
		moved = false
	}
	if moved {
		if gs.hand.cursorOn {
			gs.hand.cursor = rules.SquareAt(gs.variant, (f+n)%n, (r+n)%n)
		}
		gs.hand.cursorOn = true
		return true
	}
	if in.Key(ebiten.KeyP) {
		gs.hand.peekKey = !gs.hand.peekKey
		return true
	}
	if in.Key(ebiten.KeyEnter) || in.Key(ebiten.KeyNumpadEnter) || in.Key(ebiten.KeySpace) {
		gs.hand.cursorOn = true
		x, y := gs.lay.SquareCenter(gs.variant, gs.hand.cursor)
		gs.press(a, x, y, false)
		return true
	}
	for size := 1; size <= gs.variant.Sizes(); size++ {
		if in.Key(ebiten.Key1 + ebiten.Key(size-1)) {
			gs.takeSize(a, size)
			return true
		}
	}
	if in.Act(input.PrevStack) || in.Act(input.NextStack) {
		step := 1
		if in.Act(input.PrevStack) {
			step = -1
		}
		gs.nextStack(a, step)
		return true
	}
	return false
}

// takeSize picks up the reserve's piece of a size, as its number key does.
func (gs *gameScene) takeSize(a *App, size int) {
	c := gs.toMove()
	if h := gs.hand.hold; h != nil && h.locked {
		gs.say(touchMoveWhy(), true)
		return
	}
	slot := gs.slotFor(c, size)
	if slot < 0 {
		gs.say(locale.F("PlayNoSizeInReserve", "Size", sizeNames(gs.variant)[size-1]), true)
		a.play(sound.Illegal)
		return
	}
	x, y := gs.lay.SlotRect(c, slot).Center()
	gs.hand.hold = nil
	gs.pickUpReserve(a, c, slot, x, y)
	if gs.hand.hold != nil {
		gs.hand.hold.down = false
	}
	gs.hand.cursorOn = true
}

// nextStack picks up, from the reserve, the next size up (step 1) or down
// (-1) from the one held that can be played, round the sizes: a pad's
// shoulder buttons. With nothing held from the reserve it starts at the
// smallest (up) or the largest (down).
func (gs *gameScene) nextStack(a *App, step int) {
	c, n := gs.toMove(), gs.variant.Sizes()
	cur := 0
	if step < 0 {
		cur = n + 1
	}
	if h := gs.hand.hold; h != nil && h.from == rules.NoSquare {
		cur = h.size
	}
	for i := 1; i <= n; i++ {
		size := ((cur-1+step*i)%n+n)%n + 1
		if gs.slotFor(c, size) >= 0 {
			gs.takeSize(a, size)
			return
		}
	}
	a.play(sound.Illegal) // nothing left in the reserve
}

// press handles a press at (x, y): pick up, put down, switch or cancel.
// A keyboard press (pointer false) cannot start a drag.
func (gs *gameScene) press(a *App, x, y float64, pointer bool) {
	h := gs.hand.hold
	in := &Frame{X: x, Y: y}
	sq := gs.lay.SquareAt(gs.variant, in.X, in.Y)
	colour, slot, onSlot := gs.lay.SlotAt(in.X, in.Y)
	defer func() {
		if !pointer && gs.hand.hold != nil {
			gs.hand.hold.down = false
			if gs.hand.hold.again {
				gs.hand.hold.again = false
				if gs.hand.hold.locked {
					gs.say(touchMoveWhy(), true)
				} else {
					gs.hand.hold = nil
				}
			}
		}
	}()
	if h != nil {
		switch {
		case sq != rules.NoSquare && sq == h.from:
			// pressed on the held piece: a drag may follow; a click puts it back
			h.down, h.again, h.dragging, h.pressX, h.pressY = true, true, false, in.X, in.Y
			return
		case sq != rules.NoSquare:
			m := gs.heldMove(sq)
			if gs.pos().CheckMove(m) == nil {
				gs.commit(a, m, math.NaN(), math.NaN(), h.slot)
				return
			}
			// another of one's own pieces: take it instead, unless
			// touch-move is on (touching it would bind the player to it)
			if !h.locked && !a.Settings.TouchMove && gs.pickable(sq) {
				gs.pickUp(a, sq, in.X, in.Y)
				return
			}
			gs.refuse(a, m)
			if err := gs.pos().CheckMove(m); err != nil && !h.locked && gs.pickable(sq) {
				gs.say(locale.F("PlayPutBackFirst", "Why", illegalWords(err)), true)
			}
			return
		case onSlot && colour == h.colour && h.from == rules.NoSquare && h.slot == slot:
			h.down, h.again, h.dragging, h.pressX, h.pressY = true, true, false, in.X, in.Y
			return
		case onSlot && colour == h.colour && !h.locked:
			gs.pickUpReserve(a, colour, slot, in.X, in.Y)
			return
		default:
			if !h.locked {
				gs.dropHeld()
			}
			return
		}
	}
	switch {
	case sq != rules.NoSquare:
		gs.pickUp(a, sq, in.X, in.Y)
	case onSlot:
		gs.pickUpReserve(a, colour, slot, in.X, in.Y)
	}
}

// pickable reports whether the human may pick up the piece on a square.
func (gs *gameScene) pickable(sq rules.Square) bool {
	p := gs.pos()
	top, ok := p.Top(sq)
	return ok && top.Player == p.SideToMove() && p.MovesFrom(sq, 0) != 0
}

func (gs *gameScene) pickUp(a *App, sq rules.Square, x, y float64) {
	p := gs.pos()
	top, ok := p.Top(sq)
	if !ok {
		return
	}
	c := gs.setup.colourOf(top.Player)
	if top.Player != p.SideToMove() {
		gs.say(locale.F("PlayThatIsColoursPiece", "Colour", colourName(c)), true)
		a.play(sound.Illegal)
		return
	}
	t := p.MovesFrom(sq, 0)
	if t == 0 {
		gs.say(locale.T("PlayNowhereToGo"), true)
		a.play(sound.Illegal)
		return
	}
	gs.hand.hold = &held{from: sq, size: top.Size, colour: c, slot: -1, pressX: x, pressY: y, down: true, locked: a.Settings.TouchMove, targets: t}
	a.play(sound.PickUp)
}

func (gs *gameScene) pickUpReserve(a *App, colour, slot int, x, y float64) {
	p := gs.pos()
	size, n := gs.slotPiece(colour, slot)
	if n == 0 || size == 0 {
		return
	}
	if gs.setup.playerOf(colour) != p.SideToMove() {
		gs.say(locale.F("PlayThoseAreColoursPieces", "Colour", colourName(colour)), true)
		a.play(sound.Illegal)
		return
	}
	t := p.MovesFrom(rules.NoSquare, size)
	if t == 0 {
		gs.say(locale.T("PlayNowhereToGoClassic"), true)
		a.play(sound.Illegal)
		return
	}
	gs.hand.hold = &held{from: rules.NoSquare, size: size, colour: colour, slot: slot, pressX: x, pressY: y, down: true, targets: t}
	a.play(sound.PickUp)
}

func (gs *gameScene) heldMove(sq rules.Square) rules.Move {
	h := gs.hand.hold
	if h.from == rules.NoSquare {
		return rules.Drop(h.size, sq)
	}
	return rules.Shift(h.from, sq)
}

// release ends a drag at (x, y).
func (gs *gameScene) release(a *App, x, y float64) {
	h := gs.hand.hold
	h.dragging = false
	sq := gs.lay.SquareAt(gs.variant, x, y)
	if sq == rules.NoSquare || sq == h.from {
		gs.slideBack(x, y)
		if h.locked {
			if sq == rules.NoSquare {
				gs.say(touchMoveWhy(), false)
			}
			return
		}
		if sq == rules.NoSquare {
			gs.hand.hold = nil
		}
		return
	}
	m := gs.heldMove(sq)
	if gs.pos().CheckMove(m) == nil {
		gs.commit(a, m, x, y, h.slot)
		return
	}
	gs.slideBack(x, y)
	gs.refuse(a, m)
	if !h.locked {
		gs.hand.hold = nil
	}
}

// refuse says why a move is not allowed, flashes the square, and keeps the
// position as it was.
func (gs *gameScene) refuse(a *App, m rules.Move) {
	err := gs.pos().CheckMove(m)
	if err == nil {
		return
	}
	gs.say(illegalWords(err), true)
	gs.hand.flash, gs.hand.flashT = m.To, 30
	a.play(sound.Illegal)
}

// illegalWords says why a move breaks the rules, in a sentence.
func illegalWords(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:] // "3@b2: a piece can only…": the rules' reason
	}
	switch msg {
	case "a piece from the reserve may never cover your own piece":
		return locale.T("PlayIllegalReserveCoversOwn")
	case "a piece can only cover a smaller piece":
		return locale.T("PlayIllegalCoverSmaller")
	case "from the reserve you may cover only a piece in a line of three":
		return locale.T("PlayIllegalLineOfThree")
	case "you can only move your own pieces":
		return locale.T("PlayIllegalOwnPieces")
	case "a piece must move to a different square":
		return locale.T("PlayIllegalSameSquare")
	case "only the top piece of a reserve stack can be played":
		return locale.T("PlayIllegalTopOfStack")
	}
	return capitalise(err.Error()) + "."
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// slideBack animates the held piece from (x, y) back to where it came from.
func (gs *gameScene) slideBack(x, y float64) {
	h := gs.hand.hold
	n := gs.animTicks(180)
	if n == 0 {
		return
	}
	var x1, y1 float64
	if h.from == rules.NoSquare {
		x1, y1 = gs.lay.SlotRect(h.colour, h.slot).Center()
	} else {
		x1, y1 = gs.lay.SquareCenter(gs.variant, h.from)
	}
	gs.glides = append(gs.glides, glide{colour: h.colour, size: h.size, x0: x, y0: y, to: rules.NoSquare, x1: x1, y1: y1, n: n, back: h.from, slot: h.slot})
}

// touchMoveWhy says why a piece lifted from the board cannot be put back.
func touchMoveWhy() string { return locale.T("PlayTouchMoveWhy") }

// dropHeld puts the held piece back (never called for a locked piece).
func (gs *gameScene) dropHeld() { gs.hand.hold = nil }

// --- pause, result, review ------------------------------------------------------

const resultDelay = 45 // ticks between the winning line and the result card

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
