package app

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// menuScene is the main menu: Continue, New game, Learn (the lesson,
// puzzles and rules), Saved games, Statistics, Options, Quit over
// a dimmed board.
type menuScene struct {
	list     ui.MenuList
	acts     []string       // what each button does: "continue", "new", ... (their words are the language's)
	saved    *record.Record // the game Continue brings back
	escaped  bool           // Esc moved the focus to Quit: the footer says what Enter does
	backdrop boardPicture
	offer    *lessonOffer // the first start's offer of the lesson; nil once answered
}

// lessonOffer is the card a newcomer finds on the menu in place of its
// subtitle: Learn to play, or Not now; either answer is kept, and the card
// does not come back.
type lessonOffer struct {
	card     ui.Rect
	yes, not *ui.Button
}

// offersLesson reports whether the menu offers the lesson: a first start,
// with no game played against the computer and none to continue, and the
// offer not yet answered (nor the lesson begun).
func offersLesson(a *App, saved *record.Record) bool {
	if a.Settings.LessonOffered || a.Settings.LessonStep > 0 || saved != nil {
		return false
	}
	st := a.Store.Stats()
	for _, t := range st.Tallies {
		if t.Games() > 0 {
			return false
		}
	}
	return true
}

func newMenuScene(a *App) *menuScene {
	m := &menuScene{}
	if sg, ok := a.Store.LoadGame(); ok {
		if _, _, err := restore(sg); err == nil {
			m.saved = sg
		}
	}
	m.acts = []string{"new", "learn", "saved", "stats", "options", "quit"}
	if inBrowser {
		m.acts = m.acts[:len(m.acts)-1] // a page is closed by its tab
	}
	if m.saved != nil {
		m.acts = append([]string{"continue"}, m.acts...)
	}
	for i, act := range m.acts {
		m.list.Buttons = append(m.list.Buttons, &ui.Button{Label: menuLabel(act), Primary: i == 0})
	}
	m.backdrop = boardPicture{Pos: mustPos("classic:x4,.,.,o2/.,o4,x1o3,./.,x2,x4,./o1,.,.,o3x4:o")}
	if offersLesson(a, m.saved) {
		m.offer = newLessonOffer()
	}
	return m
}

// menuLabel is the words of the menu's button that does act.
func menuLabel(act string) string {
	switch act {
	case "continue":
		return locale.T("MenuContinue")
	case "new":
		return locale.T("MenuNewGame")
	case "learn":
		return locale.T("MenuLearn")
	case "saved":
		return locale.T("MenuSavedGames")
	case "stats":
		return locale.T("MenuStatistics")
	case "options":
		return locale.T("MenuOptions")
	}
	return locale.T("MenuQuit")
}

// layoutOffer places the offer's card just above the buttons: one row
// (the sentence, then the buttons) where the window is wide enough, else
// the sentence above the buttons.
func (m *menuScene) layoutOffer(a *App) {
	o := m.offer
	if o == nil {
		return
	}
	u := a.U()
	top := m.list.Buttons[0].Rect.Y
	for _, b := range m.list.Buttons {
		top = math.Min(top, b.Rect.Y)
	}
	fb := a.Face(ui.Regular, ui.SizeBody)
	fc := a.Face(ui.Medium, ui.SizeBody*0.95)
	s := 44 * u
	wy := ui.TextWidth(o.yes.Label, fc) + 36*u
	wn := ui.TextWidth(o.not.Label, fc) + 36*u
	pad := 12 * u
	oneRow := ui.TextWidth(offerWords(), fb) + wy + wn + 2*pad + 32*u
	if oneRow <= a.W-24*u {
		h := s + 2*pad
		o.card = ui.R((a.W-oneRow)/2, top-12*u-h, oneRow, h)
		o.not.Rect = ui.R(o.card.X+o.card.W-pad-wy-10*u-wn, o.card.Y+pad, wn, s)
		o.yes.Rect = ui.R(o.card.X+o.card.W-pad-wy, o.card.Y+pad, wy, s)
		return
	}
	w := math.Min(a.W-24*u, 420*u)
	lines := len(ui.Wrap(offerWords(), fb, w-2*pad))
	h := 2*pad + float64(lines)*ui.LineHeight(fb) + 10*u + s
	o.card = ui.R((a.W-w)/2, top-12*u-h, w, h)
	half := (w - 2*pad - 10*u) / 2
	o.not.Rect = ui.R(o.card.X+pad, o.card.Y+h-pad-s, half, s)
	o.yes.Rect = ui.R(o.card.X+pad+half+10*u, o.card.Y+h-pad-s, half, s)
}

