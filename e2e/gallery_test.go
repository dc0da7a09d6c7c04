//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestGallery takes the pictures of docs/screenshots/: every screen of the
// real game, driven as a player would, into the folder E2E_GALLERY names.
// Without E2E_GALLERY it is skipped, so make test never runs it:
//
//	E2E_GALLERY=$PWD/docs/screenshots go test -tags e2e -count=1 -run TestGallery -timeout 20m ./e2e/
//
// The sections share one config folder, in order, so that the menu offers
// Continue after a game is left, and Saved games and Statistics list the
// games the gallery played. The 900×640 window, the online screens and the
// languages (the menu and a game in German and Japanese, language_test.go)
// have folders of their own; one section alone:
// -run 'TestGallery/languages'.
func TestGallery(t *testing.T) {
	dir := os.Getenv("E2E_GALLERY")
	if dir == "" {
		t.Skip("E2E_GALLERY names no folder for the pictures")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	gl := &gallery{dir: dir}
	cfg := t.TempDir()
	begin := time.Now()
	for _, s := range []struct {
		name string
		run  func(*testing.T, string)
	}{
		{"menu-options-rules", gl.menuOptionsRules},
		{"game-4x4", gl.classicGame},
		{"ai-vs-ai", gl.aiVsAI},
		{"two-players-3x3", gl.twoPlayers},
		{"thinking", gl.thinking},
		{"result-review", gl.resultAndReview},
		{"move-values", gl.moveValues},
		{"saved-games-statistics", gl.savedAndStats},
		{"window-900x640", func(t *testing.T, _ string) { gl.smallWindow(t) }},
		{"online", func(t *testing.T, _ string) { gl.online(t) }},
		{"languages", gl.languages}, // language_test.go
	} {
		t.Run(s.name, func(t *testing.T) {
			t0 := time.Now()
			defer func() { t.Logf("%.0f s", time.Since(t0).Seconds()) }()
			s.run(t, cfg)
		})
	}
	t.Logf("gallery: %.0f s in all, pictures in %s", time.Since(begin).Seconds(), dir)
}

// gallery writes the pictures.
type gallery struct {
	dir string
}

// menuOptionsRules: the main menu of a first start, Options, and four pages
// of the rules. A private PulseAudio server, when there is one, keeps the
// Options screen from saying that sound is unavailable.
func (gl *gallery) menuOptionsRules(t *testing.T, cfg string) {
	var g *Game
	if _, err := exec.LookPath("pulseaudio"); err == nil {
		p := startPulse(t)
		g = startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", cfg, "--debug"}, cfg, p.env()...)
	} else {
		t.Log("no pulseaudio: the Options screen will say that sound is off")
		g = start(t, cfg)
	}
	gl.shot(g, "menu")

	u := g.ui()
	g.click(u.Widget(t, "Options"))
	u = g.waitUI("options", "", 10*time.Second)
	gl.shot(g, "options")
	mark := g.logMark()
	g.click(u.Widget(t, "Done"))
	u = g.waitUIAfter(mark, "menu", "", 10*time.Second)

	// The rules screen logs no widgets: its pages are turned with → and
	// each turn is seen on screen.
	mark = g.logMark()
	g.click(u.Widget(t, "Learn"))
	u = g.waitUIAfter(mark, "learn", "", 10*time.Second)
	mark = g.logMark()
	g.click(u.Widget(t, "Rules"))
	g.waitUIFunc("the rules", mark, 10*time.Second, func(u *UI) bool { return u.Scene == "rules" })
	gl.shot(g, "rules") // the first page: the goal
	page := 0
	turn := func() bool {
		before := screenshot(t)
		r := windowRect(g)
		turned := gl.keyUntil(g, "Right", 3*time.Second, func() bool { return difference(before, screenshot(t), r) > 0.3 })
		if turned {
			page++
		}
		return turned
	}
	for _, want := range []struct {
		page int
		name string
	}{{2, "rules-gobbling"}, {3, "rules-line-of-three"}} {
		for page < want.page {
			if !turn() {
				t.Fatalf("the rules did not turn from page %d with →", page+1)
			}
		}
		gl.shot(g, want.name)
	}
	// the keyboard's page is the last one
	for turn() {
		if page > 30 {
			t.Fatal("the rules keep turning: no last page")
		}
	}
	gl.shot(g, "rules-keyboard")
	mark = g.logMark()
	g.keyUI("Escape") // back to Learn, where the rules were opened
	g.waitUIAfter(mark, "learn", "", 10*time.Second)
	mark = g.logMark()
	g.keyUI("Escape")
	g.waitUIAfter(mark, "menu", "", 10*time.Second)
	gl.quit(g)
}

// classicGame: New game, a 4×4 game against the computer with a piece
// held, in three colour themes; the hint; the pause; the menu with
// Continue. The game is then played to its end for the statistics.
func (gl *gallery) classicGame(t *testing.T, cfg string) {
	g := start(t, cfg)
	u := gl.newGame(g, "Players/You vs AI", "Game/Gobblet 4×4", "Your colour/Orange", "Moves first/Orange", "Computer level/Medium")
	gl.shot(g, "new-game")
	gameMark := g.logMark()
	u = gl.startGame(g, u)
	begin := g.logMark()
	g.makeMove(u, "4@a1", true)
	g.waitLogAfter(begin, `^gobblet: move \d+ o \S+$`, 60*time.Second)
	u = gl.humanTurn(g, begin, "x")

	gl.hold(g, u, "x")
	gl.shot(g, "game")
	gl.putBack(g)
	for _, th := range []struct{ option, name, picture string }{
		{"Light", "light", "game-light"},
		{"High contrast", "contrast", "game-high-contrast"},
	} {
		gl.theme(g, th.option, th.name)
		gl.hold(g, g.ui(), "x")
		gl.shot(g, th.picture)
		gl.putBack(g)
	}
	gl.theme(g, "Slate", "slate")
	gl.greyscale(t, "game", "game-greyscale")

	// the hint's arrow is drawn from the reserve over the board
	gl.park(g)
	u = g.ui()
	area := boardRect(u)
	for _, s := range u.Slots {
		if s.Player == "x" {
			area = union(area, s.Rect)
		}
	}
	r := g.screenRect(area, 0)
	time.Sleep(300 * time.Millisecond)
	before := screenshot(t)
	g.keyWhen("h", "a hint's arrow", func() bool { return changed(before, screenshot(t), r) >= 300 })
	gl.steady(g, "hint") // while the status line still says the hint

	mark := g.logMark()
	g.keyUI("Escape")
	u = g.waitUIAfter(mark, "game", "paused", 10*time.Second)
	gl.shot(g, "pause")
	mark = g.logMark()
	g.click(u.Widget(t, "Main menu"))
	u = g.waitUIAfter(mark, "menu", "", 10*time.Second)
	u.Widget(t, "Continue")
	gl.shot(g, "menu-continue")

	// on to the end, for Saved games and Statistics
	mark = g.logMark()
	g.click(u.Widget(t, "Continue"))
	g.waitUIAfter(mark, "game", "play", 10*time.Second)
	gl.playOn(g, startEngine(t), "classic", "x", "hard", gameMark, 40)
	gl.toMenu(g)
	gl.quit(g)
}

// aiVsAI: the New game screen set for a demo, the demo under way, paused.
func (gl *gallery) aiVsAI(t *testing.T, cfg string) {
	g := start(t, cfg)
	u := gl.newGame(g, "Players/AI vs AI", "Game/Gobblet 4×4", "Orange level/Medium", "Orange algorithm/Default", "Blue level/Medium", "Blue algorithm/Default", "Moves first/Orange")
	gl.shot(g, "new-game-ai-vs-ai")
	begin := g.logMark()
	gl.startGame(g, u)
	for end := time.Now().Add(120 * time.Second); len(g.moves(begin)) < 7; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the demo played %d moves in 120 s", len(g.moves(begin)))
		}
	}
	gl.park(g)
	// between two moves: a piece has landed, the next side thinks
	gl.between(g, "ai-vs-ai", 300*time.Millisecond)
	mark := g.logMark()
	g.keyUI("Escape")
	u = g.waitUIAfter(mark, "game", "paused", 10*time.Second)
	gl.shot(g, "pause-ai-vs-ai")
	mark = g.logMark()
	g.click(u.Widget(t, "Main menu"))
	g.waitUIAfter(mark, "menu", "", 10*time.Second)
	gl.quit(g)
}

