package app

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/analysis"
	"github.com/gobblet-game/gobblet/internal/lesson"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// The sizes a finger and an eye need, in CSS pixels: Apple's and Google's
// smallest touch target, and the smallest text.
const (
	minTouchCSS = 44
	minTextCSS  = 12
)

// phoneWindows are the windows every screen is laid out at, in CSS
// pixels, at a device scale of 2: two phones upright, one on its side,
// and the desktop's default.
var phoneWindows = [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1280, 800}}

// screenCase opens one screen (in one state) on a fresh App.
type screenCase struct {
	name string
	open func(a *App) Scene
}

// setupWith is New game with the game (0: 4×4, 1: 3×3), the players' mode
// and the online role chosen, as clicks would choose them.
func setupWith(variant, mode, role int) func(a *App) Scene {
	return func(a *App) Scene {
		sc := newSetupScene(a)
		sc.variant.Sel, sc.mode.Sel, sc.role.Sel = variant, mode, role
		sc.s = sc.collect()
		sc.fillLevels()
		sc.rebuild()
		return sc
	}
}

func gameIn(s setup, then func(a *App, gs *gameScene)) func(a *App) Scene {
	return func(a *App) Scene {
		gs := newGameScene(a, s, nil)
		a.scenes = sceneManager{current: gs}
		a.Update()
		if then != nil {
			then(a, gs)
		}
		return gs
	}
}

// wonGame plays orange's line on the left column of a 3×3 game.
func wonGame(a *App, gs *gameScene) {
	for _, mv := range []string{"3@a1", "3@c1", "2@a2", "2@c2", "1@a3"} {
		m, err := rules.ParseMove(gs.variant, mv)
		if err != nil {
			panic(err)
		}
		gs.commit(a, m, 0, 0, -1)
	}
	gs.ending.ticks = resultDelay + 100
}

