package app

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// button is a clickable rounded rectangle with a label, an optional icon and
// a tooltip naming its key.
type button struct {
	Rect  Rect
	Label string
	Tip   string
	// ID names what the button does where its label, in the player's
	// language, does not (the result card's Save, Keep, Copy record).
	ID       string
	Icon     icon
	Disabled bool
	Primary  bool
	Active   bool // a toggle that is on
	hover    bool
	hoverFor int
}

// tipDelay is how long, in ticks, the pointer rests on a button before its
// tooltip shows.
const tipDelay = 30

// update tracks hover and reports a click.
func (b *button) update(a *App) bool {
	in := &a.In
	h := b.Rect.Contains(in.X, in.Y) && !b.Disabled
	if h && !b.hover && in.PointerMoved {
		a.play(sound.MenuHover)
	}
	if h {
		b.hoverFor++
		if b.hoverFor == tipDelay {
			a.redraw() // the tooltip shows, even long after the last input
		}
	} else {
		b.hoverFor = 0
	}
	b.hover = h
	if h && in.Pressed {
		a.play(sound.MenuClick)
		return true
	}
	return false
}

// draw paints the button as its state asks: hovered by the pointer or
// focused by the keyboard look the same, selected.
func (b *button) draw(a *App, dst *ebiten.Image, focused bool) {
	b.paint(a, dst, focused || b.hover, b.Primary)
}

// paint paints the button (disabled, primary, selected or not), then its
// icon, its label or both; the tooltip is drawTip's.
func (b *button) paint(a *App, dst *ebiten.Image, selected, primary bool) {
	th := a.Theme
	u := a.U()
	rad := math.Min(b.Rect.H/2, 12*u)
	fill := th.Button
	txt := th.Text
	switch {
	case b.Disabled:
		fill = mix(th.Button, th.Background, 0.5)
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
	roundRectSpriteA(dst, b.Rect, rad, fill, edge, sw, shadow, a.Theme.Shadow)
	cx, cy := b.Rect.Center()
	size := math.Min(sizeBody, b.Rect.H/u*0.42)
	fc := a.Face(Medium, size)
	if b.Icon != iconNone {
		is := b.Rect.H * 0.42
		if b.Label == "" {
			drawIconCached(dst, b.Icon, cx, cy, is, txt)
		} else {
			tw := textWidth(b.Label, fc)
			x := cx - (tw+is+8*u)/2
			noteLabel(b.Label, x, tw+is+8*u, b.Rect) // the icon and the label in the button
			drawIconCached(dst, b.Icon, x+is/2, cy, is, txt)
			drawText(dst, b.Label, fc, x+is+8*u, cy, Left, txt)
		}
		return
	}
	if b.Label != "" && texts.noting {
		tw := textWidth(b.Label, fc)
		noteLabel(b.Label, cx-tw/2, tw, b.Rect)
	}
	drawText(dst, b.Label, fc, cx, cy, Center, txt)
}

// drawTip draws the tooltip of a button hovered for half a second.
func (b *button) drawTip(a *App, dst *ebiten.Image) {
	if b.Tip == "" || b.hoverFor < tipDelay {
		return
	}
	u := a.U()
	fc := a.Face(Regular, sizeSmall)
	w := textWidth(b.Tip, fc) + 20*u
	h := 30 * u
	x := math.Min(math.Max(4, b.Rect.X+b.Rect.W/2-w/2), a.W-w-4)
	y := b.Rect.Y + b.Rect.H + 8*u
	if y+h > a.H {
		y = b.Rect.Y - h - 8*u
	}
	r := Rect{x, y, w, h}
	roundRectSpriteA(dst, r, 6*u, a.Theme.Panel, a.Theme.PanelEdge, 1, 5*u, a.Theme.Shadow)
	drawText(dst, b.Tip, fc, x+w/2, y+h/2, Center, a.Theme.Text)
}

// icon is a small vector pictogram for a button.
type icon int

const (
	iconNone icon = iota
	iconPause
	iconPlay
	iconUndo
	iconRedo
	iconHint
	iconStep
	iconBack
	iconForward
	iconMenu
	iconList
)

// menuList is a column of buttons with keyboard focus: arrows move it,
// Enter presses, the mouse moves it too.
type menuList struct {
	Buttons []*button
	Focus   int
}

// update returns the index of the pressed button, or -1.
func (m *menuList) update(a *App) int {
	n := len(m.Buttons)
	for i, b := range m.Buttons {
		if b.update(a) {
			m.Focus = i
			return i
		}
		if b.hover && a.In.PointerMoved {
			m.Focus = i
		}
	}
	step := func(d int) {
		for k := 0; k < n; k++ {
			m.Focus = (m.Focus + d + n) % n
			if !m.Buttons[m.Focus].Disabled {
				a.play(sound.MenuHover)
				return
			}
		}
	}
	switch {
	case a.In.Key(ebiten.KeyDown) || (a.In.Key(ebiten.KeyTab) && !a.In.Shift):
		step(1)
	case a.In.Key(ebiten.KeyUp) || (a.In.Key(ebiten.KeyTab) && a.In.Shift):
		step(-1)
	case a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter) || a.In.Key(ebiten.KeySpace):
		if m.Focus >= 0 && m.Focus < n && !m.Buttons[m.Focus].Disabled {
			a.play(sound.MenuClick)
			return m.Focus
		}
	}
	return -1
}

// draw paints the buttons, one of them selected, in the primary colour:
// the focus, which the pointer moves too, and which Enter presses. A
// pointer resting on one button while the keys move on, or a primary
// button that Enter would not press, never leaves two looking chosen.
func (m *menuList) draw(a *App, dst *ebiten.Image) {
	for i, b := range m.Buttons {
		b.paint(a, dst, m.selected(i), m.selected(i))
	}
}

// selected reports whether button i looks chosen: only the focus does.
func (m *menuList) selected(i int) bool { return i == m.Focus }

// panel draws a card: a rounded rectangle with a soft shadow.
func panel(a *App, dst *ebiten.Image, r Rect) {
	u := a.U()
	roundRectSpriteA(dst, r, 14*u, a.Theme.Panel, a.Theme.PanelEdge, math.Max(1, u), 10*u, a.Theme.Shadow)
}