// twoPlayers: 3×3 for two players; a gobbled piece peeked at under its
// stack, then the game a few moves on.
func (gl *gallery) twoPlayers(t *testing.T, cfg string) {
	g := start(t, cfg)
	u := gl.newGame(g, "Players/Two players", "Game/Gobblers 3×3", "Moves first/Orange")
	u = gl.startGame(g, u)
	begin := g.logMark()
	for _, mv := range []string{"1@b2", "3@b2"} {
		g.makeMove(u, mv, true)
		u = g.waitUIFunc("the next turn", g.lastMoveLine(begin), 10*time.Second, func(u *UI) bool { return u.State == "play" })
	}
	// the pointer rests on the stack a moment (the square a piece was just
	// put on opens up only once the pointer has left it)
	x, y := u.Squares["a1"].Center()
	g.pointTo(x, y)
	time.Sleep(300 * time.Millisecond)
	x, y = u.Squares["b2"].Center()
	g.pointTo(x+10, y+10)
	time.Sleep(700 * time.Millisecond)
	gl.shotHere(g, "peek")

	for _, mv := range []string{"3@c3", "2@a3", "2@c1", "1@a1"} {
		g.makeMove(u, mv, true)
		u = g.waitUIFunc("the next turn", g.lastMoveLine(begin), 10*time.Second, func(u *UI) bool { return u.State == "play" })
	}
	gl.shot(g, "game-gobblers")
	gl.toMenu(g)
	gl.quit(g)
}

