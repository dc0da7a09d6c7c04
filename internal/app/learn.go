// The Learn screen: where a player goes to get better. It leads to the
// first lesson (Learn to play), the puzzles, the daily puzzle and the
// rules.

package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// learnScene lists the ways to learn: Learn to play, Puzzles, Daily
// puzzle, Rules, and Back to the menu.
type learnScene struct {
	back     Scene
	list     menuList
	backdrop boardPicture
}

func newLearnScene(a *App, back Scene) *learnScene {
	l := &learnScene{back: back}
	for i, label := range []string{"Learn to play", "Puzzles", "Daily puzzle", "Rules", "Back"} {
		l.list.Buttons = append(l.list.Buttons, &button{Label: label, Primary: i == 0})
	}
	l.backdrop = boardPicture{Pos: mustPos("gobblers:x3,.,./.,o3,./.,.,x1:o")}
	return l
}

func (l *learnScene) layout(a *App) {
	u := a.U()
	n := len(l.list.Buttons)
	area := Rect{0, a.H * 0.3, a.W, a.H * 0.62}
	h := math.Min(58*u, (area.H-float64(n-1)*12*u)/float64(n))
	for i, r := range column(area, n, math.Min(340*u, a.W-40*u), h, 12*u) {
		l.list.Buttons[i].Rect = r
	}
}

func (l *learnScene) Update(a *App) error {
	l.layout(a)
	i := l.list.update(a)
	if i < 0 {
		if a.In.Key(ebiten.KeyEscape) {
			a.scenes.GoTo(l.back)
		}
		return nil
	}
	switch l.list.Buttons[i].Label {
	case "Learn to play":
		a.scenes.GoTo(newLessonScene(a, l))
	case "Puzzles":
		a.scenes.GoTo(newPuzzlesScene(a, l, false))
	case "Daily puzzle":
		a.scenes.GoTo(newPuzzlesScene(a, l, true))
	case "Rules":
		a.scenes.GoTo(newRulesScene(a, l))
	case "Back":
		a.scenes.GoTo(l.back)
	}
	return nil
}

// Animating: this screen changes only when the player does something.
func (l *learnScene) Animating(a *App) bool { return false }

func (l *learnScene) Draw(a *App, dst *ebiten.Image) {
	l.layout(a)
	drawBackdrop(a, dst, &l.backdrop)
	u := a.U()
	ft := a.Face(Bold, sizeTitle)
	drawText(dst, "Learn", ft, a.W/2, a.H*0.16, Center, a.Theme.Text)
	sub := a.Face(Regular, sizeBody)
	for i, ln := range wrap("A first lesson, puzzles to sharpen your eye, and the rules.", sub, a.W-24*u) {
		drawText(dst, ln, sub, a.W/2, a.H*0.16+40*u+float64(i)*lineHeight(sub), Center, a.Theme.TextDim)
	}
	l.list.draw(a, dst)
}
