package app

import (
	"image/color"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// boardPicture draws a position without any interaction: the menu's
// backdrop and the rules' illustrations. Orange plays x.
type boardPicture struct {
	Pos   rules.Position
	Marks uint16          // squares ringed in the accent colour
	Good  uint16          // squares ringed in the "good" colour (line of three)
	Arrow [2]rules.Square // an arrow from, to (NoSquare: none)
	Line  uint16          // a winning line to draw
	layer ui.Layer        // the backdrop's cached image
}

func mustPos(s string) rules.Position {
	p, err := rules.ParsePosition(s)
	if err != nil {
		panic(err) // the strings are constants of this package
	}
	return p
}

// draw paints the picture's position in r as the game board looks: the
// squares, the pieces (covered ones as rings, dimmed off the winning line),
// then the marks the picture asks for: legal squares, line-of-three squares
// with their "3", the winning line and an arrow.
func (bp *boardPicture) draw(a *App, dst *ebiten.Image, r ui.Rect) {
	th := a.Theme
	v := bp.Pos.Variant()
	n := v.Size()
	b := math.Min(r.W, r.H)
	f := ui.R(r.X+(r.W-b)/2, r.Y+(r.H-b)/2, b, b)
	rad := b * 0.05
	ui.RoundRectSpriteA(dst, f, rad, th.Board, color.RGBA{}, 0, b*0.03, th.Shadow)
	in := f.Inset(b * 0.035)
	cell := in.W / float64(n)
	sqRect := func(sq rules.Square) ui.Rect {
		return ui.R(in.X+float64(sq.File(v))*cell, in.Y+float64(n-1-sq.Rank(v))*cell, cell, cell)
	}
	// as the game board: the squares lie on BoardInner, which shows
	// between them as their edges
	ui.FillRoundRect(dst, in.Inset(-b*0.012), rad*0.6, th.BoardInner)
	for sq := rules.Square(0); int(sq) < v.Squares(); sq++ {
		c := th.SquareA
		if (sq.File(v)+sq.Rank(v))%2 == 1 {
			c = th.SquareB
		}
		ui.TintRoundRect(dst, sqRect(sq).Inset(cell*0.03), cell*0.08, c)
	}
	for sq := rules.Square(0); int(sq) < v.Squares(); sq++ {
		st := bp.Pos.Stack(sq)
		cx, cy := sqRect(sq).Center()
		if len(st) > 0 {
			top := st[len(st)-1]
			var look pieceLook
			for _, p := range st[:len(st)-1] {
				look.Covered = append(look.Covered, int(p.Player))
			}
			look.Dim = bp.Line != 0 && bp.Line&(1<<sq) == 0
			drawPiece(dst, th, cx, cy, pieceRadius(v, top.Size)*cell, int(top.Player), look)
		}
	}
	// legal squares, drawn as the game marks them while a piece is held
	// (boarddraw.go): dots on empty squares, rings around pieces, and a ring
	// with a "3" badge on the line-of-three squares
	for m := bp.Marks; m != 0; m &= m - 1 {
		sq := rules.Square(bits.TrailingZeros16(m))
		cx, cy := sqRect(sq).Center()
		if top, ok := bp.Pos.Top(sq); ok {
			rr := pieceRadius(v, top.Size)*cell + cell*0.05
			ui.StrokeCircle(dst, cx, cy, rr, math.Max(2, cell*0.035), palette.WithAlpha(th.Accent, 0.85))
		} else {
			ui.FillCircle(dst, cx, cy, cell*0.085, palette.WithAlpha(th.Accent, 0.6))
		}
	}
	for m := bp.Good; m != 0; m &= m - 1 {
		sq := rules.Square(bits.TrailingZeros16(m))
		cx, cy := sqRect(sq).Center()
		rr := cell * 0.5
		if top, ok := bp.Pos.Top(sq); ok {
			rr = pieceRadius(v, top.Size)*cell + cell*0.05
		}
		ui.StrokeCircle(dst, cx, cy, rr, math.Max(2, cell*0.04), palette.WithAlpha(th.Good, 0.9))
		bx, by := cx+cell*0.33, cy-cell*0.33
		// the badge's "3" is text: never under the smallest size
		fs := math.Max(cell*0.13/a.U(), ui.SizeSmall-2)
		ui.FillCircle(dst, bx, by, math.Max(cell*0.1, fs*0.75*a.U()), th.Good)
		ui.DrawText(dst, "3", a.Face(ui.Bold, fs), bx, by, ui.Center, palette.Black)
	}
	if bp.Line != 0 {
		first := bits.TrailingZeros16(bp.Line)
		last := 15 - bits.LeadingZeros16(bp.Line)
		x0, y0 := sqRect(rules.Square(first)).Center()
		x1, y1 := sqRect(rules.Square(last)).Center()
		ui.Line(dst, x0, y0, x1, y1, cell*0.12, palette.WithAlpha(th.Good, 0.25))
		ui.Line(dst, x0, y0, x1, y1, cell*0.05, palette.WithAlpha(th.Good, 0.9))
	}
	if bp.Arrow[0] != bp.Arrow[1] && bp.Arrow[1] != rules.NoSquare {
		x1, y1 := sqRect(bp.Arrow[1]).Center()
		var x0, y0 float64
		if bp.Arrow[0] == rules.NoSquare {
			x0, y0 = f.X-cell*0.5, y1
		} else {
			x0, y0 = sqRect(bp.Arrow[0]).Center()
		}
		ui.DrawArrow(dst, x0, y0, x1, y1, cell*0.06, palette.WithAlpha(th.Good, 0.9))
	}
}
