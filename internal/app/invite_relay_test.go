package app

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/relay"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// relayOnLoopback is a relay server (internal/relay, what gobblet-server
// serves at /relay/{room}) on a loopback port, for the test's life.
func relayOnLoopback(t *testing.T) string {
	t.Helper()
	rs := relay.New(relay.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	srv := httptest.NewServer(rs)
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// One player invites a friend through a relay; the friend pastes the link
// in Join, or types the code with the same server set; both boards open,
// and a move made on one shows on the other.
func TestInviteAFriendThroughARelay(t *testing.T) {
	for _, how := range []string{"link", "code"} {
		t.Run(how, func(t *testing.T) {
			server := relayOnLoopback(t)
			host, guest := newPlayer(t), newPlayer(t)
			host.a.opts.Server = server
			ls := newInviteScene(host.a, rules.Gobblers, rules.X)
			if ls.problem != "" || ls.sess == nil {
				t.Fatalf("inviting failed: %q", ls.problem)
			}
			t.Cleanup(ls.sess.Close)
			host.a.scenes = sceneManager{current: ls}
			host.tick()
			if !strings.HasPrefix(ls.link, server+"#") || len(strings.ReplaceAll(ls.code, "-", "")) != inviteCodeLength {
				t.Fatalf("the invitation: link %q, code %q", ls.link, ls.code)
			}
			js := newJoinScene(guest.a, nil)
			guest.a.scenes = sceneManager{current: js}
			guest.tick()
			switch how {
			case "link":
				js.field.insert(ls.link) // as a paste does
			case "code":
				guest.a.Settings.OnlineServer = strings.TrimPrefix(server, "http://")
				guest.frames(Frame{Chars: []rune(strings.ToLower(ls.code))})
			}
			guest.frames(Frame{Keys: []ebiten.Key{ebiten.KeyEnter}})
			if js.problem != "" || !js.joining {
				t.Fatalf("joining did not start: %q", js.problem)
			}
			t.Cleanup(js.sess.Close)
			pump(t, "both boards", func() bool { return host.game() != nil && guest.game() != nil }, host, guest)
			hg, gg := host.game(), guest.game()
			if hg.setup.humanColour() != 0 || gg.setup.humanColour() != 1 || gg.variant != rules.Gobblers {
				t.Fatalf("the inviter should play orange and the friend blue, in 3×3")
			}
			host.dragMove("3@b2")
			pump(t, "the move on both boards", func() bool { return gg.game.Plies() == 1 }, host, guest)
			guest.dragMove("2@a1")
			pump(t, "the answer on both boards", func() bool { return hg.game.Plies() == 2 }, host, guest)
			if movesOf(hg) != movesOf(gg) {
				t.Fatalf("the boards differ: %q, %q", movesOf(hg), movesOf(gg))
			}
		})
	}
}

// A mistyped invitation code is refused with the relay client's sentence
// before any network.
func TestJoinRefusesAMistypedInvitation(t *testing.T) {
	d := newJoinAt(t, 1280, 800)
	d.a.opts.Server = relayOnLoopback(t)
	ls := d.lobby()
	d.frames(Frame{Chars: []rune("ABCD-EFGH-JKMN-PQRU")}) // a made-up code: its check fails
	d.key(ebiten.KeyEnter)
	if ls.sess != nil {
		ls.sess.Close()
	}
	if ls.joining || ls.problem == "" || !strings.HasSuffix(ls.problem, ".") {
		t.Fatalf("a mistyped code: joining %v, problem %q", ls.joining, ls.problem)
	}
	t.Logf("the problem: %s", ls.problem)
}