var screenCases = []screenCase{
	{"menu", func(a *App) Scene { return newMenuScene(a) }},
	{"new game vs AI", func(a *App) Scene { return newSetupScene(a) }},
	{"new game AI vs AI", setupWith(0, modeAIvsAI, 0)},
	{"new game AI vs AI 3×3", setupWith(1, modeAIvsAI, 0)},
	{"options", func(a *App) Scene { return newOptionsScene(a, newMenuScene(a)) }},
	{"rules", func(a *App) Scene { return newRulesScene(a, newMenuScene(a)) }},
	{"saved games", func(a *App) Scene { return newSavedScene(a) }},
	{"saved games listed", func(a *App) Scene {
		for _, s := range []setup{vsAI(rules.Gobblers), twoPlayers(rules.Classic)} {
			g := rules.NewGame(s.Variant)
			if _, err := a.Store.(*MemoryStore).SaveRecord(s.gameRecord(g)); err != nil {
				panic(err)
			}
		}
		return newSavedScene(a)
	}},
	{"statistics", func(a *App) Scene { return newStatsScene(a) }},
	{"statistics rated", func(a *App) Scene {
		st := &a.Store.(*MemoryStore).stats
		for i := range 30 {
			st.Rate(rules.Classic, []string{"easy", "medium", "hard"}[i%3], record.Outcome(i%3))
		}
		return newStatsScene(a)
	}},
	{"new game, a suggestion", func(a *App) Scene {
		a.Store.(*MemoryStore).stats.Rate(rules.Classic, "medium", record.Won)
		lastSetup = defaultSetup()
		return newSetupScene(a)
	}},
	{"lesson, a 3×3 step", lessonAt(2, false)},
	{"lesson, a step done", lessonAt(3, true)},
	{"lesson, a 4×4 step", lessonAt(7, false)},
	{"lesson, the end", lessonAt(len(lesson.Steps()), true)},
	{"game 4×4 vs AI", gameIn(vsAI(rules.Classic), nil)},
	{"game 3×3 two players", gameIn(twoPlayers(rules.Gobblers), nil)},
	{"game moves open", gameIn(vsAI(rules.Gobblers), func(a *App, gs *gameScene) {
		if gs.lay.Form != wide {
			gs.toggleSheet(a)
		}
	})},
	{"game paused", gameIn(vsAI(rules.Classic), func(a *App, gs *gameScene) { gs.openPause(a) })},
	{"game over", gameIn(twoPlayers(rules.Gobblers), wonGame)},
	{"game review", gameIn(twoPlayers(rules.Gobblers), func(a *App, gs *gameScene) {
		wonGame(a, gs)
		gs.review = 2
	})},
	{"game review analysing", gameIn(twoPlayers(rules.Gobblers), func(a *App, gs *gameScene) {
		wonGame(a, gs)
		gs.review = 2
		gs.analysisButtons()
		gs.an.running, gs.an.done, gs.an.total = true, 2, 5
		gs.showSheet(a)
	})},
	{"game review analysed", gameIn(twoPlayers(rules.Gobblers), func(a *App, gs *gameScene) {
		wonGame(a, gs)
		gs.an.game = blunders().of3(gs.game, analysis.Options{})
		gs.review = 4
		gs.showSheet(a)
	})},
	{"game over analysed", gameIn(vsAI(rules.Gobblers), func(a *App, gs *gameScene) {
		wonGame(a, gs)
		gs.an.game = blunders().of3(gs.game, analysis.Options{})
	})},
	{"learn from mistakes", func(a *App) Scene {
		gs := newGameScene(a, twoPlayers(rules.Gobblers), nil)
		a.scenes = sceneManager{current: gs}
		a.Update()
		wonGame(a, gs)
		gs.an.game = blunders().of3(gs.game, analysis.Options{})
		return newCoachScene(a, gs, gs.mistakes())
	}},
	{"new game online", setupWith(0, modeOnline, roleInvite)},
	{"new game online, joining", setupWith(0, modeOnline, roleJoin)},
	{"new game two players 3×3", setupWith(1, modeTwoPlayers, 0)},
	{"puzzles", func(a *App) Scene { return newPuzzlesScene(a, newMenuScene(a), false) }},
	{"daily puzzle", func(a *App) Scene { return newPuzzlesScene(a, newMenuScene(a), true) }},
	{"invite, no server", func(a *App) Scene {
		a.opts.Server, a.Settings.OnlineServer = "", ""
		return newInviteScene(a, rules.Classic, rules.X)
	}},
	{"invite, waiting", invitation("")},
	{"invite, reconnecting", invitation("The connection to the server dropped.")},
	{"invite, server unreachable", func(a *App) Scene {
		ls := invitation("")(a).(*lobbyScene)
		ls.code, ls.link = "", ""
		ls.problem = "The server could not be reached: check your internet connection, then invite again."
		return ls
	}},
	{"host on this network", func(a *App) Scene {
		ls := newLobby(a, true)
		ls.variant, ls.colour = rules.Classic, rules.X
		ls.code, ls.secret = "7K3Q-D0M8-ZPVX-1RT4-N2E", "K3QD-0M8Z-P"
		ls.reach = "192.168.1.20:7777"
		return ls
	}},
	{"join, empty", func(a *App) Scene { return newJoinScene(a, nil) }},
	{"join, a link pasted", func(a *App) Scene {
		ls := newJoinScene(a, nil)
		ls.field.insert("https://play.example.org/#ABCD-EFGH-JKMN-PQRS")
		return ls
	}},
	{"join, a problem", func(a *App) Scene {
		ls := newJoinScene(a, nil)
		ls.field.insert("ABCD-EFGH")
		ls.join(a)
		return ls
	}},
	{"join, connecting", func(a *App) Scene {
		ls := newJoinScene(a, nil)
		ls.field.insert("ABCD-EFGH-JKMN-PQRS")
		ls.joining = true
		return ls
	}},
	{"online server", func(a *App) Scene {
		menu := newMenuScene(a)
		return newServerScene(a, menu, func(*App) Scene { return menu }, boardPicture{})
	}},
	{"online server, a problem", func(a *App) Scene {
		menu := newMenuScene(a)
		s := newServerScene(a, menu, func(*App) Scene { return menu }, boardPicture{})
		s.field.insert("ftp://mine.example.org")
		s.save(a)
		return s
	}},
}

// lessonAt opens the lesson at a step, done or not (past the last: its end).
func lessonAt(step int, done bool) func(a *App) Scene {
	return func(a *App) Scene {
		l := newLessonScene(a, newMenuScene(a)).(*lessonScene)
		l.start(a, min(step, len(l.steps)-1))
		if done {
			l.passed, l.answer = true, l.step().Praise
		}
		if step >= len(l.steps) {
			l.start(a, step)
		}
		return l
	}
}

// invitation opens Invite a friend on a live invitation, without a
// network: the scene's fields as an invitation sets them; reconnecting is
// why the connection dropped ("" while connected).
func invitation(reconnecting string) func(a *App) Scene {
	return func(a *App) Scene {
		ls := newLobby(a, true)
		ls.relay = true
		ls.variant, ls.colour = rules.Classic, rules.X
		ls.code, ls.link = "ABCD-EFGH-JKMN-PQRS", "https://play.example.org/#ABCD-EFGH-JKMN-PQRS"
		ls.reconnecting = reconnecting
		return ls
	}
}

