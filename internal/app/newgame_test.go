package app

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// ngDriver drives the New game screen and the lobby with fake input.
type ngDriver struct {
	t   *testing.T
	a   *App
	src *scriptSource
}

// newNG opens New game with the default choices, and puts back the
// remembered choices when the test ends (they are package state).
func newNG(t *testing.T, w, h float64) *ngDriver {
	t.Helper()
	saved, savedRole, savedColour := lastSetup, lastRole, lastColour
	t.Cleanup(func() { lastSetup, lastRole, lastColour = saved, savedRole, savedColour })
	lastSetup, lastRole, lastColour = defaultSetup(), 0, 0
	src := &scriptSource{}
	a := newHeadless(src, w, h)
	a.scenes = sceneManager{current: newSetupScene(a)}
	d := &ngDriver{t: t, a: a, src: src}
	d.tick()
	return d
}

func (d *ngDriver) tick() {
	d.t.Helper()
	if err := d.a.Update(); err != nil {
		d.t.Fatalf("update: %v", err)
	}
}

func (d *ngDriver) frames(f ...Frame) {
	d.t.Helper()
	d.src.frames = append(d.src.frames, f...)
	for len(d.src.frames) > 0 {
		d.tick()
	}
	d.tick()
}

func (d *ngDriver) click(x, y float64) {
	d.t.Helper()
	d.frames(Frame{X: x, Y: y, Down: true, Pressed: true, PointerMoved: true}, Frame{X: x, Y: y, Released: true})
}

func (d *ngDriver) key(k ebiten.Key) {
	d.t.Helper()
	d.frames(Frame{X: d.src.last.X, Y: d.src.last.Y, Keys: []ebiten.Key{k}})
}

func (d *ngDriver) setup() *setupScene {
	d.t.Helper()
	sc, ok := d.a.scenes.current.(*setupScene)
	if !ok {
		d.t.Fatalf("the screen is %T, want New game", d.a.scenes.current)
	}
	return sc
}

func (d *ngDriver) lobby() *lobbyScene {
	d.t.Helper()
	ls, ok := d.a.scenes.current.(*lobbyScene)
	if !ok {
		d.t.Fatalf("the screen is %T, want the online lobby", d.a.scenes.current)
	}
	return ls
}

// row finds a shown row of New game by its label.
func (d *ngDriver) row(label string) *ui.Choice {
	d.t.Helper()
	for _, r := range d.setup().form.Rows {
		if r.Label == label {
			return r
		}
	}
	d.t.Fatalf("New game shows no %q row (rows %v)", label, d.labels())
	return nil
}

func (d *ngDriver) labels() []string {
	var out []string
	for _, r := range d.setup().form.Rows {
		out = append(out, r.Label)
	}
	return out
}

// segment is where the option of a row that starts with prefix is drawn.
func (d *ngDriver) segment(label, prefix string) (*ui.Choice, int, float64, float64) {
	d.t.Helper()
	r := d.row(label)
	for i, o := range r.Options {
		if strings.HasPrefix(o, prefix) {
			x, y := r.Segs[i].Center()
			return r, i, x, y
		}
	}
	d.t.Fatalf("row %q has no option %q (options %v)", label, prefix, r.Options)
	return nil, 0, 0, 0
}

// pick clicks an option of a row.
func (d *ngDriver) pick(label, prefix string) {
	d.t.Helper()
	r, i, x, y := d.segment(label, prefix)
	d.click(x, y)
	if r.Sel != i {
		d.t.Fatalf("clicking %q on the %q row did not select it", prefix, label)
	}
}

// choices is every choice of New game, shown or not.
func choices(sc *setupScene) map[string]int {
	return map[string]int{
		"game": sc.variant.Sel, "players": sc.mode.Sel, "role": sc.role.Sel,
		"colour": sc.colour.Sel, "first": sc.first.Sel,
		"orange level": sc.level[0].Sel, "blue level": sc.level[1].Sel,
		"orange algorithm": sc.algo[0].Sel, "blue algorithm": sc.algo[1].Sel,
	}
}

func sameChoices(t *testing.T, when string, got, want map[string]int) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s changed from %d to %d", when, k, v, got[k])
		}
	}
}

