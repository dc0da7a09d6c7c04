package app

import (
	"fmt"
	"testing"

	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

var windowSizes = [][2]float64{{1280, 800}, {800, 600}, {1920, 1080}, {2560, 1600}, {640, 420}, {1000, 1400}, {3840, 2160}}

func TestEverySquareCentreHitsItsSquare(t *testing.T) {
	for _, v := range rules.Variants {
		for _, ws := range windowSizes {
			l := newBoardLayout(ws[0], ws[1], v)
			for sq := rules.Square(0); int(sq) < v.Squares(); sq++ {
				x, y := l.SquareCenter(v, sq)
				if got := l.SquareAt(v, x, y); got != sq {
					t.Errorf("%s %v: centre of %s hits %s", v, ws, sq.Name(v), got.Name(v))
				}
				r := l.SquareRect(v, sq)
				// a point just inside each corner still belongs to the square
				for _, c := range [][2]float64{{r.X + 1, r.Y + 1}, {r.X + r.W - 1, r.Y + r.H - 1}} {
					if got := l.SquareAt(v, c[0], c[1]); got != sq {
						t.Errorf("%s %v: corner %v of %s hits %s", v, ws, c, sq.Name(v), got.Name(v))
					}
				}
			}
		}
	}
}

func TestA1IsBottomLeft(t *testing.T) {
	for _, v := range rules.Variants {
		l := newBoardLayout(1280, 800, v)
		a1 := l.SquareRect(v, rules.SquareAt(v, 0, 0))
		last := l.SquareRect(v, rules.Square(v.Squares()-1))
		if !(a1.X < last.X && a1.Y > last.Y) {
			t.Errorf("%s: a1 %v should be left of and below %v", v, a1, last)
		}
	}
}

func TestPointsOffTheBoardHitNoSquare(t *testing.T) {
	for _, ws := range windowSizes {
		l := newBoardLayout(ws[0], ws[1], rules.Classic)
		b := l.Board
		for _, p := range [][2]float64{{b.X - 1, b.Y + 5}, {b.X + 5, b.Y - 1}, {b.X + b.W + 1, b.Y + 5}, {b.X + 5, b.Y + b.H + 1}, {0, 0}} {
			if sq := l.SquareAt(rules.Classic, p[0], p[1]); sq != rules.NoSquare {
				t.Errorf("%v: point %v off the board hits %s", ws, p, sq.Name(rules.Classic))
			}
		}
	}
}

func TestLayoutFitsTheWindowAndNothingOverlaps(t *testing.T) {
	for _, v := range rules.Variants {
		for _, ws := range windowSizes {
			name := fmt.Sprintf("%s %vx%v", v, ws[0], ws[1])
			l := newBoardLayout(ws[0], ws[1], v)
			rects := map[string]ui.Rect{"board": l.Frame, "orange reserve": l.Reserve[0], "blue reserve": l.Reserve[1], "panel": l.Panel}
			for n, r := range rects {
				if r.Empty() && n == "panel" && l.Form != wide {
					continue // the move list opens from the top bar
				}
				if r.X < 0 || r.Y < l.Top.H || r.X+r.W > ws[0]+0.5 || r.Y+r.H > l.Status.Y+0.5 {
					t.Errorf("%s: %s %v leaves the window", name, n, r)
				}
				for m, q := range rects {
					if n < m && overlap(r, q) {
						t.Errorf("%s: %s %v overlaps %s %v", name, n, r, m, q)
					}
				}
			}
			if ws[0] >= ws[1] && l.Frame.H < 0.6*ws[1] {
				t.Errorf("%s: the board is %.0f high, under 60%% of the window", name, l.Frame.H)
			}
		}
	}
}

func overlap(a, b ui.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func TestReserveSlotsHitThemselves(t *testing.T) {
	for _, ws := range windowSizes {
		l := newBoardLayout(ws[0], ws[1], rules.Gobblers)
		for c := 0; c < 2; c++ {
			for i := 0; i < l.Slots; i++ {
				x, y := l.SlotRect(c, i).Center()
				gc, gi, ok := l.SlotAt(x, y)
				if !ok || gc != c || gi != i {
					t.Errorf("%v: slot %d/%d centre hits %d/%d %v", ws, c, i, gc, gi, ok)
				}
				if sq := l.SquareAt(rules.Gobblers, x, y); sq != rules.NoSquare {
					t.Errorf("%v: slot %d/%d lies on square %s", ws, c, i, sq.Name(rules.Gobblers))
				}
			}
		}
	}
}

func TestPiecesGrowWithSizeAndFitTheirSquare(t *testing.T) {
	for _, v := range rules.Variants {
		prev := 0.0
		for s := 1; s <= v.Sizes(); s++ {
			r := pieceRadius(v, s)
			if r <= prev+0.05 || r >= 0.5 {
				t.Errorf("%s size %d: radius %.2f after %.2f", v, s, r, prev)
			}
			prev = r
		}
	}
}
