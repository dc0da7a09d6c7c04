package app

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// What a joiner types is told apart before any network: an invitation link
// or code goes to the online server, a room code or an address to the host
// on this network, and anything else gets a sentence that says what is
// wrong.
func TestJoinTellsALinkACodeAndARoomApart(t *testing.T) {
	for _, tt := range []struct {
		typed   string
		want    joinKind
		problem string // a part of the sentence, for joinBad
	}{
		{"https://play.example.org/#ABCD-EFGH-JKMN-PQRS", joinLink, ""},
		{"http://192.168.1.20:8080/#abcdefghjkmnpqrs", joinLink, ""},
		{"wss://play.example.org/relay#ABCD", joinLink, ""}, // the relay client says what is wrong with it
		{"#ABCD-EFGH-JKMN-PQRS", joinLink, ""},
		{"ABCD-EFGH-JKMN-PQRS", joinInvite, ""},
		{"abcd efgh jkmn pqrs", joinInvite, ""},
		{"  ABCDEFGHJKMNPQRS\n", joinInvite, ""},
		{"7K3Q-D0M8-ZPVX-1RT4-N2E", joinDirect, ""},
		{strings.Repeat("7K3Q", 9) + "AB", joinDirect, ""},
		{"192.168.1.20:7777 K3QD-0M8Z-P", joinAddr, ""},
		{"", joinBad, "Paste the link"},
		{"   ", joinBad, "Paste the link"},
		{"ABCD-EFGH", joinBad, "has 16 characters"},
		{"ABCD-EFGH-JKMN-PQRS-T", joinBad, "this one has 17"},
		{"7K3Q-D0M8-ZPVX-1RT4-N2E-ABCD", joinBad, "19 characters"},
		{strings.Repeat("A", 40), joinBad, "longer than any code"},
		{"192.168.1.20:7777", joinBad, "secret"},
		{"play.example.org", joinBad, "secret"},
		{"ABCD_EFGH*JKMN", joinBad, "only letters and digits"},
		{"ÄBCD-EFGH-JKMN-PQRS", joinBad, "only letters and digits"},
	} {
		kind, problem := classifyJoin(tt.typed)
		if kind != tt.want {
			t.Errorf("%q is read as %d, want %d (%q)", tt.typed, kind, tt.want, problem)
			continue
		}
		if (problem != "") != (tt.want == joinBad) || !strings.Contains(problem, tt.problem) {
			t.Errorf("%q: the problem %q, want one saying %q", tt.typed, problem, tt.problem)
		}
		if problem != "" && !strings.HasSuffix(problem, ".") {
			t.Errorf("%q: the problem %q is not a sentence", tt.typed, problem)
		}
	}
}

// Whatever is typed, classifyJoin gives a kind, and a sentence exactly
// when the input cannot be used.
func FuzzClassifyJoin(f *testing.F) {
	for _, s := range []string{"", "ABCD-EFGH-JKMN-PQRS", "https://x/#ABCD", "1.2.3.4:7777 K3QD", "7K3Q-D0M8-ZPVX-1RT4-N2E", "\x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		kind, problem := classifyJoin(s)
		if (kind == joinBad) != (problem != "") {
			t.Fatalf("classifyJoin(%q) = %d, %q", s, kind, problem)
		}
	})
}

