package app

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// menuScene is the main menu: Continue, New game, Learn (the lesson,
// puzzles and rules), Saved games, Statistics, Options, Quit over
// a dimmed board.
type menuScene struct {
	list     menuList
	saved    *record.Record // the game Continue brings back
	escaped  bool           // Esc moved the focus to Quit: the footer says what Enter does
	backdrop boardPicture
}

func newMenuScene(a *App) *menuScene {
	m := &menuScene{}
	if sg, ok := a.Store.LoadGame(); ok {
		if _, _, err := restore(sg); err == nil {
			m.saved = sg
		}
	}
	labels := []string{"New game", "Learn", "Saved games", "Statistics", "Options", "Quit"}
	if inBrowser {
		labels = labels[:len(labels)-1] // a page is closed by its tab
	}
	if m.saved != nil {
		labels = append([]string{"Continue"}, labels...)
	}
	for i, l := range labels {
		m.list.Buttons = append(m.list.Buttons, &button{Label: l, Primary: i == 0})
	}
	m.backdrop = boardPicture{Pos: mustPos("classic:x4,.,.,o2/.,o4,x1o3,./.,x2,x4,./o1,.,.,o3x4:o")}
	return m
}

func (m *menuScene) layout(a *App) {
	u := a.U()
	n := len(m.list.Buttons)
	if a.W > a.H && a.H < 560*u { // a short landscape window: two columns
		rows := (n + 1) / 2
		area := Rect{0, a.H * 0.36, a.W, a.H*0.64 - 36*u}
		h := math.Min(52*u, (area.H-float64(rows-1)*10*u)/float64(rows))
		w := math.Min(300*u, (a.W-60*u)/2)
		left := column(Rect{a.W/2 - w - 10*u, area.Y, w, area.H}, rows, w, h, 10*u)
		right := column(Rect{a.W/2 + 10*u, area.Y, w, area.H}, rows, w, h, 10*u)
		for i, b := range m.list.Buttons {
			if i < rows {
				b.Rect = left[i]
			} else {
				b.Rect = right[i-rows]
			}
		}
		return
	}
	area := Rect{0, a.H * 0.34, a.W, a.H * 0.61}
	h := math.Min(58*u, (area.H-float64(n-1)*12*u)/float64(n))
	for i, r := range column(area, n, math.Min(340*u, a.W-40*u), h, 12*u) {
		m.list.Buttons[i].Rect = r
	}
}

func (m *menuScene) Update(a *App) error {
	m.layout(a)
	i := m.list.update(a)
	if i < 0 {
		if a.In.Key(ebiten.KeyEscape) {
			m.escape(a)
		}
		return nil
	}
	switch m.list.Buttons[i].Label {
	case "Continue":
		s, g, err := restore(m.saved)
		if err != nil {
			return nil
		}
		gs := continueGame(a, s, g)
		gs.takeReserves(m.saved) // the stacks in the order the player left them
		a.scenes.GoTo(gs)
	case "New game":
		a.scenes.GoTo(newSetupScene(a))
	case "Saved games":
		a.scenes.GoTo(newSavedScene(a))
	case "Statistics":
		a.scenes.GoTo(newStatsScene(a))
	case "Learn":
		a.scenes.GoTo(newLearnScene(a, m))
	case "Options":
		a.scenes.GoTo(newOptionsScene(a, m))
	case "Quit":
		a.Quit()
	}
	return nil
}

// escape answers Esc: the menu is the first screen, with nothing behind it
// to go back to, and quitting is a deliberate act, so Esc only moves the
// focus to Quit (Enter then quits); a page has no Quit, and Esc does nothing.
func (m *menuScene) escape(a *App) {
	for i, b := range m.list.Buttons {
		if b.Label == "Quit" && m.list.Focus != i {
			m.list.Focus = i
			m.escaped = true
			a.play(sound.MenuHover)
		}
	}
}

// Animating: this screen changes only when the player does something.
func (m *menuScene) Animating(a *App) bool { return false }

