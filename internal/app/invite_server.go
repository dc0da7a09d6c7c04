package app

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// serverScene is Options → Online server: the address Invite a friend
// opens its rooms on, typed or pasted; empty is the game's own default.
type serverScene struct {
	back     Scene              // where Cancel goes
	saved    func(a *App) Scene // where Save goes, once the setting is kept
	field    textField
	problem  string
	pasteB   *ui.Button
	clearB   *ui.Button
	saveB    *ui.Button
	cancelB  *ui.Button
	card     ui.Rect
	lines    []lobbyLine
	backdrop boardPicture
	// a phone's card scrolls in area when it is taller than the window
	// leaves it (area empty when it fits)
	area   ui.Rect
	scroll ui.Scroller
}

func newServerScene(a *App, back Scene, saved func(a *App) Scene, backdrop boardPicture) *serverScene {
	s := &serverScene{back: back, saved: saved, backdrop: backdrop}
	s.field = textField{Placeholder: "play.example.org", Max: 256, Raw: true, Case: true}
	s.field.insert(a.Settings.OnlineServer)
	s.pasteB = &ui.Button{Label: locale.T("OnlinePaste"), Tip: locale.T("OnlinePasteAddressTip")}
	s.clearB = &ui.Button{Label: locale.T("OnlineUseDefault"), Tip: locale.T("OnlineClearTip")}
	if a.opts.Server == "" {
		s.clearB.Label = locale.T("OnlineClear")
	}
	s.saveB = &ui.Button{Label: locale.T("OnlineSave"), Primary: true, Tip: "Enter"}
	s.cancelB = &ui.Button{Label: locale.T("Cancel"), Tip: "Esc"}
	return s
}

// serverShown is how the Options row names the online server in use.
func serverShown(a *App) string {
	switch {
	case a.Settings.OnlineServer != "":
		return a.Settings.OnlineServer
	case a.opts.Server != "":
		return locale.F("OnlineServerDefault", "Server", strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(a.opts.Server, "https://"), "http://"), "/"))
	}
	return locale.T("OnlineServerNone")
}

// defaultWords says what an empty field means.
func defaultWords(a *App) string {
	if a.opts.Server != "" {
		return locale.F("OnlineLeftEmpty", "Server", a.opts.Server)
	}
	return locale.T("OnlineNoOwnServer")
}

func (s *serverScene) layout(a *App) {
	u := a.U()
	th := a.Theme
	cx := a.W / 2
	m := lobbyMeasures(a)
	g := m.g
	s.card = ui.R(cx-m.cardW/2, m.top-s.scroll.Y, m.cardW, 0)
	s.lines = s.lines[:0]
	wrapW := s.card.W - 2*m.pad
	y := s.card.Y + 30*u*g
	put := func(str string, fc ui.Face, col color.RGBA, gap float64) {
		h := ui.LineHeight(fc)
		y += gap * g
		for i, ln := range ui.Wrap(str, fc, wrapW) {
			if i > 0 {
				y += 0.25 * h
			}
			s.lines = append(s.lines, lobbyLine{s: ln, face: fc, x: cx, y: y + h/2, col: col})
			y += h
		}
	}
	body, small := a.Face(ui.Regular, ui.SizeBody), a.Face(ui.Regular, ui.SizeSmall)
	put(locale.T("OnlineServerIntro"), body, th.Text, 0)
	fw := math.Min(700*u, wrapW)
	s.field.Rect = ui.R(cx-fw/2, y+26*u*g, fw, 64*u)
	y = s.field.Rect.Y + s.field.Rect.H
	if m.side { // Paste and Clear beside the field
		bw := 170 * u
		s.field.Rect = ui.R(s.card.X+m.pad, s.field.Rect.Y, wrapW-2*bw-16*u, 64*u)
		by := s.field.Rect.Y + 5*u
		s.pasteB.Rect = ui.R(s.field.Rect.X+s.field.Rect.W+8*u, by, bw, 54*u)
		s.clearB.Rect = ui.R(s.pasteB.Rect.X+bw+8*u, by, bw, 54*u)
		y = s.field.Rect.Y + s.field.Rect.H
		put(defaultWords(a), small, th.TextDim, 18*u)
	} else {
		put(defaultWords(a), small, th.TextDim, 18*u)
		pair(s.pasteB, s.clearB, cx, y+24*u*g, 230*u, 54*u, 20*u*g, wrapW)
		y = s.pasteB.Rect.Y + s.pasteB.Rect.H
	}
	room := y + 20*u*g + 2.25*ui.LineHeight(body)
	if s.problem != "" {
		warn := palette.Mix(th.Warn, palette.White, 0.3)
		if th.Light {
			warn = th.Warn
		}
		put(s.problem, body, warn, 20*u)
	}
	if y < room {
		y = room
	}
	s.card.H = y + 32*u*g - s.card.Y
	if m.side {
		sideButtons(a, m, s.cancelB, s.saveB)
		s.area = scrollArea(a, m, s.card, &s.scroll, a.H+2*u)
		return
	}
	if m.small {
		pair(s.cancelB, s.saveB, cx, a.H-66*u, 230*u, 54*u, 16*u, a.W-40*u)
		s.area = scrollArea(a, m, s.card, &s.scroll, s.cancelB.Rect.Y)
		return
	}
	s.area = ui.Rect{}
	by := s.card.Y + s.card.H + 36*u
	s.cancelB.Rect = ui.R(cx-250*u, by, 230*u, 58*u)
	s.saveB.Rect = ui.R(cx+20*u, by, 230*u, 58*u)
}