// The online server, as a player types it, becomes a page or WebSocket
// address; what cannot be one is refused with a sentence.
func TestServerAddressReadsWhatAPlayerTypes(t *testing.T) {
	for _, tt := range []struct{ typed, want string }{
		{"play.example.org", "https://play.example.org/"},
		{"  play.example.org:8443 ", "https://play.example.org:8443/"},
		{"localhost:8080", "http://localhost:8080/"},
		{"127.0.0.1:8080", "http://127.0.0.1:8080/"},
		{"192.168.1.20:8080", "http://192.168.1.20:8080/"},
		{"[::1]:8080", "http://[::1]:8080/"},
		{"https://play.example.org", "https://play.example.org/"},
		{"wss://play.example.org/games/", "wss://play.example.org/games/"},
		{"http://10.0.0.2:8080/", "http://10.0.0.2:8080/"},
		{"", ""},
		{"ftp://play.example.org", ""},
		{"https://", ""},
		{"https://play.example.org/#ABCD-EFGH-JKMN-PQRS", ""},
		{"play.example.org:http", ""},
		{"play example.org", ""},
	} {
		got, problem := serverAddress(tt.typed)
		if got != tt.want || (problem == "") != (tt.want != "") {
			t.Errorf("serverAddress(%q) = %q, %q; want %q", tt.typed, got, problem, tt.want)
		}
		if problem != "" && !strings.HasSuffix(problem, ".") {
			t.Errorf("serverAddress(%q): %q is not a sentence", tt.typed, problem)
		}
	}
}

// Invite a friend without a server says so, and how to set one; the
// Options setting wins over the game's default.
func TestInviteWithoutAServerSaysHowToSetOne(t *testing.T) {
	d := newNG(t, 1280, 800)
	d.a.opts.Server, d.a.Settings.OnlineServer = "", ""
	if d.a.onlineServer() != "" {
		t.Fatal("a server with none set")
	}
	d.pick("Players", "Online")
	d.pick("Online", "Invite a friend")
	if got := d.setup().start.Label; got != "Invite" {
		t.Errorf("Start says %q", got)
	}
	d.click(d.setup().start.Rect.Center())
	ls := d.lobby()
	if !ls.host || !ls.relay || ls.problem != noServer() || ls.sess != nil {
		t.Fatalf("Invite with no server: host %v relay %v problem %q", ls.host, ls.relay, ls.problem)
	}
	if !strings.Contains(ls.problem, "Options → Online server") {
		t.Errorf("the problem %q does not say where to set a server", ls.problem)
	}
	checkLobbyLayout(t, d.a, ls, "Invite, no server")
	d.click(ls.back.Rect.Center())
	d.setup()

	d.a.opts.Server = "https://built-in.example.org/"
	if got := d.a.onlineServer(); got != d.a.opts.Server {
		t.Errorf("the built-in server is not used: %q", got)
	}
	d.a.Settings.OnlineServer = "mine.example.org"
	if got := d.a.onlineServer(); got != "mine.example.org" {
		t.Errorf("Options' server does not win: %q", got)
	}
}

// inviteAt shows the inviter's screen with a made-up invitation.
func inviteAt(t *testing.T, w, h float64) (*ngDriver, *lobbyScene) {
	t.Helper()
	d := newNG(t, w, h)
	ls := newLobby(d.a, true)
	ls.relay, ls.variant, ls.colour = true, rules.Gobblers, rules.X
	ls.code, ls.link = "ABCD-EFGH-JKMN-PQRS", "https://play.example.org/#ABCD-EFGH-JKMN-PQRS"
	d.a.scenes = sceneManager{current: ls}
	d.tick()
	return d, ls
}

func TestInviteScreenShowsTheLinkAndTheCode(t *testing.T) {
	for _, size := range reviewSizes {
		d, ls := inviteAt(t, size[0], size[1])
		checkLobbyLayout(t, d.a, ls, "Invite")
		var all []string
		for _, l := range ls.lines {
			all = append(all, l.s)
		}
		text := strings.Join(all, " | ")
		for _, want := range []string{"Send the link to your friend, or read them the code", "Waiting for your friend"} {
			if !strings.Contains(text, want) {
				t.Errorf("%v: the invite screen says %q, not %q", size, text, want)
			}
		}
		if ls.linkBox.W == 0 || ls.box.W == 0 || ls.linkB.Rect.W == 0 || ls.copyB.Rect.W == 0 {
			t.Fatalf("%v: the link, the code or a Copy button is not shown", size)
		}
		if fc := d.a.Face(ui.Medium, ui.SizeBody); ui.TextWidth(clipMiddle(ls.link, fc, ls.linkBox.W-40*d.a.U()), fc) > ls.linkBox.W-40*d.a.U() {
			t.Errorf("%v: the link sticks out of its box", size)
		}

		ls.reconnecting = "The connection to the server dropped."
		checkLobbyLayout(t, d.a, ls, "Invite, reconnecting")
		if !strings.Contains(ls.lines[len(ls.lines)-2].s, "reconnecting") {
			t.Errorf("%v: reconnecting is not said: %q", size, ls.lines[len(ls.lines)-2].s)
		}
		ls.reconnecting = ""
		ls.problem, ls.sess = "The server could not be reached: check your internet connection, then invite again.", nil
		checkLobbyLayout(t, d.a, ls, "Invite, the server cannot be reached")
	}
}

