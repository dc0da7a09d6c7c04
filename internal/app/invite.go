package app

import (
	"errors"
	"math"
	"net"
	"net/url"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// Play through an online server (issue 22): Invite a friend opens a room on
// the server and shows its link and short code; Join takes a link, a code,
// or a room code of the direct mode on this network.

// inviteCodeLength is how many characters an invitation's short code
// has, its dashes left out (netplay: 8 of room id, 8 of password).
const inviteCodeLength = 16

// noServer is what Invite a friend, and Join with a bare code, say when
// no online server is set.
func noServer() string { return locale.T("OnlineNoServer") }

// onlineServer is the server Invite a friend opens its rooms on: the one
// set in Options, else the game's default (the page's own in a browser,
// the one built in on the desktop); "" when there is none.
func (a *App) onlineServer() string {
	if s := strings.TrimSpace(a.Settings.OnlineServer); s != "" {
		return s
	}
	return a.opts.Server
}

// serverAddress reads an online server's address as a player typed it
// ("play.example.org", "localhost:8080", "https://…", "wss://…") into a
// page or WebSocket address, or says in a sentence what is wrong (problem,
// "" when it reads). Without a scheme, a name on this computer or the
// local network is reached over http, any other over https.
func serverAddress(s string) (addr, problem string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", locale.T("OnlineServerEmpty")
	}
	if !strings.Contains(s, "://") {
		scheme := "https://"
		if local(s) {
			scheme = "http://"
		}
		s = scheme + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "", locale.T("OnlineServerNotAddress")
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "ws", "wss":
	default:
		return "", locale.F("OnlineServerScheme", "Scheme", clipName(u.Scheme))
	}
	if u.Fragment != "" || u.RawQuery != "" {
		return "", locale.T("OnlineServerIsLink")
	}
	if u.Port() != "" {
		if _, err := net.LookupPort("tcp", u.Port()); err != nil {
			return "", locale.F("OnlineServerPort", "Port", clipName(u.Port()))
		}
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), ""
}

// ServerAddress is serverAddress for the command line (--server): the
// address, or an error that is the sentence.
func ServerAddress(s string) (string, error) {
	addr, problem := serverAddress(s)
	if problem != "" {
		return "", errors.New(problem)
	}
	return addr, nil
}

// local reports whether an address without a scheme names this computer
// or a machine on a private network, which serves plain http.
func local(s string) bool {
	host := s
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" || strings.HasSuffix(host, ".local") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast())
}

// joinKind is what a joiner typed or pasted.
type joinKind int

const (
	joinBad    joinKind = iota // nothing usable: see the problem
	joinLink                   // an invitation link (the code in its fragment)
	joinInvite                 // an invitation's short code
	joinDirect                 // a room code of the direct mode on this network
	joinAddr                   // a host's address and secret, direct mode
)

// InvitationLike reports whether s is meant as an invitation through an
// online server (a link, or a 16-character code) rather than a room on
// this network (gobblet --join).
func InvitationLike(s string) bool {
	k, _ := classifyJoin(s)
	return k == joinLink || k == joinInvite
}

// classifyJoin tells apart what a joiner typed, before any network: an
// invitation link or code, or a direct room code or address; for anything
// else a sentence that says what is wrong.
func classifyJoin(text string) (joinKind, string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return joinBad, locale.T("OnlineJoinEmpty")
	}
	if strings.Contains(text, "://") || strings.Contains(text, "#") {
		return joinLink, ""
	}
	f := strings.Fields(text)
	if len(f) == 2 && strings.Contains(f[0], ":") {
		return joinAddr, ""
	}
	if len(f) == 1 && strings.ContainsAny(text, ":.") {
		return joinBad, locale.F("OnlineJoinAddrSecret", "Length", locale.Num(netplay.SecretCodeLength))
	}
	n := 0
	for _, r := range text {
		switch {
		case r == ' ' || r == '-' || r == '\t':
		case r < 128 && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			n++
		default:
			return joinBad, locale.T("OnlineJoinBadChars")
		}
	}
	switch {
	case n == inviteCodeLength:
		return joinInvite, ""
	case n == netplay.RoomCodeLength || n == netplay.RoomCodeLength6:
		return joinDirect, ""
	case n < inviteCodeLength:
		return joinBad, locale.F("OnlineJoinShort", "Invite", locale.Num(inviteCodeLength), "Room", locale.Num(netplay.RoomCodeLength), "Count", locale.Num(n))
	case n < netplay.RoomCodeLength:
		return joinBad, locale.F("OnlineJoinBetween", "Invite", locale.Num(inviteCodeLength), "Room", locale.Num(netplay.RoomCodeLength), "Count", locale.Num(n))
	case n < netplay.RoomCodeLength6:
		return joinBad, locale.F("OnlineJoinRoomShort", "Room", locale.Num(netplay.RoomCodeLength), "Room6", locale.Num(netplay.RoomCodeLength6), "Count", locale.Num(n))
	}
	return joinBad, locale.T("OnlineJoinTooLong")
}