// notYet are the screens not yet laid out for fingers. Options on the
// desktop keeps its 36-pixel rows: 13 rows of 44 do not fit 800 pixels
// without scrolling, which the desktop does not want.
var notYet = map[string]bool{}

var (
	reLogRect  = regexp.MustCompile(`^gobblet: (widget "(?:[^"\\]|\\.)*"|square \w+|slot [xo] \d+ size \d+ count \d+) (-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)$`)
	reLogScale = regexp.MustCompile(`^gobblet: scale ([\d.]+) text ([\d.]+)$`)
)

// layoutAt lays a screen out at w×h CSS pixels, device scale 2, draws it
// and returns its layout log block.
func layoutAt(t *testing.T, c screenCase, w, h float64) string {
	t.Helper()
	var log bytes.Buffer
	a := newHeadless(&scriptSource{}, 2*w, 2*h)
	a.scale = 2
	a.opts.Debug = &log
	s := c.open(a)
	a.scenes = sceneManager{current: s}
	for i := 0; i < 3; i++ {
		a.Update()
	}
	img := ebiten.NewImage(int(2*w), int(2*h))
	defer img.Deallocate()
	lastLayout, textScreen = "", ""
	a.logLayout() // starts counting the text anew
	a.dirty = true
	a.Draw(img)
	log.Reset()
	lastLayout = ""
	a.logLayout()
	return log.String()
}

// TestEveryScreenIsFingerSizedAndReadable lays out every screen at a
// phone's windows and the desktop's, at device scale 2, and checks in CSS
// pixels that every widget of the layout log (buttons, options, squares,
// reserve slots) is at least 44 wide and high, lies in the window, and
// that no text drawn is under 12.
func TestEveryScreenIsFingerSizedAndReadable(t *testing.T) {
	for _, win := range phoneWindows {
		for _, c := range screenCases {
			name := fmt.Sprintf("%s at %v×%v", c.name, win[0], win[1])
			if notYet[c.name] || notYet[name] {
				continue
			}
			block := layoutAt(t, c, win[0], win[1])
			checkBlock(t, name, block, win[0], win[1])
		}
	}
}

// checkBlock checks one layout block: what TestEveryScreenIsFingerSized
// and the browser's phone test (e2e/web) ask of it.
func checkBlock(t *testing.T, name, block string, w, h float64) {
	t.Helper()
	scale, text, widgets := 0.0, 0.0, 0
	for _, ln := range strings.Split(block, "\n") {
		if m := reLogScale.FindStringSubmatch(ln); m != nil {
			scale, _ = strconv.ParseFloat(m[1], 64)
			text, _ = strconv.ParseFloat(m[2], 64)
		}
	}
	if scale != 2 {
		t.Fatalf("%s: the layout log says scale %v, want 2:\n%s", name, scale, block)
	}
	for _, ln := range strings.Split(block, "\n") {
		m := reLogRect.FindStringSubmatch(ln)
		if m == nil {
			continue
		}
		widgets++
		var r [4]float64
		for i := range r {
			r[i], _ = strconv.ParseFloat(m[2+i], 64)
			r[i] /= scale
		}
		if r[2] < minTouchCSS-0.5 || r[3] < minTouchCSS-0.5 {
			t.Errorf("%s: %s is %.0f×%.0f CSS px, under %d", name, m[1], r[2], r[3], minTouchCSS)
		}
		if r[0] < -0.5 || r[1] < -0.5 || r[0]+r[2] > w+0.5 || r[1]+r[3] > h+0.5 {
			t.Errorf("%s: %s at %.0f,%.0f %.0f×%.0f leaves the window", name, m[1], r[0], r[1], r[2], r[3])
		}
	}
	if widgets == 0 {
		t.Errorf("%s: the layout log names no widget:\n%s", name, block)
	}
	if text == 0 {
		t.Errorf("%s: no text was drawn", name)
	} else if text/scale < minTextCSS-0.01 {
		t.Errorf("%s: text of %.1f CSS px, under %d", name, text/scale, minTextCSS)
	}
}

