package ui

import (
	"github.com/gobblet-game/gobblet/internal/palette"

	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// Choice is a labelled row of segments, one of which is selected.
type Choice struct {
	Label   string
	Options []string
	Sel     int
	Off     []bool // segments that cannot be chosen
	Help    string // what the row does, in a line (Options)
	Dim     bool   // the row does nothing now (a sound row without a device): shown, not changed
	Rect    Rect   // the whole row
	Segs    []Rect
	Hover   int
	Stacked bool // the label above the segments (a narrow window)
}

// StackedLabelH is the height of a stacked row's label, at 1×.
const StackedLabelH = 26

// StackRows reports whether a form w pixels wide puts its rows' labels
// above their segments: too narrow for them side by side.
func StackRows(a Host, w float64) bool { return w < 500*a.U() }

// Layout places the row in r: its label, then its segments side by side
// (or under the label, in a narrow form). A row given the height
// RowHeight asks for when it Wraps has its segments on two lines.
func (c *Choice) Layout(a Host, r Rect) {
	u := a.U()
	c.Rect = r
	c.Stacked = StackRows(a, r.W)
	labelW := labelWidth(a, r.W)
	y, h := r.Y, r.H
	if c.Stacked {
		y, h = r.Y+StackedLabelH*u, r.H-StackedLabelH*u
	}
	room := func(line []string) float64 { return r.W - labelW - float64(len(line)-1)*segGap*u }
	ws, fits := segmentWidths(a, c.Options, room(c.Options))
	widths := [][]float64{ws}
	if !fits && len(c.Options) >= minWrapped && h >= 2*minWrappedSegH*u+segGap*u {
		half := (len(c.Options) + 1) / 2
		widths = widths[:0]
		for _, line := range [][]string{c.Options[:half], c.Options[half:]} {
			ws, _ := segmentWidths(a, line, room(line))
			widths = append(widths, ws)
		}
		h = (h - segGap*u) / 2
	}
	c.Segs = c.Segs[:0]
	for _, ws := range widths {
		x := r.X + labelW
		for _, w := range ws {
			c.Segs = append(c.Segs, Rect{x, y, w, h})
			x += w + segGap*u
		}
		y += h + segGap*u
	}
}

// labelWidth is the room a row's label takes before its segments in a
// form w wide: none where the label stands above them.
func labelWidth(a Host, w float64) float64 {
	if StackRows(a, w) {
		return 0
	}
	return 230 * a.U()
}

// segGap is the room between two segments, at 1×; minWrappedSegH the
// least height of a segment on one of a wrapped row's two lines; a row of
// fewer than minWrapped segments never wraps.
const segGap, minWrappedSegH, minWrapped = 6, 36, 4

// Wraps reports whether the row's segments, in a form w pixels wide, do
// not fit on one line even at the smallest size and shared by need (five
// levels in Russian on a phone), so that they read better on two.
func (c *Choice) Wraps(a Host, w float64) bool {
	if len(c.Options) < minWrapped {
		return false
	}
	_, fits := segmentWidths(a, c.Options, w-labelWidth(a, w)-float64(len(c.Options)-1)*segGap*a.U())
	return !fits
}

// RowHeight is the height a form's row of height h (label included when
// stacked) needs in a form w wide: one more line of segments h−label high
// where it Wraps.
func (c *Choice) RowHeight(a Host, w, h float64) float64 {
	if !c.Wraps(a, w) {
		return h
	}
	seg := h
	if StackRows(a, w) {
		seg -= StackedLabelH * a.U()
	}
	return h + seg + segGap*a.U()
}

// segmentWidths shares a row's room among its segments. It tries the
// sizes in SegmentText's order: one line, larger first, then two lines
// where the words have a space to break at ("Two / players"; a word is
// not broken to make room: "エキス / パート" reads worse than a second
// line of segments). At the first size where every segment's words fit an
// equal share, the shares are equal; where instead the words fit the row
// together, each segment gets its words' width (at least three quarters
// of an equal share) and an equal part of what is left ("Лёгкий" gives
// room to "Идеальный"). Where no size fits, the shares are equal, the
// words are cut, and fits is false.
func segmentWidths(a Host, options []string, room float64) (ws []float64, fits bool) {
	n := len(options)
	ws = make([]float64, n)
	eq := room / float64(n)
	for i := range ws {
		ws[i] = eq
	}
	pad := 12*a.U() + 1
	need := make([]float64, n)
	for _, try := range []struct {
		size  float64
		split bool
	}{{SizeBody - 1, false}, {SizeSmall, false}, {SizeSmall - 2, false}, {SizeSmall - 2, true}} {
		f := a.Face(Medium, try.size)
		sum, widest := 0.0, 0.0
		for i, o := range options {
			w := TextWidth(o, f)
			if first, second, ok := twoLines(o); ok && try.split {
				w = min(w, max(TextWidth(first, f), TextWidth(second, f)))
			}
			need[i] = max(w+pad, 0.75*eq)
			sum += need[i]
			widest = max(widest, need[i])
		}
		if widest <= eq {
			return ws, true
		}
		if sum <= room {
			for i := range ws {
				ws[i] = need[i] + (room-sum)/float64(n)
			}
			return ws, true
		}
	}
	return ws, false
}

// Update handles the mouse; it reports whether the selection changed.
func (c *Choice) Update(a Host) bool { return c.UpdateIn(a, nil) }

// UpdateIn is Update in a form. In a form that scrolls (sc not nil) a
// segment is chosen when a press
// that began on it ends on it without dragging: a finger that scrolls the
// form chooses nothing. Elsewhere the press chooses.
func (c *Choice) UpdateIn(a Host, sc *Scroller) bool {
	c.Hover = -1
	if c.Dim {
		return false
	}
	for i, s := range c.Segs {
		if s.Contains(a.Pointer().X, a.Pointer().Y) && !c.IsOff(i) {
			c.Hover = i
			chosen := a.Pointer().Pressed
			if sc != nil {
				chosen = sc.Tap && s.Contains(sc.PressX, sc.PressY)
			}
			if chosen && c.Sel != i {
				c.Sel = i
				a.Play(sound.MenuClick)
				return true
			}
		}
	}
	return false
}

// Step moves the selection by d, skipping segments that are off.
func (c *Choice) Step(a Host, d int) bool {
	if c.Dim {
		return false
	}
	n := len(c.Options)
	for k := 1; k < n; k++ {
		i := (c.Sel + d*k + n*k) % n
		if !c.IsOff(i) {
			c.Sel = i
			a.Play(sound.MenuClick)
			return true
		}
	}
	return false
}

// IsOff reports whether segment i cannot be chosen.
func (c *Choice) IsOff(i int) bool { return i < len(c.Off) && c.Off[i] }

// Draw paints the row: its label (brighter, with a bar, when focused) and
// its segments, the selected one in the primary colour.
func (c *Choice) Draw(a Host, dst *ebiten.Image, focused bool) {
	th := a.Colours()
	u := a.U()
	fl := a.Face(Medium, SizeBody)
	lc := th.TextDim
	if c.Dim {
		lc = palette.WithAlpha(th.TextDim, 0.6)
	}
	if focused {
		lc = th.Text
		FillRect(dst, Rect{c.Rect.X - 14*u, c.Rect.Y + 8*u, 4 * u, c.Rect.H - 16*u}, th.Accent)
	}
	ly := c.Rect.Y + c.Rect.H/2
	if c.Stacked {
		ly = c.Rect.Y + StackedLabelH*u/2 - 1*u
	}
	noteRowLabel(c, fl) // the layout log's check that it fits
	DrawText(dst, c.Label, fl, c.Rect.X, ly, Left, lc)
	fs := a.Face(Medium, SizeBody-1)
	for i, s := range c.Segs {
		fill := th.Button
		tc := th.Text
		switch {
		case c.IsOff(i) || c.Dim && i != c.Sel:
			fill = palette.Mix(th.Button, th.Background, 0.6)
			tc = palette.WithAlpha(th.TextDim, 0.6)
		case c.Dim:
			fill, tc = palette.Mix(th.Button, th.Background, 0.3), th.TextDim
		case i == c.Sel:
			fill, tc = th.Primary, th.OnPrimary
		case i == c.Hover:
			fill = th.ButtonHi
		}
		var edge color.RGBA
		sw := 0.0
		if i == c.Sel && focused {
			edge, sw = th.Text, math.Max(1.5, 2*u)
		}
		RoundRectSprite(dst, s, 10*u, fill, edge, sw, 0)
		drawSegmentText(a, dst, c.Options[i], fs, s, tc)
	}
}

// drawSegmentText writes a segment's words in it, as SegmentText fits
// them.
func drawSegmentText(a Host, dst *ebiten.Image, words string, fs Face, s Rect, tc color.RGBA) {
	lines, fo := SegmentText(a, words, fs, s)
	lh := LineHeight(fo)
	y := s.Y + s.H/2 - lh*float64(len(lines)-1)/2
	for _, l := range lines {
		DrawText(dst, l, fo, s.X+s.W/2, y, Center, tc)
		y += lh
	}
}

// Form is a column of choice rows with keyboard focus.
type Form struct {
	Rows  []*Choice
	Focus int
	// Scroll is the scroller of a form that scrolls (nil: it does not),
	// whose rows choose on a tap's release, not on a press.
	Scroll *Scroller
}

// Update returns true when a selection changed.
func (f *Form) Update(a Host) bool {
	changed := false
	for i, r := range f.Rows {
		if r.UpdateIn(a, f.Scroll) {
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
	case a.Key(ebiten.KeyDown):
		f.Focus = (f.Focus + 1) % n
		a.Play(sound.MenuHover)
	case a.Key(ebiten.KeyUp):
		f.Focus = (f.Focus + n - 1) % n
		a.Play(sound.MenuHover)
	case a.Key(ebiten.KeyLeft):
		changed = f.Rows[f.Focus].Step(a, -1) || changed
	case a.Key(ebiten.KeyRight):
		changed = f.Rows[f.Focus].Step(a, 1) || changed
	}
	return changed
}

// Draw paints the rows, the focused one marked.
func (f *Form) Draw(a Host, dst *ebiten.Image) {
	for i, r := range f.Rows {
		r.Draw(a, dst, i == f.Focus)
	}
}

// Scroller scrolls a column taller than its window: a finger or the mouse
// dragging in it, the wheel.
type Scroller struct {
	Y, Max   float64 // how far it is scrolled, and can be
	DragY    float64
	Dragging bool
	Moved    bool // this press dragged: its release is no click
	// tap: this tick's release ended a press in the area that did not
	// drag, made at pressX, pressY
	Tap            bool
	PressX, PressY float64
}

// Update scrolls by this tick's input over area, for content of height h.
func (s *Scroller) Update(a Host, area Rect, h float64) {
	in := a.Pointer()
	s.Max = math.Max(0, h-area.H)
	s.Tap = false
	switch {
	case in.Pressed && area.Contains(in.X, in.Y):
		s.Dragging, s.DragY, s.Moved = true, in.Y, false
		s.PressX, s.PressY = in.X, in.Y
		if in.Released { // pressed and released within the tick
			s.Tap, s.Dragging = true, false
		}
	case s.Dragging && in.Down:
		if d := in.Y - s.DragY; s.Moved || math.Abs(d) > 8*a.U() {
			s.Y -= d
			s.DragY = in.Y
			s.Moved = true
		}
	default:
		s.Tap = s.Dragging && in.Released && !s.Moved
		s.Dragging = false
	}
	s.Y -= in.Wheel * 40 * a.U()
	s.Y = math.Max(0, math.Min(s.Y, s.Max))
}

// Show scrolls so that r, in the content's place, is in area.
func (s *Scroller) Show(area, r Rect) {
	if r.Y-s.Y < area.Y {
		s.Y = r.Y - area.Y
	}
	if r.Y+r.H-s.Y > area.Y+area.H {
		s.Y = r.Y + r.H - area.Y - area.H
	}
	s.Y = math.Max(0, math.Min(s.Y, s.Max))
}

// SegmentText is how a choice's segment s shows its words, at most at size fs:
// smaller words rather than cut ones, then on two lines ("High /
// contrast", "Two / players"), and cut only when even that does not fit.
func SegmentText(a Host, words string, fs Face, s Rect) ([]string, Face) {
	u := a.U()
	fits := func(t string, fo Face) bool { return TextWidth(t, fo) <= s.W-12*u }
	fo := fs
	for _, size := range []float64{SizeSmall, SizeSmall - 2} {
		if fits(words, fo) {
			break
		}
		fo = a.Face(Medium, size)
	}
	if fits(words, fo) {
		return []string{words}, fo
	}
	for _, size := range []float64{SizeSmall, SizeSmall - 2} {
		f2 := a.Face(Medium, size)
		first, second, ok := splitWords(words, f2)
		if ok && fits(first, f2) && fits(second, f2) && 2*LineHeight(f2) <= s.H-4*u {
			return []string{first, second}, f2
		}
	}
	return []string{FitText(words, fo, s.W-6*u)}, fo
}

// splitWords is where SegmentText breaks words in two at f: at the space
// nearest their middle, or (no space: Japanese, Chinese) where a line
// may break nearest the middle.
func splitWords(words string, f Face) (string, string, bool) {
	if first, second, ok := twoLines(words); ok {
		return first, second, true
	}
	if l := Wrap(words, f, TextWidth(words, f)*0.55); len(l) == 2 {
		return l[0], l[1], true
	}
	return "", "", false
}

// twoLines splits words at the space nearest their middle.
func twoLines(words string) (string, string, bool) {
	best := -1
	for i, r := range words {
		if r == ' ' && (best < 0 || math.Abs(float64(i-len(words)/2)) < math.Abs(float64(best-len(words)/2))) {
			best = i
		}
	}
	if best < 0 {
		return "", "", false
	}
	return words[:best], words[best+1:], true
}