func (m *menuScene) Draw(a *App, dst *ebiten.Image) {
	warmUp(a.Theme)
	m.layout(a)
	drawBackdrop(a, dst, &m.backdrop)
	th := a.Theme
	u := a.U()
	ty := a.H * 0.2
	size := sizeDisplay * 1.3
	sub := a.Face(Regular, sizeHeading)
	subY := ty + 70*u
	if a.W > a.H && a.H < 560*u { // two columns of buttons from 0.36 of the height
		ty, size, subY = a.H*0.12, sizeDisplay*0.8, a.H*0.12+44*u
		sub = a.Face(Regular, sizeBody)
	}
	// title with a soft shadow, and two pieces as the logo's dots, all
	// within the window
	ft := a.Face(Bold, size)
	for tw := textWidth("Gobblet", ft); tw+2*(48+26)*u > a.W-24*u && size > sizeTitle; tw = textWidth("Gobblet", ft) {
		size -= 4
		ft = a.Face(Bold, size)
	}
	drawText(dst, "Gobblet", ft, a.W/2+3*u, ty+4*u, Center, withAlpha(black, 0.5))
	drawText(dst, "Gobblet", ft, a.W/2, ty, Center, th.Text)
	tw := textWidth("Gobblet", ft)
	r := 26 * u * size / (sizeDisplay * 1.3)
	drawPiece(dst, th, a.W/2-tw/2-r-22*u, ty, r, 0, pieceLook{})
	drawPiece(dst, th, a.W/2+tw/2+r+22*u, ty, r, 1, pieceLook{})
	words := "Cover, gobble, and line up your pieces."
	if textWidth(words, sub) > a.W-24*u {
		sub = a.Face(Regular, sizeBody)
		subY = ty + 52*u
	}
	for i, ln := range wrap(words, sub, a.W-24*u) {
		drawText(dst, ln, sub, a.W/2, subY+float64(i)*lineHeight(sub), Center, th.TextDim)
	}
	m.list.draw(a, dst)
	hint := "Arrows and Enter work too  ·  F11 full screen"
	if m.escaped && m.list.Buttons[m.list.Focus].Label == "Quit" {
		hint = "Enter quits the game  ·  arrows choose another button"
	}
	if inBrowser {
		hint = "Arrows and Enter work too  ·  Full screen in Options"
	}
	if a.keysShown() && !a.compact() { // a phone-sized window is a phone's
		fh := a.Face(Regular, sizeSmall)
		drawText(dst, fitText(hint, fh, a.W-16*u), fh, a.W/2, a.H-24*u, Center, withAlpha(th.TextDim, 0.8))
	}
}

// drawBackdrop paints the calm backdrop of the menus: a large board, dimmed
// and softened by being painted at half size and scaled up. Each scene
// keeps its own layer, so a cross-fade does not repaint them. The game's
// first frame shows the plain background instead: the board's sprites take
// most of a tenth of a second to paint on the CPU, which the window's first
// picture need not wait for; the next frame paints them (startup.go).
func drawBackdrop(a *App, dst *ebiten.Image, bp *boardPicture) {
	th := a.Theme
	if backdropWaits(a, bp) {
		drawBackground(dst, th, a.W, a.H)
		a.redraw()
		return
	}
	key := fmt.Sprintf("%v %v %s %s", a.W, a.H, th.Name, bp.Pos.String())
	w, h := math.Ceil(a.W/2), math.Ceil(a.H/2)
	img := bp.layer.get(key, int(w), int(h), func(img *ebiten.Image) {
		drawBackground(img, th, float64(img.Bounds().Dx()), float64(img.Bounds().Dy()))
		s := math.Max(w, h) * 0.95
		bp.draw(a, img, Rect{w/2 - s/2, h/2 - s/2, s, s})
		fillRect(img, Rect{0, 0, w, h}, withAlpha(th.Background, 0.82))
	})
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(2, 2)
	dst.DrawImage(img, op)
}

// backdropWaits reports whether a backdrop is left for the next frame: on
// the game's first, when it was not painted yet.
func backdropWaits(a *App, bp *boardPicture) bool {
	return !a.firstFrameSeen && bp.layer.img == nil
}