// thinking: the Expert thinks over its answer on 4×4.
func (gl *gallery) thinking(t *testing.T, cfg string) {
	g := start(t, cfg)
	u := gl.newGame(g, "Players/You vs AI", "Game/Gobblet 4×4", "Your colour/Orange", "Moves first/Orange", "Computer level/Expert")
	u = gl.startGame(g, u)
	eng := startEngine(t)
	begin := g.logMark()
	gl.park(g)
	taken := false
	for try := 0; try < 3 && !taken; try++ {
		mv := "4@b2"
		if try > 0 {
			mv = eng.best("classic", g.moves(begin), "easy")
		}
		before := g.logMark()
		g.makeMove(u, mv, true)
		gl.park(g)
		time.Sleep(1200 * time.Millisecond) // the piece has landed, the search has reported
		img, err := grab(windowRect(g))
		if err != nil {
			t.Fatal(err)
		}
		if g.findLogAfter(before, `^gobblet: move \d+ o \S+$`) == nil {
			gl.write(t, "thinking", img)
			taken = true
		}
		g.waitLogAfter(before, `^gobblet: (move \d+ o \S+|result .+)$`, 60*time.Second)
		u = gl.humanTurn(g, begin, "x")
	}
	if !taken {
		t.Error("the Expert answered each time before the picture was taken")
	}
	gl.toMenu(g)
	gl.quit(g)
}