// Bug 1: going to Join (or Host) and back changed your colour.
func TestGoingOnlineAndBackKeepsEveryChoice(t *testing.T) {
	for _, colour := range []string{"Orange", "Blue"} {
		t.Run(colour, func(t *testing.T) {
			d := newNG(t, 1280, 800)
			// some choices off their defaults, to see that they come back
			d.pick("Players", "You vs AI")
			d.pick("Game", "Gobblers")
			d.pick("Moves first", "Blue")
			d.pick("Computer level", "Hard")
			d.pick("Players", "Online")
			d.pick("Your colour", colour)
			d.pick("Online", "Join a game")
			want := choices(d.setup())

			// Join, then Cancel
			d.click(d.setup().start.Rect.Center())
			if ls := d.lobby(); ls.host {
				t.Fatalf("Join opened the host's screen")
			}
			d.click(d.lobby().back.Rect.Center())
			sameChoices(t, "after Join and Cancel", choices(d.setup()), want)

			// Host, then Esc
			d.pick("Online", "On this network")
			if _, i, _, _ := d.segment("Your colour", colour); d.row("Your colour").Sel != i {
				t.Fatalf("after Join and Cancel, Host shows colour %q, want %s", d.row("Your colour").Options[d.row("Your colour").Sel], colour)
			}
			want = choices(d.setup())
			d.click(d.setup().start.Rect.Center())
			ls := d.lobby()
			if !ls.host || (ls.colour == rules.O) != (colour == "Blue") {
				t.Fatalf("Host opened with the host playing %v, want %s", ls.colour, colour)
			}
			d.key(ebiten.KeyEscape)
			sameChoices(t, "after Host and Esc", choices(d.setup()), want)

			// Back to the menu and New game again
			d.click(d.setup().back.Rect.Center())
			d.a.scenes.GoTo(newSetupScene(d.a))
			d.tick()
			sameChoices(t, "after Back and New game", choices(d.setup()), want)

			// the same colour against the AI
			d.pick("Players", "You vs AI")
			if _, i, _, _ := d.segment("Your colour", colour); d.row("Your colour").Sel != i {
				t.Errorf("You vs AI: your colour is %q, want %s", d.row("Your colour").Options[d.row("Your colour").Sel], colour)
			}
		})
	}
}

// Your colour is kept through modes that have none.
func TestColourSurvivesModesWithoutOne(t *testing.T) {
	d := newNG(t, 1280, 800)
	d.pick("Your colour", "Blue")
	d.pick("Players", "AI vs AI")
	d.click(d.setup().back.Rect.Center())
	d.a.scenes.GoTo(newSetupScene(d.a))
	d.tick()
	d.pick("Players", "You vs AI")
	if d.row("Your colour").Sel != 1 {
		t.Errorf("your colour went back to orange after a visit to AI vs AI")
	}
}

// Bug 2: a click must leave the clicked row where it was, under the pointer.
func TestClickedRowStaysUnderThePointer(t *testing.T) {
	for _, size := range [][2]float64{{1280, 800}, {900, 640}, {1920, 1080}} {
		d := newNG(t, size[0], size[1])
		clicks := [][2]string{
			{"Players", "Online"}, {"Online", "Join a game"}, {"Online", "On this network"},
			{"Online", "Join a game"}, {"Players", "Two players"}, {"Players", "Online"},
			{"Players", "AI vs AI"}, {"Game", "Gobblers"}, {"Players", "You vs AI"},
			{"Your colour", "Blue"}, {"Moves first", "Blue"}, {"Players", "Online"},
			{"Online", "On this network"}, {"Your colour", "Orange"}, {"Online", "Join a game"},
			{"Players", "You vs AI"}, {"Your colour", "Blue"}, {"Players", "Online"},
			{"Online", "On this network"}, {"Game", "Gobblet"}, {"Players", "Two players"},
		}
		for _, c := range clicks {
			r, i, x, y := d.segment(c[0], c[1])
			before := r.Rect
			d.click(x, y)
			var under *ui.Choice
			for _, rr := range d.setup().form.Rows {
				if rr.Rect.Contains(x, y) {
					under = rr
				}
			}
			if under != r || r.Rect != before || !r.Segs[i].Contains(x, y) {
				got := "nothing"
				if under != nil {
					got = "the " + under.Label + " row"
				}
				t.Errorf("%v: after clicking %q on the %q row, the pointer is over %s (row moved from %v to %v)", size, c[1], c[0], got, before, r.Rect)
			}
		}
	}
}