func (s *serverScene) Update(a *App) error {
	s.layout(a)
	if !s.area.Empty() {
		s.scroll.Update(a, s.area, s.card.H+16*a.U())
		s.layout(a)
	}
	select {
	case text := <-a.clip.pasted:
		if text == "" {
			a.toast(locale.T("OnlineNothingToPasteAddress"))
		} else {
			s.field.Text = ""
			s.field.insert(strings.TrimSpace(text))
			s.problem = ""
		}
		a.redraw()
	default:
	}
	if s.cancelB.Update(a) || a.In.Key(ebiten.KeyEscape) {
		a.scenes.GoTo(s.back)
		return nil
	}
	if s.field.update(a) {
		s.problem = ""
	}
	switch {
	case s.press(a, s.pasteB) || a.In.Ctrl && a.In.Key(ebiten.KeyV):
		a.clip.paste()
	case s.press(a, s.clearB):
		s.field.Text, s.problem = "", ""
	case s.saveB.Update(a) || a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter):
		s.save(a)
	}
	return nil
}

// press reports a click on a button of the card (pressOnCard).
func (s *serverScene) press(a *App, b *ui.Button) bool { return pressOnCard(a, b, s.area) }

// save keeps the address if it reads as one, else says what is wrong and
// keeps what was typed.
func (s *serverScene) save(a *App) {
	text := strings.TrimSpace(s.field.Text)
	if text != "" {
		if _, problem := serverAddress(text); problem != "" {
			s.problem = problem
			a.play(sound.Illegal)
			return
		}
	}
	a.Settings.OnlineServer = text
	a.saveSettings()
	a.debugf("online server %q", text)
	a.scenes.GoTo(s.saved(a))
}

// Animating: the field's caret blinks twice a second.
func (s *serverScene) Animating(a *App) bool { return a.Tick%30 == 0 }

func (s *serverScene) Draw(a *App, dst *ebiten.Image) {
	s.layout(a)
	drawBackdrop(a, dst, &s.backdrop)
	m := lobbyMeasures(a)
	side := 0.0
	if m.side {
		side = (sideButtonW + 16) * a.U()
	}
	title := locale.T("OnlineServerTitle")
	ui.DrawText(dst, title, titleFace(a, title, side), a.W/2, m.title, ui.Center, a.Theme.Text)
	card := dst
	if !s.area.Empty() { // a phone's card scrolls in its area
		card = clipTo(dst, s.area)
	}
	ui.Panel(a, card, s.card)
	s.field.draw(a, card, true)
	for i := range s.lines {
		s.lines[i].draw(a, card)
	}
	for _, b := range []*ui.Button{s.pasteB, s.clearB} {
		b.Draw(a, card, false)
	}
	for _, b := range []*ui.Button{s.cancelB, s.saveB} {
		b.Draw(a, dst, false)
	}
	for _, b := range []*ui.Button{s.pasteB, s.clearB, s.cancelB, s.saveB} {
		b.DrawTip(a, dst)
	}
}

// editServer opens the Online server screen when its row is clicked, or
// Enter pressed on it; true when it did.
func (o *optionsScene) editServer(a *App) bool {
	r := o.rows["server"]
	focused := o.form.Focus < len(o.form.Rows) && o.form.Rows[o.form.Focus] == r
	clicked := a.In.Pressed && len(r.Segs) > 0 && r.Segs[0].Contains(a.In.X, a.In.Y)
	if !clicked && !(focused && (a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter))) {
		return false
	}
	a.play(sound.MenuClick)
	a.scenes.GoTo(newServerScene(a, o, func(a *App) Scene {
		r.Options[0] = serverShown(a)
		return o
	}, o.backdrop))
	return true
}