// resultAndReview: a 3×3 game won against the computer, its result card,
// and its review two moves before the end.
func (gl *gallery) resultAndReview(t *testing.T, cfg string) {
	g := start(t, cfg)
	u := gl.newGame(g, "Players/You vs AI", "Game/Gobblers 3×3", "Your colour/Orange", "Moves first/Orange", "Computer level/Medium")
	gl.startGame(g, u)
	g.playToEnd(startEngine(t), "gobblers", "x", "perfect", true, 20)
	u = g.waitUI("game", "over", 15*time.Second)
	gl.shot(g, "result")

	mark := g.logMark()
	g.click(u.Widget(t, "Review"))
	u = g.waitUIAfter(mark, "game", "review", 10*time.Second)
	gl.park(g)
	board := g.screenRect(boardRect(u), 0)
	for i := 0; i < 2; i++ {
		time.Sleep(300 * time.Millisecond) // a piece may still be sliding
		before := screenshot(t)
		if !gl.keyUntil(g, "Left", 5*time.Second, func() bool { return difference(before, screenshot(t), board) > 0.5 }) {
			t.Fatalf("← in review did not step back (step %d)", i+1)
		}
	}
	gl.shot(g, "review")
	mark = g.logMark()
	g.keyUI("Escape")
	u = g.waitUIAfter(mark, "game", "over", 10*time.Second)
	mark = g.logMark()
	g.click(u.Widget(t, "Main menu"))
	g.waitUIAfter(mark, "menu", "", 10*time.Second)
	gl.quit(g)
}

// moveValues: against Perfect on 3×3 with V on, a piece held: every
// square it may go to says what the move is worth. Then the game is won,
// and the rematch (the computer moves first) lost, for the statistics.
func (gl *gallery) moveValues(t *testing.T, cfg string) {
	g := start(t, cfg)
	u := gl.newGame(g, "Players/You vs AI", "Game/Gobblers 3×3", "Your colour/Orange", "Moves first/Orange", "Computer level/Perfect")
	gameMark := g.logMark()
	u = gl.startGame(g, u)
	eng := startEngine(t)
	begin := g.logMark()
	g.makeMove(u, eng.best("gobblers", nil, "perfect"), true)
	g.waitLogAfter(begin, `^gobblet: move \d+ o \S+$`, 60*time.Second)
	u = gl.humanTurn(g, begin, "x")
	gl.hold(g, u, "x")
	gl.park(g)
	board := g.screenRect(boardRect(u), 0)
	time.Sleep(300 * time.Millisecond)
	before := screenshot(t)
	g.keyWhen("v", "move values on the board", func() bool { return difference(before, screenshot(t), board) > 0.5 })
	gl.shot(g, "move-values")
	gl.putBack(g)
	// V again, for the games that follow: the status line says so
	status := windowRect(g)
	status.Min.Y = status.Max.Y - 40
	before = screenshot(t)
	g.keyWhen("v", "move values off", func() bool { return difference(before, screenshot(t), status) > 0.3 })

	if !gl.playOn(g, eng, "gobblers", "x", "perfect", gameMark, 20) {
		t.Fatal("the game against Perfect did not end")
	}
	u = g.waitUI("game", "over", 15*time.Second)
	mark := g.logMark()
	g.click(u.Widget(t, "Rematch"))
	u = g.waitUIAfter(mark, "game", "play", 10*time.Second)
	human := "x"
	if u.Players["x"] != "Orange" {
		human = "o"
	}
	if !gl.playOn(g, eng, "gobblers", human, "easy", mark, 20) {
		t.Fatal("the rematch against Perfect did not end")
	}
	u = g.waitUI("game", "over", 15*time.Second)
	mark = g.logMark()
	g.click(u.Widget(t, "Main menu"))
	g.waitUIAfter(mark, "menu", "", 10*time.Second)
	gl.quit(g)
}

// savedAndStats: the games played above, listed and counted.
func (gl *gallery) savedAndStats(t *testing.T, cfg string) {
	g := start(t, cfg)
	for _, s := range []struct{ button, scene, picture string }{
		{"Saved games", "saved-games", "saved-games"},
		{"Statistics", "statistics", "statistics"},
	} {
		mark := g.logMark()
		g.click(g.ui().Widget(t, s.button))
		u := g.waitUIAfter(mark, s.scene, "", 10*time.Second)
		gl.shot(g, s.picture)
		mark = g.logMark()
		g.click(u.Widget(t, "Back"))
		g.waitUIAfter(mark, "menu", "", 10*time.Second)
	}
	gl.quit(g)
}

