package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// asBrowser plays the web page's part for one test.
func asBrowser(t *testing.T) {
	t.Helper()
	was := inBrowser
	inBrowser = true
	t.Cleanup(func() { inBrowser = was })
}

func TestInABrowserTheMenuHasNoQuit(t *testing.T) {
	for _, browser := range []bool{false, true} {
		was := inBrowser
		inBrowser = browser
		src := &scriptSource{}
		a := newHeadless(src, 1280, 800)
		m, ok := a.scenes.current.(*menuScene)
		if !ok {
			inBrowser = was
			t.Fatalf("the game opens on %T, want the menu", a.scenes.current)
		}
		hasQuit := false
		for _, b := range m.list.Buttons {
			hasQuit = hasQuit || b.Label == "Quit"
		}
		if hasQuit == browser {
			t.Errorf("in a browser = %v, the menu offers Quit = %v", browser, hasQuit)
		}
		src.frames = append(src.frames, Frame{Keys: []ebiten.Key{ebiten.KeyEscape}})
		err := a.Update()
		if err == nil {
			err = a.Update()
		}
		if quit := errors.Is(err, ebiten.Termination); quit {
			t.Errorf("in a browser = %v, Esc on the menu ends the game", browser)
		}
		inBrowser = was
	}
}

// A page plays online through a server (Invite a friend, Join); a game on
// this network, which needs a listening socket, cannot be chosen there.
func TestInABrowserOnlineGoesThroughTheServer(t *testing.T) {
	asBrowser(t)
	d := newNG(t, 1280, 800)
	d.a.opts.Server = "http://127.0.0.1:1/" // the page's own server
	d.pick("Players", "Online")
	sc := d.setup()
	if sc.start.Disabled {
		t.Fatal("Start cannot be pressed for an online game in a browser")
	}
	if !sc.role.IsOff(roleLAN) || sc.role.IsOff(roleInvite) || sc.role.IsOff(roleJoin) {
		t.Fatalf("in a browser the Online row's choices are off: %v", sc.role.Off)
	}
	x, y := sc.role.Segs[roleLAN].Center()
	d.click(x, y)
	if sc.role.Sel == roleLAN {
		t.Fatal("On this network can be chosen in a browser")
	}
	d.pick("Online", "Invite a friend")
	if got := d.labels(); len(got) != 4 {
		t.Errorf("Invite a friend in a browser shows rows %v, want Players, Online, Game and Your colour", got)
	}
	if got := sc.keysHint(); !strings.Contains(got, "Enter starts") {
		t.Errorf("the footer says %q with Start there", got)
	}
	d.key(ebiten.KeyEnter)
	ls := d.lobby()
	if !ls.host || !ls.relay {
		t.Fatalf("Invite in a browser opened the lobby host=%v relay=%v", ls.host, ls.relay)
	}
	if ls.problem == noServer() {
		t.Errorf("the page's own server was not used: %q", ls.problem)
	}
	if ls.sess != nil {
		ls.sess.Close()
	}
}

// The perfect player without its table (a browser whose download failed)
// plays on with the Expert search and says so in the player's language:
// once, in a notice, not at every move, and its search's progress still
// shows.
func TestTheComputersNoteIsSaidOnce(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	note := "The perfect-play table could not be downloaded: offline; the Expert search plays instead."
	tb.ai.note = note
	tb.tick()
	for i, sq := range []string{"b2", "c3"} {
		tb.drag(tb.slotXY(0, 0, sq))
		tb.until("the AI to start thinking", func() bool { return tb.ai.searches() > i && tb.gs.brain.thinking })
		tb.until("the search's progress", func() bool { return tb.gs.brain.hasInfo })
		tb.ai.answers <- rules.Drop(4, rules.SquareAt(rules.Classic, i, 3))
		tb.until("the AI's move", func() bool { return tb.gs.game.Plies() == 2*(i+1) })
		want := []string{"The perfect player's table could not be loaded: the Expert level plays instead."}
		if i > 0 {
			want = nil
		}
		if !slices.Equal(tb.a.notices, want) {
			t.Fatalf("after the computer's move %d the notices are %q, want %q", i+1, tb.a.notices, want)
		}
		tb.a.notices = nil // dismissed
	}
	if tb.a.aiNote != note {
		t.Errorf("the note was never shown")
	}
}