// updateOffer answers a press on the offer's buttons; true when pressed.
func (m *menuScene) updateOffer(a *App) bool {
	o := m.offer
	if o == nil {
		return false
	}
	yes, not := o.yes.Update(a), o.not.Update(a)
	if !yes && !not {
		return false
	}
	m.offer = nil
	a.Settings.LessonOffered = true
	a.saveSettings()
	if yes {
		a.scenes.GoTo(newLessonScene(a, m))
	}
	return true
}

// drawOffer draws the offer's card.
func (m *menuScene) drawOffer(a *App, dst *ebiten.Image) {
	o := m.offer
	if o == nil {
		return
	}
	u := a.U()
	th := a.Theme
	ui.Panel(a, dst, o.card)
	ui.TintRoundRectEdge(dst, o.card, 14*u, 2*u, palette.WithAlpha(th.Accent, 0.8))
	fb := a.Face(ui.Regular, ui.SizeBody)
	pad := 12 * u
	if o.yes.Rect.Y < o.card.Y+2*pad { // one row: the sentence left of the buttons
		ui.DrawText(dst, offerWords(), fb, o.card.X+pad+8*u, o.card.Y+o.card.H/2, ui.Left, th.Text)
	} else {
		for i, ln := range ui.Wrap(offerWords(), fb, o.card.W-2*pad) {
			ui.DrawText(dst, ln, fb, o.card.X+o.card.W/2, o.card.Y+pad+(float64(i)+0.5)*ui.LineHeight(fb), ui.Center, th.Text)
		}
	}
	o.not.Draw(a, dst, false)
	o.yes.Draw(a, dst, false)
}

func (m *menuScene) layout(a *App) {
	u := a.U()
	n := len(m.list.Buttons)
	if a.W > a.H && a.H < 560*u { // a short landscape window: two columns
		rows := (n + 1) / 2
		area := ui.R(0, a.H*0.36, a.W, a.H*0.64-36*u)
		h := math.Min(52*u, (area.H-float64(rows-1)*10*u)/float64(rows))
		w := math.Min(300*u, (a.W-60*u)/2)
		left := column(ui.R(a.W/2-w-10*u, area.Y, w, area.H), rows, w, h, 10*u)
		right := column(ui.R(a.W/2+10*u, area.Y, w, area.H), rows, w, h, 10*u)
		for i, b := range m.list.Buttons {
			if i < rows {
				b.Rect = left[i]
			} else {
				b.Rect = right[i-rows]
			}
		}
		return
	}
	area := ui.R(0, a.H*0.34, a.W, a.H*0.61)
	h := math.Min(58*u, (area.H-float64(n-1)*12*u)/float64(n))
	for i, r := range column(area, n, math.Min(340*u, a.W-40*u), h, 12*u) {
		m.list.Buttons[i].Rect = r
	}
}

func (m *menuScene) Update(a *App) error {
	m.layout(a)
	m.layoutOffer(a)
	if m.updateOffer(a) {
		return nil
	}
	i := m.list.Update(a)
	if i < 0 {
		if a.In.Key(ebiten.KeyEscape) {
			m.escape(a)
		}
		return nil
	}
	switch m.acts[i] {
	case "continue":
		s, g, err := restore(m.saved)
		if err != nil {
			return nil
		}
		gs := continueGame(a, s, g)
		gs.takeReserves(m.saved) // the stacks in the order the player left them
		a.scenes.GoTo(gs)
	case "new":
		a.scenes.GoTo(newSetupScene(a))
	case "saved":
		a.scenes.GoTo(newSavedScene(a))
	case "stats":
		a.scenes.GoTo(newStatsScene(a))
	case "learn":
		a.scenes.GoTo(newLearnScene(a, m))
	case "options":
		a.scenes.GoTo(newOptionsScene(a, m))
	case "quit":
		a.Quit()
	}
	return nil
}