// smallWindow: a 3×3 game in a 900×640 window (the size the settings
// keep from the last run).
func (gl *gallery) smallWindow(t *testing.T) {
	cfg := t.TempDir()
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(`{"version": 2, "window_width": 900, "window_height": 640}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := start(t, cfg)
	if r := windowRect(g); r.Dx() != 900 || r.Dy() != 640 {
		t.Fatalf("the window is %dx%d, want 900x640", r.Dx(), r.Dy())
	}
	u := gl.newGame(g, "Players/Two players", "Game/Gobblers 3×3", "Moves first/Orange")
	u = gl.startGame(g, u)
	begin := g.logMark()
	for _, mv := range []string{"1@b2", "3@b2", "2@a1"} {
		g.makeMove(u, mv, true)
		u = g.waitUIFunc("the next turn", g.lastMoveLine(begin), 10*time.Second, func(u *UI) bool { return u.State == "play" })
	}
	gl.shot(g, "game-900x640")
	gl.toMenu(g)
	gl.quit(g)
}

// online: one game hosts on 4×4 from New game, another joins by typing
// the room code; they play two moves each, seen from the joiner's side.
// The two windows lie on top of each other, so the side to play is
// raised first.
func (gl *gallery) online(t *testing.T) {
	host := start(t, t.TempDir())
	hostWins := gameWindows(t)
	u := gl.newGame(host, "Players/Online", "Online/On this network", "Game/Gobblet 4×4", "Your colour/Orange · moves first")
	mark := host.logMark()
	host.click(u.Widget(t, "Host"))
	code := host.waitLogAfter(mark, `^gobblet: hosting (\S+) on \S+$`, 15*time.Second)[1]
	host.waitUIAfter(mark, "online", "host", 10*time.Second)
	gl.shot(host, "online-host")

	join := start(t, t.TempDir())
	var joinWins []string
	for _, w := range gameWindows(t) {
		if !contains(hostWins, w) {
			joinWins = append(joinWins, w)
		}
	}
	if len(joinWins) == 0 {
		t.Fatal("the second game's window is not to be found")
	}
	raise := func(ws []string) {
		for _, w := range ws {
			xdo(t, "windowraise", w)
		}
		time.Sleep(200 * time.Millisecond)
	}
	u = gl.newGame(join, "Players/Online", "Online/Join a game")
	mark = join.logMark()
	join.click(u.Widget(t, "Join"))
	join.waitUIAfter(mark, "online", "join", 10*time.Second)
	gl.park(join)
	mark = join.logMark()
	xdo(t, "type", "--delay", "80", code)
	join.waitLogAfter(mark, `^gobblet: field "`+regexp.QuoteMeta(code)+`"$`, 15*time.Second)
	gl.shot(join, "online-join")

	hmark, jmark := host.logMark(), join.logMark()
	join.click(join.ui().Widget(t, "Join"))
	ju := join.waitUIAfter(jmark, "game", "play", 20*time.Second)
	hu := host.waitUIAfter(hmark, "game", "play", 20*time.Second)
	for i, mv := range []string{"4@b2", "4@c3", "4@b3", "4@a3"} {
		g, u, ws := host, hu, hostWins
		if i%2 == 1 {
			g, u, ws = join, ju, joinWins
		}
		raise(ws)
		u = g.waitUIFunc("its turn", g.lastMoveLine(0), 15*time.Second, func(u *UI) bool {
			return u.State == "play" && u.SideToMove() == "xo"[i%2:i%2+1]
		})
		g.makeMove(u, mv, true)
		// the other side sees the move
		other := join
		if i%2 == 1 {
			other = host
		}
		other.waitLog(fmt.Sprintf(`^gobblet: move %d [xo] %s$`, i+1, regexp.QuoteMeta(mv)), 15*time.Second)
		hu, ju = host.ui(), join.ui()
	}
	raise(joinWins)
	gl.park(join)
	gl.shot(join, "online-game")
}

// --- driving ------------------------------------------------------------------

// newGame opens New game from the main menu and picks the options in
// order ("Row/Option"), without starting.
func (gl *gallery) newGame(g *Game, picks ...string) *UI {
	g.t.Helper()
	u := g.waitUI("menu", "", 10*time.Second)
	mark := g.logMark()
	g.click(u.Widget(g.t, "New game"))
	u = g.waitUIAfter(mark, "new-game", "", 10*time.Second)
	for _, p := range picks {
		row, opt, _ := strings.Cut(p, "/")
		if u.Choices[row] == opt {
			continue
		}
		g.click(u.Widget(g.t, p))
		u = g.waitUIFunc(p+" chosen", 0, 5*time.Second, func(u *UI) bool { return u.Scene == "new-game" && u.Choices[row] == opt })
	}
	return u
}

// startGame presses Start and waits for the board, and for the toast
// that may say the unfinished game was kept to fade away.
func (gl *gallery) startGame(g *Game, u *UI) *UI {
	g.t.Helper()
	mark := g.logMark()
	g.click(u.Widget(g.t, "Start"))
	u = g.waitUIAfter(mark, "game", "play", 10*time.Second)
	if g.findLogAfter(mark, `^gobblet: toast `) != nil {
		time.Sleep(3300 * time.Millisecond)
	}
	return u
}

// humanTurn waits for the human's turn after the moves since mark.
func (gl *gallery) humanTurn(g *Game, mark int, player string) *UI {
	g.t.Helper()
	return g.waitUIFunc("the human's turn", g.lastMoveLine(mark), 60*time.Second, func(u *UI) bool {
		return u.Scene == "game" && u.State == "play" && u.SideToMove() == player
	})
}

// hold picks up a piece of the player's reserve by clicking it.
func (gl *gallery) hold(g *Game, u *UI, player string) {
	g.t.Helper()
	for _, s := range u.Slots {
		if s.Player == player && s.Count > 0 {
			mark := g.logMark()
			g.click(s.Rect)
			g.waitUIFunc("a held piece", mark, 5*time.Second, func(u *UI) bool { return u.Held != "" })
			return
		}
	}
	g.t.Fatalf("%s has no reserve piece to hold: %+v", player, u.Slots)
}

// putBack puts the held piece back with Esc.
func (gl *gallery) putBack(g *Game) {
	g.t.Helper()
	g.keyWhen("Escape", "the held piece put back", func() bool { return g.ui().Held == "" })
}

// theme changes the colours through pause → Options and resumes.
func (gl *gallery) theme(g *Game, option, name string) {
	g.t.Helper()
	mark := g.logMark()
	g.keyUI("Escape")
	u := g.waitUIAfter(mark, "game", "paused", 10*time.Second)
	g.click(u.Widget(g.t, "Options"))
	u = g.waitUI("options", "", 10*time.Second)
	if u.Theme != name {
		g.click(u.Widget(g.t, "Colours/"+option))
		u = g.waitUIFunc("the "+name+" theme", 0, 5*time.Second, func(u *UI) bool { return u.Theme == name })
	}
	mark = g.logMark()
	g.click(u.Widget(g.t, "Done"))
	u = g.waitUIAfter(mark, "game", "paused", 10*time.Second)
	mark = g.logMark()
	g.click(u.Widget(g.t, "Resume"))
	g.waitUIAfter(mark, "game", "play", 10*time.Second)
}

// playOn plays the human's moves (the engine's choice at a level) until
// the game ends or maxMoves were played, and reports whether it ended.
// The game's moves are those logged since mark.
func (gl *gallery) playOn(g *Game, eng *engine, variant, human, level string, mark, maxMoves int) bool {
	g.t.Helper()
	for n := 0; n < maxMoves; n++ {
		u := g.waitUIFunc("the human's turn or the end", g.lastMoveLine(mark), 60*time.Second, func(u *UI) bool {
			return u.Scene == "game" && (u.State == "over" || u.State == "ending" || u.State == "play" && u.SideToMove() == human)
		})
		if u.State != "play" {
			g.waitUI("game", "over", 15*time.Second)
			return true
		}
		g.makeMove(u, eng.best(variant, g.moves(mark), level), true)
	}
	g.t.Logf("the game goes on after %d moves", maxMoves)
	return false
}

// toMenu leaves a game through pause → Main menu.
func (gl *gallery) toMenu(g *Game) {
	g.t.Helper()
	u := g.ui()
	if u.State != "over" {
		mark := g.logMark()
		g.keyUI("Escape")
		u = g.waitUIAfter(mark, "game", "paused", 10*time.Second)
	}
	mark := g.logMark()
	g.click(u.Widget(g.t, "Main menu"))
	g.waitUIAfter(mark, "menu", "", 10*time.Second)
}

// quit quits from the main menu, so that every file is written.
func (gl *gallery) quit(g *Game) {
	g.t.Helper()
	u := g.waitUI("menu", "", 10*time.Second)
	g.clickWhen(u.Widget(g.t, "Quit"), "Quit", g.hasExited)
	if err := g.waitExit(15 * time.Second); err != nil {
		g.t.Errorf("Quit: the game exited with %v", err)
	}
}

// keyUntil holds a key down until done or the timeout; it reports done.
func (gl *gallery) keyUntil(g *Game, k string, timeout time.Duration, done func() bool) bool {
	g.t.Helper()
	xdo(g.t, "keydown", k)
	ok := false
	for end := time.Now().Add(timeout); !ok && time.Now().Before(end); {
		if ok = done(); !ok {
			time.Sleep(50 * time.Millisecond)
		}
	}
	xdo(g.t, "keyup", k)
	time.Sleep(80 * time.Millisecond)
	return ok
}

// park rests the pointer in the window's top-left corner, over no button
// and no square, so that no tooltip or hover shows in a picture.
func (gl *gallery) park(g *Game) {
	g.t.Helper()
	g.pointTo(2, 2)
}

// boardRect is the rectangle of all squares, in window pixels.
func boardRect(u *UI) Rect {
	var r Rect
	first := true
	for _, s := range u.Squares {
		if first {
			r, first = s, false
			continue
		}
		r = union(r, s)
	}
	r.Name = "the board"
	return r
}

// union is the smallest rectangle holding two.
func union(a, b Rect) Rect {
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	x1, y1 := max(a.X+a.W, b.X+b.W), max(a.Y+a.H, b.Y+b.H)
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// changed counts the pixels of a screen rectangle that differ clearly
// between two screenshots: a thin new line shows where a mean would not.
func changed(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			d := func(p, q uint32) int { v := int(p>>8) - int(q>>8); return max(v, -v) }
			if d(ar, br)+d(ag, bg)+d(ab, bb) > 180 {
				n++
			}
		}
	}
	return n
}

// --- pictures -----------------------------------------------------------------

// shot parks the pointer and takes the picture once the screen has settled.
func (gl *gallery) shot(g *Game, name string) {
	g.t.Helper()
	gl.park(g)
	gl.shotHere(g, name)
}

// shotHere takes the picture of the game's window with the pointer where
// it is, once the screen has caught up with the log (two frame-rate lines,
// as saveShot waits) and two grabs in a row agree: fades, slides and
// glides are over.
func (gl *gallery) shotHere(g *Game, name string) {
	g.t.Helper()
	mark := g.logMark()
	for end := time.Now().Add(15 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if _, fps := g.rates(mark, g.logMark()); len(fps) >= 2 {
			break
		}
	}
	gl.steady(g, name)
}

// steady takes the picture once two grabs in a row agree, without waiting
// for the frame rates: for a screen already seen drawn, with a message
// that does not stay long.
func (gl *gallery) steady(g *Game, name string) {
	g.t.Helper()
	r := windowRect(g)
	var last image.Image
	for end := time.Now().Add(8 * time.Second); ; time.Sleep(300 * time.Millisecond) {
		img, err := grab(r)
		if err != nil {
			g.t.Fatalf("picture %s: %v", name, err)
		}
		b := img.Bounds()
		settled := last != nil && difference(last, img, b) < 0.2 && brightness(img, b) > 10
		last = img
		if settled || time.Now().After(end) {
			if !settled {
				g.t.Logf("picture %s: the screen did not settle in 8 s; taking the last grab", name)
			}
			break
		}
	}
	gl.write(g.t, name, last)
}

// between takes the picture of an AI vs AI game a moment after a move,
// before the next one: grabbed again after the next move if that came
// during the grab.
func (gl *gallery) between(g *Game, name string, after time.Duration) {
	g.t.Helper()
	for try := 0; try < 10; try++ {
		n := len(g.moves(0))
		g.waitLogAfter(g.lastMoveLine(0), `^gobblet: move \d+ [xo] \S+$`, 60*time.Second)
		time.Sleep(after)
		img, err := grab(windowRect(g))
		if err != nil {
			g.t.Fatal(err)
		}
		if len(g.moves(0)) == n+1 {
			gl.write(g.t, name, img)
			return
		}
	}
	g.t.Errorf("picture %s: each grab came with a move", name)
}

// write saves a picture as PNG (Go's encoder: no timestamps, so an
// unchanged screen makes an unchanged file).
func (gl *gallery) write(t testing.TB, name string, img image.Image) {
	t.Helper()
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		t.Fatalf("picture %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(gl.dir, name+".png"), b.Bytes(), 0o644); err != nil {
		t.Fatalf("picture %s: %v", name, err)
	}
	t.Logf("picture %s.png", name)
}

// greyscale writes a grey copy of a picture: the game must read without
// colour.
func (gl *gallery) greyscale(t *testing.T, from, to string) {
	t.Helper()
	f, err := os.Open(filepath.Join(gl.dir, from+".png"))
	if err != nil {
		t.Fatalf("greyscale: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("greyscale: %v", err)
	}
	b := img.Bounds()
	grey := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			grey.Set(x, y, color.GrayModel.Convert(img.At(x, y)))
		}
	}
	gl.write(t, to, grey)
}

// grab takes a picture of a rectangle of the X screen.
func grab(r image.Rectangle) (image.Image, error) {
	geo := fmt.Sprintf("%dx%d+%d+%d", r.Dx(), r.Dy(), r.Min.X, r.Min.Y)
	out, err := exec.Command("import", "-display", display, "-window", "root", "-crop", geo, "+repage", "png:-").Output()
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	img, _, err := image.Decode(bytes.NewReader(out))
	return img, err
}

// windowRect is where the game's window lies on the X screen.
func windowRect(g *Game) image.Rectangle {
	for _, id := range gameWindows(g.t) {
		geo, err := xdoTry("getwindowgeometry", "--shell", id)
		if err != nil {
			continue
		}
		v := map[string]int{}
		for _, kv := range strings.Fields(geo) {
			k, val, _ := strings.Cut(kv, "=")
			v[k], _ = strconv.Atoi(val)
		}
		if float64(v["X"]) == g.offX && float64(v["Y"]) == g.offY && v["WIDTH"] >= 400 && v["HEIGHT"] >= 300 {
			return image.Rect(v["X"], v["Y"], v["X"]+v["WIDTH"], v["Y"]+v["HEIGHT"])
		}
	}
	return image.Rect(int(g.offX), int(g.offY), screenW, screenH)
}

// gameWindows lists the visible windows named Gobblet.
func gameWindows(t testing.TB) []string {
	out, err := xdoTry("search", "--onlyvisible", "--name", "^Gobblet$")
	if err != nil {
		return nil
	}
	return strings.Fields(out)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