// recordingThinker notes the searches it is asked for and answers at once.
type recordingThinker struct {
	mu    sync.Mutex
	asked []string
	done  chan struct{}
}

func (r *recordingThinker) Think(ctx context.Context, g *rules.Game, cfg ai.Config, report func(ai.Info)) (rules.Move, error) {
	r.mu.Lock()
	r.asked = append(r.asked, fmt.Sprintf("%v %s nodes %d", g.Position().Variant(), cfg.Level, cfg.Nodes))
	n := len(r.asked)
	r.mu.Unlock()
	if n == 2 {
		close(r.done)
	}
	return rules.Move{}, nil
}

// In a browser the first frame starts a small search of each game, once,
// so the browser compiles the search's code while the menu shows; the
// desktop starts none.
func TestInABrowserTheSearchWarmsUpOnTheMenu(t *testing.T) {
	for _, browser := range []bool{false, true} {
		was := inBrowser
		inBrowser = browser
		a := newHeadless(&scriptSource{}, 1280, 800)
		r := &recordingThinker{done: make(chan struct{})}
		a.NewThinker = func() Thinker { return r }
		a.noteFirstFrame()
		a.noteFirstFrame()
		inBrowser = was
		if browser {
			select {
			case <-r.done:
			case <-time.After(5 * time.Second):
				t.Fatal("no warm-up search in a browser")
			}
		} else {
			time.Sleep(50 * time.Millisecond)
		}
		r.mu.Lock()
		got := strings.Join(r.asked, "; ")
		r.mu.Unlock()
		want := ""
		if browser {
			want = "classic expert nodes 20000; gobblers expert nodes 20000"
		}
		if got != want {
			t.Errorf("in a browser = %v, the searches at the first frame are %q, want %q", browser, got, want)
		}
	}
}

// A game against the computer asks, as it opens, for what each computer
// player needs loaded (the perfect player's table), so that its first
// answer does not wait for it; a game between people asks for nothing.
func TestAGameStartsLoadingWhatTheComputerNeeds(t *testing.T) {
	for _, c := range []struct {
		s    setup
		want string
	}{
		{setup{Variant: rules.Gobblers, Mode: modeHumanVsAI, Players: [2]playerChoice{{Human: true}, {Level: "perfect"}}}, "gobblers perfect"},
		{setup{Variant: rules.Classic, Mode: modeAIvsAI, Players: [2]playerChoice{{Level: "easy"}, {Level: "expert"}}}, "classic easy, classic expert"},
		{twoPlayers(rules.Gobblers), ""},
	} {
		a := newHeadless(&scriptSource{}, 1280, 800)
		var asked []string
		a.Prepare = func(v rules.Variant, level string) { asked = append(asked, fmt.Sprintf("%v %s", v, level)) }
		newGameScene(a, c.s, nil)
		if got := strings.Join(asked, ", "); got != c.want {
			t.Errorf("a game of %v mode %d prepares %q, want %q", c.s.Variant, c.s.Mode, got, c.want)
		}
	}
}

// In a browser the full-screen setting follows the page (Esc leaves full
// screen without asking the game), but not in the second after the game
// asked for a change, which the page makes asynchronously: the Options row
// does not flick back.
func TestInABrowserFullScreenFollowsThePageOnceItHadTimeToSwitch(t *testing.T) {
	for _, c := range []struct {
		name                string
		setting, page, want bool
		since               int
	}{
		{"just asked for full screen, the page not yet in it", true, false, true, 1},
		{"just asked to leave, the page still in it", false, true, false, 30},
		{"the page left full screen by itself (Esc)", true, false, false, fullscreenSettles + 30},
		{"the page went full screen by itself (F11)", false, true, true, fullscreenSettles},
		{"all agree", true, true, true, 1000},
	} {
		if got := browserFullscreen(c.setting, c.page, c.since); got != c.want {
			t.Errorf("%s: full screen = %v, want %v", c.name, got, c.want)
		}
	}
}
