//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/puzzle"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// TestPuzzles opens Learn → Puzzles, solves a puzzle (the solution read
// from the puzzle set, by dragging), fails the next one with a wrong move
// (clicked piece then square) and sees why, takes a hint, then solves the
// daily puzzle; Learn then says it is solved today, and a second run of
// the game remembers the rating. With E2E_DOCS set it keeps the screens'
// pictures as docs/screenshots/learn-*.png and puzzles-*.png.
func TestPuzzles(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	u := g.ui()
	mark := g.logMark()
	g.click(u.Widget(t, "Learn"))
	u = g.waitUIAfter(mark, "learn", "", 10*time.Second)
	g.puzzleShot("learn")

	// a puzzle solved
	mark = g.logMark()
	g.click(u.Widget(t, "Puzzles"))
	g.waitUIAfter(mark, "puzzles", "solving", 10*time.Second)
	pz := g.shownPuzzle(mark)
	g.puzzleShot("puzzles")
	g.solve(pz, true)
	g.puzzleShot("puzzles-solved")
	rating := g.puzzleRating()
	if rating <= puzzle.StartRating {
		t.Errorf("a first puzzle solved clean should raise the rating over %d: %d", puzzle.StartRating, rating)
	}

	// the next one failed: a wrong move, refuted, and why
	u = g.ui()
	mark = g.logMark()
	g.click(u.Widget(t, "Next puzzle"))
	u = g.waitUIAfter(mark, "puzzles", "solving", 10*time.Second)
	next := g.shownPuzzle(mark)
	if next.ID == pz.ID {
		t.Fatalf("Next puzzle showed %s again", pz.ID)
	}
	wrong := wrongMove(t, next)
	mark = g.logMark()
	g.playPuzzleMove(u, wrong, false)
	u = g.waitUIAfter(mark, "puzzles", "wrong", 20*time.Second)
	why := g.findLogAfter(mark, `^gobblet: why (.+)$`)
	if why == nil || strings.TrimSpace(why[1]) == "" {
		t.Fatalf("a wrong move should be answered with why; log:\n%s", g.log())
	}
	if card := g.findLogAfter(mark, `^gobblet: puzzle-card .* \| Not the winning move: (.+)$`); card == nil {
		t.Errorf("the card should say the move is not the winning one, and why; log:\n%s", g.log())
	}
	g.puzzleShot("puzzles-wrong")
	if r := g.puzzleRating(); r >= rating {
		t.Errorf("a failed puzzle should lower the rating from %d: %d", rating, r)
	}
	mark = g.logMark()
	g.click(u.Widget(t, "Try again"))
	u = g.waitUIAfter(mark, "puzzles", "solving", 10*time.Second)
	if u.Position != next.Position.String() {
		t.Errorf("Try again should put the puzzle's position back: %s, want %s", u.Position, next.Position.String())
	}
	// a hint: the piece, then the move
	mark = g.logMark()
	g.click(u.Widget(t, "Hint"))
	g.waitLogAfter(mark, `^gobblet: hint 1 `+regexp.QuoteMeta(next.Solution[0].Notation(next.Variant))+`$`, 10*time.Second)
	mark = g.logMark()
	g.click(g.ui().Widget(t, "Hint"))
	g.waitLogAfter(mark, `^gobblet: hint 2 `, 10*time.Second)
	g.puzzleShot("puzzles-hint")

	// the daily puzzle
	mark = g.logMark()
	g.keyUI("Escape")
	u = g.waitUIAfter(mark, "learn", "", 10*time.Second)
	mark = g.logMark()
	g.click(u.Widget(t, "Daily puzzle"))
	g.waitUIAfter(mark, "puzzles", "solving", 10*time.Second)
	daily := g.shownPuzzle(mark)
	if want := puzzle.Daily(time.Now()); daily.ID != want.ID {
		t.Errorf("the daily puzzle is %s, want today's %s", daily.ID, want.ID)
	}
	g.solve(daily, false)
	g.puzzleShot("puzzles-daily-solved")
	mark = g.logMark()
	g.click(g.ui().Widget(t, "Back"))
	g.waitUIAfter(mark, "learn", "", 10*time.Second)
	if g.findLogAfter(mark, `^gobblet: daily \S+ solved true$`) == nil {
		t.Errorf("Learn should say today's puzzle is solved; log:\n%s", g.log())
	}
	g.puzzleShot("learn-daily-solved")
	kept := g.puzzleRating()

	// the progress file, and a second run that remembers it
	data, err := os.ReadFile(filepath.Join(cfg, settings.PuzzlesFile))
	if err != nil {
		t.Fatal(err)
	}
	p, err := settings.ParsePuzzles(data)
	if err != nil || p.Rating != kept || p.Daily != time.Now().Format(settings.DateLayout) || !slices.Contains(p.Solved, pz.ID) || !slices.Contains(p.Failed, next.ID) {
		t.Errorf("the progress file holds %+v (%v), want rating %d, today's puzzle, %s solved and %s failed", p, err, kept, pz.ID, next.ID)
	}
	g.quitToMenu()
	g2 := start(t, cfg)
	mark = g2.logMark()
	g2.click(g2.ui().Widget(t, "Learn"))
	g2.waitUIAfter(mark, "learn", "", 10*time.Second)
	want := `^gobblet: entry "Puzzles" .*rating: ` + strconv.Itoa(kept) + `,`
	if g2.findLogAfter(mark, want) == nil || g2.findLogAfter(mark, `^gobblet: daily \S+ solved true$`) == nil {
		t.Errorf("a second run should remember the rating %d and today's puzzle; log:\n%s", kept, g2.log())
	}
}

