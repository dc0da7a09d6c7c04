// The board's drawing: the squares, the pieces on them, the hint arrow,
// glides and a stack opened up (peek).

package app

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// shownPosition is the live position, or the reviewed one.
func (gs *gameScene) shownPosition() rules.Position {
	if gs.review >= 0 {
		return gs.game.PositionAt(gs.review)
	}
	return gs.pos()
}

// drawBoard draws what stands on the board, in layers from the bottom: the
// last move, the marks (flash, hover, cursor), the pieces, the held piece's
// destinations, the winning line, the hint arrow, glides and the held piece.
func (gs *gameScene) drawBoard(a *App, dst *ebiten.Image, p *rules.Position, live bool) {
	winLine := gs.shownWinLine(p)
	gs.drawLastMove(a, dst, live, winLine)
	gs.drawSquareMarks(a, dst, live)
	gs.drawPieces(a, dst, p, live, winLine)
	if live && gs.hand.hold != nil && a.Settings.ShowLegalMoves {
		gs.drawTargets(a, dst, p)
	}
	if winLine != 0 {
		gs.drawWinningLine(a, dst, winLine)
	}
	if live && !gs.hintMove.IsNone() {
		gs.drawHintArrow(a, dst)
	}
	gs.drawGlides(a, dst)
	if live && gs.hand.hold != nil && !gs.slidingBack(gs.hand.hold) {
		gs.drawHeld(a, dst)
	}
}

// drawLastMove tints the last move's squares (none once a line is won).
func (gs *gameScene) drawLastMove(a *App, dst *ebiten.Image, live bool, winLine uint16) {
	th := a.Theme
	u := a.U()
	l := &gs.lay
	cell := l.Cell()
	ply := gs.game.Plies()
	if !live {
		ply = gs.review
	}
	if ply > 0 && winLine == 0 && ply <= gs.game.Plies() {
		m := gs.game.Moves()[ply-1]
		tr := l.SquareRect(gs.variant, m.To).Inset(3 * u)
		ui.TintRoundRect(dst, tr, 8*u, palette.WithAlpha(th.Mark, 0.16))
		if !m.IsDrop() {
			fr := l.SquareRect(gs.variant, m.From).Inset(3 * u)
			ui.TintRoundRectEdge(dst, fr.Inset(2*u), 7*u, 2*u, palette.WithAlpha(th.Mark, 0.35))
			x0, y0 := fr.Center()
			x1, y1 := tr.Center()
			ui.Line(dst, x0, y0, x1, y1, cell*0.06, palette.WithAlpha(th.Mark, 0.22))
		}
	}
}

// drawSquareMarks draws the illegal-move flash, the hover and the keyboard's cursor.
func (gs *gameScene) drawSquareMarks(a *App, dst *ebiten.Image, live bool) {
	th := a.Theme
	u := a.U()
	l := &gs.lay
	if gs.hand.flashT > 0 && gs.hand.flash != rules.NoSquare {
		al := 0.45 * float64(gs.hand.flashT) / 30
		ui.TintRoundRect(dst, l.SquareRect(gs.variant, gs.hand.flash).Inset(3*u), 8*u, palette.WithAlpha(th.Warn, al))
	}
	// hover
	if live && gs.hand.hover != rules.NoSquare && gs.humanToMove() && !gs.over && !gs.pause.open && gs.pickable(gs.hand.hover) {
		ui.TintRoundRectEdge(dst, l.SquareRect(gs.variant, gs.hand.hover).Inset(5*u), 7*u, 2*u, palette.WithAlpha(th.Text, 0.35))
	}
	if live && gs.hand.cursorOn && gs.humanToMove() && !gs.over {
		ui.TintRoundRectEdge(dst, l.SquareRect(gs.variant, gs.hand.cursor).Inset(2*u), 9*u, 3*u, th.Mark)
	}
}

// drawPieces draws each square's stack; a piece lifted, sliding back or
// gliding in is left out, drawn later where it is.
func (gs *gameScene) drawPieces(a *App, dst *ebiten.Image, p *rules.Position, live bool, winLine uint16) {
	th := a.Theme
	l := &gs.lay
	cell := l.Cell()
	h := gs.hand.hold
	// pieces
	for sq := rules.Square(0); int(sq) < gs.variant.Squares(); sq++ {
		st := p.Stack(sq)
		if live {
			back := false // the top is sliding back here
			for _, g := range gs.glides {
				back = back || (g.to == rules.NoSquare && g.back == sq)
			}
			if (h != nil && h.from == sq) || back { // drawn lifted or in flight
				st = st[:len(st)-1]
			}
			if gs.gliding(sq) && len(st) > 0 {
				st = st[:len(st)-1]
			}
		}
		if len(st) == 0 {
			continue
		}
		top := st[len(st)-1]
		cx, cy := l.SquareCenter(gs.variant, sq)
		look := pieceLook{Dim: winLine != 0 && winLine&(1<<sq) == 0}
		if a.Settings.ShowCovered {
			for _, pc := range st[:len(st)-1] {
				look.Covered = append(look.Covered, gs.setup.colourOf(pc.Player))
			}
		}
		drawPiece(dst, th, cx, cy, pieceRadius(gs.variant, top.Size)*cell, gs.setup.colourOf(top.Player), look)
	}
}

