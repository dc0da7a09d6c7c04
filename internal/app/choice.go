package app

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// choice is a labelled row of segments, one of which is selected.
type choice struct {
	Label   string
	Options []string
	Sel     int
	Off     []bool // segments that cannot be chosen
	Help    string // what the row does, in a line (Options)
	Dim     bool   // the row does nothing now (a sound row without a device): shown, not changed
	Rect    Rect   // the whole row
	segs    []Rect
	hover   int
	stacked bool // the label above the segments (a narrow window)
}

// stackedLabelH is the height of a stacked row's label, at 1×.
const stackedLabelH = 26

// stackRows reports whether a form w pixels wide puts its rows' labels
// above their segments: too narrow for them side by side.
func stackRows(a *App, w float64) bool { return w < 500*a.U() }

func (c *choice) layout(a *App, r Rect) {
	u := a.U()
	c.Rect = r
	labelW := 230 * u
	c.stacked = stackRows(a, r.W)
	y, h := r.Y, r.H
	if c.stacked {
		labelW = 0
		y, h = r.Y+stackedLabelH*u, r.H-stackedLabelH*u
	}
	x := r.X + labelW
	w := (r.W - labelW - float64(len(c.Options)-1)*6*u) / float64(len(c.Options))
	c.segs = c.segs[:0]
	for range c.Options {
		c.segs = append(c.segs, Rect{x, y, w, h})
		x += w + 6*u
	}
}

// update handles the mouse; it reports whether the selection changed.
func (c *choice) update(a *App) bool { return c.updateIn(a, nil) }

// updateIn is update in a form. In a form that scrolls (sc not nil) a segment is chosen when a press
// that began on it ends on it without dragging: a finger that scrolls the
// form chooses nothing. Elsewhere the press chooses.
func (c *choice) updateIn(a *App, sc *scroller) bool {
	c.hover = -1
	if c.Dim {
		return false
	}
	for i, s := range c.segs {
		if s.Contains(a.In.X, a.In.Y) && !c.off(i) {
			c.hover = i
			chosen := a.In.Pressed
			if sc != nil {
				chosen = sc.tap && s.Contains(sc.pressX, sc.pressY)
			}
			if chosen && c.Sel != i {
				c.Sel = i
				a.play(sound.MenuClick)
				return true
			}
		}
	}
	return false
}

// step moves the selection by d, skipping segments that are off.
func (c *choice) step(a *App, d int) bool {
	if c.Dim {
		return false
	}
	n := len(c.Options)
	for k := 1; k < n; k++ {
		i := (c.Sel + d*k + n*k) % n
		if !c.off(i) {
			c.Sel = i
			a.play(sound.MenuClick)
			return true
		}
	}
	return false
}

func (c *choice) off(i int) bool { return i < len(c.Off) && c.Off[i] }

func (c *choice) draw(a *App, dst *ebiten.Image, focused bool) {
	th := a.Theme
	u := a.U()
	fl := a.Face(Medium, sizeBody)
	lc := th.TextDim
	if c.Dim {
		lc = withAlpha(th.TextDim, 0.6)
	}
	if focused {
		lc = th.Text
		fillRect(dst, Rect{c.Rect.X - 14*u, c.Rect.Y + 8*u, 4 * u, c.Rect.H - 16*u}, th.Accent)
	}
	ly := c.Rect.Y + c.Rect.H/2
	if c.stacked {
		ly = c.Rect.Y + stackedLabelH*u/2 - 1*u
	}
	noteRowLabel(c, fl) // the layout log's check that it fits
	drawText(dst, c.Label, fl, c.Rect.X, ly, Left, lc)
	fs := a.Face(Medium, sizeBody-1)
	for i, s := range c.segs {
		fill := th.Button
		tc := th.Text
		switch {
		case c.off(i) || c.Dim && i != c.Sel:
			fill = mix(th.Button, th.Background, 0.6)
			tc = withAlpha(th.TextDim, 0.6)
		case c.Dim:
			fill, tc = mix(th.Button, th.Background, 0.3), th.TextDim
		case i == c.Sel:
			fill, tc = th.Primary, th.OnPrimary
		case i == c.hover:
			fill = th.ButtonHi
		}
		var edge color.RGBA
		sw := 0.0
		if i == c.Sel && focused {
			edge, sw = th.Text, math.Max(1.5, 2*u)
		}
		roundRectSprite(dst, s, 10*u, fill, edge, sw, 0)
		drawSegmentText(a, dst, c.Options[i], fs, s, tc)
	}
}

// drawSegmentText writes a segment's words in it (segmentText).
func drawSegmentText(a *App, dst *ebiten.Image, words string, fs fontFace, s Rect, tc color.RGBA) {
	lines, fo := segmentText(a, words, fs, s)
	lh := lineHeight(fo)
	y := s.Y + s.H/2 - lh*float64(len(lines)-1)/2
	for _, l := range lines {
		drawText(dst, l, fo, s.X+s.W/2, y, Center, tc)
		y += lh
	}
}

