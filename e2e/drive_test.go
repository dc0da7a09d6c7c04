//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// engine is a gobblet-engine process that tells the test which move to play.
type engine struct {
	t   testing.TB
	in  io.WriteCloser
	out *bufio.Scanner
}

func startEngine(t testing.TB) *engine {
	t.Helper()
	cmd := exec.Command(filepath.Join(binDir, "gobblet-engine"))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start gobblet-engine: %v", err)
	}
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			cmd.Process.Kill()
		}
	})
	return &engine{t: t, in: in, out: bufio.NewScanner(out)}
}

// best asks for the move to play after moves from the start of a variant.
func (e *engine) best(variant string, moves []string, level string) string {
	e.t.Helper()
	cmd := "position startpos " + variant
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	fmt.Fprintf(e.in, "%s\ngo level %s\n", cmd, level)
	for e.out.Scan() {
		ln := e.out.Text()
		if strings.HasPrefix(ln, "error") {
			e.t.Fatalf("gobblet-engine: %s (after %q)", ln, cmd)
		}
		if m, ok := strings.CutPrefix(ln, "bestmove "); ok {
			if m == "none" {
				e.t.Fatalf("gobblet-engine has no move after %q", cmd)
			}
			return m
		}
	}
	e.t.Fatalf("gobblet-engine stopped: %v", e.out.Err())
	return ""
}

var reMove = regexp.MustCompile(`^gobblet: move (\d+) ([xo]) (\S+)$`)

// moves returns the moves the game logged after log line mark.
func (g *Game) moves(mark int) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var ms []string
	for _, l := range g.lines[min(mark, len(g.lines)):] {
		if m := reMove.FindStringSubmatch(l); m != nil {
			ms = append(ms, m[3])
		}
	}
	return ms
}

// pieceRects returns where to grab the piece for a move and where to put it.
func pieceRects(t testing.TB, u *UI, player, move string) (from, to Rect) {
	t.Helper()
	if size, sq, ok := strings.Cut(move, "@"); ok {
		n, _ := strconv.Atoi(size)
		s, ok := u.SlotFor(player, n)
		if !ok {
			t.Fatalf("the game shows no reserve slot of %s with a size-%d piece on top; slots: %+v", player, n, u.Slots)
		}
		to, ok := u.Squares[sq]
		if !ok {
			t.Fatalf("the game shows no square %s", sq)
		}
		return s.Rect, to
	}
	a, b, ok := strings.Cut(move, "-")
	if !ok {
		t.Fatalf("bad move %q", move)
	}
	from, ok1 := u.Squares[a]
	to, ok2 := u.Squares[b]
	if !ok1 || !ok2 {
		t.Fatalf("the game shows no square for %q", move)
	}
	return from, to
}

// makeMove plays a move for the side to move by dragging (or by clicking
// the piece, then the square) and waits for the game to log it. It fails
// loudly when the game does not take the move.
func (g *Game) makeMove(u *UI, move string, byDrag bool) {
	g.t.Helper()
	player := u.SideToMove()
	from, to := pieceRects(g.t, u, player, move)
	mark := g.logMark()
	if byDrag {
		g.drag(from, to)
	} else {
		g.click(from)
		g.waitUIFunc("a held piece", mark, 5*time.Second, func(u *UI) bool { return u.Held != "" })
		g.clickWhen(to, "the move "+move, func() bool { return g.findLogAfter(mark, `^gobblet: move \d+ [xo] \S+$`) != nil })
	}
	how := "clicked the piece, then the square"
	if byDrag {
		how = "dragged the piece to its square"
	}
	var got []string
	for end := time.Now().Add(patient(15 * time.Second)); got == nil; time.Sleep(30 * time.Millisecond) {
		if got = g.findLogAfter(mark, `^gobblet: move \d+ [xo] \S+$`); got == nil && time.Now().After(end) {
			g.shot("no-move")
			g.t.Fatalf("%s for %s %s: the game made no move in time (the screen shows %s); log:\n%s", how, player, move, g.ui().Position, g.log())
		}
	}
	if want := fmt.Sprintf(" %s %s", player, move); !strings.HasSuffix(got[0], want) {
		g.t.Fatalf("played %s %s, the game logged %q", player, move, got[0])
	}
	// The move's log line can be read before the layout block that shows
	// it: wait for a block written after the move, so the caller never
	// reads the position from before it.
	g.waitUIFunc("the layout after the move "+move, g.lastMoveLine(mark), 10*time.Second, func(u *UI) bool { return u.Scene == "game" })
}