// Copy link copies the link, Copy code the code, and the toast says which.
func TestInviteCopiesTheLinkOrTheCode(t *testing.T) {
	d, ls := inviteAt(t, 1280, 800)
	d.click(ls.linkB.Rect.Center())
	if ls.copied != "Link" {
		t.Errorf("Copy link copied %q", ls.copied)
	}
	// the copy's answer, whichever the machine's tools gave, is replaced
	// by a copy that worked
	for end := time.Now().Add(time.Minute); d.a.toastMsg == "" && time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		d.tick()
	}
	d.a.toastMsg = ""
	d.a.clip.copied <- true
	d.tick()
	if !strings.HasPrefix(d.a.toastMsg, "Link copied") {
		t.Errorf("the toast says %q", d.a.toastMsg)
	}
	d.click(ls.copyB.Rect.Center())
	if ls.copied != "Code" {
		t.Errorf("Copy code copied %q", ls.copied)
	}
}

// A link is kept as pasted (its case matters in a path); a code is
// capitalised as typed.
func TestJoinFieldKeepsALinkAndCapitalisesACode(t *testing.T) {
	d := newJoinAt(t, 1280, 800)
	ls := d.lobby()
	link := "https://Play.example.org/Gobblet/#abcd-efgh-jkmn-pqrs"
	ls.field.insert(link)
	if ls.field.Text != link {
		t.Errorf("the link %q reads %q", link, ls.field.Text)
	}
	ls.field.Text = ""
	d.frames(Frame{Chars: []rune("abcd-efgh")})
	if ls.field.Text != "ABCD-EFGH" {
		t.Errorf("a typed code reads %q", ls.field.Text)
	}
}

// Join with an invitation code and no server says so before any network;
// a link goes to the relay client, whose word is shown as a sentence.
func TestJoinAnInvitation(t *testing.T) {
	d := newJoinAt(t, 1280, 800)
	d.a.opts.Server, d.a.Settings.OnlineServer = "", ""
	ls := d.lobby()
	d.frames(Frame{Chars: []rune("abcd-efgh-jkmn-pqrs")})
	d.key(ebiten.KeyEnter)
	if ls.joining || !strings.Contains(ls.problem, "Options → Online server") {
		t.Fatalf("a code with no server: joining %v, problem %q", ls.joining, ls.problem)
	}
	ls.field.Text = ""
	ls.field.insert("http://127.0.0.1:1/#ABCD-EFGH-JKMN-PQRS")
	d.key(ebiten.KeyEnter)
	if ls.sess != nil {
		t.Cleanup(ls.sess.Close)
	}
	if !ls.joining && (ls.problem == "" || !strings.HasSuffix(ls.problem, ".")) {
		t.Fatalf("a link: joining %v, problem %q", ls.joining, ls.problem)
	}
	checkLobbyLayout(t, d.a, ls, "Join a link")
}

