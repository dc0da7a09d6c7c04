package app

import (
	"fmt"
	"image/color"
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
// connects. Started opens the board. Through an online server (relay) the
// host is the inviter, who shows a link and a short code (invite.go).
type lobbyScene struct {
	host   bool
	relay  bool   // the room is on an online server: Invite a friend
	link   string // the invitation link to send (relay host)
	copied string // what the last Copy copied: "Link", "Code"
	// reconnecting is why the connection to the server dropped while it
	// comes back ("" when connected)
	reconnecting string
	sess         *netplay.Session
	variant      rules.Variant
	colour       rules.Player // the host's colour
	code         string       // the room code to read aloud
	secret       string       // the secret alone, for joining by address
	addr         string       // where the host listens
	problem      string       // why hosting or joining failed
	notice       string       // a joiner turned away, and the like
	field        textField
	joining      bool // a Join is under way
	// autoJoin: join what the field holds once the first frame is shown
	// (a page opened by an invitation link)
	autoJoin bool
	startT   int

	reach      string // where a joiner reaches the host: the room code's address and port
	reachLocal bool   // the room code leads to this computer only (no network)

	copyB    *button
	linkB    *button // Copy link (relay host)
	serverB  *button // Set the server (relay host, when there is none)
	joinB    *button
	pasteB   *button
	back     *button
	backdrop boardPicture

	card    Rect        // the card, grown to hold its lines
	box     Rect        // the room code's box (host)
	linkBox Rect        // the link's box (relay host)
	lines   []lobbyLine // the text on the card, placed by layout
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
	host := sess.Code().Host
	ls.reach, ls.reachLocal = host.String(), host.Addr().IsLoopback()
	a.debugf("hosting %s on %s", ls.code, ls.addr)
}

// newJoinScene asks for a code; with a session (the command line) it is
// already connecting.
func newJoinScene(a *App, sess *netplay.Session) *lobbyScene {
	ls := newLobby(a, false)
	if sess != nil {
		ls.sess, ls.joining = sess, true
		if inv := sess.Invitation(); inv.Room != "" {
			ls.field.Text = inv.Code() // an invitation through an online server
		} else {
			ls.field.Text = sess.Code().String()
		}
	}
	return ls
}

func newLobby(a *App, host bool) *lobbyScene {
	ls := &lobbyScene{host: host, startT: a.Tick}
	ls.copyB = &button{Label: "Copy", Tip: "Copy the code to the clipboard (Ctrl+C)"}
	ls.linkB = &button{Label: "Copy link", Primary: true, Tip: "Copy the link to the clipboard (Ctrl+C)"}
	ls.serverB = &button{Label: "Set the server", Primary: true, Tip: "Options → Online server"}
	ls.joinB = &button{Label: "Join", Primary: true, Tip: "Enter"}
	ls.pasteB = &button{Label: "Paste", Tip: "Paste a code (Ctrl+V)"}
	ls.back = &button{Label: "Cancel", Tip: "Esc"}
	ls.field = textField{Placeholder: "Paste the link, or type the code", Max: 256, Raw: true}
	ls.backdrop = boardPicture{Pos: mustPos("gobblers:.,x2,./o3,.,x1/.,o1,.:x")}
	return ls
}

// lobbyLine is one line of text on the lobby's card, centred on x, with y
// the middle of the line.
type lobbyLine struct {
	s    string
	face fontFace
	x, y float64
	col  color.RGBA
	spin bool // a spinner turns left of the text: something is under way
}

// spinGap is how far left of a busy line's text its spinner turns, in units.
const spinGap = 28

// rect is the room the line takes on screen, its spinner included.
func (l *lobbyLine) rect(u float64) Rect {
	h := lineHeight(l.face)
	w := textWidth(l.s, l.face)
	r := Rect{l.x - w/2, l.y - h/2, w, h}
	if l.spin {
		r.X -= (spinGap + 14) * u
		r.W += (spinGap + 14) * u
	}
	return r
}

func (l *lobbyLine) draw(a *App, dst *ebiten.Image) {
	drawText(dst, l.s, l.face, l.x, l.y, Center, l.col)
	if !l.spin {
		return
	}
	u := a.U()
	sx := l.x - textWidth(l.s, l.face)/2 - spinGap*u
	ang := float64(a.Tick) / 9
	for i := 0; i < 8; i++ {
		t := ang + float64(i)*math.Pi/4
		fillCircle(dst, sx+math.Cos(t)*10*u, l.y+math.Sin(t)*10*u, 2.6*u, withAlpha(a.Theme.Accent, 0.15+0.85*float64(i)/8))
	}
}

// lineHeight is the height of one line of a face, ascent to descent.
func lineHeight(fc fontFace) float64 {
	m := fc.Metrics()
	return m.HAscent + m.HDescent
}

// layout places the lobby. The card's content flows down from its top, each
// paragraph wrapped to the card's width, so no two lines overlap at any
// window size; the card grows to hold them, and Cancel sits below it.
func (ls *lobbyScene) layout(a *App) {
	u := a.U()
	th := a.Theme
	cx := a.W / 2
	ls.card = Rect{cx - 430*u, 140 * u, 860 * u, 0}
	ls.lines = ls.lines[:0]
	wrapW := ls.card.W - 80*u
	y := ls.card.Y + 30*u // the bottom of what is placed so far
	put := func(s string, fc fontFace, col color.RGBA, gap float64) {
		h := lineHeight(fc)
		y += gap
		for i, ln := range wrap(s, fc, wrapW) {
			if i > 0 {
				y += 0.25 * h
			}
			ls.lines = append(ls.lines, lobbyLine{s: ln, face: fc, x: cx, y: y + h/2, col: col})
			y += h
		}
	}
	busy := func(msg string, gap float64) {
		put(msg, a.Face(Medium, sizeHeading), th.Text, gap)
		l := &ls.lines[len(ls.lines)-1]
		l.spin, l.x = true, cx+(spinGap+14)*u/2
	}
	body, small := a.Face(Regular, sizeBody), a.Face(Regular, sizeSmall)
	warn := mix(th.Warn, white, 0.3)
	if th.Light {
		warn = th.Warn
	}
	ls.copyB.Rect, ls.linkB.Rect, ls.serverB.Rect, ls.box, ls.linkBox = Rect{}, Rect{}, Rect{}, Rect{}, Rect{}
	var room float64 // the bottom the card keeps room down to, so it does not jump when a message comes
	if ls.host && ls.relay {
		put(ls.hostSubtitle(), a.Face(Medium, sizeBody), th.TextDim, 0)
		switch {
		case ls.problem != "": // no server, the server cannot be reached, or the room closed
			put(ls.problem, body, warn, 30*u)
			if ls.sess == nil { // the room did not open, or closed: the server may be the trouble
				ls.serverB.Rect = Rect{cx - 130*u, y + 26*u, 260 * u, 54 * u}
				y = ls.serverB.Rect.Y + ls.serverB.Rect.H
			}
		case ls.code != "":
			put("Send the link to your friend, or read them the code:", body, th.Text, 28*u)
			ls.linkBox = Rect{ls.card.X + 40*u, y + 18*u, ls.card.W - 80*u, 58 * u}
			total := ls.codeWidth(a) + 56*u
			ls.box = Rect{cx - total/2, ls.linkBox.Y + ls.linkBox.H + 16*u, total, 96 * u}
			bw := 220 * u
			ls.linkB.Rect = Rect{cx - bw - 10*u, ls.box.Y + ls.box.H + 20*u, bw, 54 * u}
			ls.copyB.Rect = Rect{cx + 10*u, ls.linkB.Rect.Y, bw, 54 * u}
			ls.copyB.Label, ls.copyB.Tip = "Copy code", "Copy the code to the clipboard"
			y = ls.copyB.Rect.Y + ls.copyB.Rect.H
			if ls.reconnecting != "" {
				busy("Connection lost: reconnecting…", 30*u)
				put(ls.reconnecting, small, th.TextDim, 10*u)
			} else {
				busy("Waiting for your friend…", 30*u)
				put("They open the link in a browser, or choose Join in Gobblet and paste it or type the code.", small, th.TextDim, 18*u)
			}
			room = y + 14*u + lineHeight(small)
		}
	} else if ls.host {
		put(ls.hostSubtitle(), a.Face(Medium, sizeBody), th.TextDim, 0)
		switch {
		case ls.problem != "": // the room could not open, or it closed
			put(ls.problem, body, warn, 30*u)
		case ls.code != "":
			put("Tell the other player this room code:", body, th.Text, 28*u)
			total := ls.codeWidth(a)
			ls.box = Rect{cx - total/2 - 28*u, y + 14*u, total + 56*u, 96 * u}
			ls.copyB.Rect = Rect{cx - 90*u, ls.box.Y + ls.box.H + 20*u, 180 * u, 50 * u}
			y = ls.copyB.Rect.Y + ls.copyB.Rect.H
			busy("Waiting for a player…", 30*u)
			put(ls.addressLine(), body, th.TextDim, 24*u)
			put("Letters O, I and L count as 0, 1 and 1; dashes and case do not matter.", small, th.TextDim, 12*u)
			if ls.secret != "" && ls.reach != "" {
				put(fmt.Sprintf("For the command line: gobblet --join %s --code %s", ls.reach, ls.secret), small, withAlpha(th.TextDim, 0.7), 8*u)
			}
			room = y + 14*u + lineHeight(small)
		}
	} else {
		put("Paste the link your friend sent you, or type the code they read to you:", body, th.Text, 12*u)
		fw := 620 * u
		ls.field.Rect = Rect{cx - fw/2, y + 30*u, fw, 64 * u}
		y = ls.field.Rect.Y + ls.field.Rect.H
		switch {
		case ls.joining && ls.reconnecting != "":
			busy("Connection lost: reconnecting…", 40*u)
			put(ls.reconnecting, small, th.TextDim, 10*u)
		case ls.joining:
			busy("Connecting…", 40*u)
		default:
			ls.pasteB.Rect = Rect{cx - 250*u, y + 30*u, 230 * u, 54 * u}
			ls.joinB.Rect = Rect{cx + 20*u, y + 30*u, 230 * u, 54 * u}
			y = ls.joinB.Rect.Y + ls.joinB.Rect.H
			put("On this network: type the host's room code, or their address and secret, as in 192.168.1.20:7777 K3QD-0M8Z-P", small, th.TextDim, 24*u)
		}
		// room for two lines of trouble and a notice
		room = y + 20*u + 2.25*lineHeight(body) + 14*u + lineHeight(small)
		if ls.problem != "" {
			put(ls.problem, body, warn, 20*u)
		}
	}
	if ls.notice != "" {
		put(ls.notice, small, th.TextDim, 14*u)
	}
	y = math.Max(y, room)
	ls.card.H = y + 32*u - ls.card.Y
	ls.back.Rect = Rect{cx - 130*u, ls.card.Y + ls.card.H + 36*u, 260 * u, 58 * u}
}

// hostSubtitle says the game and your colour. Online, orange always moves
// first (a rematch swaps the colours), so the line says who starts.
func (ls *lobbyScene) hostSubtitle() string {
	side := "orange, and you move first"
	if ls.colour == rules.O {
		side = "blue; orange moves first"
	}
	what := "Gobblet 4×4"
	if ls.variant == rules.Gobblers {
		what = "Gobblet Gobblers 3×3"
	}
	return fmt.Sprintf("%s  ·  you play %s", what, side)
}

// addressLine is where the other player can reach this computer, in words.
func (ls *lobbyScene) addressLine() string {
	if ls.reachLocal {
		return "No network found: only a game on this computer can join."
	}
	if ls.secret == "" {
		return "Your address: " + ls.reach
	}
	return fmt.Sprintf("Your address: %s  ·  secret: %s", ls.reach, ls.secret)
}

// codeGap is the space between the room code's groups, in units.
const codeGap = 30

func (ls *lobbyScene) codeWidth(a *App) float64 {
	fc := a.Face(Bold, sizeDisplay*0.7)
	total := -codeGap * a.U()
	for _, g := range strings.Split(ls.code, "-") {
		total += textWidth(g, fc) + codeGap*a.U()
	}
	return total
}

// Update runs the lobby: the session's events (the game starts, a notice,
// a disconnection), Back, then the host's Copy or the guest's field, Paste
// and Join.
func (ls *lobbyScene) Update(a *App) error {
	ls.layout(a)
	ls.pollClipboard(a)
	if ls.sess != nil {
		for done := false; !done; {
			select {
			case e, ok := <-ls.sess.Events():
				a.redraw() // whatever came changes the card
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
				case netplay.Reconnecting:
					ls.reconnecting = e.Reason
					if ls.reconnecting == "" {
						ls.reconnecting = "The connection to the server dropped."
					}
					a.debugf("reconnecting: %s", e.Reason)
				case netplay.Reconnected:
					ls.reconnecting = ""
					a.debugf("reconnected")
				case netplay.Disconnected:
					ls.problem = e.Reason
					ls.joining = false
					ls.sess = nil
					ls.reconnecting = ""
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
	if ls.host && ls.relay {
		if ls.serverB.Rect.W > 0 && ls.serverB.update(a) {
			v, colour := ls.variant, ls.colour
			a.scenes.GoTo(newServerScene(a, ls, func(a *App) Scene { return newInviteScene(a, v, colour) }, ls.backdrop))
			return nil
		}
		if ls.code == "" || ls.problem != "" {
			return nil
		}
		switch {
		case ls.linkB.update(a) || a.In.Ctrl && a.In.Key(ebiten.KeyC):
			ls.copied = "Link"
			a.clip.copy(ls.link)
		case ls.copyB.update(a):
			ls.copied = "Code"
			a.clip.copy(ls.code)
		}
		return nil
	}
	if ls.host {
		if ls.code != "" && ls.problem == "" && (ls.copyB.update(a) || a.In.Ctrl && a.In.Key(ebiten.KeyC)) {
			ls.copied = "Room code"
			a.clip.copy(ls.code)
		}
		return nil
	}
	if ls.joining {
		return nil
	}
	if ls.autoJoin && (a.firstFrameSeen || a.headless) {
		ls.autoJoin = false
		ls.join(a)
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

// join reads what was typed: an invitation link or code (through an
// online server), a room code of this network, or an address and the
// secret ("192.168.1.20:7777 K3QD-0M8Z-P"); anything else is refused with
// a sentence before any network (classifyJoin).
func (ls *lobbyScene) join(a *App) {
	text := strings.TrimSpace(ls.field.Text)
	kind, problem := classifyJoin(text)
	switch kind {
	case joinBad:
		ls.problem = problem
		a.play(sound.Illegal)
		return
	case joinLink, joinInvite:
		ls.accept(a, text, kind)
		return
	}
	cfg := netplay.JoinConfig{Code: text}
	if kind == joinAddr {
		f := strings.Fields(text)
		cfg = netplay.JoinConfig{Addr: f[0], Code: f[1]}
	}
	sess, err := netplay.Join(cfg)
	if err != nil {
		ls.problem = joinProblem(cfg, err)
		a.play(sound.Illegal)
		return
	}
	a.debugf("joining %s", text)
	ls.sess, ls.joining, ls.problem, ls.notice = sess, true, "", ""
}

// joinProblem says why a code was refused, in a sentence for the player.
func joinProblem(cfg netplay.JoinConfig, err error) string {
	if cfg.Addr != "" {
		return fmt.Sprintf("After the address, type the host's %d-character secret, or the whole room code.", netplay.SecretCodeLength)
	}
	msg := strings.TrimPrefix(err.Error(), "join: ")
	if rest, ok := strings.CutPrefix(msg, "room code: it "); ok {
		msg = "the code " + rest
	}
	msg = strings.TrimPrefix(msg, "room code: ")
	return capitalise(msg) + "."
}

func (ls *lobbyScene) pollClipboard(a *App) {
	select {
	case ok := <-a.clip.copied:
		what := ls.copied
		if what == "" {
			what = "Room code"
		}
		if ok {
			a.toast(what + " copied")
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
		a.redraw()
	default:
	}
}

// Animating: a spinner turns while something is under way, at 30 frames
// a second, and at 10 once the player has left the screen alone for ten
// seconds (a host may wait minutes for the other player); the text field's
// caret blinks twice a second.
func (ls *lobbyScene) Animating(a *App) bool {
	for i := range ls.lines {
		if ls.lines[i].spin {
			if a.quiet() < 600 {
				return a.Tick%2 == 0
			}
			return a.Tick%6 == 0
		}
	}
	return ls.caretShown() && a.Tick%30 == 0
}

// caretShown reports whether the code field is on screen with its caret.
func (ls *lobbyScene) caretShown() bool { return !ls.host && !ls.joining }

func (ls *lobbyScene) Draw(a *App, dst *ebiten.Image) {
	ls.layout(a)
	drawBackdrop(a, dst, &ls.backdrop)
	th := a.Theme
	u := a.U()
	cx := a.W / 2
	title := "Join a game"
	switch {
	case ls.host && ls.relay:
		title = "Invite a friend"
	case ls.host:
		title = "Host on this network"
	}
	drawText(dst, title, a.Face(Bold, sizeTitle), cx, 80*u, Center, th.Text)
	panel(a, dst, ls.card)
	switch {
	case ls.host:
		if ls.serverB.Rect.W > 0 {
			ls.serverB.draw(a, dst, false)
		}
		if ls.linkBox.W > 0 {
			ls.drawLink(a, dst)
			ls.linkB.draw(a, dst, false)
		}
		if ls.box.W > 0 {
			ls.drawCode(a, dst)
			ls.copyB.draw(a, dst, false)
		}
	default:
		ls.field.draw(a, dst, !ls.joining)
		if !ls.joining {
			ls.pasteB.draw(a, dst, false)
			ls.joinB.draw(a, dst, false)
		}
	}
	for i := range ls.lines {
		ls.lines[i].draw(a, dst)
	}
	ls.back.draw(a, dst, false)
	for _, b := range []*button{ls.serverB, ls.linkB, ls.copyB, ls.pasteB, ls.joinB, ls.back} {
		b.drawTip(a, dst)
	}
}

// drawCode draws the room code, large, its groups spaced so it reads
// aloud in chunks.
func (ls *lobbyScene) drawCode(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	box := ls.box
	roundRectSprite(dst, box, 14*u, mix(th.Panel, th.Background, 0.5), th.PanelEdge, math.Max(1, u), 0)
	fc := a.Face(Bold, sizeDisplay*0.7)
	x := box.X + 28*u
	groups := strings.Split(ls.code, "-")
	for i, g := range groups {
		drawText(dst, g, fc, x, box.Y+box.H/2, Left, th.Text)
		x += textWidth(g, fc)
		if i < len(groups)-1 {
			drawText(dst, "–", a.Face(Regular, sizeHeading), x+codeGap*u/2, box.Y+box.H/2, Center, th.TextDim)
		}
		x += codeGap * u
	}
}

// textField is a one-line text box: typed characters, Backspace, Ctrl+U
// to clear; the scene pastes into it.
type textField struct {
	Rect        Rect
	Text        string
	Placeholder string
	Max         int
	// Raw keeps any printable character (a link, an address); else only
	// what a room code holds is kept. Letters are capitalised, as a code's,
	// unless the field keeps Case, or a Raw field holds a link.
	Raw, Case bool
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
// an address's dots, colons and brackets; a Raw field any printable
// character, its letters capitalised as a code's until it is a link.
func (t *textField) insert(s string) {
	link := t.Case || t.Raw && (strings.Contains(t.Text+s, "://") || strings.Contains(t.Text+s, "#"))
	for _, r := range s {
		if len(t.Text) >= t.Max {
			return
		}
		switch {
		case link && r > ' ' && r <= '~':
			t.Text += string(r)
		case t.Raw && r > ' ' && r <= '~' && !unicode.IsLetter(r) && !unicode.IsDigit(r):
			t.Text += string(r)
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			t.Text += string(unicode.ToUpper(r))
		case strings.ContainsRune("-.:[] ", r):
			t.Text += string(r)
		case r == '\n' || r == '\t':
			t.Text += " "
		}
	}
	if i := strings.Index(t.Text, "://"); t.Raw && !t.Case && i > 0 {
		t.Text = strings.ToLower(t.Text[:i]) + t.Text[i:] // a link typed letter by letter: its scheme was taken for a code
	}
}

// fit picks the face and the text to show so that they stay inside the
// box: a long code (an IPv6 room's) in a smaller face, and past that only
// its end, after an ellipsis, where the typing goes on.
func (t *textField) fit(a *App) (fontFace, string) {
	u := a.U()
	room := t.Rect.W - 44*u - 4*u // the margins and the cursor
	fc := a.Face(Bold, sizeHeading+3)
	if textWidth(t.Text, fc) <= room {
		return fc, t.Text
	}
	fc = a.Face(Bold, sizeBody)
	s := t.Text
	for i := 0; textWidth(s, fc) > room && i < len(t.Text); i++ {
		s = "…" + t.Text[i+1:]
	}
	return fc, s
}

func (t *textField) draw(a *App, dst *ebiten.Image, focused bool) {
	th := a.Theme
	u := a.U()
	edge := th.PanelEdge
	if focused {
		edge = th.Accent
	}
	roundRectSprite(dst, t.Rect, 12*u, mix(th.Background, th.Panel, 0.4), edge, math.Max(1.5, 2*u), 0)
	cy := t.Rect.Y + t.Rect.H/2
	x := t.Rect.X + 22*u
	fc, shown := t.fit(a)
	if t.Text == "" {
		drawText(dst, t.Placeholder, fc, x, cy, Left, withAlpha(th.TextDim, 0.45))
	} else {
		drawText(dst, shown, fc, x, cy, Left, th.Text)
	}
	if focused && (a.Tick/30)%2 == 0 {
		cxr := x + textWidth(shown, fc) + 2*u
		if t.Text == "" {
			cxr = x
		}
		fillRect(dst, Rect{cxr, cy - 16*u, math.Max(1.5, 2*u), 32 * u}, th.Accent)
	}
}
