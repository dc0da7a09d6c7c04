package app

// The game for a screen reader. In a browser the page keeps a copy of the
// board that a screen reader reads and a keyboard plays (a11y_js.go): the
// squares as a grid of buttons that say their whole stack, the two
// reserves, whose turn it is, a text box for a move in our notation, and a
// live region that announces every move, the result and the game's
// messages, in the player's language. This file is what the page shows
// and says, worked out from the game each tick but sent to the page only
// when it changed; the page's buttons and text box come back as actions,
// which go through the same code as a click (press) or a checked move
// (commit, refuse). On the desktop there is no page (a11y_other.go).

import (
	"math"
	"strings"
	"sync"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// a11yPage is the page's accessible copy of the game.
type a11yPage interface {
	// show puts the board, reserves and turn on the page (v nil: no game
	// on the board), with the words of the controls.
	show(v *a11yView, l a11yLabels)
	// announce says a sentence in the live region.
	announce(s string)
	// take returns the actions the player made on the page since the last
	// call.
	take() []a11yAction
}

// a11yAction is a button pressed or a move typed on the page.
type a11yAction struct {
	kind   a11yKind
	sq     rules.Square // a11ySquare
	colour int          // a11ySlot
	slot   int
	text   string // a11yText
}

type a11yKind int

const (
	a11ySquare a11yKind = iota // a square's button: as a click on the square
	a11ySlot                   // a reserve stack's button: as a click on it
	a11yText                   // a move typed in the text box
	a11yCancel                 // Esc: put the held piece back
)

// a11yView is what the page shows of a game.
type a11yView struct {
	Size     int
	Squares  []a11yCell // the top rank first, each from file a
	Reserves [2]a11yReserve
	Turn     string
	Live     bool // the board takes a move now (Tab from the game goes to it)
}

// a11yCell is a square's or a reserve stack's button.
type a11yCell struct {
	Sq    rules.Square // a square's; NoSquare for a stack
	Label string
	Held  bool // the piece held was picked up here
}

// a11yReserve is a colour's reserve.
type a11yReserve struct {
	Label  string
	Stacks []a11yCell
}

// a11yLabels are the words of the page's controls.
type a11yLabels struct {
	Lang, Region, Board, TypeMove, TypeHelp, Play, NoGame string
}

func a11yWords() a11yLabels {
	return a11yLabels{
		Lang:     locale.Current().Code,
		Region:   locale.T("A11yRegion"),
		Board:    locale.T("A11yBoard"),
		TypeMove: locale.T("A11yTypeMove"),
		TypeHelp: locale.T("A11yTypeHelp"),
		Play:     locale.T("A11yPlay"),
		NoGame:   locale.T("A11yNoGame"),
	}
}

// a11yState is what the page was last told.
type a11yState struct {
	page    a11yPage
	shown   bool // show was called once
	gs      *gameScene
	key     a11yKey
	plies   int
	over    bool
	held    bool
	msg     string
	msgT    int
	notices int
	toast   string
}

// a11yKey is what the page shows, in brief: a change sends it again.
type a11yKey struct {
	gs                  *gameScene
	hash                uint64
	plies               int
	over, live          bool
	holdFrom            rules.Square
	holdColour, holdAt  int
	lang                string
	slots0, slots1, lay int
}

var (
	accessOnce sync.Once
	access     *a11yState
)

// accessible keeps the page's accessible copy of the game up to date and
// plays what was pressed or typed there: once a tick, after the scene's
// update. Nothing to do where there is no page.
func (a *App) accessible() {
	accessOnce.Do(func() {
		if p := newA11yPage(); p != nil {
			access = &a11yState{page: p, plies: -1}
		}
	})
	if access == nil {
		return
	}
	access.update(a)
}

func (st *a11yState) update(a *App) {
	gs, _ := a.scenes.current.(*gameScene)
	for _, act := range st.page.take() {
		st.act(a, gs, act)
	}
	st.follow(a, gs)
	st.render(gs)
}

// follow announces what happened since the last tick: a new game, a move,
// a move taken back, a piece picked up or put back, the result, the
// game's messages, notices and confirmations.
func (st *a11yState) follow(a *App, gs *gameScene) {
	if gs != st.gs {
		st.gs = gs
		if gs != nil {
			st.plies, st.over, st.held = gs.game.Plies(), gs.over, gs.hand.hold != nil
			st.msg, st.msgT = gs.msg, gs.msgT
			if !gs.over {
				if gs.variant == rules.Gobblers {
					st.page.announce(locale.T("A11yNewGobblers"))
				} else {
					st.page.announce(locale.T("A11yNewClassic"))
				}
				st.page.announce(st.turn(gs))
			}
		}
	}
	if gs != nil {
		n := gs.game.Plies()
		switch {
		case n == st.plies+1:
			for _, s := range st.describeMove(gs, n-1) {
				st.page.announce(s)
			}
		case n < st.plies:
			st.page.announce(locale.T("A11yTakenBack"))
		}
		held := gs.hand.hold != nil
		switch {
		case held && !st.held:
			h := gs.hand.hold
			st.page.announce(locale.F("A11yPicked", "Piece", pieceWords(h.colour, h.size)))
		case !held && st.held && n == st.plies:
			st.page.announce(locale.T("A11yPutBack"))
		}
		if gs.over && !st.over {
			st.page.announce(gs.resultWords())
		} else if n != st.plies && !gs.over {
			st.page.announce(st.turn(gs))
		}
		if gs.msgT > 0 && gs.msg != "" && (gs.msgT > st.msgT || gs.msg != st.msg) {
			st.page.announce(strings.TrimPrefix(gs.msg, "⚠ "))
		}
		st.plies, st.over, st.held, st.msg, st.msgT = n, gs.over, held, gs.msg, gs.msgT
	}
	if len(a.notices) > st.notices {
		for _, s := range a.notices[st.notices:] {
			st.page.announce(s)
		}
	}
	st.notices = len(a.notices)
	if a.toastT > 0 && a.toastMsg != st.toast {
		st.page.announce(a.toastMsg)
	}
	if a.toastT > 0 {
		st.toast = a.toastMsg
	} else {
		st.toast = ""
	}
}

// render sends the board to the page when what it shows changed.
func (st *a11yState) render(gs *gameScene) {
	k := a11yKey{gs: gs, lang: locale.Current().Code, holdFrom: rules.NoSquare}
	if gs != nil {
		p := gs.pos()
		k.hash, k.plies, k.over, k.live = p.Hash(), gs.game.Plies(), gs.over, a11yLive(gs)
		k.slots0, k.slots1, k.lay = len(gs.slots[0]), len(gs.slots[1]), gs.lay.Slots
		if h := gs.hand.hold; h != nil {
			k.holdFrom, k.holdColour, k.holdAt = h.from, h.colour, h.slot+1
		}
	}
	if st.shown && k == st.key {
		return
	}
	st.shown, st.key = true, k
	if gs == nil {
		st.page.show(nil, a11yWords())
		return
	}
	st.page.show(st.view(gs), a11yWords())
}

// a11yLive reports whether the board takes a move now: no menu, review or
// result over it.
func a11yLive(gs *gameScene) bool {
	return !gs.over && !gs.pause.open && gs.review < 0
}

// view is the board, the reserves and the turn in words.
func (st *a11yState) view(gs *gameScene) *a11yView {
	v := gs.variant
	n := v.Size()
	p := gs.pos()
	h := gs.hand.hold
	out := &a11yView{Size: n, Turn: st.turn(gs), Live: a11yLive(gs)}
	for r := n - 1; r >= 0; r-- {
		for f := 0; f < n; f++ {
			sq := rules.SquareAt(v, f, r)
			out.Squares = append(out.Squares, a11yCell{Sq: sq, Label: squareWords(gs, p, sq), Held: h != nil && h.from == sq})
		}
	}
	for c := 0; c < 2; c++ {
		res := &out.Reserves[c]
		res.Label = locale.T("A11yReserveOrange")
		if c == 1 {
			res.Label = locale.T("A11yReserveBlue")
		}
		for slot := 0; slot < a11ySlots(gs, c); slot++ {
			size, count := gs.slotPiece(c, slot)
			label := locale.T("A11yStackEmpty")
			if size > 0 && count > 0 {
				label = locale.P("A11yStack", count, "Piece", pieceWords(c, size))
			}
			held := h != nil && h.from == rules.NoSquare && h.colour == c && h.slot == slot
			res.Stacks = append(res.Stacks, a11yCell{Sq: rules.NoSquare, Label: label, Held: held})
		}
	}
	return out
}

// a11ySlots is how many reserve stacks a colour has.
func a11ySlots(gs *gameScene, c int) int {
	if gs.variant.NestedReserve() {
		return len(gs.slots[c])
	}
	return gs.variant.Sizes()
}

// turn says whose turn it is, or that the game is over.
func (st *a11yState) turn(gs *gameScene) string {
	switch {
	case gs.over:
		return locale.T("A11yGameOver")
	case gs.toMove() == 0:
		return locale.T("A11yTurnOrange")
	default:
		return locale.T("A11yTurnBlue")
	}
}

// squareWords says a square and its whole stack, the top first:
// "b2: orange large over blue small".
func squareWords(gs *gameScene, p rules.Position, sq rules.Square) string {
	stack := p.Stack(sq) // the bottom first
	name := sq.Name(gs.variant)
	if len(stack) == 0 {
		return locale.F("A11ySquareEmpty", "Square", name)
	}
	words := ""
	for i, pc := range stack {
		w := pieceWords(gs.setup.colourOf(pc.Player), pc.Size)
		if i == 0 {
			words = w
		} else {
			words = locale.F("A11yStackOver", "Top", w, "Under", words)
		}
	}
	return locale.F("A11ySquare", "Square", name, "Stack", words)
}

// pieceWords names a piece by its colour and size: "orange large".
func pieceWords(colour, size int) string {
	if colour == 0 {
		switch size {
		case 1:
			return locale.T("A11yOrangeSmall")
		case 2:
			return locale.T("A11yOrangeMedium")
		case 3:
			return locale.T("A11yOrangeLarge")
		default:
			return locale.T("A11yOrangeGiant")
		}
	}
	switch size {
	case 1:
		return locale.T("A11yBlueSmall")
	case 2:
		return locale.T("A11yBlueMedium")
	case 3:
		return locale.T("A11yBlueLarge")
	default:
		return locale.T("A11yBlueGiant")
	}
}

// sizeWords names the size of a piece a player moves: "a large piece".
func sizeWords(size int) string {
	switch size {
	case 1:
		return locale.T("A11ySizeSmall")
	case 2:
		return locale.T("A11ySizeMedium")
	case 3:
		return locale.T("A11ySizeLarge")
	default:
		return locale.T("A11ySizeGiant")
	}
}

// describeMove says the move of a ply: who played what where, gobbling
// what, and what a lifted piece uncovered.
func (st *a11yState) describeMove(gs *gameScene, ply int) []string {
	v := gs.variant
	pre := gs.game.PositionAt(ply)
	m := gs.game.Moves()[ply]
	c := gs.setup.colourOf(pre.SideToMove())
	args := []any{"Player", colourName(c), "Size", sizeWords(pre.MovedSize(m)), "Square", m.To.Name(v)}
	under, covers := pre.Top(m.To)
	if covers {
		args = append(args, "Under", pieceWords(gs.setup.colourOf(under.Player), under.Size))
	}
	var out []string
	switch {
	case m.IsDrop() && covers:
		out = append(out, locale.F("A11yDropGobble", args...))
	case m.IsDrop():
		out = append(out, locale.F("A11yDrop", args...))
	case covers:
		out = append(out, locale.F("A11yShiftGobble", append(args, "From", m.From.Name(v))...))
	default:
		out = append(out, locale.F("A11yShift", append(args, "From", m.From.Name(v))...))
	}
	if !m.IsDrop() && ply+1 <= gs.game.Plies() {
		post := gs.game.PositionAt(ply + 1)
		if top, ok := post.Top(m.From); ok {
			out = append(out, locale.F("A11yUncovered", "Square", m.From.Name(v), "Piece", pieceWords(gs.setup.colourOf(top.Player), top.Size)))
		}
	}
	return out
}

// act plays an action of the page: a square's or a stack's button as a
// click on it, a typed move as a checked one.
func (st *a11yState) act(a *App, gs *gameScene, act a11yAction) {
	if gs == nil {
		st.page.announce(locale.T("A11yNoGame"))
		return
	}
	a.wake()
	if act.kind == a11yCancel {
		if h := gs.hand.hold; h != nil && !h.locked {
			gs.dropHeld()
		}
		return
	}
	switch {
	case gs.over:
		st.page.announce(locale.T("A11yGameOver"))
		return
	case !a11yLive(gs) || gs.sheet || gs.net != nil && gs.net.gone != nil:
		st.page.announce(locale.T("A11yNotNow"))
		return
	case !gs.humanToMove() || gs.waitsForConnection() || gs.lesson.waits():
		st.page.announce(locale.T("A11yNotYourTurn"))
		return
	}
	switch act.kind {
	case a11ySquare:
		if act.sq < 0 || int(act.sq) >= gs.variant.Size()*gs.variant.Size() {
			return
		}
		x, y := gs.lay.SquareCenter(gs.variant, act.sq)
		gs.press(a, x, y, false)
	case a11ySlot:
		if act.colour < 0 || act.colour > 1 || act.slot < 0 || act.slot >= a11ySlots(gs, act.colour) {
			return
		}
		x, y := gs.lay.SlotRect(act.colour, act.slot).Center()
		gs.press(a, x, y, false)
	case a11yText:
		st.typed(a, gs, act.text)
	}
}

// typed plays a move typed in our notation (3@b2, a3-b1): one that does
// not parse is refused with a sentence, an illegal one as a click on the
// square is (refuse), a legal one played as a click plays it (commit).
func (st *a11yState) typed(a *App, gs *gameScene, text string) {
	s := strings.ToLower(strings.TrimSpace(text))
	if s == "" {
		st.page.announce(locale.T("A11yTypeFirst"))
		return
	}
	m, err := rules.ParseMove(gs.variant, s)
	if err != nil {
		if r := []rune(strings.TrimSpace(text)); len(r) > 12 {
			text = string(r[:12]) + "…"
		}
		st.page.announce(locale.F("A11yBadNotation", "Text", strings.TrimSpace(text)))
		return
	}
	if h := gs.hand.hold; h != nil {
		if h.locked && m.From != h.from {
			gs.say(touchMoveWhy(), true)
			return
		}
		gs.hand.hold = nil
		st.held = false // the move says what became of it
	}
	if gs.pos().CheckMove(m) == nil {
		gs.commit(a, m, math.NaN(), math.NaN(), -1)
		return
	}
	gs.refuse(a, m)
}
