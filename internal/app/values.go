package app

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// analyse finds every legal move's proven value; tests replace it.
var analyse = ai.Analyse

// valueBook holds the proven values of one position's legal moves (Gobblet
// Gobblers is solved): for the hint, and for the labels that show every
// move's value while a piece is held (V) or a game is reviewed. The values
// are looked up in a goroutine, so Update never waits for the table.
type valueBook struct {
	key        string // the position the values are for
	vals       []ai.MoveValue
	ready      bool
	failed     bool // the solution cannot be had: hints fall back to the search
	hintWanted bool
	ch         chan valueAnswer
	cancel     context.CancelFunc
}

type valueAnswer struct {
	key  string
	vals []ai.MoveValue
	err  error
}

func valueKey(g *rules.Game) string {
	p := g.Position()
	return fmt.Sprintf("%d %s", g.Plies(), p.String())
}

// want asks for the values of g's position (g is cloned); it reports
// whether they are ready.
func (vb *valueBook) want(g *rules.Game) bool {
	if g.Variant() != rules.Gobblers || g.Over() || vb.failed {
		return false
	}
	key := valueKey(g)
	if key == vb.key {
		return vb.ready
	}
	if vb.cancel != nil {
		vb.cancel()
	}
	if vb.ch == nil {
		vb.ch = make(chan valueAnswer, 4)
	}
	vb.key, vb.ready, vb.vals = key, false, nil
	ctx, cancel := context.WithCancel(context.Background())
	vb.cancel = cancel
	clone := g.Clone()
	out := vb.ch
	go func() {
		vals, err := analyse(ctx, clone)
		out <- valueAnswer{key: key, vals: vals, err: err}
	}()
	return false
}

// poll takes in a finished lookup; stale ones are dropped. It reports
// whether anything came (the screen may show it).
func (vb *valueBook) poll() (came bool) {
	for {
		select {
		case ans := <-vb.ch:
			came = true
			if ans.key != vb.key {
				continue
			}
			if ans.err != nil {
				if errors.Is(ans.err, ai.ErrNoSolution) || !errors.Is(ans.err, context.Canceled) {
					vb.failed = true
				}
				vb.key = ""
				continue
			}
			vb.vals, vb.ready = ans.vals, true
		default:
			return came
		}
	}
}

// of returns a move's value, if known for the position g shows.
func (vb *valueBook) of(g *rules.Game, m rules.Move) (ai.MoveValue, bool) {
	if !vb.ready || vb.key != valueKey(g) {
		return ai.MoveValue{}, false
	}
	for _, v := range vb.vals {
		if v.Move == m {
			return v, true
		}
	}
	return ai.MoveValue{}, false
}

// rank orders values for the side to move: quick wins first, then draws,
// then slow losses.
func rank(v ai.MoveValue) int {
	switch {
	case v.Score.Kind == ai.WinIn:
		return 10000 - v.Score.Value
	case v.Score.Kind == ai.LossIn:
		return -10000 + v.Score.Value
	}
	return 0
}

// best is the move that keeps the best value.
func (vb *valueBook) best() (ai.MoveValue, bool) {
	if !vb.ready || len(vb.vals) == 0 {
		return ai.MoveValue{}, false
	}
	b := vb.vals[0]
	for _, v := range vb.vals[1:] {
		if rank(v) > rank(b) {
			b = v
		}
	}
	return b, true
}

// valueWords says a value for players: "wins in 7", "draw", "loses in 6",
// counting the mover's own moves.
func valueWords(v ai.MoveValue) string {
	if v.Draw || v.Score.Kind == ai.Centipawns {
		return locale.T("PlayValueDraw")
	}
	return scoreWords(v.Score)
}

// valueLabel is the short form drawn on a square: "win 7", "draw", "loss 6".
func valueLabel(v ai.MoveValue) string {
	switch {
	case v.Draw || v.Score.Kind == ai.Centipawns:
		return locale.T("PlayValueDraw")
	case v.Score.Kind == ai.WinIn:
		return locale.P("PlayValueWin", (v.Score.Value+1)/2)
	}
	return locale.P("PlayValueLoss", (v.Score.Value+1)/2)
}

func (gs *gameScene) toggleValues(a *App) {
	a.showValues = !a.showValues
	a.play(sound.MenuClick)
	if a.showValues {
		gs.say(locale.T("PlayValuesOn"), false)
	} else {
		gs.say(locale.T("PlayValuesOff"), false)
	}
}

// pollHint gives the hint once the values it waits for are in.
func (gs *gameScene) pollHint(a *App) {
	vb := &gs.values
	if !vb.hintWanted {
		return
	}
	if vb.failed {
		vb.hintWanted = false
		gs.askHint(a) // the search, then
		return
	}
	if !vb.want(gs.game) {
		return
	}
	vb.hintWanted = false
	b, ok := vb.best()
	if !ok || !gs.humanToMove() || gs.over {
		return
	}
	gs.hintMove = b.Move
	a.play(sound.Hint)
	gs.say(locale.F("PlayHintBestPlay", "Move", gs.describe(b.Move), "Value", valueWords(b)), false)
}