// Options → Online server: the row names the server in use; a click opens
// a field to type or paste an address; Save keeps one that reads as an
// address, and says what is wrong with one that does not, keeping what was
// typed; Use the default empties it.
func TestOptionsOnlineServer(t *testing.T) {
	src := &scriptSource{}
	a := newHeadless(src, 1280, 800)
	a.opts.Server = "https://built-in.example.org/"
	o := newOptionsScene(a, newMenuScene(a))
	a.scenes = sceneManager{current: o}
	d := &ngDriver{t: t, a: a, src: src}
	d.tick()
	row := o.rows["server"]
	if row == nil || row.Options[0] != "Default: built-in.example.org" {
		t.Fatalf("the Online server row shows %v", row)
	}
	d.click(row.Segs[0].Center())
	ss, ok := a.scenes.current.(*serverScene)
	if !ok {
		t.Fatalf("clicking Online server opened %T", a.scenes.current)
	}
	d.frames(Frame{Chars: []rune("ftp://Mine.example.org")})
	d.key(ebiten.KeyEnter)
	if ss.problem == "" || a.Settings.OnlineServer != "" || ss.field.Text != "ftp://Mine.example.org" {
		t.Fatalf("a bad address: problem %q, setting %q, field %q", ss.problem, a.Settings.OnlineServer, ss.field.Text)
	}
	ss.field.Text = ""
	d.frames(Frame{Chars: []rune("Mine.example.org:8443")})
	d.click(ss.saveB.Rect.Center())
	if a.scenes.current != Scene(o) {
		t.Fatalf("Save went to %T", a.scenes.current)
	}
	if a.Settings.OnlineServer != "Mine.example.org:8443" || row.Options[0] != "Mine.example.org:8443" {
		t.Errorf("saved %q, the row shows %q", a.Settings.OnlineServer, row.Options[0])
	}
	if got := a.Store.Settings().OnlineServer; got != "Mine.example.org:8443" {
		t.Errorf("the stored settings hold %q", got)
	}
	if got := a.onlineServer(); got != "Mine.example.org:8443" {
		t.Errorf("Invite would use %q", got)
	}

	// Enter on the focused row opens it too; Use the default empties it
	for i, r := range o.form.Rows {
		if r == row {
			o.form.Focus = i
		}
	}
	d.key(ebiten.KeyEnter)
	ss = a.scenes.current.(*serverScene)
	d.click(ss.clearB.Rect.Center())
	d.click(ss.saveB.Rect.Center())
	if a.Settings.OnlineServer != "" || row.Options[0] != "Default: built-in.example.org" {
		t.Errorf("Use the default left %q, the row shows %q", a.Settings.OnlineServer, row.Options[0])
	}
	// Esc leaves it unchanged
	d.key(ebiten.KeyEnter)
	if _, ok := a.scenes.current.(*serverScene); !ok {
		t.Fatalf("Enter on the row opened %T", a.scenes.current)
	}
	d.frames(Frame{Chars: []rune("other.example.org")})
	d.key(ebiten.KeyEscape)
	if a.scenes.current != Scene(o) || a.Settings.OnlineServer != "" {
		t.Errorf("Esc kept %q", a.Settings.OnlineServer)
	}
}

// A dropped connection is not a lost game: while the session reconnects
// the board stays, the status bar says so and no move can be made; when it
// is back the session's game is shown (a move that came meanwhile) and
// autosaved, and play goes on.
func TestReconnectingKeepsTheBoardAndHoldsTheMoves(t *testing.T) {
	host, guest := connect(t)
	hg, gg := host.game(), guest.game()
	host.dragMove("3@b2")
	pump(t, "the first move", func() bool { return gg.game.Plies() == 1 }, host, guest)

	hg.onNetEvent(host.a, netplay.Reconnecting{Reason: "The connection to the server dropped."})
	gg.onNetEvent(guest.a, netplay.Reconnecting{})
	if !gg.waitsForConnection() || gg.net.gone != nil {
		t.Fatal("Reconnecting is taken for a lost connection")
	}
	if got := gg.statusText(); !strings.Contains(got, "Connection lost: reconnecting…") {
		t.Errorf("the status bar says %q", got)
	}
	if got := gg.netStatus(); got != "Reconnecting…" {
		t.Errorf("the side panel says %q", got)
	}
	guest.dragMove("1@a1")
	if gg.game.Plies() != 1 {
		t.Fatalf("a move was made while reconnecting: %s", movesOf(gg))
	}

	// back: the session's game has the guest's move, made on another
	// screen of the same player in the meantime (or sent before the drop)
	g := gg.game.Clone()
	m, err := rules.ParseMove(rules.Gobblers, "1@a1")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	gg.onNetEvent(guest.a, netplay.Reconnected{Game: g})
	if gg.waitsForConnection() || gg.game.Plies() != 2 {
		t.Fatalf("after Reconnected: waiting %v, %d plies", gg.waitsForConnection(), gg.game.Plies())
	}
	if sg, ok := guest.a.Store.LoadGame(); !ok || len(sg.Moves) != 2 || sg.Mode != modeNames[modeOnline] {
		t.Errorf("the game after Reconnected is not autosaved: %+v %v", sg, ok)
	}
	hg.onNetEvent(host.a, netplay.Reconnected{Game: hg.game.Clone()})
	if hg.waitsForConnection() || hg.game.Plies() != 1 {
		t.Errorf("the host after Reconnected: waiting %v, %d plies", hg.waitsForConnection(), hg.game.Plies())
	}
	if !strings.Contains(hg.msg, "connection is back") {
		t.Errorf("the host's status says %q", hg.msg)
	}
}

