package app

import (
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
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

	copyB    *ui.Button
	linkB    *ui.Button // Copy link (relay host)
	serverB  *ui.Button // Set the server (relay host, when there is none)
	joinB    *ui.Button
	pasteB   *ui.Button
	back     *ui.Button
	backdrop boardPicture

	card    ui.Rect     // the card, grown to hold its lines
	box     ui.Rect     // the room code's box (host)
	linkBox ui.Rect     // the link's box (relay host)
	lines   []lobbyLine // the text on the card, placed by layout
	// a phone's card scrolls in area when it is taller than the window
	// leaves it (area empty when it fits)
	area   ui.Rect
	scroll ui.Scroller
}

// newHostScene opens a room at once and shows its code.
func newHostScene(a *App, v rules.Variant, colour rules.Player, listen string) *lobbyScene {
	ls := newLobby(a, true)
	ls.variant, ls.colour = v, colour
	sess, err := netplay.Host(netplay.HostConfig{Variant: v, Colour: colour, Listen: listen})
	if err != nil {
		ls.problem = errorText(err)
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
	ls.copyB = &ui.Button{Label: locale.T("OnlineCopy"), Tip: locale.T("OnlineCopyTip")}
	ls.linkB = &ui.Button{Label: locale.T("OnlineCopyLink"), Primary: true, Tip: locale.T("OnlineCopyLinkTip")}
	ls.serverB = &ui.Button{Label: locale.T("OnlineSetServer"), Primary: true, Tip: locale.T("OnlineSetServerTip")}
	ls.joinB = &ui.Button{Label: locale.T("OnlineJoin"), Primary: true, Tip: "Enter"}
	ls.pasteB = &ui.Button{Label: locale.T("OnlinePaste"), Tip: locale.T("OnlinePasteTip")}
	ls.back = &ui.Button{Label: locale.T("Cancel"), Tip: "Esc"}
	ls.field = textField{Placeholder: locale.T("OnlineFieldPlaceholder"), Max: 256, Raw: true}
	ls.backdrop = boardPicture{Pos: mustPos("gobblers:.,x2,./o3,.,x1/.,o1,.:x")}
	return ls
}

// lobbyLine is one line of text on the lobby's card, centred on x, with y
// the middle of the line.
type lobbyLine struct {
	s    string
	face ui.Face
	x, y float64
	col  color.RGBA
	spin bool // a spinner turns left of the text: something is under way
}

// spinGap is how far left of a busy line's text its spinner turns, in units.
const spinGap = 28

// rect is the room the line takes on screen, its spinner included.
func (l *lobbyLine) rect(u float64) ui.Rect {
	h := ui.LineHeight(l.face)
	w := ui.TextWidth(l.s, l.face)
	r := ui.R(l.x-w/2, l.y-h/2, w, h)
	if l.spin {
		r.X -= (spinGap + 14) * u
		r.W += (spinGap + 14) * u
	}
	return r
}

func (l *lobbyLine) draw(a *App, dst *ebiten.Image) {
	ui.DrawText(dst, l.s, l.face, l.x, l.y, ui.Center, l.col)
	if !l.spin {
		return
	}
	u := a.U()
	sx := l.x - ui.TextWidth(l.s, l.face)/2 - spinGap*u
	ang := float64(a.Tick) / 9
	for i := 0; i < 8; i++ {
		t := ang + float64(i)*math.Pi/4
		ui.FillCircle(dst, sx+math.Cos(t)*10*u, l.y+math.Sin(t)*10*u, 2.6*u, palette.WithAlpha(a.Theme.Accent, 0.15+0.85*float64(i)/8))
	}
}

// lobbyMetrics are the lobby's measures: the desktop's, or a phone's,
// where the card takes the window's width and the gaps are tighter.
type lobbyMetrics struct {
	small bool    // a phone's window (compact)
	cardW float64 // the card's width
	pad   float64 // the card's margin inside
	top   float64 // the card's top
	g     float64 // the gaps' factor
	title float64 // the title's middle
	// side: a phone on its side, too low for the card to hold its
	// buttons under their boxes: they go beside them, and Cancel (Save)
	// up beside the title
	side bool
}

func lobbyMeasures(a *App) lobbyMetrics {
	u := a.U()
	m := lobbyMetrics{cardW: 860 * u, pad: 40 * u, top: 140 * u, g: 1, title: 80 * u}
	if a.compact() {
		m.small = true
		m.cardW = math.Min(860*u, a.W-16*u)
		m.pad, m.top, m.g, m.title = 16*u, 68*u, 0.6, 36*u
		m.side = a.W > a.H && m.cardW-2*m.pad >= 560*u
		if m.side {
			m.g = 0.4
		}
	}
	return m
}

// titleFace is the title's face: smaller on a narrow window, so that the
// title stays clear of its edges (and of buttons beside it, side wide).
func titleFace(a *App, title string, side float64) ui.Face {
	fc := a.Face(ui.Bold, ui.SizeTitle)
	for size := float64(ui.SizeTitle); ui.TextWidth(title, fc) > a.W-2*side-24*a.U() && size > ui.SizeHeading; {
		size -= 2
		fc = a.Face(ui.Bold, size)
	}
	return fc
}

// sideButton is the size of a button beside a title, a phone on its side.
const sideButtonW, sideButtonH = 150, 48

// sideButtons places a phone on its side's Cancel left of the title and
// the button that ends the screen well (Save), if any, right of it.
func sideButtons(a *App, m lobbyMetrics, left, right *ui.Button) {
	u := a.U()
	y := m.title - sideButtonH*u/2
	left.Rect = ui.R(8*u, y, sideButtonW*u, sideButtonH*u)
	if right != nil {
		right.Rect = ui.R(a.W-8*u-sideButtonW*u, y, sideButtonW*u, sideButtonH*u)
	}
}

// pair places two buttons side by side, centred on cx: each w wide (less
// on a narrow card), gap apart.
func pair(l, r *ui.Button, cx, y, w, h, gap, room float64) {
	w = math.Min(w, (room-gap)/2)
	l.Rect = ui.R(cx-gap/2-w, y, w, h)
	r.Rect = ui.R(cx+gap/2, y, w, h)
}

// scrollArea is where a phone's card scrolls, between the title and the
// buttons at the window's bottom (by); empty when the card fits.
func scrollArea(a *App, m lobbyMetrics, card ui.Rect, scroll *ui.Scroller, by float64) ui.Rect {
	if !m.small {
		scroll.Y, scroll.Max = 0, 0
		return ui.Rect{}
	}
	u := a.U()
	area := ui.R(0, m.top-8*u, a.W, by-10*u-(m.top-8*u))
	h := card.H + 16*u
	scroll.Max = math.Max(0, h-area.H)
	if scroll.Max == 0 {
		scroll.Y = 0
		return ui.Rect{}
	}
	return area
}

// shows reports whether a rectangle of a scrolling card is wholly in its
// area (so it can be pressed).
func shows(area, r ui.Rect) bool {
	return area.Empty() || r.Y >= area.Y-0.5 && r.Y+r.H <= area.Y+area.H+0.5
}

// layout places the lobby. The card's content flows down from its top, each
// paragraph wrapped to the card's width, so no two lines overlap at any
// window size; the card grows to hold them, and Cancel sits below it (on
// a phone at the window's bottom, the card scrolling above it when it is
// too tall).
func (ls *lobbyScene) layout(a *App) {
	u := a.U()
	th := a.Theme
	cx := a.W / 2
	m := lobbyMeasures(a)
	g := m.g
	ls.card = ui.R(cx-m.cardW/2, m.top-ls.scroll.Y, m.cardW, 0)
	ls.lines = ls.lines[:0]
	wrapW := ls.card.W - 2*m.pad
	y := ls.card.Y + 30*u*g // the bottom of what is placed so far
	put := func(s string, fc ui.Face, col color.RGBA, gap float64) {
		h := ui.LineHeight(fc)
		y += gap * g
		for i, ln := range ui.Wrap(s, fc, wrapW) {
			if i > 0 {
				y += 0.25 * h
			}
			ls.lines = append(ls.lines, lobbyLine{s: ln, face: fc, x: cx, y: y + h/2, col: col})
			y += h
		}
	}
	busy := func(msg string, gap float64) {
		// on one line with its spinner: smaller on a narrow card
		fc := a.Face(ui.Medium, ui.SizeHeading)
		if ui.TextWidth(msg, fc)+(spinGap+14)*u > wrapW {
			fc = a.Face(ui.Medium, ui.SizeBody)
		}
		wrapW -= (spinGap + 14) * u
		put(msg, fc, th.Text, gap)
		wrapW += (spinGap + 14) * u
		l := &ls.lines[len(ls.lines)-1]
		l.spin, l.x = true, cx+(spinGap+14)*u/2
	}
	body, small := a.Face(ui.Regular, ui.SizeBody), a.Face(ui.Regular, ui.SizeSmall)
	warn := palette.Mix(th.Warn, palette.White, 0.3)
	if th.Light {
		warn = th.Warn
	}
	bh := 54 * u
	ls.copyB.Rect, ls.linkB.Rect, ls.serverB.Rect, ls.box, ls.linkBox = ui.Rect{}, ui.Rect{}, ui.Rect{}, ui.Rect{}, ui.Rect{}
	var room float64 // the bottom the card keeps room down to, so it does not jump when a message comes
	if ls.host && ls.relay {
		put(ls.hostSubtitle(), a.Face(ui.Medium, ui.SizeBody), th.TextDim, 0)
		switch {
		case ls.problem != "": // no server, the server cannot be reached, or the room closed
			put(ls.problem, body, warn, 30*u)
			if ls.sess == nil { // the room did not open, or closed: the server may be the trouble
				w := math.Min(260*u, wrapW)
				ls.serverB.Rect = ui.R(cx-w/2, y+26*u*g, w, bh)
				y = ls.serverB.Rect.Y + ls.serverB.Rect.H
			}
		case ls.code != "":
			put(locale.T("OnlineSendLink"), body, th.Text, 28*u)
			lh := 58 * u
			if m.small {
				lh = 50 * u
			}
			ls.linkBox = ui.R(ls.card.X+m.pad, y+18*u*g, wrapW, lh)
			if m.side { // each box with its button beside it
				bw := 170 * u
				ls.linkBox.W = wrapW - bw - 12*u
				ls.linkBox.H = bh
				_, chh := ls.codeBox(a, ls.linkBox.W)
				ls.box = ui.R(ls.linkBox.X, ls.linkBox.Y+ls.linkBox.H+12*u, ls.linkBox.W, chh)
				ls.linkB.Rect = ui.R(ls.linkBox.X+ls.linkBox.W+12*u, ls.linkBox.Y, bw, bh)
				ls.copyB.Rect = ui.R(ls.linkB.Rect.X, ls.box.Y+(chh-bh)/2, bw, bh)
				y = ls.box.Y + ls.box.H
			} else {
				cw, chh := ls.codeBox(a, wrapW)
				ls.box = ui.R(cx-cw/2, ls.linkBox.Y+ls.linkBox.H+16*u*g, cw, chh)
				pair(ls.linkB, ls.copyB, cx, ls.box.Y+ls.box.H+20*u*g, 220*u, bh, 20*u*g, wrapW)
				y = ls.copyB.Rect.Y + ls.copyB.Rect.H
			}
			ls.copyB.Label, ls.copyB.Tip = locale.T("OnlineCopyCode"), locale.T("OnlineCopyCodeTip")
			if ls.reconnecting != "" {
				busy(locale.T("OnlineReconnecting"), 30*u)
				put(ls.reconnecting, small, th.TextDim, 10*u)
			} else {
				busy(locale.T("OnlineWaitingFriend"), 30*u)
				put(locale.T("OnlineFriendOpens"), small, th.TextDim, 18*u)
			}
			room = y + 14*u*g + ui.LineHeight(small)
		}
	} else if ls.host {
		put(ls.hostSubtitle(), a.Face(ui.Medium, ui.SizeBody), th.TextDim, 0)
		switch {
		case ls.problem != "": // the room could not open, or it closed
			put(ls.problem, body, warn, 30*u)
		case ls.code != "":
			put(locale.T("OnlineTellCode"), body, th.Text, 28*u)
			w := math.Min(180*u, wrapW)
			if m.side { // Copy beside the code
				cw, chh := ls.codeBox(a, wrapW-w-12*u)
				x := cx - (cw+12*u+w)/2
				ls.box = ui.R(x, y+14*u*g, cw, chh)
				ls.copyB.Rect = ui.R(x+cw+12*u, ls.box.Y+(chh-bh)/2, w, bh)
				y = ls.box.Y + ls.box.H
			} else {
				cw, chh := ls.codeBox(a, wrapW)
				ls.box = ui.R(cx-cw/2, y+14*u*g, cw, chh)
				ls.copyB.Rect = ui.R(cx-w/2, ls.box.Y+ls.box.H+20*u*g, w, 50*u)
				y = ls.copyB.Rect.Y + ls.copyB.Rect.H
			}
			busy(locale.T("OnlineWaitingPlayer"), 30*u)
			put(ls.addressLine(), body, th.TextDim, 24*u)
			put(locale.T("OnlineCodeLetters"), small, th.TextDim, 12*u)
			if ls.secret != "" && ls.reach != "" {
				put(locale.F("OnlineCommandLine", "Address", ls.reach, "Secret", ls.secret), small, palette.WithAlpha(th.TextDim, 0.7), 8*u)
			}
			room = y + 14*u*g + ui.LineHeight(small)
		}
	} else {
		put(locale.T("OnlineJoinPrompt"), body, th.Text, 12*u)
		fw := math.Min(620*u, wrapW)
		ls.field.Rect = ui.R(cx-fw/2, y+30*u*g, fw, 64*u)
		if m.side && !ls.joining { // Paste and Join beside the field
			bw := 130 * u
			ls.field.Rect = ui.R(ls.card.X+m.pad, ls.field.Rect.Y, wrapW-2*bw-16*u, 64*u)
			by := ls.field.Rect.Y + (64*u-bh)/2
			ls.pasteB.Rect = ui.R(ls.field.Rect.X+ls.field.Rect.W+8*u, by, bw, bh)
			ls.joinB.Rect = ui.R(ls.pasteB.Rect.X+bw+8*u, by, bw, bh)
		}
		y = ls.field.Rect.Y + ls.field.Rect.H
		switch {
		case ls.joining && ls.reconnecting != "":
			busy(locale.T("OnlineReconnecting"), 40*u)
			put(ls.reconnecting, small, th.TextDim, 10*u)
		case ls.joining:
			busy(locale.T("OnlineConnecting"), 40*u)
		default:
			if !m.side {
				pair(ls.pasteB, ls.joinB, cx, y+30*u*g, 230*u, bh, 40*u*g, wrapW)
				y = ls.joinB.Rect.Y + ls.joinB.Rect.H
			}
			put(locale.T("OnlineJoinHint"), small, th.TextDim, 24*u)
		}
		// room for two lines of trouble and a notice
		room = y + 20*u*g + 2.25*ui.LineHeight(body) + 14*u*g + ui.LineHeight(small)
		if ls.problem != "" {
			put(ls.problem, body, warn, 20*u)
		}
	}
	if ls.notice != "" {
		put(ls.notice, small, th.TextDim, 14*u)
	}
	y = math.Max(y, room)
	ls.card.H = y + 32*u*g - ls.card.Y
	switch {
	case m.side:
		sideButtons(a, m, ls.back, nil)
		ls.area = scrollArea(a, m, ls.card, &ls.scroll, a.H+2*u)
		return
	case m.small:
		w := math.Min(260*u, a.W-40*u)
		ls.back.Rect = ui.R(cx-w/2, a.H-66*u, w, bh)
		ls.area = scrollArea(a, m, ls.card, &ls.scroll, ls.back.Rect.Y)
		return
	}
	ls.area = ui.Rect{}
	ls.back.Rect = ui.R(cx-130*u, ls.card.Y+ls.card.H+36*u, 260*u, 58*u)
}

// hostSubtitle says the game and your colour. Online, orange always moves
// first (a rematch swaps the colours), so the line says who starts.
func (ls *lobbyScene) hostSubtitle() string {
	what := "Gobblet 4×4" // the games' names are never translated
	if ls.variant == rules.Gobblers {
		what = "Gobblet Gobblers 3×3"
	}
	if ls.colour == rules.O {
		return locale.F("OnlineSubtitleBlue", "Game", what)
	}
	return locale.F("OnlineSubtitleOrange", "Game", what)
}

// addressLine is where the other player can reach this computer, in words.
func (ls *lobbyScene) addressLine() string {
	if ls.reachLocal {
		return locale.T("OnlineNoNetwork")
	}
	if ls.secret == "" {
		return locale.F("OnlineYourAddress", "Address", ls.reach)
	}
	return locale.F("OnlineYourAddressSecret", "Address", ls.reach, "Secret", ls.secret)
}

// codeGap is the space between the room code's groups, in units.
const codeGap = 30

// codeRows splits the code into the rows it is shown in and picks their
// face: on one row at the desktop's size; in a box narrower than that (a
// phone's) on one or two rows, in the largest face that fits, never under
// the body's size.
func (ls *lobbyScene) codeRows(a *App, maxW float64) (ui.Face, [][]string) {
	groups := strings.Split(ls.code, "-")
	size := ui.SizeDisplay * 0.7
	one := [][]string{groups}
	if !a.compact() {
		return a.Face(ui.Bold, size), one
	}
	h := (len(groups) + 1) / 2
	two := [][]string{groups[:h], groups[h:]}
	for _, rows := range [][][]string{one, two} {
		for sz := size; sz >= ui.SizeHeading; sz -= 2 {
			fc := a.Face(ui.Bold, sz)
			if codeRowsWidth(a, rows, fc) <= maxW {
				return fc, rows
			}
		}
	}
	for sz := float64(ui.SizeHeading); sz > ui.SizeBody; sz-- {
		if fc := a.Face(ui.Bold, sz); codeRowsWidth(a, two, fc) <= maxW {
			return fc, two
		}
	}
	return a.Face(ui.Bold, ui.SizeBody), two
}

// codeGapOf is the gap between a code's groups in a face: the desktop's
// codeGap at its size, less in a smaller face.
func codeGapOf(a *App, fc ui.Face) float64 {
	return math.Min(codeGap*a.U(), fc.Size*0.6)
}

// codeRowsWidth is the width of the widest row of groups, margins included.
func codeRowsWidth(a *App, rows [][]string, fc ui.Face) float64 {
	w := 0.0
	for _, r := range rows {
		w = math.Max(w, groupsWidth(r, fc, codeGapOf(a, fc)))
	}
	return w + 56*a.U()
}

func groupsWidth(groups []string, fc ui.Face, gap float64) float64 {
	total := -gap
	for _, g := range groups {
		total += ui.TextWidth(g, fc) + gap
	}
	return total
}

// codePad is the room above and below a phone's code, in units.
const codePad = 12

// codeBox is the size of the room code's box in a card maxW wide.
func (ls *lobbyScene) codeBox(a *App, maxW float64) (w, h float64) {
	fc, rows := ls.codeRows(a, maxW)
	if len(rows) == 1 && !a.compact() {
		return codeRowsWidth(a, rows, fc), 96 * a.U()
	}
	return codeRowsWidth(a, rows, fc), float64(len(rows))*ui.LineHeight(fc)*1.1 + 2*codePad*a.U()
}

// Update runs the lobby: the session's events (the game starts, a notice,
// a disconnection), Back, then the host's Copy or the guest's field, Paste
// and Join.
func (ls *lobbyScene) Update(a *App) error {
	ls.layout(a)
	if !ls.area.Empty() {
		ls.scroll.Update(a, ls.area, ls.card.H+16*a.U())
		ls.layout(a)
	}
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
					ls.notice = noticeText(e)
				case netplay.Reconnecting:
					ls.reconnecting = reconnectingText(e)
					if ls.reconnecting == "" {
						ls.reconnecting = locale.T("OnlineServerDropped")
					}
					a.debugf("reconnecting: %s", e.Reason)
				case netplay.Reconnected:
					ls.reconnecting = ""
					a.debugf("reconnected")
				case netplay.Disconnected:
					ls.problem = disconnectedText(e)
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
	if ls.back.Update(a) || a.In.Key(ebiten.KeyEscape) {
		if ls.sess != nil {
			ls.sess.Close()
		}
		a.scenes.GoTo(newSetupScene(a))
		return nil
	}
	if ls.host && ls.relay {
		if ls.serverB.Rect.W > 0 && ls.press(a, ls.serverB) {
			v, colour := ls.variant, ls.colour
			a.scenes.GoTo(newServerScene(a, ls, func(a *App) Scene { return newInviteScene(a, v, colour) }, ls.backdrop))
			return nil
		}
		if ls.code == "" || ls.problem != "" {
			return nil
		}
		switch {
		case ls.press(a, ls.linkB) || a.In.Ctrl && a.In.Key(ebiten.KeyC):
			ls.copied = "Link"
			a.clip.copy(ls.link)
		case ls.press(a, ls.copyB):
			ls.copied = "Code"
			a.clip.copy(ls.code)
		}
		return nil
	}
	if ls.host {
		if ls.code != "" && ls.problem == "" && (ls.press(a, ls.copyB) || a.In.Ctrl && a.In.Key(ebiten.KeyC)) {
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
	if ls.press(a, ls.pasteB) || a.In.Ctrl && a.In.Key(ebiten.KeyV) {
		a.clip.paste()
	}
	if ls.press(a, ls.joinB) || a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter) {
		ls.join(a)
	}
	return nil
}

// press reports a click on a button of the card (pressOnCard).
func (ls *lobbyScene) press(a *App, b *ui.Button) bool { return pressOnCard(a, b, ls.area) }

// pressOnCard reports a click on a button of a card: on a phone's
// scrolling card (area, the part of the card that shows), only there.
func pressOnCard(a *App, b *ui.Button, area ui.Rect) bool {
	return b.Update(a) && (area.Empty() || area.Contains(a.In.X, a.In.Y))
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
		return locale.F("OnlineAfterAddress", "Length", locale.Num(netplay.SecretCodeLength))
	}
	return codeProblem(err)
}

func (ls *lobbyScene) pollClipboard(a *App) {
	select {
	case ok := <-a.clip.copied:
		if ok {
			switch ls.copied {
			case "Link":
				a.toast(locale.T("OnlineLinkCopied"))
			case "Code":
				a.toast(locale.T("OnlineCodeCopied"))
			default:
				a.toast(locale.T("OnlineRoomCodeCopied"))
			}
		} else {
			a.toast(locale.T("OnlineNoClipboard"))
		}
	default:
	}
	select {
	case text := <-a.clip.pasted:
		if text == "" {
			a.toast(locale.T("OnlineNothingToPaste"))
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
	cx := a.W / 2
	title := locale.T("OnlineJoinTitle")
	switch {
	case ls.host && ls.relay:
		title = locale.T("OnlineInviteTitle")
	case ls.host:
		title = locale.T("OnlineHostTitle")
	}
	m := lobbyMeasures(a)
	side := 0.0
	if m.side {
		side = (sideButtonW + 16) * a.U()
	}
	ui.DrawText(dst, title, titleFace(a, title, side), cx, m.title, ui.Center, th.Text)
	card := dst
	if !ls.area.Empty() { // a phone's card scrolls in its area
		card = clipTo(dst, ls.area)
	}
	ui.Panel(a, card, ls.card)
	switch {
	case ls.host:
		if ls.serverB.Rect.W > 0 {
			ls.serverB.Draw(a, card, false)
		}
		if ls.linkBox.W > 0 {
			ls.drawLink(a, card)
			ls.linkB.Draw(a, card, false)
		}
		if ls.box.W > 0 {
			ls.drawCode(a, card)
			ls.copyB.Draw(a, card, false)
		}
	default:
		ls.field.draw(a, card, !ls.joining)
		if !ls.joining {
			ls.pasteB.Draw(a, card, false)
			ls.joinB.Draw(a, card, false)
		}
	}
	for i := range ls.lines {
		ls.lines[i].draw(a, card)
	}
	ls.back.Draw(a, dst, false)
	for _, b := range []*ui.Button{ls.serverB, ls.linkB, ls.copyB, ls.pasteB, ls.joinB, ls.back} {
		b.DrawTip(a, dst)
	}
}

// drawCode draws the room code, large, its groups spaced so it reads
// aloud in chunks.
func (ls *lobbyScene) drawCode(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	box := ls.box
	ui.RoundRectSprite(dst, box, 14*u, palette.Mix(th.Panel, th.Background, 0.5), th.PanelEdge, math.Max(1, u), 0)
	fc, rows := ls.codeRows(a, box.W)
	gap := codeGapOf(a, fc)
	dash := a.Face(ui.Regular, math.Min(ui.SizeHeading, fc.Size/u*0.5))
	lh := (box.H - 2*codePad*u) / float64(len(rows))
	for r, groups := range rows {
		x := box.X + (box.W-groupsWidth(groups, fc, gap))/2
		cy := box.Y + codePad*u + lh*(float64(r)+0.5)
		if len(rows) == 1 {
			cy = box.Y + box.H/2
		}
		for i, g := range groups {
			ui.DrawText(dst, g, fc, x, cy, ui.Left, th.Text)
			x += ui.TextWidth(g, fc)
			if i < len(groups)-1 {
				ui.DrawText(dst, "–", dash, x+gap/2, cy, ui.Center, th.TextDim)
			}
			x += gap
		}
	}
}

// textField is a one-line text box: typed characters, Backspace, Ctrl+U
// to clear; the scene pastes into it.
type textField struct {
	Rect        ui.Rect
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
func (t *textField) fit(a *App) (ui.Face, string) {
	u := a.U()
	room := t.Rect.W - 44*u - 4*u // the margins and the cursor
	fc := a.Face(ui.Bold, ui.SizeHeading+3)
	if t.Text == "" { // the placeholder, in a face it fits (a phone's narrow field)
		for _, size := range []float64{ui.SizeHeading + 3, ui.SizeBody, ui.SizeSmall} {
			if fc = a.Face(ui.Bold, size); ui.TextWidth(t.Placeholder, fc) <= room {
				break
			}
		}
		return fc, ""
	}
	if ui.TextWidth(t.Text, fc) <= room {
		return fc, t.Text
	}
	fc = a.Face(ui.Bold, ui.SizeBody)
	s := t.Text
	for i := 0; ui.TextWidth(s, fc) > room && i < len(t.Text); i++ {
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
	ui.RoundRectSprite(dst, t.Rect, 12*u, palette.Mix(th.Background, th.Panel, 0.4), edge, math.Max(1.5, 2*u), 0)
	cy := t.Rect.Y + t.Rect.H/2
	x := t.Rect.X + 22*u
	fc, shown := t.fit(a)
	if t.Text == "" {
		ui.DrawText(dst, t.Placeholder, fc, x, cy, ui.Left, palette.WithAlpha(th.TextDim, 0.45))
	} else {
		ui.DrawText(dst, shown, fc, x, cy, ui.Left, th.Text)
	}
	if focused && (a.Tick/30)%2 == 0 {
		cxr := x + ui.TextWidth(shown, fc) + 2*u
		if t.Text == "" {
			cxr = x
		}
		ui.FillRect(dst, ui.R(cxr, cy-16*u, math.Max(1.5, 2*u), 32*u), th.Accent)
	}
}