// valueGame is the game at the shown position: the live one, or the
// reviewed ply with the history before it (repetitions count).
func (gs *gameScene) valueGame() *rules.Game {
	if gs.review < 0 || gs.review == gs.game.Plies() {
		return gs.game
	}
	g := gs.game.Clone()
	for g.Plies() > gs.review {
		g.Undo()
	}
	return g
}

// drawValues labels the held piece's destinations with their values.
func (gs *gameScene) drawValues(a *App, dst *ebiten.Image) {
	gs.showingValues = false
	h := gs.hand.hold
	if h == nil || !a.showValues || gs.variant != rules.Gobblers {
		return
	}
	if !gs.values.want(gs.game) {
		return
	}
	gs.showingValues = true
	u := a.U()
	th := a.Theme
	cell := gs.lay.Cell()
	fc := a.Face(ui.Bold, ui.SizeSmall)
	for t := h.targets; t != 0; t &= t - 1 {
		sq := rules.Square(bits.TrailingZeros16(t))
		v, ok := gs.values.of(gs.game, gs.heldMove(sq))
		if !ok {
			continue
		}
		label := valueLabel(v)
		col := th.TextDim
		switch v.Score.Kind {
		case ai.WinIn:
			col = th.Good
		case ai.LossIn:
			col = th.Warn
		}
		if v.Draw {
			col = th.TextDim
		}
		r := gs.lay.SquareRect(gs.variant, sq)
		w := ui.TextWidth(label, fc) + 18*u
		pill := ui.R(r.X+r.W/2-w/2, r.Y+r.H-cell*0.06-28*u, w, 26*u)
		ui.RoundRectSprite(dst, pill, 13*u, palette.WithAlpha(th.Background, 0.88), col, math.Max(1, 1.5*u), 0)
		ui.DrawText(dst, label, fc, pill.X+w/2, pill.Y+pill.H/2, ui.Center, palette.Mix(col, th.Text, 0.25))
	}
}

// reviewValue says, in review, what the next move played was worth.
func (gs *gameScene) reviewValue(a *App) string {
	if gs.variant != rules.Gobblers || gs.review < 0 || gs.review >= gs.game.Plies() {
		return ""
	}
	g := gs.valueGame()
	if !gs.values.want(g) {
		if gs.values.failed {
			return ""
		}
		return "  ·  " + locale.T("PlayWorkingOutValues")
	}
	m := gs.game.Moves()[gs.review]
	v, ok := gs.values.of(g, m)
	b, okb := gs.values.best()
	if !ok || !okb {
		return ""
	}
	p := g.Position()
	c := gs.setup.colourOf(p.SideToMove())
	who, you := gs.who(c), gs.isYou(c)
	next := locale.F("PlayValueNext", "Who", who, "Move", moveShort(gs.variant, &p, m), "Value", valueFor(who, you, v))
	if you {
		next = locale.F("PlayValueNextYou", "Move", moveShort(gs.variant, &p, m), "Value", valueFor(who, you, v))
	}
	s := "  ·  " + next
	if rank(v) < rank(b) {
		best := valueWords(b)
		if b.Draw || b.Score.Kind == ai.Centipawns {
			best = locale.T("PlayValueADraw")
		}
		s += " " + locale.F("PlayValueBest", "Move", moveShort(gs.variant, &p, b.Move), "Value", best)
	}
	return s
}

// valueFor says a move's value for the player who makes it: "you lose in
// 4", "Blue wins in 2", "a draw with best play" (moves of that player's).
func valueFor(who string, you bool, v ai.MoveValue) string {
	if v.Draw || v.Score.Kind == ai.Centipawns {
		return locale.T("PlayValueDrawBestPlay")
	}
	n := (v.Score.Value + 1) / 2
	switch {
	case v.Score.Kind == ai.WinIn && you:
		return locale.P("PlayValueYouWinIn", n)
	case v.Score.Kind == ai.WinIn:
		return locale.P("PlayValueWinsIn", n, "Who", who)
	case you:
		return locale.P("PlayValueYouLoseIn", n)
	}
	return locale.P("PlayValueLosesIn", n, "Who", who)
}

// moveShort names a move in a few words: "large to a1", "b2 to a1".
func moveShort(v rules.Variant, p *rules.Position, m rules.Move) string {
	if m.IsDrop() {
		return locale.F("PlayShortDrop", "Size", sizeNames(v)[p.MovedSize(m)-1], "To", m.To.Name(v))
	}
	return locale.F("PlayShortMove", "From", m.From.Name(v), "To", m.To.Name(v))
}
