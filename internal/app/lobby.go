package app

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// lobbyScene is the wait before an online game: the host shows the room
// code and waits for a player; the joiner types or pastes a code and
// connects. Started opens the board.
type lobbyScene struct {
	host    bool
	sess    *netplay.Session
	variant rules.Variant
	colour  rules.Player // the host's colour
	code    string       // the room code to read aloud
	secret  string       // the secret alone, for joining by address
	addr    string       // where the host listens
	problem string       // why hosting or joining failed
	notice  string       // a joiner turned away, and the like
	field   textField
	joining bool // a Join is under way
	startT  int

	copyB    *button
	joinB    *button
	pasteB   *button
	back     *button
	backdrop boardPicture
}

// newHostScene opens a room at once and shows its code.
func newHostScene(a *App, v rules.Variant, colour rules.Player, listen string) *lobbyScene {
	ls := newLobby(a, true)
	ls.variant, ls.colour = v, colour
	sess, err := netplay.Host(netplay.HostConfig{Variant: v, Colour: colour, Listen: listen})
	if err != nil {
		ls.problem = capitalise(err.Error()) + "."
		return ls
	}
	ls.hosting(a, sess)
	return ls
}

// NewHostedScene shows a room opened elsewhere (the command line).
func newHostedScene(a *App, sess *netplay.Session, v rules.Variant, colour rules.Player) *lobbyScene {
	ls := newLobby(a, true)
	ls.variant, ls.colour = v, colour
	ls.hosting(a, sess)
	return ls
}

func (ls *lobbyScene) hosting(a *App, sess *netplay.Session) {
	ls.sess = sess
	ls.code = sess.Code().String()
	ls.secret = sess.Code().Secret.String()
	ls.addr = sess.Addr()
	a.debugf("hosting %s on %s", ls.code, ls.addr)
}

// newJoinScene asks for a code; with a session (the command line) it is
// already connecting.
func newJoinScene(a *App, sess *netplay.Session) *lobbyScene {
	ls := newLobby(a, false)
	if sess != nil {
		ls.sess, ls.joining = sess, true
		ls.field.Text = sess.Code().String()
	}
	return ls
}

func newLobby(a *App, host bool) *lobbyScene {
	ls := &lobbyScene{host: host, startT: a.Tick}
	ls.copyB = &button{Label: "Copy", Tip: "Copy the code to the clipboard (Ctrl+C)"}
	ls.joinB = &button{Label: "Join", Primary: true, Tip: "Enter"}
	ls.pasteB = &button{Label: "Paste", Tip: "Paste a code (Ctrl+V)"}
	ls.back = &button{Label: "Cancel", Tip: "Esc"}
	ls.field = textField{Placeholder: "XXXX-XXXX-XXXX-XXXX-XXX", Max: 64}
	ls.backdrop = boardPicture{Pos: mustPos("gobblers:.,x2,./o3,.,x1/.,o1,.:x")}
	return ls
}

func (ls *lobbyScene) layout(a *App) {
	u := a.U()
	cx := a.W / 2
	if ls.host {
		ls.copyB.Rect = Rect{cx - 90*u, a.H*0.5 + 10*u, 180 * u, 50 * u}
	} else {
		fw := 620 * u
		ls.field.Rect = Rect{cx - fw/2, 140*u + 96*u, fw, 64 * u}
		ls.pasteB.Rect = Rect{cx - 250*u, ls.field.Rect.Y + 94*u, 230 * u, 54 * u}
		ls.joinB.Rect = Rect{cx + 20*u, ls.field.Rect.Y + 94*u, 230 * u, 54 * u}
	}
	ls.back.Rect = Rect{cx - 130*u, 140*u + ls.cardH(a) + 40*u, 260 * u, 58 * u}
}

// cardH is the height of the lobby's card: the host's holds more.
func (ls *lobbyScene) cardH(a *App) float64 {
	u := a.U()
	if ls.host {
		return math.Min(a.H-280*u, 480*u)
	}
	return math.Min(a.H-280*u, 360*u)
}

func (ls *lobbyScene) Update(a *App) error {
	ls.layout(a)
	ls.pollClipboard(a)
	if ls.sess != nil {
		for done := false; !done; {
			select {
			case e, ok := <-ls.sess.Events():
				if !ok {
					ls.sess, ls.joining = nil, false
					done = true
					break
				}
				switch e := e.(type) {
				case netplay.Started:
					a.scenes.GoTo(newOnlineGame(a, ls.sess, e))
					return nil
				case netplay.Notice:
					ls.notice = e.Text
				case netplay.Disconnected:
					ls.problem = e.Reason
					ls.joining = false
					ls.sess = nil
					a.play(sound.Illegal)
					done = true
				}
			default:
				done = true
			}
		}
	}
	if ls.back.update(a) || a.In.Key(ebiten.KeyEscape) {
		if ls.sess != nil {
			ls.sess.Close()
		}
		a.scenes.GoTo(newSetupScene(a))
		return nil
	}
	if ls.host {
		if ls.code != "" && (ls.copyB.update(a) || a.In.Ctrl && a.In.Key(ebiten.KeyC)) {
			a.clip.copy(ls.code)
		}
		return nil
	}
	if ls.joining {
		return nil
	}
	if ls.field.update(a) {
		ls.problem = ""
	}
	if ls.pasteB.update(a) || a.In.Ctrl && a.In.Key(ebiten.KeyV) {
		a.clip.paste()
	}
	if ls.joinB.update(a) || a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter) {
		ls.join(a)
	}
	return nil
}