// newInviteScene opens a room on the online server at once and shows its
// link and code; without a server it says how to set one.
func newInviteScene(a *App, v rules.Variant, colour rules.Player) *lobbyScene {
	ls := newLobby(a, true)
	ls.relay = true
	ls.variant, ls.colour = v, colour
	server := a.onlineServer()
	if server == "" {
		ls.problem = noServer()
		return ls
	}
	addr, problem := serverAddress(server)
	if problem != "" {
		ls.problem = locale.F("OnlineServerInOptions", "Problem", problem)
		return ls
	}
	sess, err := netplay.Invite(netplay.InviteConfig{Server: addr, Variant: v, Colour: colour})
	if err != nil {
		ls.problem = errorText(err)
		return ls
	}
	ls.inviting(a, sess)
	return ls
}

// newInvitedScene shows a room opened on the command line (gobblet
// --invite).
func newInvitedScene(a *App, sess *netplay.Session, v rules.Variant, colour rules.Player) *lobbyScene {
	ls := newLobby(a, true)
	ls.relay = true
	ls.variant, ls.colour = v, colour
	ls.inviting(a, sess)
	return ls
}

func (ls *lobbyScene) inviting(a *App, sess *netplay.Session) {
	ls.sess = sess
	inv := sess.Invitation()
	ls.code, ls.link = inv.Code(), inv.Link()
	a.debugf("inviting %s link %s", ls.code, ls.link)
}

// accept joins through an online server: a link, or a bare code with the
// server of Options.
func (ls *lobbyScene) accept(a *App, text string, kind joinKind) {
	server := a.onlineServer()
	if kind == joinInvite {
		if server == "" {
			ls.problem = locale.T("OnlineInviteNoServer")
			a.play(sound.Illegal)
			return
		}
	}
	if server != "" {
		if addr, problem := serverAddress(server); problem == "" {
			server = addr
		} else if kind == joinInvite {
			ls.problem = locale.F("OnlineServerInOptions", "Problem", problem)
			a.play(sound.Illegal)
			return
		}
	}
	sess, err := netplay.Accept(netplay.AcceptConfig{Invitation: text, Server: server})
	if err != nil {
		ls.problem = errorText(err)
		a.play(sound.Illegal)
		return
	}
	a.debugf("accepting an invitation")
	ls.sess, ls.joining, ls.problem, ls.notice = sess, true, "", ""
}

// drawLink draws the invitation link in its box, its middle left out
// when it is too long to show whole (its start names the server, its end
// holds the code).
func (ls *lobbyScene) drawLink(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	box := ls.linkBox
	ui.RoundRectSprite(dst, box, 12*u, palette.Mix(th.Panel, th.Background, 0.5), th.PanelEdge, math.Max(1, u), 0)
	fc := a.Face(ui.Medium, ui.SizeBody)
	ui.DrawText(dst, clipMiddle(ls.link, fc, box.W-40*u), fc, box.X+box.W/2, box.Y+box.H/2, ui.Center, th.Text)
}

// clipMiddle shortens s to fit w in fc, keeping its start and its end
// around an ellipsis.
func clipMiddle(s string, fc ui.Face, w float64) string {
	if ui.TextWidth(s, fc) <= w {
		return s
	}
	r := []rune(s)
	head, tail := len(r)/2, len(r)/2
	for head > 1 && tail > 1 {
		c := string(r[:head]) + "…" + string(r[len(r)-tail:])
		if ui.TextWidth(c, fc) <= w {
			return c
		}
		if head >= tail {
			head--
		} else {
			tail--
		}
	}
	return "…"
}