// TestTouchHidesTheKeyboardHints checks that after a touch the game names
// no keys and says tap, and that a key brings the hints back.
func TestTouchHidesTheKeyboardHints(t *testing.T) {
	tb := newTable(t, vsAI(rules.Classic))
	keyWords := func() string {
		_, card := tb.gs.statusCardWords()
		return tb.gs.statusText() + " | " + card
	}
	if w := keyWords(); !strings.Contains(w, "Keyboard") || !strings.Contains(w, "click") {
		t.Fatalf("before any touch the game should name its keys and say click: %q", w)
	}
	// a finger taps beside the board
	tb.src.frames = append(tb.src.frames, Frame{X: 5, Y: 300, Down: true, Pressed: true, PointerMoved: true, TouchActive: true},
		Frame{X: 5, Y: 300, Released: true, TouchActive: true})
	tb.run()
	for _, k := range []string{"Keyboard", "arrows", "Enter", "click"} {
		if w := keyWords(); strings.Contains(w, k) {
			t.Errorf("after a touch the game says %q: %q", k, w)
		}
	}
	if w := keyWords(); !strings.Contains(w, "tap") {
		t.Errorf("after a touch the game should say tap: %q", w)
	}
	tb.key(ebiten.KeyShift, false)
	if w := keyWords(); !strings.Contains(w, "Keyboard") {
		t.Errorf("a key should bring the keyboard's hints back: %q", w)
	}
}

// TestPortraitGameKeepsResignInTheMenu checks the portrait game against
// the computer: the player's reserve below the board, the move list behind
// the Moves button, and Resign in the pause menu, which ends the game.
func TestPortraitGameKeepsResignInTheMenu(t *testing.T) {
	tb := newTable(t, setup{Variant: rules.Gobblers, Mode: modeHumanVsAI, Players: [2]playerChoice{{Level: "easy"}, {Human: true}}})
	tb.a.W, tb.a.H, tb.a.scale = 780, 1688, 2
	tb.run()
	gs := tb.gs
	if gs.lay.Form != tall {
		t.Fatalf("a 390×844 window lays the game out as form %d, want tall", gs.lay.Form)
	}
	if mine, theirs := gs.lay.Reserve[1], gs.lay.Reserve[0]; mine.Y < gs.lay.Frame.Y+gs.lay.Frame.H || theirs.Y > gs.lay.Frame.Y {
		t.Errorf("the player (blue) should have their reserve %v below the board %v, the computer's %v above", mine, gs.lay.Frame, theirs)
	}
	if slices.Contains(gs.top, gs.buttons.resign) || !slices.Contains(gs.top, gs.buttons.moves) {
		t.Errorf("the portrait top bar should hold Moves and not Resign")
	}
	x, y := gs.buttons.moves.Rect.Center()
	tb.click(x, y)
	if !gs.sheet || gs.lay.Panel.Empty() {
		t.Fatalf("Moves should open the move list over the board")
	}
	tb.click(5, gs.lay.Status.Y-5) // beside the list
	if gs.sheet {
		t.Errorf("a tap beside the move list should close it")
	}
	x, y = gs.buttons.pause.Rect.Center()
	tb.click(x, y)
	i := slices.IndexFunc(gs.pause.menu.Buttons, func(b *ui.Button) bool { return b.Label == resignLabel() })
	if !gs.pause.open || i < 0 {
		t.Fatalf("the pause menu should offer Resign (open %v)", gs.pause.open)
	}
	tb.tick()
	x, y = gs.pause.menu.Buttons[i].Rect.Center()
	tb.click(x, y)
	if r := gs.result(); !gs.over || r.Reason != rules.Resignation {
		t.Errorf("Resign in the menu should end the game resigned: over %v, %+v", gs.over, r)
	}
}

// midWindows are windows between a phone's and the desktop's reference,
// in CSS pixels at device scale 2: tablets upright and on their side, and
// the desktop's in-between windows.
var midWindows = [][2]float64{
	{768, 1024}, {820, 1180}, {1024, 1366}, // tablets upright
	{1024, 768}, {1180, 820}, {1366, 1024}, // on their side
	{800, 600}, {1000, 640}, {1100, 700}, {1182, 739}, {1200, 760}, {1279, 800}, {1280, 799}, // desktop windows
}

// layoutWith lays a screen out as layoutAt does, on a device whose
// pointer is a finger (coarse) or a mouse.
func layoutWith(t *testing.T, c screenCase, w, h float64, coarse bool) string {
	t.Helper()
	old := coarseForTest
	coarseForTest = coarse
	defer func() { coarseForTest = old }()
	return layoutAt(t, c, w, h)
}