// puzzleShot keeps a picture of the window as docs/screenshots/NAME.png
// when E2E_DOCS names the docs folder.
func (g *Game) puzzleShot(name string) {
	if dir := os.Getenv("E2E_DOCS"); dir != "" {
		os.MkdirAll(filepath.Join(dir, "screenshots"), 0o755)
	}
	g.saveShot(filepath.Join("screenshots", name))
}

var rePuzzle = `^gobblet: puzzle (\S+) variant \S+ rating \d+ win-in \d+ step \d+ daily \S+$`

// shownPuzzle reads the puzzle the screen shows now from the latest
// layout block (one written after mark).
func (g *Game) shownPuzzle(mark int) puzzle.Puzzle {
	g.t.Helper()
	g.waitLogAfter(mark, rePuzzle, 10*time.Second)
	id := g.lastLog(rePuzzle)[1]
	pz, ok := puzzle.ByID(id)
	if !ok {
		g.t.Fatalf("the screen shows puzzle %q, which the set does not hold", id)
	}
	return pz
}

// lastLog returns the submatches of the latest log line matching re.
func (g *Game) lastLog(re string) []string {
	g.t.Helper()
	rx := regexp.MustCompile(re)
	g.mu.Lock()
	defer g.mu.Unlock()
	for i := len(g.lines) - 1; i >= 0; i-- {
		if m := rx.FindStringSubmatch(g.lines[i]); m != nil {
			return m
		}
	}
	g.t.Fatalf("no log line %q", re)
	return nil
}

// puzzleRating is the rating the latest layout block says.
func (g *Game) puzzleRating() int {
	g.t.Helper()
	m := g.lastLog(`^gobblet: (?:progress rating (\d+) |entry "Puzzles" .*rating: (\d+),)`)
	n, _ := strconv.Atoi(m[1] + m[2])
	return n
}

// solve plays the puzzle's main line, by dragging or by clicks, the
// replies coming by themselves, until the screen says it is solved.
func (g *Game) solve(pz puzzle.Puzzle, byDrag bool) {
	g.t.Helper()
	for i := 0; i < len(pz.Solution); i += 2 {
		u := g.waitUI("puzzles", "solving", 20*time.Second)
		mark := g.logMark()
		g.playPuzzleMove(u, pz.Solution[i], byDrag)
		if i+1 < len(pz.Solution) {
			// the reply plays itself: wait for it before the next move
			g.waitLogAfter(mark, `^gobblet: move \d+ \S+ `+regexp.QuoteMeta(pz.Solution[i+1].Notation(pz.Variant))+`$`, 20*time.Second)
		}
	}
	g.waitUI("puzzles", "solved", 20*time.Second)
}

// playPuzzleMove plays m for the solver (orange) and waits for the game
// to log it.
func (g *Game) playPuzzleMove(u *UI, m rules.Move, byDrag bool) {
	g.t.Helper()
	player := "x"
	if strings.HasSuffix(u.Position, ":o") {
		player = "o"
	}
	move := m.Notation(variantOf(u.Position))
	from, to := pieceRects(g.t, u, player, move)
	mark := g.logMark()
	moved := func() bool {
		return g.findLogAfter(mark, `^gobblet: move \d+ `+player+` `+regexp.QuoteMeta(move)+`$`) != nil
	}
	if byDrag {
		g.drag(from, to)
	} else {
		g.click(from)
		g.waitUIFunc("a held piece", mark, 5*time.Second, func(u *UI) bool { return u.Held != "" })
		g.clickWhen(to, "the move "+move, moved)
	}
	for end := time.Now().Add(15 * time.Second); !moved(); time.Sleep(30 * time.Millisecond) {
		if time.Now().After(end) {
			g.shot("no-move")
			g.t.Fatalf("the game did not take the puzzle move %s %s; log:\n%s", player, move, g.log())
		}
	}
}

// variantOf reads the variant from a position's text.
func variantOf(pos string) rules.Variant {
	if strings.HasPrefix(pos, "gobblers:") {
		return rules.Gobblers
	}
	return rules.Classic
}

// wrongMove is a legal first move of the puzzle that does not win fastest.
func wrongMove(t *testing.T, pz puzzle.Puzzle) rules.Move {
	t.Helper()
	var buf [rules.MaxMoves]rules.Move
	for _, m := range pz.Position.LegalMoves(buf[:0]) {
		if v, err := puzzle.Check(context.Background(), pz, 0, pz.Position, m); err == nil && !v.Correct {
			return m
		}
	}
	t.Fatalf("every move of %s wins", pz.ID)
	return rules.NoMove
}

// quitToMenu leaves for the main menu and quits the game.
func (g *Game) quitToMenu() {
	g.t.Helper()
	mark := g.logMark()
	g.keyUI("Escape")
	u := g.waitUIAfter(mark, "menu", "", 10*time.Second)
	g.clickWhen(u.Widget(g.t, "Quit"), "Quit", g.hasExited)
}
