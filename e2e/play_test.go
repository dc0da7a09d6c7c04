//go:build e2e

package e2e

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"
)

// Scenario 1: by mouse from the main menu, Human vs AI on 3×3, every move
// a drag, to the result card, which says who won.
func TestHumanBeatsAIOnGobblersByDragging(t *testing.T) {
	g := start(t, t.TempDir())
	g.saveShot("menu")
	u := g.startNewGame("Game/Gobblers 3×3", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange")
	if len(u.Squares) != 9 {
		t.Fatalf("a 3×3 game shows %d squares", len(u.Squares))
	}
	if u.Players["x"] != "Orange" {
		t.Fatalf("orange should move first as x; the game says %v", u.Players)
	}
	eng := startEngine(t)
	// Gobblers is a first-player win: perfect play wins for x.
	res := g.playToEnd(eng, "gobblers", "x", "perfect", true, 20)
	if res != "x line" {
		t.Fatalf("perfect play as the first player should win; the game logged result %q", res)
	}
	u = g.waitUI("game", "over", 10*time.Second)
	if !strings.HasPrefix(u.ResultCard, "You win!") {
		t.Fatalf("the result card says %q, want it to start with \"You win!\"", u.ResultCard)
	}
	// On screen: the card's panel is there, with the winner's piece on top.
	card := u.Widget(t, "card")
	img := screenshot(t)
	cx, _ := card.Center()
	badge := g.screenRect(Rect{X: cx - 12, Y: card.Y - 12, W: 24, H: 24}, 0)
	if f := hueFraction(img, badge, "Orange"); f < 0.5 {
		g.shot("result")
		t.Fatalf("the result card shows no orange winner's piece: %.0f%% orange at its top", 100*f)
	}
	// the band of panel between the card's words and its first button
	first := u.Widget(t, "Rematch")
	panel := g.screenRect(Rect{X: card.X + 10, Y: first.Y - 24, W: card.W - 20, H: 14}, 0)
	if f := fraction(img, panel, slatePanel, 12); f < 0.5 {
		g.shot("result")
		t.Fatalf("no result card on screen where the game says it is: %.0f%% of it has the panel's colour", 100*f)
	}
	g.saveShot("result-3x3")
	g.click(u.Widget(t, "Main menu"))
	g.waitUI("menu", "", 10*time.Second)
}

// Scenario 2: a 4×4 game started by keyboard only; moves by click-click;
// Ctrl+Z takes back; Esc pauses; Esc resumes.
func TestClassicByKeyboardAndClicks(t *testing.T) {
	cfg := t.TempDir()
	g := start(t, cfg)
	u := g.ui()
	if u.Focus != "New game" {
		t.Fatalf("the main menu's focus is on %q, want New game", u.Focus)
	}
	g.keyUI("Return")
	u = g.waitUI("new-game", "", 10*time.Second)
	if u.Choices["Game"] != "Gobblet 4×4" || u.Choices["Players"] != "You vs AI" {
		t.Fatalf("the New game screen starts with %v, want Gobblet 4×4, You vs AI", u.Choices)
	}
	// Down to the computer's level, Left to Easy: keyboard only. Each
	// key is pressed until the game shows what it does (the focus on the
	// next row, the level changed), not merely a new picture: on a busy
	// machine a press and release between two ticks is not seen at all,
	// and a picture drawn for another reason would count it as seen.
	for range 4 {
		before := g.ui().FocusedRow
		g.keyWhen("Down", "the focus on the next row", func() bool {
			u := g.ui()
			return u != nil && u.FocusedRow != "" && u.FocusedRow != before
		})
		if g.ui().FocusedRow == "Computer level" {
			break
		}
	}
	if got := g.ui().FocusedRow; got != "Computer level" {
		t.Fatalf("Down went to the row %q, want Computer level", got)
	}
	level := g.ui().Choices["Computer level"]
	g.keyWhen("Left", "another level", func() bool { u := g.ui(); return u != nil && u.Choices["Computer level"] != level })
	u = g.waitUIFunc("Computer level Easy", 0, 5*time.Second, func(u *UI) bool { return u.Choices["Computer level"] == "Easy" })
	mark := g.logMark()
	g.keyUI("Return")
	u = g.waitUIAfter(mark, "game", "play", 10*time.Second)
	if len(u.Squares) != 16 {
		t.Fatalf("a 4×4 game shows %d squares", len(u.Squares))
	}
	begin := g.logMark()
	eng := startEngine(t)
	var afterAI []string // the position after each of the computer's answers
	for turn := 0; turn < 2; turn++ {
		lm := g.lastMoveLine(begin)
		u = g.waitUIFunc("the human's turn", lm, 30*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
		mv := eng.best("classic", g.moves(begin), "easy")
		if turn == 1 {
			// a piece from the reserve held: its legal squares are lit (the
			// README's picture). Not one from the board: with touch-move on
			// (an option) a lifted board piece must be moved.
			var from Rect
			for _, sl := range u.Slots {
				if sl.Player == "x" && sl.Count > 0 {
					from = sl.Rect
					break
				}
			}
			m := g.logMark()
			g.click(from)
			g.waitUIFunc("a held piece", m, 5*time.Second, func(u *UI) bool { return u.Held != "" })
			time.Sleep(300 * time.Millisecond)
			g.saveShot("game-4x4")
			// Esc puts it back
			g.keyWhen("Escape", "the held piece put back", func() bool { return g.ui().Held == "" })
			if g.countLog(`^gobblet: overlay pause$`) > 0 {
				t.Fatal("Esc with a piece held opened the pause menu instead of putting the piece back")
			}
		}
		before := g.logMark()
		g.makeMove(u, mv, false)
		g.checkPieceOn(u, mv[strings.LastIndexAny(mv, "@-")+1:], "x")
		g.waitLogAfter(before, `^gobblet: move \d+ o \S+$`, 30*time.Second)
		u = g.waitUIFunc("the computer's answer on screen", g.lastMoveLine(begin), 10*time.Second, func(u *UI) bool { return u.SideToMove() == "x" })
		afterAI = append(afterAI, u.Position)
	}
	played := g.moves(begin)
	if len(played) != 4 {
		t.Fatalf("4 moves should have been played, the log has %v", played)
	}
	checkAutosave(t, cfg, played)

	// Ctrl+Z takes back the human's move and the computer's answer.
	mark = g.logMark()
	g.keyWhen("ctrl+z", "undo", func() bool { u := g.ui(); return u.End > mark && u.Position == afterAI[0] })
	checkAutosave(t, cfg, played[:2])
	if u := g.ui(); u.Status != "Two moves taken back: yours and Easy AI's." {
		t.Errorf("after undo the status line says %q", u.Status)
	}
	// an arrow key shows the cursor, and the status line names the keys
	mark = g.logMark()
	g.keyUI("Right")
	g.waitUIFunc("the status line naming the keys", mark, 10*time.Second, func(u *UI) bool {
		return strings.Contains(u.Status, "arrows move the cursor, Enter picks up")
	})

	// Esc pauses: the log says so, the pause card covers the middle of
	// the board and the rest of it is dimmed.
	a1 := g.screenRect(u.Squares["a1"], 0.1)
	before := screenshot(t)
	mark = g.logMark()
	g.keyUI("Escape")
	g.waitLogAfter(mark, `^gobblet: overlay pause$`, 5*time.Second)
	u = g.waitUIAfter(mark, "game", "paused", 5*time.Second)
	resume := g.screenRect(u.Widget(t, "Resume"), 0.2)
	g.waitScreen("the pause card over a dimmed board", func(img image.Image) (bool, string) {
		d := difference(before, img, resume)
		b0, b1 := brightness(before, a1), brightness(img, a1)
		return d > 30 && b1 < b0-3, fmt.Sprintf("where Resume is, the screen changed by %.0f; square a1's brightness %.0f before, %.0f paused", d, b0, b1)
	})
	mark = g.logMark()
	g.keyUI("Escape")
	u = g.waitUIAfter(mark, "game", "play", 5*time.Second)
	// the game goes on: one more move by click-click
	mv := eng.best("classic", played[:2], "easy")
	g.makeMove(u, mv, false)
}

// Scenario 3: an AI vs AI demo on 4×4 plays to a result.
func TestAIDemoOnClassicPlaysToAResult(t *testing.T) {
	g := start(t, t.TempDir())
	u := g.startNewGame("Game/Gobblet 4×4", "Players/AI vs AI", "Orange level/Easy", "Blue level/Medium")
	// fastest pace: 1× → 2× → 4×
	for _, want := range []string{"2×", "4×"} {
		var label string
		for l := range u.Widgets {
			if strings.HasSuffix(l, "×") {
				label = l
			}
		}
		if label == "" {
			t.Fatalf("the demo shows no speed button; widgets: %v", u.Widgets)
		}
		mark := g.logMark()
		g.click(u.Widget(t, label))
		u = g.waitUIFunc("speed "+want, mark, 5*time.Second, func(u *UI) bool { _, ok := u.Widgets[want]; return ok })
	}
	begin := g.logMark()
	res := g.waitLogAfter(begin, `^gobblet: result (.+)$`, 150*time.Second)[1]
	n := len(g.moves(begin))
	if n < 5 {
		t.Fatalf("a result after only %d moves", n)
	}
	u = g.waitUIAfter(begin, "game", "over", 10*time.Second)
	if u.ResultCard == "" {
		t.Fatal("the result card is empty")
	}
	t.Logf("demo: %d moves, result %s: %s", n, res, u.ResultCard)
}