// drawTargets marks the held piece's legal destinations; a covered piece
// that would complete a line of three gets a badge.
func (gs *gameScene) drawTargets(a *App, dst *ebiten.Image, p *rules.Position) {
	th := a.Theme
	u := a.U()
	l := &gs.lay
	cell := l.Cell()
	h := gs.hand.hold
	three := uint16(0)
	if h.from == rules.NoSquare {
		three = p.LineOfThreeSquares()
	}
	for t := h.targets; t != 0; t &= t - 1 {
		sq := rules.Square(bits.TrailingZeros16(t))
		cx, cy := l.SquareCenter(gs.variant, sq)
		top, ok := p.Top(sq)
		switch {
		case !ok:
			ui.FillCircle(dst, cx, cy, cell*0.075, palette.WithAlpha(th.Mark, 0.5))
		case three&(1<<sq) != 0:
			rr := pieceRadius(gs.variant, top.Size)*cell + cell*0.05
			ui.StrokeCircle(dst, cx, cy, rr, math.Max(2, cell*0.035), palette.WithAlpha(th.Good, 0.9))
			bx, by := cx+cell*0.33, cy-cell*0.33
			// the badge's "3" is text: never under the smallest size
			fs := math.Max(cell*0.13/u, ui.SizeSmall-2)
			ui.FillCircle(dst, bx, by, math.Max(cell*0.1, fs*0.75*u), th.Good)
			ui.DrawText(dst, "3", a.Face(ui.Bold, fs), bx, by, ui.Center, palette.Black)
		default:
			rr := pieceRadius(gs.variant, top.Size)*cell + cell*0.05
			ui.StrokeCircle(dst, cx, cy, rr, math.Max(2, cell*0.03), palette.WithAlpha(th.Mark, 0.85))
		}
	}
}

// drawWinningLine draws the winning line, growing as the game ends.
func (gs *gameScene) drawWinningLine(a *App, dst *ebiten.Image, winLine uint16) {
	th := a.Theme
	l := &gs.lay
	cell := l.Cell()
	first := bits.TrailingZeros16(winLine)
	last := 15 - bits.LeadingZeros16(winLine)
	x0, y0 := l.SquareCenter(gs.variant, rules.Square(first))
	x1, y1 := l.SquareCenter(gs.variant, rules.Square(last))
	grow := ui.EaseOut(float64(gs.ending.ticks) / 30)
	x1, y1 = x0+(x1-x0)*grow, y0+(y1-y0)*grow
	for i := 4; i >= 1; i-- {
		ui.Line(dst, x0, y0, x1, y1, cell*0.05*float64(i), palette.WithAlpha(th.Good, 0.12))
	}
	ui.Line(dst, x0, y0, x1, y1, cell*0.045, palette.WithAlpha(th.Good, 0.9))
}

// drawHintArrow draws the hint, pulsing, from the piece to play to its square.
func (gs *gameScene) drawHintArrow(a *App, dst *ebiten.Image) {
	th := a.Theme
	l := &gs.lay
	cell := l.Cell()
	var x0, y0 float64
	if gs.hintMove.IsDrop() {
		c := gs.toMove()
		slot := gs.slotFor(c, int(gs.hintMove.Size))
		x0, y0 = gs.lay.SlotRect(c, max(slot, 0)).Center()
	} else {
		x0, y0 = l.SquareCenter(gs.variant, gs.hintMove.From)
	}
	x1, y1 := l.SquareCenter(gs.variant, gs.hintMove.To)
	pulse := a.pulse(0.7, 8)
	ui.DrawArrow(dst, x0, y0, x1, y1, cell*0.075, palette.WithAlpha(th.Good, 0.95*pulse))
}

// drawGlides draws the pieces in flight.
func (gs *gameScene) drawGlides(a *App, dst *ebiten.Image) {
	th := a.Theme
	l := &gs.lay
	cell := l.Cell()
	for _, g := range gs.glides {
		t := ui.EaseOut(float64(g.t) / float64(g.n))
		x1, y1 := g.x1, g.y1
		if g.to != rules.NoSquare {
			x1, y1 = l.SquareCenter(gs.variant, g.to)
		}
		x := g.x0 + (x1-g.x0)*t
		y := g.y0 + (y1-g.y0)*t
		drawPiece(dst, th, x, y, pieceRadius(gs.variant, g.size)*cell, g.colour, pieceLook{Lifted: t < 0.85})
	}
}