// TestMidSizeWindowsAreFingerSizedAndReadable lays every screen out at the
// windows between a phone's and the reference: on a touch device every
// widget is a finger wide and every text readable; with a mouse the text
// is readable and nothing leaves the window.
func TestMidSizeWindowsAreFingerSizedAndReadable(t *testing.T) {
	for _, win := range midWindows {
		for _, c := range screenCases {
			if notYet[c.name] {
				continue
			}
			name := fmt.Sprintf("%s at %v×%v", c.name, win[0], win[1])
			checkBlock(t, name+" by touch", layoutWith(t, c, win[0], win[1], true), win[0], win[1])
			checkReadable(t, name+" by mouse", layoutWith(t, c, win[0], win[1], false), win[0], win[1])
		}
	}
}

// checkReadable checks a layout block laid out for a mouse: no text under
// 12 CSS pixels, no widget outside the window.
func checkReadable(t *testing.T, name, block string, w, h float64) {
	t.Helper()
	for _, ln := range strings.Split(block, "\n") {
		if m := reLogScale.FindStringSubmatch(ln); m != nil {
			scale, _ := strconv.ParseFloat(m[1], 64)
			text, _ := strconv.ParseFloat(m[2], 64)
			if text == 0 || text/scale < minTextCSS-0.01 {
				t.Errorf("%s: text of %.1f CSS px, under %d", name, text/scale, minTextCSS)
			}
		}
		if m := reLogRect.FindStringSubmatch(ln); m != nil {
			var r [4]float64
			for i := range r {
				r[i], _ = strconv.ParseFloat(m[2+i], 64)
				r[i] /= 2
			}
			if r[0] < -0.5 || r[1] < -0.5 || r[0]+r[2] > w+0.5 || r[1]+r[3] > h+0.5 {
				t.Errorf("%s: %s at %.0f,%.0f %.0f×%.0f leaves the window", name, m[1], r[0], r[1], r[2], r[3])
			}
		}
	}
}

// TestCompactWhenTextOrFingersNeedIt is compact's rule: text under 12 CSS
// pixels never, a finger's target under 44 never, the desktop unchanged.
func TestCompactWhenTextOrFingersNeedIt(t *testing.T) {
	for _, tc := range []struct {
		w, h, css float64
		touch     bool
		want      bool
	}{
		{360, 640, 2, false, true},    // a phone, even with a mouse
		{844, 390, 3, true, true},     // a phone on its side
		{1536, 2048, 2, true, true},   // an iPad upright: 0.6 would draw text at 9
		{1536, 2048, 2, false, true},  // the same with a mouse: text
		{2048, 1536, 2, true, true},   // on its side: rows of 35 are too small for a finger
		{1024, 768, 1, false, true},   // with a mouse: scaled 0.8 would draw text at 10.4
		{1182, 739, 1, false, false},  // scaled 12/13: the smallest text 12
		{1181, 800, 1, false, true},   // a pixel narrower: text under 12
		{1280, 738, 1, false, true},   // a pixel lower
		{2360, 1640, 2, true, true},   // an iPad Air on its side
		{1200, 760, 1, false, false},  // a desktop window: scaled
		{1000, 640, 1, false, true},   // narrower than 1024
		{800, 600, 1, false, true},    // small desktop window
		{1279, 800, 1, true, true},    // just under the reference, by touch
		{1280, 799, 1, true, true},    // just under the reference, by touch
		{1280, 800, 1, true, false},   // the reference
		{2560, 1600, 1, true, false},  // bigger than the reference
		{2560, 1600, 2, false, false}, // the reference in device pixels
		{1280, 800, 2, false, true},   // half the reference in CSS pixels
	} {
		if got := compact(tc.w, tc.h, tc.css, tc.touch); got != tc.want {
			t.Errorf("compact(%v×%v device px, css %v, touch %v) = %v, want %v", tc.w, tc.h, tc.css, tc.touch, got, tc.want)
		}
		u := unit(tc.w, tc.h, tc.css, tc.touch) / tc.css
		if tc.w/tc.css >= 360 && tc.h/tc.css >= 360 {
			if u*ui.SizeSmall < minTextCSS-1e-9 {
				t.Errorf("%v×%v css %v touch %v: unit %.2f CSS px draws small text at %.1f", tc.w, tc.h, tc.css, tc.touch, u, u*ui.SizeSmall)
			}
			if tc.touch && u*44 < minTouchCSS-1e-9 {
				t.Errorf("%v×%v css %v by touch: unit %.2f CSS px makes rows of %.1f", tc.w, tc.h, tc.css, u, u*44)
			}
		}
	}
}

// coarseForTest is the pointer newHeadless's App has: a finger when true.
var coarseForTest bool