// The keyboard's focus stays on the row it changed.
func TestKeyboardFocusStaysOnTheChangedRow(t *testing.T) {
	d := newNG(t, 1280, 800)
	d.pick("Players", "Online")
	sc := d.setup()
	for i, r := range sc.form.Rows {
		if r == &sc.role {
			sc.form.Focus = i
		}
	}
	for _, k := range []ebiten.Key{ebiten.KeyRight, ebiten.KeyRight, ebiten.KeyLeft} {
		d.key(k)
		if f := sc.form.Focus; sc.form.Rows[f] != &sc.role {
			t.Fatalf("after %v the focus moved from the Online row to %q", k, sc.form.Rows[f].Label)
		}
	}
}

// New game shows only the rows that matter for the mode.
func TestNewGameShowsTheRowsOfTheMode(t *testing.T) {
	d := newNG(t, 1280, 800)
	tests := []struct {
		picks [][2]string
		want  []string
	}{
		{[][2]string{{"Players", "You vs AI"}}, []string{"Players", "Game", "Your colour", "Moves first", "Computer level"}},
		{[][2]string{{"Players", "Two players"}}, []string{"Players", "Game", "Moves first"}},
		{[][2]string{{"Players", "AI vs AI"}}, []string{"Players", "Game", "Orange level", "Orange algorithm", "Blue level", "Blue algorithm", "Moves first"}},
		{[][2]string{{"Players", "Online"}, {"Online", "On this network"}}, []string{"Players", "Online", "Game", "Your colour"}},
		{[][2]string{{"Online", "Join a game"}}, []string{"Players", "Online"}},
	}
	for _, tt := range tests {
		for _, p := range tt.picks {
			d.pick(p[0], p[1])
		}
		got := map[string]bool{}
		for _, l := range d.labels() {
			got[l] = true
		}
		if len(got) != len(tt.want) {
			t.Errorf("after %v New game shows %v, want %v", tt.picks, d.labels(), tt.want)
			continue
		}
		for _, l := range tt.want {
			if !got[l] {
				t.Errorf("after %v New game shows %v, want %v", tt.picks, d.labels(), tt.want)
				break
			}
		}
	}
}

// sizes are the windows the lobby is checked at.
var reviewSizes = [][2]float64{{1280, 800}, {900, 640}, {1920, 1080}}

func overlaps(p, q ui.Rect) bool {
	return p.X < q.X+q.W && q.X < p.X+p.W && p.Y < q.Y+q.H && q.Y < p.Y+p.H
}

func inside(r, in ui.Rect) bool {
	return r.X >= in.X && r.Y >= in.Y && r.X+r.W <= in.X+in.W && r.Y+r.H <= in.Y+in.H
}

