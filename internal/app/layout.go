package app

import (
	"math"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Rect is an axis-aligned rectangle in screen pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether the point lies inside the rectangle.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Center returns the rectangle's centre.
func (r Rect) Center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Inset shrinks the rectangle by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// unit is the layout's scale: 1 at the reference window of 1280×800 pixels.
func unit(w, h float64) float64 {
	u := math.Min(w/1280, h/800)
	return math.Max(u, 0.35)
}

// boardLayout is the geometry of the game screen for one window size: the
// board, both reserves (orange on the left, blue on the right), the side
// panel and the bars. It is plain arithmetic so tests can check it at any
// window size.
type boardLayout struct {
	W, H    float64
	U       float64 // scale unit
	N       int     // board side in squares
	Top     Rect    // top bar
	Status  Rect    // status line
	Board   Rect    // the board's playing area (squares only)
	Frame   Rect    // the board with its border
	Reserve [2]Rect // by colour: 0 orange (left), 1 blue (right)
	Panel   Rect    // move list, AI status
	Slots   int     // reserve slots per colour
}

// newBoardLayout computes the layout for a window of w×h pixels.
func newBoardLayout(w, h float64, v rules.Variant) boardLayout {
	u := unit(w, h)
	l := boardLayout{W: w, H: h, U: u, N: v.Size(), Slots: 3}
	m := 16 * u
	l.Top = Rect{0, 0, w, 64 * u}
	l.Status = Rect{0, h - 48*u, w, 48 * u}
	availH := l.Status.Y - l.Top.Y - l.Top.H - 2*m
	panelW := 270 * u
	const reserveFrac = 0.27 // a reserve column's width as a fraction of the board
	b := math.Min(availH, (w-panelW-5*m)/(1+2*reserveFrac))
	b = math.Max(b, 40)
	r := b * reserveFrac
	total := b + 2*r + panelW + 4*m
	x := math.Max(m, (w-total)/2)
	y := l.Top.H + m + (availH-b)/2
	l.Reserve[0] = Rect{x, y, r, b}
	x += r + m
	l.Frame = Rect{x, y, b, b}
	border := b * 0.035
	l.Board = l.Frame.Inset(border)
	x += b + m
	l.Reserve[1] = Rect{x, y, r, b}
	x += r + m
	l.Panel = Rect{x, l.Top.H + m, math.Max(panelW, w-x-m), availH}
	return l
}

// Cell is the width of one square.
func (l *boardLayout) Cell() float64 { return l.Board.W / float64(l.N) }

// SquareRect returns the screen rectangle of a square (a1 at the bottom left).
func (l *boardLayout) SquareRect(v rules.Variant, sq rules.Square) Rect {
	c := l.Cell()
	f, r := sq.File(v), sq.Rank(v)
	return Rect{l.Board.X + float64(f)*c, l.Board.Y + float64(l.N-1-r)*c, c, c}
}

// SquareCenter returns a square's centre on screen.
func (l *boardLayout) SquareCenter(v rules.Variant, sq rules.Square) (float64, float64) {
	return l.SquareRect(v, sq).Center()
}

// SquareAt returns the square under a screen point, or NoSquare.
func (l *boardLayout) SquareAt(v rules.Variant, x, y float64) rules.Square {
	if !l.Board.Contains(x, y) {
		return rules.NoSquare
	}
	c := l.Cell()
	f := int((x - l.Board.X) / c)
	r := l.N - 1 - int((y-l.Board.Y)/c)
	if f < 0 || f >= l.N || r < 0 || r >= l.N {
		return rules.NoSquare
	}
	return rules.SquareAt(v, f, r)
}

// SlotRect returns the rectangle of reserve slot i (0 at the top) of a colour.
func (l *boardLayout) SlotRect(colour, i int) Rect {
	col := l.Reserve[colour]
	s := math.Min(col.W, col.H/float64(l.Slots))
	y0 := col.Y + (col.H-s*float64(l.Slots))/2
	return Rect{col.X + (col.W-s)/2, y0 + float64(i)*s, s, s}
}

// SlotAt returns the reserve slot under a point as (colour, slot), or ok false.
func (l *boardLayout) SlotAt(x, y float64) (colour, slot int, ok bool) {
	for c := 0; c < 2; c++ {
		for i := 0; i < l.Slots; i++ {
			if l.SlotRect(c, i).Contains(x, y) {
				return c, i, true
			}
		}
	}
	return 0, 0, false
}

// pieceRadius returns a piece's radius as a fraction of a square's width:
// sizes must tell apart at a glance.
func pieceRadius(v rules.Variant, size int) float64 {
	if v.Sizes() == 4 {
		return [...]float64{0.22, 0.30, 0.38, 0.46}[size-1]
	}
	return [...]float64{0.26, 0.36, 0.46}[size-1]
}

// column lays out n items of height h with a gap, centred in a rectangle.
func column(r Rect, n int, w, h, gap float64) []Rect {
	total := float64(n)*h + float64(n-1)*gap
	y := r.Y + (r.H-total)/2
	out := make([]Rect, n)
	for i := range out {
		out[i] = Rect{r.X + (r.W-w)/2, y + float64(i)*(h+gap), w, h}
	}
	return out
}