// colours of the default themes' players (Okabe–Ito orange and blue).
var playerColour = map[string]color.RGBA{
	"Orange": {0xE6, 0x9F, 0x00, 0xff},
	"Blue":   {0x00, 0x72, 0xB2, 0xff},
}

// hueFraction is the share of pixels in a screen rectangle that read as a
// player's colour: a piece is shaded (rim, highlight), so the test asks
// "orange-ish" or "blue-ish" rather than one exact colour.
func hueFraction(img image.Image, r image.Rectangle, colourName string) float64 {
	n, hit := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			R, G, B := int(cr>>8), int(cg>>8), int(cb>>8)
			n++
			switch colourName {
			case "Orange":
				if R > 150 && R >= G && G > B && R-B > 90 {
					hit++
				}
			case "Blue":
				if B > 100 && B-R > 70 && B >= G {
					hit++
				}
			}
		}
	}
	return float64(hit) / float64(max(n, 1))
}

// checkPieceOn checks on screenshots that a square shows a piece of the
// colour of the player the game says is on top of it now (the computer
// may have gobbled the piece just played), or of want when the game's
// latest position agrees.
func (g *Game) checkPieceOn(u *UI, square, want string) {
	g.t.Helper()
	r := g.screenRect(u.Squares[square], 0.38)
	var f float64
	var colourName string
	for i := 0; i < 50; i++ { // the piece glides for a moment
		cur := g.ui()
		top := topPieces(g.t, cur.Position)[square]
		if top == "" {
			g.t.Fatalf("the game reports square %s empty (%s) after a move to it", square, cur.Position)
		}
		colourName = cur.Players[top]
		if _, ok := playerColour[colourName]; !ok {
			g.t.Fatalf("the game reports no colour for %s: %v", top, cur.Players)
		}
		img := screenshot(g.t)
		if f = hueFraction(img, r, colourName); f >= 0.5 && g.ui().Position == cur.Position {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	g.shot("piece-" + square)
	g.t.Fatalf("square %s does not show the %s piece the game says is on top: only %.0f%% of its middle is that colour", square, colourName, 100*f)
}

// playToEnd plays the human's moves (asking the engine) until the game
// logs a result; the computer answers for itself. It returns the result.
func (g *Game) playToEnd(eng *engine, variant, human, level string, byDrag bool, maxPlies int) string {
	g.t.Helper()
	start := g.logMark()
	for ply := 0; ply < maxPlies; ply++ {
		if m := g.findLogAfter(start, `^gobblet: result (.+)$`); m != nil {
			return m[1]
		}
		lm := g.lastMoveLine(start)
		u := g.waitUIFunc("the game after the last move", lm, 30*time.Second, func(u *UI) bool {
			return u.Scene == "game" && (u.State == "play" || u.State == "ending" || u.State == "over")
		})
		if u.State != "play" {
			break
		}
		if u.SideToMove() != human {
			g.waitLogAfter(lm, `^gobblet: (move \d+ [xo] \S+|result .+)$`, 60*time.Second)
			continue
		}
		mv := eng.best(variant, g.moves(start), level)
		g.makeMove(u, mv, byDrag)
		to := mv[strings.LastIndexAny(mv, "@-")+1:]
		g.checkPieceOn(u, to, human)
	}
	m := g.waitLogAfter(start, `^gobblet: result (.+)$`, 30*time.Second)
	return m[1]
}

// findLogAfter returns the first line after mark matching re, or nil.
func (g *Game) findLogAfter(mark int, re string) []string {
	rx := regexp.MustCompile(re)
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, l := range g.lines[min(mark, len(g.lines)):] {
		if m := rx.FindStringSubmatch(l); m != nil {
			return m
		}
	}
	return nil
}

// lastMoveLine is the log line number of the last move logged after mark,
// or 0 when none was.
func (g *Game) lastMoveLine(mark int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	last := 0
	for i := mark; i < len(g.lines); i++ {
		if reMove.MatchString(g.lines[i]) {
			last = i + 1
		}
	}
	return last
}

// startNewGame goes from the main menu to a new game with options chosen
// by mouse on the New game screen ("Row/Option" widget names).
func (g *Game) startNewGame(picks ...string) *UI {
	g.t.Helper()
	u := g.waitUI("menu", "", 10*time.Second)
	g.click(u.Widget(g.t, "New game"))
	u = g.waitUI("new-game", "", 10*time.Second)
	for _, p := range picks {
		row, opt, _ := strings.Cut(p, "/")
		if u.Choices[row] == opt {
			continue
		}
		g.click(u.Widget(g.t, p))
		u = g.waitUIFunc(fmt.Sprintf("%s chosen", p), 0, 5*time.Second, func(u *UI) bool { return u.Scene == "new-game" && u.Choices[row] == opt })
	}
	mark := g.logMark()
	g.click(u.Widget(g.t, "Start"))
	return g.waitUIAfter(mark, "game", "play", 10*time.Second)
}

// saveShot keeps a screenshot of the game's window under docs/ when
// E2E_DOCS names that folder (make screenshots).
func (g *Game) saveShot(name string) {
	dir := os.Getenv("E2E_DOCS")
	if dir == "" {
		return
	}
	r := g.screenRect(Rect{W: float64(screenW) - g.offX, H: float64(screenH) - g.offY}, 0)
	os.MkdirAll(dir, 0o755)
	geo := fmt.Sprintf("%dx%d+%d+%d", r.Dx(), r.Dy(), r.Min.X, r.Min.Y)
	// wait for the screen to settle: a scene fades in after the game has
	// reported it, and a loaded machine may not draw for a second or more.
	// Two frame-rate lines after now mean the game's loop ran two seconds
	// past the log: the screen has caught up with it (a game at rest draws
	// no frames, so "fps 0" is no stall).
	mark := g.logMark()
	for end := time.Now().Add(15 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if _, fps := g.rates(mark, g.logMark()); len(fps) >= 2 {
			break
		}
	}
	var last []byte
	var lastImg image.Image
	for end := time.Now().Add(6 * time.Second); time.Now().Before(end); time.Sleep(400 * time.Millisecond) {
		cmd := exec.Command("import", "-display", display, "-window", "root", "-crop", geo, "+repage", "png:-")
		out, err := cmd.Output()
		if err != nil {
			g.t.Errorf("screenshot %s: %v", name, err)
			return
		}
		img, _, err := image.Decode(bytes.NewReader(out))
		if err != nil {
			g.t.Errorf("screenshot %s: %v", name, err)
			return
		}
		if lastImg != nil && difference(lastImg, img, img.Bounds()) < 0.2 && brightness(img, img.Bounds()) > 10 {
			break
		}
		last, lastImg = out, img
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), last, 0o644); err != nil {
		g.t.Errorf("screenshot %s: %v", name, err)
	}
}

// waitScreen takes screenshots until ok accepts one (the game draws its
// first frames a moment after it reports its layout), failing loudly
// with ok's last word after 10 s.
func (g *Game) waitScreen(what string, ok func(image.Image) (bool, string)) {
	g.t.Helper()
	var why string
	for end := time.Now().Add(patient(10 * time.Second)); time.Now().Before(end); time.Sleep(150 * time.Millisecond) {
		var good bool
		if good, why = ok(screenshot(g.t)); good {
			return
		}
	}
	g.shot("screen")
	g.t.Fatalf("the screen does not show %s: %s", what, why)
}

// difference is the mean absolute difference (0..255) of two screenshots
// in a rectangle.
func difference(a, b image.Image, r image.Rectangle) float64 {
	sum, n := 0.0, 0.0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			d := func(p, q uint32) float64 { v := float64(p>>8) - float64(q>>8); return max(v, -v) }
			sum += (d(ar, br) + d(ag, bg) + d(ab, bb)) / 3
			n++
		}
	}
	return sum / max(n, 1)
}

// brightness is the mean brightness (0..255) of a screen rectangle.
func brightness(img image.Image, r image.Rectangle) float64 {
	sum, n := 0.0, 0.0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			sum += float64(cr>>8+cg>>8+cb>>8) / 3
			n++
		}
	}
	return sum / max(n, 1)
}

// configFiles returns every file under the game's config folder with its
// contents, so checks read what the game really wrote.
func configFiles(t testing.TB, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err == nil {
			rel, _ := filepath.Rel(dir, p)
			files[rel] = string(b)
		}
		return nil
	})
	return files
}