// escape answers Esc: the menu is the first screen, with nothing behind it
// to go back to, and quitting is a deliberate act, so Esc only moves the
// focus to Quit (Enter then quits); a page has no Quit, and Esc does nothing.
func (m *menuScene) escape(a *App) {
	for i := range m.list.Buttons {
		if m.acts[i] == "quit" && m.list.Focus != i {
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
	m.layoutOffer(a)
	drawBackdrop(a, dst, &m.backdrop)
	th := a.Theme
	u := a.U()
	ty := a.H * 0.2
	size := ui.SizeDisplay * 1.3
	sub := a.Face(ui.Regular, ui.SizeHeading)
	subY := ty + 70*u
	if a.W > a.H && a.H < 560*u { // two columns of buttons from 0.36 of the height
		ty, size, subY = a.H*0.12, ui.SizeDisplay*0.8, a.H*0.12+44*u
		sub = a.Face(ui.Regular, ui.SizeBody)
	}
	// title with a soft shadow, and two pieces as the logo's dots, all
	// within the window
	ft := a.Face(ui.Bold, size)
	for tw := ui.TextWidth("Gobblet", ft); tw+2*(48+26)*u > a.W-24*u && size > ui.SizeTitle; tw = ui.TextWidth("Gobblet", ft) {
		size -= 4
		ft = a.Face(ui.Bold, size)
	}
	if o := m.offer; o != nil { // the title above the offer's card
		for ui.LineHeight(ft) > o.card.Y-12*u && size > ui.SizeTitle {
			size -= 4
			ft = a.Face(ui.Bold, size)
		}
		ty = math.Min(ty, o.card.Y/2+4*u)
	}
	ui.DrawText(dst, "Gobblet", ft, a.W/2+3*u, ty+4*u, ui.Center, palette.WithAlpha(palette.Black, 0.5))
	ui.DrawText(dst, "Gobblet", ft, a.W/2, ty, ui.Center, th.Text)
	tw := ui.TextWidth("Gobblet", ft)
	r := 26 * u * size / (ui.SizeDisplay * 1.3)
	drawPiece(dst, th, a.W/2-tw/2-r-22*u, ty, r, 0, pieceLook{})
	drawPiece(dst, th, a.W/2+tw/2+r+22*u, ty, r, 1, pieceLook{})
	words := locale.T("MenuSubtitle")
	if ui.TextWidth(words, sub) > a.W-24*u {
		sub = a.Face(ui.Regular, ui.SizeBody)
		subY = ty + 52*u
	}
	for i, ln := range ui.Wrap(words, sub, a.W-24*u) {
		if m.offer == nil { // the offer takes the subtitle's place
			ui.DrawText(dst, ln, sub, a.W/2, subY+float64(i)*ui.LineHeight(sub), ui.Center, th.TextDim)
		}
	}
	m.list.Draw(a, dst)
	m.drawOffer(a, dst)
	hint := locale.T("MenuKeysHint")
	if m.escaped && m.acts[m.list.Focus] == "quit" {
		hint = locale.T("MenuQuitHint")
	}
	if inBrowser {
		hint = locale.T("MenuKeysHintBrowser")
	}
	if a.padShown() {
		hint = locale.T("PadMenuHint")
	}
	if a.keysShown() && !a.compact() { // a phone-sized window is a phone's
		fh := a.Face(ui.Regular, ui.SizeSmall)
		ui.DrawText(dst, ui.FitText(hint, fh, a.W-16*u), fh, a.W/2, a.H-24*u, ui.Center, palette.WithAlpha(th.TextDim, 0.8))
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
		ui.DrawBackground(dst, th, a.W, a.H)
		a.redraw()
		return
	}
	key := fmt.Sprintf("%v %v %s %s", a.W, a.H, th.Name, bp.Pos.String())
	w, h := math.Ceil(a.W/2), math.Ceil(a.H/2)
	img := bp.layer.Get(key, int(w), int(h), func(img *ebiten.Image) {
		ui.DrawBackground(img, th, float64(img.Bounds().Dx()), float64(img.Bounds().Dy()))
		s := math.Max(w, h) * 0.95
		bp.draw(a, img, ui.R(w/2-s/2, h/2-s/2, s, s))
		ui.FillRect(img, ui.R(0, 0, w, h), palette.WithAlpha(th.Background, 0.82))
	})
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(2, 2)
	dst.DrawImage(img, op)
}

// backdropWaits reports whether a backdrop is left for the next frame: on
// the game's first, when it was not painted yet.
func backdropWaits(a *App, bp *boardPicture) bool {
	return !a.firstFrameSeen && bp.layer.Img == nil
}