// A link typed letter by letter keeps its scheme in lower case.
func TestJoinFieldTypedLinkKeepsItsScheme(t *testing.T) {
	d := newJoinAt(t, 1280, 800)
	ls := d.lobby()
	for _, r := range "https://Play.example.org/#abcd" {
		d.frames(Frame{Chars: []rune{r}})
	}
	if ls.field.Text != "https://Play.example.org/#abcd" {
		t.Errorf("the typed link reads %q", ls.field.Text)
	}
}

// Invite a friend with no server offers to set one, and invites at once
// once it is saved.
func TestInviteWithoutAServerSetsOneAndInvites(t *testing.T) {
	d := newNG(t, 1280, 800)
	d.a.opts.Server, d.a.Settings.OnlineServer = "", ""
	ls := newInviteScene(d.a, rules.Gobblers, rules.O)
	d.a.scenes = sceneManager{current: ls}
	d.tick()
	if ls.serverB.Rect.W == 0 {
		t.Fatal("no Set the server button")
	}
	checkLobbyLayout(t, d.a, ls, "Invite, no server, with its button")
	d.click(ls.serverB.Rect.Center())
	ss, ok := d.a.scenes.current.(*serverScene)
	if !ok {
		t.Fatalf("Set the server opened %T", d.a.scenes.current)
	}
	d.frames(Frame{Chars: []rune("127.0.0.1:1")})
	d.click(ss.saveB.Rect.Center())
	next := d.lobby()
	if next == ls || !next.relay || next.variant != rules.Gobblers || next.colour != rules.O {
		t.Fatalf("after Save: %+v", next)
	}
	if next.sess != nil {
		next.sess.Close()
	}
	if d.a.Settings.OnlineServer != "127.0.0.1:1" {
		t.Errorf("the setting holds %q", d.a.Settings.OnlineServer)
	}
}

// TestShotsOfTheOnlineScreens draws each online screen at the phone's and
// the desktop's windows (device scale 2) into PNGs in $GOBBLET_SHOTS, to
// look at; without it the test does nothing. It needs a display:
// xvfb-run -a go test -run Shots.
func TestShotsOfTheOnlineScreens(t *testing.T) {
	dir := shotsDir(t, "the online screens")
	drawShots(t, func() error {
		return shotsOf(dir, func(name string) bool {
			return strings.Contains(name, "invite") || strings.Contains(name, "join") || strings.Contains(name, "online") || strings.Contains(name, "host")
		})
	})
}

