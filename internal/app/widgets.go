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
	Rect     Rect
	Label    string
	Tip      string
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

func (b *button) draw(a *App, dst *ebiten.Image, focused bool) {
	th := a.Theme
	u := a.U()
	rad := math.Min(b.Rect.H/2, 12*u)
	fill := th.Button
	txt := th.Text
	switch {
	case b.Disabled:
		fill = mix(th.Button, th.Background, 0.5)
		txt = th.TextDim
	case b.Primary:
		fill, txt = th.Primary, th.OnPrimary
		if b.hover || focused {
			fill = th.PrimaryHi
		}
	case b.Active:
		fill = th.Toggle
	case b.hover || focused:
		fill = th.ButtonHi
	}
	var edge color.RGBA
	sw := 0.0
	if focused || b.hover {
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
			drawIconCached(dst, b.Icon, x+is/2, cy, is, txt)
			drawText(dst, b.Label, fc, x+is+8*u, cy, Left, txt)
		}
		return
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
)

func drawIcon(dst *ebiten.Image, ic icon, x, y, s float64, c color.Color) {
	w := math.Max(1.5, s*0.14)
	switch ic {
	case iconPause:
		fillRoundRect(dst, Rect{x - s*0.32, y - s*0.4, s * 0.22, s * 0.8}, s*0.05, c)
		fillRoundRect(dst, Rect{x + s*0.10, y - s*0.4, s * 0.22, s * 0.8}, s*0.05, c)
	case iconPlay, iconStep:
		var p pathT
		p.MoveTo(float32(x-s*0.3), float32(y-s*0.4))
		p.LineTo(float32(x+s*0.4), float32(y))
		p.LineTo(float32(x-s*0.3), float32(y+s*0.4))
		p.Close()
		fillPath(dst, &p, c)
		if ic == iconStep {
			fillRect(dst, Rect{x + s*0.38, y - s*0.4, s * 0.14, s * 0.8}, c)
		}
	case iconUndo, iconRedo:
		dir := 1.0
		if ic == iconRedo {
			dir = -1
		}
		var p pathT
		// a hook: arc over the top, arrowhead on the left (undo) or right (redo)
		p.Arc(float32(x), float32(y+s*0.05), float32(s*0.32), float32(math.Pi), float32(2*math.Pi), 0)
		if dir < 0 {
			p.Reset()
			p.Arc(float32(x), float32(y+s*0.05), float32(s*0.32), 0, float32(math.Pi), 1)
		}
		strokePath(dst, &p, w, c)
		hx := x - dir*s*0.32
		hy := y + s*0.05
		var h pathT
		h.MoveTo(float32(hx-s*0.2), float32(hy-s*0.02))
		h.LineTo(float32(hx+s*0.2), float32(hy-s*0.02))
		h.LineTo(float32(hx), float32(hy+s*0.3))
		h.Close()
		fillPath(dst, &h, c)
		fillRoundRect(dst, Rect{x - s*0.15 + dir*s*0.05, y + s*0.25, s * 0.3, w}, w/2, c)
	case iconHint:
		vecFillCircle(dst, x, y-s*0.1, s*0.3, c)
		fillRoundRect(dst, Rect{x - s*0.15, y + s*0.12, s * 0.3, s * 0.2}, s*0.04, c)
		fillRoundRect(dst, Rect{x - s*0.11, y + s*0.35, s * 0.22, s * 0.08}, s*0.04, c)
	case iconMenu:
		for i := -1; i <= 1; i++ {
			fillRoundRect(dst, Rect{x - s*0.36, y + float64(i)*s*0.28 - s*0.06, s * 0.72, s * 0.12}, s*0.06, c)
		}
	case iconBack:
		line(dst, x+s*0.1, y-s*0.35, x-s*0.25, y, w*1.2, c)
		line(dst, x-s*0.25, y, x+s*0.1, y+s*0.35, w*1.2, c)
	case iconForward:
		line(dst, x-s*0.1, y-s*0.35, x+s*0.25, y, w*1.2, c)
		line(dst, x+s*0.25, y, x-s*0.1, y+s*0.35, w*1.2, c)
	}
}

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

func (m *menuList) draw(a *App, dst *ebiten.Image) {
	for i, b := range m.Buttons {
		b.draw(a, dst, i == m.Focus)
	}
}

// panel draws a card: a rounded rectangle with a soft shadow.
func panel(a *App, dst *ebiten.Image, r Rect) {
	u := a.U()
	roundRectSpriteA(dst, r, 14*u, a.Theme.Panel, a.Theme.PanelEdge, math.Max(1, u), 10*u, a.Theme.Shadow)
}
