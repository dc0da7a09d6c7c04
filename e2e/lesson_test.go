//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/lesson"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// lessonMove is a move that fulfils the lesson step whose position the
// screen shows, found among the rules' legal moves by the step's own check.
func lessonMove(t *testing.T, u *UI) (lesson.Step, string) {
	t.Helper()
	for _, s := range lesson.Steps() {
		if s.Position != u.Position {
			continue
		}
		p, err := s.Start()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.LegalMoves(nil) {
			if s.Accepts(p, m) {
				return s, m.Notation(p.Variant())
			}
		}
	}
	t.Fatalf("the lesson shows %q, the position of no step", u.Position)
	return lesson.Step{}, ""
}

// lessonStep reads "lesson step N of M title" from the layout log's last
// block.
func (g *Game) lessonStep() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	for i := len(g.lines) - 1; i >= 0; i-- {
		if rest, ok := strings.CutPrefix(g.lines[i], "gobblet: lesson step "); ok {
			return rest
		}
	}
	return ""
}

// TestLessonFromStartToEnd plays Learn to play as a newcomer does, with
// real clicks and drags: the first start's offer, every step's move,
// leaving in the middle and coming back to the same step, to the end.
func TestLessonFromStartToEnd(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	u := g.waitUI("menu", "", 10*time.Second)
	if _, ok := u.Widgets["Learn to play"]; !ok {
		t.Fatalf("a first start offers no lesson; widgets: %v", u.Widgets)
	}
	g.saveShot("lesson-offer")
	g.click(u.Widget(t, "Learn to play"))
	u = g.waitUI("lesson", "ask", 10*time.Second)

	steps := lesson.Steps()
	for i := 0; i < len(steps); i++ {
		if want := fmt.Sprintf("%d of %d %s", i+1, len(steps), steps[i].Title); g.lessonStep() != want {
			t.Fatalf("the lesson shows step %q, want %q", g.lessonStep(), want)
		}
		s, move := lessonMove(t, u)
		if s.Title != steps[i].Title {
			t.Fatalf("step %d shows the position of %q", i+1, s.Title)
		}
		switch s.Title {
		case "Gobble":
			g.saveShot("lesson-step")
		case "Gobble from the reserve":
			g.saveShot("lesson-4x4")
		}
		from, to := pieceRects(t, u, u.SideToMove(), move)
		mark := g.logMark()
		if i%2 == 0 {
			g.drag(from, to)
		} else { // tap the piece, then the square
			g.click(from)
			g.waitUIFunc("a held piece", mark, 5*time.Second, func(u *UI) bool { return u.Held != "" })
			g.clickWhen(to, "the move "+move, func() bool { return g.findLogAfter(mark, `^gobblet: move \d+ x `+move+`$`) != nil })
		}
		u = g.waitUIAfter(mark, "lesson", "done", 15*time.Second)
		if s.Title == "Covered pieces come back" {
			g.saveShot("lesson-done")
		}
		if i == 2 { // leave in the middle: the lesson goes on there
			g.click(u.Widget(t, "Leave"))
			u = g.waitUI("menu", "", 10*time.Second)
			if _, ok := u.Widgets["Learn to play"]; ok {
				t.Fatal("the menu offers the lesson again")
			}
			g.click(u.Widget(t, "Learn"))
			u = g.waitUI("learn", "", 10*time.Second)
			mark = g.logMark()
			g.click(u.Widget(t, "Learn to play"))
			u = g.waitUIAfter(mark, "lesson", "ask", 10*time.Second)
			if want := fmt.Sprintf("%d of %d %s", i+2, len(steps), steps[i+1].Title); g.lessonStep() != want {
				t.Fatalf("the lesson resumed at %q, want %q", g.lessonStep(), want)
			}
			continue
		}
		mark = g.logMark()
		g.click(u.Widget(t, "Next"))
		state := "ask"
		if i == len(steps)-1 {
			state = "end"
		}
		u = g.waitUIAfter(mark, "lesson", state, 10*time.Second)
	}
	g.saveShot("lesson-end")
	set, err := os.ReadFile(filepath.Join(cfg, "settings.json"))
	if err != nil || !strings.Contains(string(set), fmt.Sprintf(`"lesson_step": %d`, len(steps))) || !strings.Contains(string(set), `"lesson_offered": true`) {
		t.Errorf("the settings do not keep the finished lesson (%v):\n%s", err, set)
	}
	g.click(u.Widget(t, "Play a game"))
	g.waitUI("new-game", "", 10*time.Second)
}

// TestRatingAfterAGameAndInStatistics resigns a 4×4 game against Easy:
// the statistics show a rating, and New game suggests a level by it. With
// E2E_DOCS it also takes stats-rating.png, of a player with a history.
func TestRatingAfterAGameAndInStatistics(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	u := g.startNewGame("Players/You vs AI", "Game/Gobblet 4×4", "Your colour/Orange", "Moves first/Orange", "Computer level/Easy")
	g.makeMove(u, "4@b2", true)
	g.waitUIFunc("the computer's move", g.logMark(), 60*time.Second, func(u *UI) bool { return u.Scene == "game" && u.SideToMove() == "x" })
	u = g.ui()
	r := u.Widget(t, "Resign")
	g.click(r)
	g.click(r)
	u = g.waitUI("game", "over", 15*time.Second)
	g.click(u.Widget(t, "Main menu"))
	u = g.waitUI("menu", "", 10*time.Second)
	g.click(u.Widget(t, "Statistics"))
	g.waitUI("statistics", "", 10*time.Second)
	easy, _ := record.LevelRating(rules.Classic, "easy")
	want := fmt.Sprintf("rating classic %.0f games 1", record.StartRating-40*record.Expected(record.StartRating, float64(easy)))
	if n := g.countLog(`^gobblet: ` + want + `$`); n == 0 {
		t.Fatalf("statistics do not show %q; log:\n%s", want, g.log())
	}
	u = g.ui()
	g.click(u.Widget(t, "Back"))
	u = g.waitUI("menu", "", 10*time.Second)
	g.click(u.Widget(t, "New game"))
	g.waitUI("new-game", "", 10*time.Second)
	if g.countLog(`^gobblet: suggestion Suggested for you: \w+ \(your rating \d+\)$`) == 0 {
		t.Errorf("New game suggests no level; log:\n%s", g.log())
	}

	if os.Getenv("E2E_DOCS") == "" {
		return
	}
	// a player with a history, for the picture
	var st record.Stats
	for i := range 40 {
		o := []record.Outcome{record.Won, record.Won, record.Drawn, record.Lost}[i%4]
		level := []string{"easy", "medium", "medium", "hard"}[min(i/10, 3)]
		st.Add(rules.Classic, level, o)
		st.Rate(rules.Classic, level, o)
	}
	data, err := record.MarshalStats(st)
	if err != nil {
		t.Fatal(err)
	}
	shots := t.TempDir()
	if err := os.WriteFile(filepath.Join(shots, "statistics.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shots, "settings.json"), []byte(`{"version": 2, "lesson_offered": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	g.kill9()
	g = start(t, shots)
	u = g.waitUI("menu", "", 10*time.Second)
	g.click(u.Widget(t, "Statistics"))
	g.waitUI("statistics", "", 10*time.Second)
	g.saveShot("stats-rating")
}