// segmentText is how a segment s shows its words, at most at size fs:
// smaller words rather than cut ones, then on two lines ("High /
// contrast", "Two / players"), and cut only when even that does not fit.
func segmentText(a *App, words string, fs fontFace, s Rect) ([]string, fontFace) {
	u := a.U()
	fits := func(t string, fo fontFace) bool { return textWidth(t, fo) <= s.W-12*u }
	fo := fs
	for _, size := range []float64{sizeSmall, sizeSmall - 2} {
		if fits(words, fo) {
			break
		}
		fo = a.Face(Medium, size)
	}
	if fits(words, fo) {
		return []string{words}, fo
	}
	for _, size := range []float64{sizeSmall, sizeSmall - 2} {
		f2 := a.Face(Medium, size)
		first, second, ok := twoLines(words)
		if !ok {
			// no space (Japanese, Chinese): where a line may break
			// nearest the middle
			if l := wrap(words, f2, textWidth(words, f2)*0.55); len(l) == 2 {
				first, second, ok = l[0], l[1], true
			}
		}
		if ok && fits(first, f2) && fits(second, f2) && 2*lineHeight(f2) <= s.H-4*u {
			return []string{first, second}, f2
		}
	}
	return []string{fitText(words, fo, s.W-6*u)}, fo
}

// twoLines splits words at the space nearest their middle.
func twoLines(words string) (string, string, bool) {
	best := -1
	for i, r := range words {
		if r == ' ' && (best < 0 || abs(float64(i-len(words)/2)) < abs(float64(best-len(words)/2))) {
			best = i
		}
	}
	if best < 0 {
		return "", "", false
	}
	return words[:best], words[best+1:], true
}

// form is a column of choice rows with keyboard focus.
type form struct {
	Rows  []*choice
	Focus int
	// scroll is the scroller of a form that scrolls (nil: it does not),
	// whose rows choose on a tap's release, not on a press.
	scroll *scroller
}

// update returns true when a selection changed.
func (f *form) update(a *App) bool {
	changed := false
	for i, r := range f.Rows {
		if r.updateIn(a, f.scroll) {
			f.Focus = i
			changed = true
		}
	}
	n := len(f.Rows)
	if n == 0 {
		return changed
	}
	f.Focus = min(f.Focus, n-1)
	switch {
	case a.In.Key(ebiten.KeyDown):
		f.Focus = (f.Focus + 1) % n
		a.play(sound.MenuHover)
	case a.In.Key(ebiten.KeyUp):
		f.Focus = (f.Focus + n - 1) % n
		a.play(sound.MenuHover)
	case a.In.Key(ebiten.KeyLeft):
		changed = f.Rows[f.Focus].step(a, -1) || changed
	case a.In.Key(ebiten.KeyRight):
		changed = f.Rows[f.Focus].step(a, 1) || changed
	}
	return changed
}

func (f *form) draw(a *App, dst *ebiten.Image) {
	for i, r := range f.Rows {
		r.draw(a, dst, i == f.Focus)
	}
}

// scroller scrolls a column taller than its window: a finger or the mouse
// dragging in it, the wheel.
type scroller struct {
	Y, Max   float64 // how far it is scrolled, and can be
	dragY    float64
	dragging bool
	moved    bool // this press dragged: its release is no click
	// tap: this tick's release ended a press in the area that did not
	// drag, made at pressX, pressY
	tap            bool
	pressX, pressY float64
}

// update scrolls by this tick's input over area, for content of height h.
func (s *scroller) update(a *App, area Rect, h float64) {
	in := &a.In
	s.Max = math.Max(0, h-area.H)
	s.tap = false
	switch {
	case in.Pressed && area.Contains(in.X, in.Y):
		s.dragging, s.dragY, s.moved = true, in.Y, false
		s.pressX, s.pressY = in.X, in.Y
		if in.Released { // pressed and released within the tick
			s.tap, s.dragging = true, false
		}
	case s.dragging && in.Down:
		if d := in.Y - s.dragY; s.moved || math.Abs(d) > 8*a.U() {
			s.Y -= d
			s.dragY = in.Y
			s.moved = true
		}
	default:
		s.tap = s.dragging && in.Released && !s.moved
		s.dragging = false
	}
	s.Y -= in.Wheel * 40 * a.U()
	s.Y = math.Max(0, math.Min(s.Y, s.Max))
}

// show scrolls so that r, in the content's place, is in area.
func (s *scroller) show(area, r Rect) {
	if r.Y-s.Y < area.Y {
		s.Y = r.Y - area.Y
	}
	if r.Y+r.H-s.Y > area.Y+area.H {
		s.Y = r.Y + r.H - area.Y - area.H
	}
	s.Y = math.Max(0, math.Min(s.Y, s.Max))
}
