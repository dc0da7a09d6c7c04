package app

import (
	"math"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The reference window, in CSS pixels: the desktop's default, the size
// the layout is drawn for at unit 1.
const refW, refH = 1280, 800

// sizeLeast is the smallest text the screens draw, in units: a choice's
// labels step down to sizeSmall-2 when they do not fit, and a button's
// label follows its height (0.42 of a 31-unit button).
const sizeLeast = ui.SizeSmall - 2

// minScaled is the smallest scale, in CSS pixels per unit, at which the
// smallest text is still 12 CSS pixels: 12/13, about 0.92.
const minScaled = 12.0 / sizeLeast

// unit is the layout's scale in device pixels: the reference window's
// layout scaled to the window, min(w/1280, h/800), at 1280×800 CSS pixels
// and up. A compact window keeps the reference's sizes in CSS pixels (1 CSS
// pixel per unit, more if the window is bigger) and changes its
// arrangement instead (screenForm, and each menu's own compact layout), so
// its buttons stay a finger wide and its text readable.
func unit(w, h, css float64, touch bool) float64 {
	u := math.Min(w/refW, h/refH)
	if compact(w, h, css, touch) {
		u = math.Max(u, css)
	}
	return math.Max(u, 0.35)
}

// compact reports whether a window of w×h device pixels (css of them to a
// CSS pixel) takes the CSS-pixel layout. The rule, in CSS pixels:
//   - text never under 12: any window whose scaled unit would draw the
//     smallest text (sizeLeast) under 12 CSS pixels, that is under 12/13
//     of the reference on either side (narrower than 1182 or lower than
//     739), is compact, whatever the pointer;
//   - touch targets at least 44: where the player uses a finger (touch is
//     a device whose pointer is coarse, or the last input was a touch),
//     every window under the reference (narrower than 1280 or lower than
//     800) is compact, since the desktop's 44-unit rows would shrink under
//     44 CSS pixels;
//   - with a mouse, a window between the two keeps the desktop layout
//     scaled down: its rows stay at least 40 CSS pixels, which a mouse
//     hits easily, and its text at least 12.
//
// At 1280×800 CSS pixels and up nothing is compact: the desktop's layout.
func compact(w, h, css float64, touch bool) bool {
	cw, ch := w/css, h/css
	if touch {
		return cw < refW || ch < refH
	}
	return math.Min(cw/refW, ch/refH) < minScaled
}

// screenForm is how the game screen is arranged, chosen by the window's shape.
type screenForm int

const (
	// wide: the reserves beside the board, the move list at the right
	wide screenForm = iota
	// narrow: a landscape window too small for the move list beside the
	// board; the list opens from the top bar's Moves button
	narrow
	// tall: a portrait window; the board full width, a reserve above it
	// and one below, the move list behind the Moves button
	tall
)

// boardLayout is the geometry of the game screen for one window size: the
// board, both reserves, the side panel and the bars. It is plain
// arithmetic so tests can check it at any window size.
type boardLayout struct {
	W, H    float64
	U       float64 // scale unit
	N       int     // board side in squares
	Form    screenForm
	Top     ui.Rect    // top bar
	Status  ui.Rect    // status line
	Board   ui.Rect    // the board's playing area (squares only)
	Frame   ui.Rect    // the board with its border
	Reserve [2]ui.Rect // by colour: 0 orange, 1 blue (wide: left and right)
	Panel   ui.Rect    // move list, AI status (empty unless wide)
	Sheet   ui.Rect    // where the move list opens over the board (narrow, tall)
	Slots   int        // reserve slots per colour
}

// newBoardLayout computes the layout for a window of w×h pixels at one
// device pixel per CSS pixel, with a mouse, orange's reserve nearest the
// player.
func newBoardLayout(w, h float64, v rules.Variant) boardLayout {
	return layoutBoard(w, h, unit(w, h, 1, false), v, 0)
}

// statusH is the status line's height at 1×: room for buttons of 44.
const statusH = 56

// layoutBoard computes the layout for a window of w×h device pixels at
// scale unit u (unit's). In a portrait window colour near's reserve is
// below the board, nearest the player.
func layoutBoard(w, h, u float64, v rules.Variant, near int) boardLayout {
	l := boardLayout{W: w, H: h, U: u, N: v.Size(), Slots: 3}
	m := 16 * u
	l.Top = ui.R(0, 0, w, 64*u)
	l.Status = ui.R(0, h-statusH*u, w, statusH*u)
	if h > w*1.1 {
		l.layoutTall(near)
		return l
	}
	availH := l.Status.Y - l.Top.Y - l.Top.H - 2*m
	panelW := 270 * u
	const reserveFrac = 0.27 // a reserve column's width as a fraction of the board
	b := math.Min(availH, (w-panelW-5*m)/(1+2*reserveFrac))
	// the move list needs a few rows under the status card, and the board
	// most of the window's height: else the list opens from the top bar.
	// A compact window bigger than a phone's (a tablet, a small desktop
	// window: the unit raised above the scaled one) also wants its board
	// at least 60% of the window's height, as the scaled desktop's is.
	raised := u > math.Min(w/refW, h/refH)
	if availH < 390*u || b < 0.6*availH || raised && b < 0.6*h {
		l.Form = narrow
		panelW = 0
		b = math.Min(availH, (w-4*m)/(1+2*reserveFrac))
	}
	b = math.Max(b, 40)
	r := b * reserveFrac
	if l.Form == narrow {
		// a window wider than the board needs (the board fits the
		// height): the columns take some of the spare width, up to
		// roomyFrac of the board, for their pieces and for a player's
		// longer name above them ("Pomarańczowe")
		const roomyFrac = 0.4
		r = math.Max(r, math.Min(b*roomyFrac, (w-b-4*m)/2))
	}
	total := b + 2*r + 2*m
	if l.Form == wide {
		total += panelW + 2*m
	}
	x := math.Max(m, (w-total)/2)
	y := l.Top.H + m + (availH-b)/2
	l.Reserve[0] = ui.R(x, y, r, b)
	x += r + m
	l.Frame = ui.R(x, y, b, b)
	border := b * 0.035
	l.Board = l.Frame.Inset(border)
	x += b + m
	l.Reserve[1] = ui.R(x, y, r, b)
	x += r + m
	if l.Form == wide {
		l.Panel = ui.R(x, l.Top.H+m, math.Max(panelW, w-x-m), availH)
	} else {
		l.Sheet = l.sheetRect(m)
	}
	return l
}

// layoutTall arranges a portrait window: the board as wide as the window
// allows, a reserve row above it and one below.
func (l *boardLayout) layoutTall(near int) {
	u := l.U
	l.Form = tall
	m := 10 * u
	const rowFrac = 0.27 // a reserve row's height as a fraction of the board
	availH := l.Status.Y - l.Top.H - 2*m
	b := math.Min(l.W-2*m, (availH-2*m)/(1+2*rowFrac))
	b = math.Max(b, 40)
	r := math.Min(b*rowFrac, 120*u)
	total := b + 2*r + 2*m
	x := (l.W - b) / 2
	y := l.Top.H + m + (availH-total)/2
	l.Reserve[1-near] = ui.R(x, y, b, r)
	y += r + m
	l.Frame = ui.R(x, y, b, b)
	l.Board = l.Frame.Inset(b * 0.035)
	y += b + m
	l.Reserve[near] = ui.R(x, y, b, r)
	l.Sheet = l.sheetRect(m)
}

// sheetRect is where the move list opens over the board: between the
// bars, no wider than a panel needs.
func (l *boardLayout) sheetRect(m float64) ui.Rect {
	w := math.Min(l.W-2*m, 460*l.U)
	y := l.Top.H + m
	return ui.R((l.W-w)/2, y, w, l.Status.Y-m-y)
}

// rowReserve reports whether the reserves are rows (above and below the
// board) rather than columns (beside it).
func (l *boardLayout) rowReserve() bool { return l.Form == tall }

// Cell is the width of one square.
func (l *boardLayout) Cell() float64 { return l.Board.W / float64(l.N) }

// SquareRect returns the screen rectangle of a square (a1 at the bottom left).
func (l *boardLayout) SquareRect(v rules.Variant, sq rules.Square) ui.Rect {
	c := l.Cell()
	f, r := sq.File(v), sq.Rank(v)
	return ui.R(l.Board.X+float64(f)*c, l.Board.Y+float64(l.N-1-r)*c, c, c)
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

// SlotRect returns the rectangle of reserve slot i of a colour: 0 at the
// top of a column, or the left of a row (a row's slots take its right,
// its left is the player's name).
func (l *boardLayout) SlotRect(colour, i int) ui.Rect {
	col := l.Reserve[colour]
	n := float64(l.Slots)
	if l.rowReserve() {
		// the slots leave the row's left 30% to the name, at least
		// 100 units where they can stay a finger wide (44)
		s := math.Min(col.H, math.Min(col.W*0.7/n, math.Max(44*l.U, (col.W-100*l.U)/n)))
		x0 := col.X + col.W - s*n - (col.H-s)/2
		return ui.R(x0+float64(i)*s, col.Y+(col.H-s)/2, s, s)
	}
	// room above the slots for the name, below them for "to move"
	s := math.Min(col.W, col.H*0.82/n)
	y0 := col.Y + (col.H-s*n)/2
	return ui.R(col.X+(col.W-s)/2, y0+float64(i)*s, s, s)
}

// ReserveLabel is where a reserve names its player: above the slots of a
// column, left of those of a row.
func (l *boardLayout) ReserveLabel(colour int) ui.Rect {
	col := l.Reserve[colour]
	first := l.SlotRect(colour, 0)
	if l.rowReserve() {
		return ui.R(col.X, col.Y, first.X-col.X, col.H)
	}
	return ui.R(col.X, col.Y, col.W, first.Y-col.Y)
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
func column(r ui.Rect, n int, w, h, gap float64) []ui.Rect {
	total := float64(n)*h + float64(n-1)*gap
	y := r.Y + (r.H-total)/2
	out := make([]ui.Rect, n)
	for i := range out {
		out[i] = ui.R(r.X+(r.W-w)/2, y+float64(i)*(h+gap), w, h)
	}
	return out
}