// join reads what was typed: a room code, or an address and the secret
// ("192.168.1.20:7777 K3QD-0M8Z-P").
func (ls *lobbyScene) join(a *App) {
	text := strings.TrimSpace(ls.field.Text)
	if text == "" {
		ls.problem = "Type the room code the host reads to you."
		a.play(sound.Illegal)
		return
	}
	cfg := netplay.JoinConfig{Code: text}
	if f := strings.Fields(text); len(f) == 2 && strings.Contains(f[0], ":") {
		cfg = netplay.JoinConfig{Addr: f[0], Code: f[1]}
	}
	sess, err := netplay.Join(cfg)
	if err != nil {
		ls.problem = capitalise(strings.TrimPrefix(err.Error(), "join: ")) + "."
		a.play(sound.Illegal)
		return
	}
	a.debugf("joining %s", text)
	ls.sess, ls.joining, ls.problem, ls.notice = sess, true, "", ""
}

func (ls *lobbyScene) pollClipboard(a *App) {
	select {
	case ok := <-a.clip.copied:
		if ok {
			a.toast("Room code copied")
		} else {
			a.toast("No clipboard here: read the code out instead")
		}
	default:
	}
	select {
	case text := <-a.clip.pasted:
		if text == "" {
			a.toast("Nothing to paste: type the code instead")
			return
		}
		ls.field.Text = ""
		ls.field.insert(text)
		ls.problem = ""
	default:
	}
}

func (ls *lobbyScene) Draw(a *App, dst *ebiten.Image) {
	ls.layout(a)
	drawBackdrop(a, dst, &ls.backdrop)
	th := a.Theme
	u := a.U()
	cx := a.W / 2
	title := "Join a game"
	if ls.host {
		title = "Host a game"
	}
	drawText(dst, title, a.Face(Bold, sizeTitle), cx, 80*u, Center, th.Text)
	card := Rect{cx - 430*u, 140 * u, 860 * u, ls.cardH(a)}
	panel(a, dst, card)
	fs := a.Face(Regular, sizeBody)
	if ls.host {
		ls.drawHost(a, dst, card)
	} else {
		ls.drawJoin(a, dst, card)
	}
	if ls.notice != "" {
		drawText(dst, ls.notice, a.Face(Regular, sizeSmall), cx, card.Y+card.H-24*u, Center, th.TextDim)
	}
	if ls.problem != "" {
		col := mix(th.Warn, white, 0.3)
		if th.Light {
			col = th.Warn
		}
		for i, ln := range wrap(ls.problem, fs, card.W-80*u) {
			drawText(dst, ln, fs, cx, card.Y+card.H-64*u+float64(i)*24*u, Center, col)
		}
	}
	ls.back.draw(a, dst, false)
	for _, b := range []*button{ls.copyB, ls.pasteB, ls.joinB, ls.back} {
		b.drawTip(a, dst)
	}
}

func (ls *lobbyScene) drawHost(a *App, dst *ebiten.Image, card Rect) {
	th := a.Theme
	u := a.U()
	cx := a.W / 2
	fs := a.Face(Regular, sizeBody)
	side := "orange, and move first"
	if ls.colour == rules.O {
		side = "blue; orange moves first"
	}
	what := "Gobblet 4×4"
	if ls.variant == rules.Gobblers {
		what = "Gobblet Gobblers 3×3"
	}
	drawText(dst, fmt.Sprintf("%s  ·  you play %s", what, side), a.Face(Medium, sizeBody), cx, card.Y+44*u, Center, th.TextDim)
	if ls.code == "" {
		return
	}
	drawText(dst, "Tell the other player this room code:", fs, cx, card.Y+96*u, Center, th.Text)
	// the code, large, its groups spaced so it reads aloud in chunks
	groups := strings.Split(ls.code, "-")
	fc := a.Face(Bold, sizeDisplay*0.7)
	gap := 30 * u
	total := -gap
	for _, g := range groups {
		total += textWidth(g, fc) + gap
	}
	box := Rect{cx - total/2 - 28*u, card.Y + 122*u, total + 56*u, 96 * u}
	roundRectSprite(dst, box, 14*u, mix(th.Panel, th.Background, 0.5), th.PanelEdge, math.Max(1, u), 0)
	x := cx - total/2
	for i, g := range groups {
		drawText(dst, g, fc, x, box.Y+box.H/2, Left, th.Text)
		x += textWidth(g, fc)
		if i < len(groups)-1 {
			drawText(dst, "–", a.Face(Regular, sizeHeading), x+gap/2, box.Y+box.H/2, Center, th.TextDim)
		}
		x += gap
	}
	ls.copyB.Rect.Y = box.Y + box.H + 20*u
	ls.copyB.draw(a, dst, false)
	// waiting, with a gentle spinner
	wy := ls.copyB.Rect.Y + ls.copyB.Rect.H + 50*u
	msg := "Waiting for a player…"
	tw := textWidth(msg, a.Face(Medium, sizeHeading))
	drawText(dst, msg, a.Face(Medium, sizeHeading), cx+14*u, wy, Center, th.Text)
	sx := cx - tw/2 - 14*u
	ang := float64(a.Tick) / 9
	for i := 0; i < 8; i++ {
		t := ang + float64(i)*math.Pi/4
		fillCircle(dst, sx+math.Cos(t)*10*u, wy+math.Sin(t)*10*u, 2.6*u, withAlpha(th.Accent, 0.15+0.85*float64(i)/8))
	}
	small := a.Face(Regular, sizeSmall)
	drawText(dst, "Letters O, I and L count as 0, 1 and 1; dashes and case do not matter.", small, cx, wy+44*u, Center, th.TextDim)
	drawText(dst, fmt.Sprintf("Listening on %s  ·  by address: --join ADDRESS --code %s", ls.addr, ls.secret), small, cx, wy+70*u, Center, th.TextDim)
}