// checkLobbyLayout fails when two things on the lobby's card overlap, when
// one sticks out of the card, or when Cancel is off the window.
func checkLobbyLayout(t *testing.T, a *App, ls *lobbyScene, what string) {
	t.Helper()
	ls.layout(a)
	u := a.U()
	type item struct {
		name string
		r    ui.Rect
	}
	var items []item
	for i := range ls.lines {
		items = append(items, item{"the line " + strconvQuote(ls.lines[i].s), ls.lines[i].rect(u)})
	}
	if ls.host {
		if ls.box.W > 0 {
			items = append(items, item{"the room code", ls.box}, item{"Copy", ls.copyB.Rect})
		}
		if ls.linkBox.W > 0 {
			items = append(items, item{"the link", ls.linkBox}, item{"Copy link", ls.linkB.Rect})
		}
		if ls.serverB.Rect.W > 0 {
			items = append(items, item{"Set the server", ls.serverB.Rect})
		}
	} else {
		items = append(items, item{"the code field", ls.field.Rect})
		if !ls.joining {
			items = append(items, item{"Paste", ls.pasteB.Rect}, item{"Join", ls.joinB.Rect})
		}
	}
	if len(ls.lines) == 0 {
		t.Fatalf("%s: no text on the card", what)
	}
	where := fmt.Sprintf("%s at %gx%g", what, a.W, a.H)
	card := ls.card
	for i, p := range items {
		if !inside(p.r, card.Inset(8*u)) {
			t.Errorf("%s: %s %v sticks out of the card %v", where, p.name, p.r, card)
		}
		for _, q := range items[i+1:] {
			if overlaps(p.r, q.r) {
				t.Errorf("%s: %s %v overlaps %s %v", where, p.name, p.r, q.name, q.r)
			}
		}
	}
	if !inside(card, ui.R(0, 0, a.W, a.H)) {
		t.Errorf("%s: the card %v is off the window", where, card)
	}
	if a.compact() { // the compact arrangement: TestEveryScreenIsFingerSizedAndReadable checks it
		return
	}
	if b := ls.back.Rect; b.Y < card.Y+card.H || !inside(b, ui.R(0, 0, a.W, a.H)) {
		t.Errorf("%s: Cancel %v is not below the card %v and on the window", where, b, card)
	}
	title := ui.LineHeight(a.Face(ui.Bold, ui.SizeTitle))
	if 80*u+title/2 > card.Y {
		t.Errorf("%s: the title runs into the card", where)
	}
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

func newJoinAt(t *testing.T, w, h float64) *ngDriver {
	t.Helper()
	d := newNG(t, w, h)
	d.a.scenes = sceneManager{current: newJoinScene(d.a, nil)}
	d.tick()
	return d
}

// Bug 3: on the Join screen the problem was drawn over the hint line.
func TestJoinScreenTextNeverOverlaps(t *testing.T) {
	for _, size := range reviewSizes {
		d := newJoinAt(t, size[0], size[1])
		ls := d.lobby()
		checkLobbyLayout(t, d.a, ls, "Join, nothing typed")

		d.key(ebiten.KeyEnter)
		if ls.problem == "" {
			t.Fatalf("Join with nothing typed says nothing")
		}
		checkLobbyLayout(t, d.a, ls, "Join, nothing typed: "+ls.problem)

		d.frames(Frame{Chars: []rune("abc")})
		d.key(ebiten.KeyEnter)
		if ls.problem == "" {
			t.Fatalf("Join with a short code says nothing")
		}
		checkLobbyLayout(t, d.a, ls, "Join, a short code: "+ls.problem)

		ls.notice = "The host is already playing with someone else; try again later, or ask the host for a new room code."
		ls.problem = "The code does not lead to any host; check it for typos, letter by letter, with the person who reads it to you."
		checkLobbyLayout(t, d.a, ls, "Join, a long problem and a notice")

		ls.joining, ls.problem = true, ""
		checkLobbyLayout(t, d.a, ls, "Join, connecting with a notice")
	}
}

// hostAt opens the host's screen on a room whose code leads to a made-up
// local network address.
func hostAt(t *testing.T, w, h float64, colour rules.Player) (*ngDriver, *lobbyScene) {
	t.Helper()
	d := newNG(t, w, h)
	sess, err := netplay.Host(netplay.HostConfig{Variant: rules.Classic, Colour: colour, Listen: "127.0.0.1:0", Advertise: netip.MustParseAddr("192.168.1.20")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sess.Close)
	ls := newHostedScene(d.a, sess, rules.Classic, colour)
	d.a.scenes = sceneManager{current: ls}
	d.tick()
	return d, ls
}

func TestHostScreenTextNeverOverlaps(t *testing.T) {
	for _, size := range reviewSizes {
		d, ls := hostAt(t, size[0], size[1], rules.X)
		checkLobbyLayout(t, d.a, ls, "Host")
		ls.notice = "Someone tried to join with a wrong code and was turned away; the room keeps waiting for your player."
		checkLobbyLayout(t, d.a, ls, "Host with a notice")
		ls.problem, ls.sess = "The room closed: the network went away while waiting for a player to join this game.", nil
		checkLobbyLayout(t, d.a, ls, "Host, the room closed")
	}
}

// Bug 4: the host's screen spoke in command-line jargon.
func TestHostScreenSaysTheAddressInWords(t *testing.T) {
	_, ls := hostAt(t, 1280, 800, rules.X)
	port := ls.sess.Code().Host.Port()
	var all []string
	address := false
	for _, l := range ls.lines {
		all = append(all, l.s)
		for _, jargon := range []string{"Listening", "[::]", "IPv6", "0.0.0.0"} {
			if strings.Contains(l.s, jargon) {
				t.Errorf("the host's screen says %q", l.s)
			}
		}
		if strings.Contains(l.s, "--") {
			if !strings.HasPrefix(l.s, "For the command line") || l.face.Size > ls.lines[0].face.Size-1 {
				t.Errorf("a command line %q is not labelled as such in a small line", l.s)
			}
		}
		if strings.HasPrefix(l.s, fmt.Sprintf("Your address: 192.168.1.20:%d", port)) {
			address = true
		}
	}
	if !address {
		t.Errorf("the host's screen does not say its address; it says %q", all)
	}
	if !strings.Contains(all[0], "you play orange, and you move first") {
		t.Errorf("the host's screen does not say who moves first: %q", all[0])
	}
	_, ls = hostAt(t, 1280, 800, rules.O)
	if !strings.Contains(ls.lines[0].s, "you play blue; orange moves first") {
		t.Errorf("the host's screen does not say who moves first: %q", ls.lines[0].s)
	}
}

// Bug 4: a typo in the code was explained in terms of IPv6.
func TestJoinProblemsInPlainWords(t *testing.T) {
	for _, typed := range []string{"abc", "7K3Q-D0M8-ZPVX-1RT4-N2E-ABCD", strings.Repeat("A", 40), "7K3Q-D0M8-ZPVX-1RT4-N2F", "1.2.3.4:7777 ABC"} {
		d := newJoinAt(t, 1280, 800)
		ls := d.lobby()
		d.frames(Frame{Chars: []rune(typed)})
		d.key(ebiten.KeyEnter)
		if ls.sess != nil {
			ls.sess.Close()
		}
		if ls.problem == "" {
			t.Errorf("%q: no problem shown", typed)
			continue
		}
		for _, jargon := range []string{"IPv6", "Room code:", "join"} {
			if strings.Contains(ls.problem, jargon) {
				t.Errorf("%q: the problem says %q", typed, ls.problem)
			}
		}
	}
}

// Online, orange always moves first, and the colour row says so.
func TestOnlineColourRowSaysWhoMovesFirst(t *testing.T) {
	d := newNG(t, 1280, 800)
	d.pick("Players", "Online")
	d.pick("Online", "On this network")
	r := d.row("Your colour")
	if !strings.Contains(r.Options[0], "moves first") || !strings.Contains(r.Options[1], "moves second") {
		t.Errorf("the online colour row says %q", r.Options)
	}
	d.pick("Players", "You vs AI")
	if r := d.row("Your colour"); r.Options[0] != "Orange" || r.Options[1] != "Blue" {
		t.Errorf("against the AI the colour row says %q", r.Options)
	}
}

// A long code (an IPv6 room's is 38 characters) stays inside the field.
func TestLongCodeStaysInTheField(t *testing.T) {
	for _, size := range reviewSizes {
		d := newJoinAt(t, size[0], size[1])
		ls := d.lobby()
		for _, typed := range []string{"7K3Q-D0M8-ZPVX-1RT4-N2E", strings.Repeat("7K3Q-", 9) + "AB", strings.Repeat("W", 64)} {
			ls.field.Text = ""
			d.frames(Frame{Chars: []rune(typed)})
			ls.layout(d.a)
			fc, shown := ls.field.fit(d.a)
			u := d.a.U()
			if w := ui.TextWidth(shown, fc); 22*u+w+4*u > ls.field.Rect.W-20*u {
				t.Errorf("%gx%g: %q (%d characters) is %.0f wide in a field %.0f wide", size[0], size[1], shown, len(ls.field.Text), w, ls.field.Rect.W)
			}
			if !strings.HasSuffix(ls.field.Text, strings.TrimPrefix(shown, "…")) {
				t.Errorf("the field shows %q of %q: not its end", shown, ls.field.Text)
			}
		}
	}
}

// The search algorithm is an AI vs AI choice: a game against the computer
// plays its level's own, and the algorithm chosen for the demos is kept.
func TestAlgorithmIsForAIvsAIOnly(t *testing.T) {
	d := newNG(t, 1280, 800)
	d.pick("Players", "AI vs AI")
	d.pick("Blue algorithm", "Minimax")
	d.pick("Players", "You vs AI")
	for _, l := range d.labels() {
		if strings.Contains(l, "algorithm") {
			t.Fatalf("a game against the computer offers %q (rows %v)", l, d.labels())
		}
	}
	d.click(d.setup().start.Rect.Center())
	for i := 0; i < fadeTicks+2; i++ {
		d.tick()
	}
	gs, ok := d.a.scenes.current.(*gameScene)
	if !ok {
		t.Fatalf("Start opened %T, want the game", d.a.scenes.current)
	}
	if alg := gs.setup.Players[1].Algorithm; alg != "" {
		t.Errorf("the computer plays with the algorithm %q chosen for AI vs AI", alg)
	}
	if lastSetup.Players[1].Algorithm != "minimax" {
		t.Errorf("the AI vs AI choice was not kept: %q", lastSetup.Players[1].Algorithm)
	}
}
