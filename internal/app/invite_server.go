package app

import (
	"image/color"

	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// serverScene is Options → Online server: the address Invite a friend
// opens its rooms on, typed or pasted; empty is the game's own default.
type serverScene struct {
	back     Scene              // where Cancel goes
	saved    func(a *App) Scene // where Save goes, once the setting is kept
	field    textField
	problem  string
	pasteB   *button
	clearB   *button
	saveB    *button
	cancelB  *button
	card     Rect
	lines    []lobbyLine
	backdrop boardPicture
}

func newServerScene(a *App, back Scene, saved func(a *App) Scene, backdrop boardPicture) *serverScene {
	s := &serverScene{back: back, saved: saved, backdrop: backdrop}
	s.field = textField{Placeholder: "play.example.org", Max: 256, Raw: true, Case: true}
	s.field.insert(a.Settings.OnlineServer)
	s.pasteB = &button{Label: "Paste", Tip: "Paste an address (Ctrl+V)"}
	s.clearB = &button{Label: "Use the default", Tip: "Ctrl+U empties the field"}
	if a.opts.Server == "" {
		s.clearB.Label = "Clear"
	}
	s.saveB = &button{Label: "Save", Primary: true, Tip: "Enter"}
	s.cancelB = &button{Label: "Cancel", Tip: "Esc"}
	return s
}

// serverShown is how the Options row names the online server in use.
func serverShown(a *App) string {
	switch {
	case a.Settings.OnlineServer != "":
		return a.Settings.OnlineServer
	case a.opts.Server != "":
		return "Default: " + strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(a.opts.Server, "https://"), "http://"), "/")
	}
	return "None set"
}

// defaultWords says what an empty field means.
func defaultWords(a *App) string {
	if a.opts.Server != "" {
		return "Left empty, the game's own server is used: " + a.opts.Server
	}
	return "This copy of the game has no server of its own: Invite a friend needs one here."
}

func (s *serverScene) layout(a *App) {
	u := a.U()
	th := a.Theme
	cx := a.W / 2
	s.card = Rect{cx - 430*u, 140 * u, 860 * u, 0}
	s.lines = s.lines[:0]
	y := s.card.Y + 30*u
	put := func(str string, fc fontFace, col color.RGBA, gap float64) {
		h := lineHeight(fc)
		y += gap
		for i, ln := range wrap(str, fc, s.card.W-80*u) {
			if i > 0 {
				y += 0.25 * h
			}
			s.lines = append(s.lines, lobbyLine{s: ln, face: fc, x: cx, y: y + h/2, col: col})
			y += h
		}
	}
	body, small := a.Face(Regular, sizeBody), a.Face(Regular, sizeSmall)
	put("Invite a friend opens its rooms on this server. Type or paste its address, such as play.example.org or wss://play.example.org/.", body, th.Text, 0)
	fw := 700 * u
	s.field.Rect = Rect{cx - fw/2, y + 26*u, fw, 64 * u}
	y = s.field.Rect.Y + s.field.Rect.H
	put(defaultWords(a), small, th.TextDim, 18*u)
	bw := 230 * u
	s.pasteB.Rect = Rect{cx - bw - 10*u, y + 24*u, bw, 54 * u}
	s.clearB.Rect = Rect{cx + 10*u, y + 24*u, bw, 54 * u}
	y = s.pasteB.Rect.Y + s.pasteB.Rect.H
	room := y + 20*u + 2.25*lineHeight(body)
	if s.problem != "" {
		warn := mix(th.Warn, white, 0.3)
		if th.Light {
			warn = th.Warn
		}
		put(s.problem, body, warn, 20*u)
	}
	if y < room {
		y = room
	}
	s.card.H = y + 32*u - s.card.Y
	by := s.card.Y + s.card.H + 36*u
	s.cancelB.Rect = Rect{cx - 250*u, by, 230 * u, 58 * u}
	s.saveB.Rect = Rect{cx + 20*u, by, 230 * u, 58 * u}
}

func (s *serverScene) Update(a *App) error {
	s.layout(a)
	select {
	case text := <-a.clip.pasted:
		if text == "" {
			a.toast("Nothing to paste: type the address instead")
		} else {
			s.field.Text = ""
			s.field.insert(strings.TrimSpace(text))
			s.problem = ""
		}
		a.redraw()
	default:
	}
	if s.cancelB.update(a) || a.In.Key(ebiten.KeyEscape) {
		a.scenes.GoTo(s.back)
		return nil
	}
	if s.field.update(a) {
		s.problem = ""
	}
	switch {
	case s.pasteB.update(a) || a.In.Ctrl && a.In.Key(ebiten.KeyV):
		a.clip.paste()
	case s.clearB.update(a):
		s.field.Text, s.problem = "", ""
	case s.saveB.update(a) || a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter):
		s.save(a)
	}
	return nil
}

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
	drawText(dst, "Online server", a.Face(Bold, sizeTitle), a.W/2, 80*a.U(), Center, a.Theme.Text)
	panel(a, dst, s.card)
	s.field.draw(a, dst, true)
	for i := range s.lines {
		s.lines[i].draw(a, dst)
	}
	for _, b := range []*button{s.pasteB, s.clearB, s.cancelB, s.saveB} {
		b.draw(a, dst, false)
	}
	for _, b := range []*button{s.pasteB, s.clearB, s.cancelB, s.saveB} {
		b.drawTip(a, dst)
	}
}

// editServer opens the Online server screen when its row is clicked, or
// Enter pressed on it; true when it did.
func (o *optionsScene) editServer(a *App) bool {
	r := o.rows["server"]
	focused := o.form.Focus < len(o.form.Rows) && o.form.Rows[o.form.Focus] == r
	clicked := a.In.Pressed && len(r.segs) > 0 && r.segs[0].Contains(a.In.X, a.In.Y)
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