func (ls *lobbyScene) drawJoin(a *App, dst *ebiten.Image, card Rect) {
	th := a.Theme
	u := a.U()
	cx := a.W / 2
	drawText(dst, "Type or paste the room code the host reads to you:", a.Face(Regular, sizeBody), cx, ls.field.Rect.Y-40*u, Center, th.Text)
	ls.field.draw(a, dst, !ls.joining)
	if ls.joining {
		wy := ls.field.Rect.Y + ls.field.Rect.H + 70*u
		msg := "Connecting…"
		drawText(dst, msg, a.Face(Medium, sizeHeading), cx+14*u, wy, Center, th.Text)
		sx := cx - textWidth(msg, a.Face(Medium, sizeHeading))/2 - 14*u
		ang := float64(a.Tick) / 9
		for i := 0; i < 8; i++ {
			t := ang + float64(i)*math.Pi/4
			fillCircle(dst, sx+math.Cos(t)*10*u, wy+math.Sin(t)*10*u, 2.6*u, withAlpha(th.Accent, 0.15+0.85*float64(i)/8))
		}
		return
	}
	ls.pasteB.draw(a, dst, false)
	ls.joinB.draw(a, dst, false)
	drawText(dst, "Or an address and the secret: 192.168.1.20:7777 K3QD-0M8Z-P", a.Face(Regular, sizeSmall), cx, ls.joinB.Rect.Y+ls.joinB.Rect.H+40*u, Center, th.TextDim)
}

// textField is a one-line text box: typed characters, Backspace, Ctrl+U
// to clear; the scene pastes into it.
type textField struct {
	Rect        Rect
	Text        string
	Placeholder string
	Max         int
}

// update takes the typed characters; true when the text changed.
func (t *textField) update(a *App) bool {
	before := t.Text
	if len(a.In.Chars) > 0 && !a.In.Ctrl {
		t.insert(string(a.In.Chars))
	}
	switch {
	case a.In.Key(ebiten.KeyBackspace) && len(t.Text) > 0:
		t.Text = t.Text[:len(t.Text)-1]
	case a.In.Ctrl && a.In.Key(ebiten.KeyU):
		t.Text = ""
	}
	return t.Text != before
}

// insert adds what a code can hold: letters, digits, dashes, spaces and
// an address's dots, colons and brackets.
func (t *textField) insert(s string) {
	for _, r := range s {
		if len(t.Text) >= t.Max {
			return
		}
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			t.Text += string(unicode.ToUpper(r))
		case strings.ContainsRune("-.:[] ", r):
			t.Text += string(r)
		case r == '\n' || r == '\t':
			t.Text += " "
		}
	}
}

func (t *textField) draw(a *App, dst *ebiten.Image, focused bool) {
	th := a.Theme
	u := a.U()
	edge := th.PanelEdge
	if focused {
		edge = th.Accent
	}
	roundRectSprite(dst, t.Rect, 12*u, mix(th.Background, th.Panel, 0.4), edge, math.Max(1.5, 2*u), 0)
	fc := a.Face(Bold, sizeHeading+3)
	cy := t.Rect.Y + t.Rect.H/2
	x := t.Rect.X + 22*u
	if t.Text == "" {
		drawText(dst, t.Placeholder, fc, x, cy, Left, withAlpha(th.TextDim, 0.45))
	} else {
		drawText(dst, t.Text, fc, x, cy, Left, th.Text)
	}
	if focused && (a.Tick/30)%2 == 0 {
		cxr := x + textWidth(t.Text, fc) + 2*u
		if t.Text == "" {
			cxr = x
		}
		fillRect(dst, Rect{cxr, cy - 16*u, math.Max(1.5, 2*u), 32 * u}, th.Accent)
	}
}