// shotsOf draws the screen cases whose names only accepts at the phone's
// and the desktop's windows (device scale 2) into dir.
func shotsOf(dir string, only func(name string) bool) error {
	for _, win := range phoneWindows {
		for _, c := range screenCases {
			if !only(c.name) {
				continue
			}
			name := fmt.Sprintf("%s-%gx%g.png", strings.NewReplacer(" ", "-", ",", "").Replace(c.name), win[0], win[1])
			if err := writeShot(c.open, win[0], win[1], 2, filepath.Join(dir, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// On a phone's windows nothing on an online screen's card overlaps
// anything else or sticks out of the card, the title stays clear of the
// card and of the buttons beside it, and the buttons off the card (Cancel,
// Save) are clear of whatever of the card shows.
func TestOnlineScreensOnAPhoneNeverOverlap(t *testing.T) {
	type item struct {
		name string
		r    ui.Rect
	}
	for _, win := range phoneWindows {
		for _, c := range screenCases {
			a := newHeadless(&scriptSource{}, 2*win[0], 2*win[1])
			a.scale = 2
			sc := c.open(a)
			a.scenes = sceneManager{current: sc}
			a.Update()
			u := a.U()
			var card, area ui.Rect
			var lines []lobbyLine
			var onCard, off []item
			var title string
			switch s := a.scenes.current.(type) {
			case *lobbyScene:
				s.layout(a)
				card, area, lines = s.card, s.area, s.lines
				title = "Join a game"
				if s.host {
					title = "Host on this network"
				}
				if s.relay {
					title = "Invite a friend"
				}
				for _, b := range []struct {
					n string
					r ui.Rect
				}{{"the code", s.box}, {"the link", s.linkBox}, {"Copy", s.copyB.Rect}, {"Copy link", s.linkB.Rect}, {"Set the server", s.serverB.Rect}} {
					if b.r.W > 0 {
						onCard = append(onCard, item{b.n, b.r})
					}
				}
				if !s.host {
					onCard = append(onCard, item{"the field", s.field.Rect})
					if !s.joining {
						onCard = append(onCard, item{"Paste", s.pasteB.Rect}, item{"Join", s.joinB.Rect})
					}
				}
				off = append(off, item{"Cancel", s.back.Rect})
			case *serverScene:
				s.layout(a)
				card, area, lines, title = s.card, s.area, s.lines, "Online server"
				onCard = append(onCard, item{"the field", s.field.Rect}, item{"Paste", s.pasteB.Rect}, item{"Clear", s.clearB.Rect})
				off = append(off, item{"Cancel", s.cancelB.Rect}, item{"Save", s.saveB.Rect})
			default:
				continue
			}
			where := fmt.Sprintf("%s at %v×%v", c.name, win[0], win[1])
			for i := range lines {
				onCard = append(onCard, item{fmt.Sprintf("the line %q", lines[i].s), lines[i].rect(u)})
			}
			for i, p := range onCard {
				if !inside(p.r, card.Inset(8*u)) {
					t.Errorf("%s: %s %v sticks out of the card %v", where, p.name, p.r, card)
				}
				for _, q := range onCard[i+1:] {
					if overlaps(p.r, q.r) {
						t.Errorf("%s: %s %v overlaps %s %v", where, p.name, p.r, q.name, q.r)
					}
				}
			}
			shown := card
			if !area.Empty() {
				shown = ui.R(card.X, area.Y, card.W, area.H)
			}
			m := lobbyMeasures(a)
			side := 0.0
			if m.side {
				side = (sideButtonW + 16) * u
			}
			fc := titleFace(a, title, side)
			tw, th := ui.TextWidth(title, fc), ui.LineHeight(fc)
			titleR := ui.R(a.W/2-tw/2, m.title-th/2, tw, th)
			if titleR.X < 0 || titleR.X+titleR.W > a.W || titleR.Y+titleR.H > shown.Y {
				t.Errorf("%s: the title %v leaves the window or runs into the card %v", where, titleR, shown)
			}
			for _, p := range off {
				if overlaps(p.r, shown) || overlaps(p.r, titleR) || !inside(p.r, ui.R(0, 0, a.W, a.H)) {
					t.Errorf("%s: %s %v is over the card %v or the title %v, or off the window", where, p.name, p.r, shown, titleR)
				}
			}
		}
	}
}
