package ui

import (
	"github.com/gobblet-game/gobblet/internal/palette"

	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// Button is a clickable rounded rectangle with a label, an optional icon and
// a tooltip naming its key.
type Button struct {
	Rect  Rect
	Label string
	Tip   string
	// ID names what the button does where its label, in the player's
	// language, does not (the result card's Save, Keep, Copy record).
	ID       string
	Icon     Icon
	Disabled bool
	Primary  bool
	Active   bool // a toggle that is on
	Hover    bool
	HoverFor int
}

// TipDelay is how long, in ticks, the pointer rests on a button before its
// tooltip shows.
const TipDelay = 30

// Update tracks hover and reports a click.
func (b *Button) Update(a Host) bool {
	in := a.Pointer()
	h := b.Rect.Contains(in.X, in.Y) && !b.Disabled
	if h && !b.Hover && in.Moved {
		a.Play(sound.MenuHover)
	}
	if h {
		b.HoverFor++
		if b.HoverFor == TipDelay {
			a.Redraw() // the tooltip shows, even long after the last input
		}
	} else {
		b.HoverFor = 0
	}
	b.Hover = h
	if h && in.Pressed {
		a.Play(sound.MenuClick)
		return true
	}
	return false
}

// Draw paints the button as its state asks: hovered by the pointer or
// focused by the keyboard look the same, selected.
func (b *Button) Draw(a Host, dst *ebiten.Image, focused bool) {
	b.Paint(a, dst, focused || b.Hover, b.Primary)
}

// Paint paints the button (disabled, primary, selected or not), then its
// icon, its label or both; the tooltip is DrawTip's.
func (b *Button) Paint(a Host, dst *ebiten.Image, selected, primary bool) {
	th := a.Colours()
	u := a.U()
	rad := math.Min(b.Rect.H/2, 12*u)
	fill := th.Button
	txt := th.Text
	switch {
	case b.Disabled:
		fill = palette.Mix(th.Button, th.Background, 0.5)
		txt = th.TextDim
	case primary:
		fill, txt = th.Primary, th.OnPrimary
		if selected {
			fill = th.PrimaryHi
		}
	case b.Active:
		fill = th.Toggle
	case selected:
		fill = th.ButtonHi
	}
	var edge color.RGBA
	sw := 0.0
	if selected && !b.Disabled {
		edge, sw = th.Accent, math.Max(1.5, 2*u)
	}
	shadow := 0.0
	if !b.Disabled {
		shadow = 4 * u
	}
	RoundRectSpriteA(dst, b.Rect, rad, fill, edge, sw, shadow, a.Colours().Shadow)
	cx, cy := b.Rect.Center()
	size := math.Min(SizeBody, b.Rect.H/u*0.42)
	fc := a.Face(Medium, size)
	if b.Icon != IconNone {
		is := b.Rect.H * 0.42
		if b.Label == "" {
			DrawIcon(dst, b.Icon, cx, cy, is, txt)
		} else {
			tw := TextWidth(b.Label, fc)
			x := cx - (tw+is+8*u)/2
			NoteLabel(b.Label, x, tw+is+8*u, b.Rect) // the icon and the label in the button
			DrawIcon(dst, b.Icon, x+is/2, cy, is, txt)
			DrawText(dst, b.Label, fc, x+is+8*u, cy, Left, txt)
		}
		return
	}
	if b.Label != "" && Texts.Noting {
		tw := TextWidth(b.Label, fc)
		NoteLabel(b.Label, cx-tw/2, tw, b.Rect)
	}
	DrawText(dst, b.Label, fc, cx, cy, Center, txt)
}

// DrawTip draws the tooltip of a button hovered for half a second.
func (b *Button) DrawTip(a Host, dst *ebiten.Image) {
	if b.Tip == "" || b.HoverFor < TipDelay {
		return
	}
	u := a.U()
	aw, ah := a.Size()
	fc := a.Face(Regular, SizeSmall)
	w := TextWidth(b.Tip, fc) + 20*u
	h := 30 * u
	x := math.Min(math.Max(4, b.Rect.X+b.Rect.W/2-w/2), aw-w-4)
	y := b.Rect.Y + b.Rect.H + 8*u
	if y+h > ah {
		y = b.Rect.Y - h - 8*u
	}
	r := Rect{x, y, w, h}
	RoundRectSpriteA(dst, r, 6*u, a.Colours().Panel, a.Colours().PanelEdge, 1, 5*u, a.Colours().Shadow)
	DrawText(dst, b.Tip, fc, x+w/2, y+h/2, Center, a.Colours().Text)
}

// Icon is a small vector pictogram for a button.
type Icon int

const (
	IconNone Icon = iota
	IconPause
	IconPlay
	IconUndo
	IconRedo
	IconHint
	IconStep
	IconBack
	IconForward
	IconMenu
	IconList
)

// MenuList is a column of buttons with keyboard focus: arrows move it,
// Enter presses, the mouse moves it too.
type MenuList struct {
	Buttons []*Button
	Focus   int
}

// Update returns the index of the pressed button, or -1.
func (m *MenuList) Update(a Host) int {
	n := len(m.Buttons)
	for i, b := range m.Buttons {
		if b.Update(a) {
			m.Focus = i
			return i
		}
		if b.Hover && a.Pointer().Moved {
			m.Focus = i
		}
	}
	step := func(d int) {
		for k := 0; k < n; k++ {
			m.Focus = (m.Focus + d + n) % n
			if !m.Buttons[m.Focus].Disabled {
				a.Play(sound.MenuHover)
				return
			}
		}
	}
	switch {
	case a.Key(ebiten.KeyDown) || (a.Key(ebiten.KeyTab) && !a.Shift()):
		step(1)
	case a.Key(ebiten.KeyUp) || (a.Key(ebiten.KeyTab) && a.Shift()):
		step(-1)
	case a.Key(ebiten.KeyEnter) || a.Key(ebiten.KeyNumpadEnter) || a.Key(ebiten.KeySpace):
		if m.Focus >= 0 && m.Focus < n && !m.Buttons[m.Focus].Disabled {
			a.Play(sound.MenuClick)
			return m.Focus
		}
	}
	return -1
}

// Draw paints the buttons, one of them selected, in the primary colour:
// the focus, which the pointer moves too, and which Enter presses. A
// pointer resting on one button while the keys move on, or a primary
// button that Enter would not press, never leaves two looking chosen.
func (m *MenuList) Draw(a Host, dst *ebiten.Image) {
	for i, b := range m.Buttons {
		b.Paint(a, dst, m.Selected(i), m.Selected(i))
	}
}

// Selected reports whether button i looks chosen: only the focus does.
func (m *MenuList) Selected(i int) bool { return i == m.Focus }

// Panel draws a card: a rounded rectangle with a soft shadow.
func Panel(a Host, dst *ebiten.Image, r Rect) {
	u := a.U()
	RoundRectSpriteA(dst, r, 14*u, a.Colours().Panel, a.Colours().PanelEdge, math.Max(1, u), 10*u, a.Colours().Shadow)
}