// drawHeld draws the held piece lifted: under the pointer while dragged,
// else at its place with a pulsing ring (touch-move keeps it held after a
// refused move has slid it back).
func (gs *gameScene) drawHeld(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	l := &gs.lay
	cell := l.Cell()
	h := gs.hand.hold
	var x, y float64
	if h.dragging {
		x, y = a.In.X, a.In.Y
	} else if h.from == rules.NoSquare {
		x, y = gs.lay.SlotRect(h.colour, h.slot).Center()
	} else {
		x, y = l.SquareCenter(gs.variant, h.from)
	}
	rad := pieceRadius(gs.variant, h.size) * cell * 1.08
	if !h.dragging && h.from == rules.NoSquare {
		rad = pieceRadius(gs.variant, h.size) * math.Min(gs.lay.SlotRect(0, 0).W, cell) * 1.08
	}
	if !h.dragging {
		pulse := a.pulse(0.2, 7)
		ui.StrokeCircle(dst, x, y, rad+6*u, 3*u, palette.WithAlpha(th.Accent, pulse))
	}
	drawPiece(dst, th, x, y-4*u, rad, h.colour, pieceLook{Lifted: true})
}

// slidingBack reports whether the held piece is still on its way back to
// where it was picked up from.
func (gs *gameScene) slidingBack(h *held) bool {
	for _, g := range gs.glides {
		if g.to != rules.NoSquare {
			continue
		}
		if h.from != rules.NoSquare && g.back == h.from {
			return true
		}
		if h.from == rules.NoSquare && g.back == rules.NoSquare && g.slot == h.slot && g.colour == h.colour {
			return true
		}
	}
	return false
}

func (gs *gameScene) drawPeek(a *App, dst *ebiten.Image, p *rules.Position) {
	if gs.hand.peek == rules.NoSquare || len(gs.glides) > 0 {
		return
	}
	st := p.Stack(gs.hand.peek)
	if len(st) < 2 {
		return
	}
	th := a.Theme
	u := a.U()
	sr := gs.lay.SquareRect(gs.variant, gs.hand.peek)
	pc := 72 * u
	w := pc*float64(len(st)) + 24*u
	hgt := pc + 40*u
	x := sr.X + sr.W + 8*u
	if x+w > gs.lay.Frame.X+gs.lay.Frame.W+gs.lay.Reserve[1].W {
		x = sr.X - w - 8*u
	}
	r := ui.R(x, sr.Y+sr.H/2-hgt/2, w, hgt)
	ui.Panel(a, dst, r)
	ui.DrawText(dst, locale.T("PlayTopToBottom"), a.Face(ui.Regular, ui.SizeSmall-2), r.X+r.W/2, r.Y+14*u, ui.Center, th.TextDim)
	for i := range st {
		pcc := st[len(st)-1-i]
		cx := r.X + 12*u + pc*(float64(i)+0.5)
		cy := r.Y + 26*u + pc/2
		drawPiece(dst, th, cx, cy, pieceRadius(gs.variant, pcc.Size)*pc, gs.setup.colourOf(pcc.Player), pieceLook{})
	}
}

// boardLayer returns the background and the board for the window.
func boardLayer(a *App, v rules.Variant) *ebiten.Image {
	key := fmt.Sprintf("%v %v %v %s", a.W, a.H, a.U(), a.Theme.Name)
	return boardLayers[v&1].Get(key, int(a.W), int(a.H), func(img *ebiten.Image) {
		l := layoutBoard(a.W, a.H, a.U(), v, 0)
		paintBoard(a, img, &l, v)
	})
}

// paintBoard draws what does not change while playing: the background,
// the frame, the squares, the coordinates.
func paintBoard(a *App, dst *ebiten.Image, l *boardLayout, v rules.Variant) {
	th := a.Theme
	u := a.U()
	f := l.Frame
	ui.DrawBackground(dst, th, float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())) // a layer of its own
	ui.SoftShadow(dst, f, 18*u, 18*u, 10*u, math.Min(0.5, th.Shadow*1.4))
	ui.FillRoundRect(dst, f, 18*u, th.Board)
	inner := l.Board.Inset(-4 * u)
	ui.FillRoundRect(dst, inner, 10*u, th.BoardInner)
	cell := l.Cell()
	for sq := rules.Square(0); int(sq) < v.Squares(); sq++ {
		r := l.SquareRect(v, sq).Inset(3 * u)
		c := th.SquareA
		if (sq.File(v)+sq.Rank(v))%2 == 1 {
			c = th.SquareB
		}
		ui.FillRoundRect(dst, r, 8*u, c)
		cx, cy := r.Center()
		ui.StrokeCircle(dst, cx, cy, cell*0.47, math.Max(1, 1.2*u), palette.WithAlpha(palette.Shade(c, 0.8), 0.6))
	}
	fc := a.Face(ui.Medium, ui.SizeSmall-2)
	for i := 0; i < l.N; i++ {
		x := l.Board.X + (float64(i)+0.5)*cell
		ui.DrawText(dst, string(rune('a'+i)), fc, x, (f.Y+f.H+l.Board.Y+l.Board.H)/2+1, ui.Center, palette.WithAlpha(th.TextDim, 0.9))
		y := l.Board.Y + (float64(l.N-1-i)+0.5)*cell
		ui.DrawText(dst, string(rune('1'+i)), fc, (f.X+l.Board.X)/2-1, y, ui.Center, palette.WithAlpha(th.TextDim, 0.9))
	}
}

// boardLayers keep each variant's board, painted once per window size and
// theme and shared by every game.
var boardLayers [2]ui.Layer
