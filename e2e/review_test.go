//go:build e2e

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// values asks the engine for every legal move's proven value on 3×3
// (`analyse`): "win", "draw" or "loss" for the mover, by move.
func (e *engine) values(moves []string) map[string]string {
	e.t.Helper()
	cmd := "position startpos gobblers"
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	fmt.Fprintf(e.in, "%s\nanalyse\nisready\n", cmd)
	out := map[string]string{}
	for e.out.Scan() {
		ln := e.out.Text()
		if strings.HasPrefix(ln, "error") {
			e.t.Fatalf("gobblet-engine: %s (after %q)", ln, cmd)
		}
		if ln == "readyok" {
			return out
		}
		if f := strings.Fields(ln); len(f) >= 3 && f[0] == "move" {
			out[f[1]] = f[2]
		}
	}
	e.t.Fatalf("gobblet-engine ended before readyok")
	return nil
}

// rankOf orders the values for the mover: a win before a draw before a loss.
func rankOf(v string) int { return map[string]int{"win": 2, "draw": 1, "loss": 0}[v] }

// Review with marks, end to end: a 3×3 game against the computer with one
// deliberate blunder (a move the solution says throws value away), then
// Analyse on the result card, the marks in the layout log, the graph
// pressed at the blunder (its best move drawn) and Learn from your
// mistakes with the best move shown and then played.
func TestReviewMarksADeliberateBlunder(t *testing.T) {
	g := start(t, t.TempDir())
	u := g.startNewGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Expert")
	eng := startEngine(t)
	start := g.logMark()
	blunder := -1
	for ply := 0; ply < 40; ply++ {
		if g.findLogAfter(start, `^gobblet: result (.+)$`) != nil {
			break
		}
		lm := g.lastMoveLine(start)
		u = g.waitUIFunc("the game after the last move", lm, 30*time.Second, func(u *UI) bool {
			return u.Scene == "game" && (u.State == "play" || u.State == "ending" || u.State == "over")
		})
		if u.State != "play" {
			break
		}
		if u.SideToMove() != "x" {
			g.waitLogAfter(lm, `^gobblet: (move \d+ [xo] \S+|result .+)$`, 60*time.Second)
			continue
		}
		moves := g.moves(start)
		mv := ""
		if blunder < 0 {
			// the first position where a move is worse than the best: play it
			vals := eng.values(moves)
			best := 0
			for _, v := range vals {
				best = max(best, rankOf(v))
			}
			for m, v := range vals {
				if rankOf(v) < best && (mv == "" || m < mv) {
					mv = m
				}
			}
			if mv != "" {
				blunder = len(moves)
			}
		}
		if mv == "" {
			mv = eng.best("gobblers", moves, "perfect")
		}
		g.makeMove(u, mv, true)
	}
	if blunder < 0 {
		t.Fatalf("no move worse than the best was found to play; moves %v", g.moves(start))
	}
	u = g.waitUI("game", "over", 30*time.Second)
	g.saveShot("review-result")

	// Analyse on the result card: the marks come in the layout log
	mark := g.logMark()
	g.click(u.Widget(t, "Analyse"))
	m := g.waitLogAfter(mark, `^gobblet: analysis done marks (.+) accuracy (\d+) (\d+)$`, 120*time.Second)
	marks := strings.Fields(m[1])
	if blunder >= len(marks) || marks[blunder] != "blunder" {
		t.Fatalf("the blunder at ply %d is marked %v", blunder+1, marks)
	}
	if x, _ := strconv.Atoi(m[2]); x >= 100 {
		t.Errorf("orange blundered, yet its accuracy is %d%%", x)
	}
	u = g.waitUIFunc("the result card with the accuracy", mark, 10*time.Second, func(u *UI) bool {
		return u.State == "over" && (u.Widgets["Learn from mistakes"].W > 0 || u.Widgets["Retry mistakes"].W > 0)
	})
	g.saveShot("review-result-analysed")

	// the review: the marks beside the moves, the graph pressed at the blunder
	g.click(u.Widget(t, "Review"))
	u = g.waitUI("game", "review", 10*time.Second)
	rows := g.findLogAfter(mark, fmt.Sprintf(`^gobblet: move %d (\S+) \?\?$`, blunder+1))
	if rows == nil {
		t.Errorf("the move list does not mark move %d with ??; log:\n%s", blunder+1, g.log())
	}
	graph := u.Widget(t, "graph")
	n := len(marks)
	x := graph.X + graph.W*float64(blunder+1)/float64(n)
	mark = g.logMark()
	g.click(Rect{Name: "the graph at the blunder", X: x - 2, Y: graph.Y, W: 4, H: graph.H})
	r := g.waitLogAfter(mark, `^gobblet: reviewed (\d+) (\S+) best (\S+)$`, 10*time.Second)
	if r[1] != strconv.Itoa(blunder+1) || r[2] != "blunder" {
		t.Errorf("the graph pressed at move %d shows %q", blunder+1, r[0])
	}
	g.saveShot("review-marks")

	// Learn from your mistakes: Show, then play the best move shown
	u = g.ui()
	g.click(u.Widget(t, "Learn from mistakes"))
	u = g.waitUI("mistakes", "asking", 10*time.Second)
	g.saveShot("review-mistakes-asking")
	g.click(u.Widget(t, "Show"))
	u = g.waitUI("mistakes", "shown", 10*time.Second)
	g.saveShot("review-mistakes-shown")
	best := eng.best("gobblers", g.moves(start)[:blunder], "perfect")
	from, to := pieceRects(t, u, "x", best)
	mark = g.logMark()
	g.drag(from, to)
	u = g.waitUIFunc("the best move judged good", mark, 60*time.Second, func(u *UI) bool { return u.Scene == "mistakes" && u.State == "good" })
	g.saveShot("review-mistakes-good")
	g.click(u.Widget(t, "Done"))
	g.waitUI("game", "review", 10*time.Second)
}
