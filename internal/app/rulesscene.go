package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// rulePage is one short illustrated page of the rules (shared/RULES.md).
type rulePage struct {
	Title string
	Text  []string
	Pic   func(a *App, dst *ebiten.Image, r Rect)
}

func picture(bp boardPicture) func(a *App, dst *ebiten.Image, r Rect) {
	return func(a *App, dst *ebiten.Image, r Rect) { bp.draw(a, dst, r) }
}

func rulePages() []rulePage {
	goal := mustPos("classic:.,.,.,x2/.,o3,x4,./o1,x1,.,./x3,.,.,o2:o")
	gobble := mustPos("classic:.,.,.,./.,x3,.,./.,o4,.,./.,.,.,.:o")
	three := mustPos("classic:.,.,.,./o2,o1,o3,x1/.,x4,.,./.,.,.,.:x")
	reveal := mustPos("classic:.,.,.,./.,.,.,./.,x3,.,./o1,o1,o2,o2x4:x")
	gob := mustPos("gobblers:x3,.,o1/.,x2o3,./o2,.,x1:x")
	return []rulePage{
		{
			Title: "The goal",
			Text: []string{
				"Two players, orange and blue, take turns. The first to show a line of their own pieces wins.",
				"A line is a full row, a full column or one of the two long diagonals: four in a row on the 4×4 board, three on the 3×3 board.",
				"Only the piece on top of a square counts.",
			},
			Pic: picture(boardPicture{Pos: goal, Line: goal.WinningLine(rules.X)}),
		},
		{
			Title: "Your pieces",
			Text: []string{
				"Gobblet 4×4: twelve pieces each, three of each of four sizes. They wait beside the board in three nested stacks, and only the top piece of a stack can be played.",
				"Gobblet Gobblers 3×3: six pieces each, two of each of three sizes, all loose: any of them can be played.",
				"The blue pieces carry an inner ring, so you can tell the sides apart without colour.",
			},
			Pic: drawSizes,
		},
		{
			Title: "Moving and gobbling",
			Text: []string{
				"On your turn either put a piece from your reserve on the board, or move one of your pieces that is on top of a square to a different square.",
				"A piece may cover (gobble) any smaller piece, of either colour. Equal sizes never cover each other.",
				"A covered piece stays underneath and comes back into play when the piece on it moves away.",
			},
			Pic: picture(boardPicture{Pos: gobble, Arrow: [2]rules.Square{rules.SquareAt(rules.Classic, 1, 1), rules.SquareAt(rules.Classic, 1, 2)}}),
		},
		{
			Title: "Dropping on the 4×4 board",
			Text: []string{
				"A piece from the reserve goes on an empty square, and never covers your own piece.",
				"One exception: it may cover an opponent's smaller piece that lies in a line where the opponent shows exactly three pieces.",
				"Here blue shows three in a row: orange may drop a larger piece on any of them (ringed). Moves on the board may always cover smaller pieces.",
				"On the 3×3 board a reserve piece may cover any smaller piece.",
			},
			Pic: picture(boardPicture{Pos: three, Good: three.LineOfThreeSquares()}),
		},
		{
			Title: "Careful when you lift",
			Text: []string{
				"Lifting a piece can uncover a line for your opponent. You may still block it by covering one of its pieces with the piece you lifted.",
				"If the opponent's line is still there when your move ends, you lose, even if the same move made a line of your own.",
				"Here, if orange moves its giant piece away from d1 without covering a1, b1 or c1, blue's row appears and blue wins.",
			},
			Pic: picture(boardPicture{Pos: reveal, Marks: 1 | 2 | 4}),
		},
		{
			Title: "Draws",
			Text: []string{
				"If the same position (every stack, and the same player to move) comes up for the third time, the game is a draw.",
				"Games between two computer players also end in a draw after a move limit.",
				"Whoever moves first alternates when you choose Rematch.",
			},
			Pic: picture(boardPicture{Pos: mustPos("classic:o4,.,x4,./.,x3,.,o3/o2,.,o4,x2/.,x4,.,o1:x")}),
		},
		{
			Title: "Gobblet Gobblers",
			Text: []string{
				"The 3×3 game: three in a row wins. Any reserve piece may go on an empty square or cover any smaller piece of either colour.",
				"With perfect play the first player always wins, so the Perfect computer level cannot be beaten when it moves first.",
			},
			Pic: picture(boardPicture{Pos: gob, Marks: gob.MovesFrom(rules.NoSquare, 3)}),
		},
		{
			Title: "In this game",
			Text: []string{
				"Drag a piece to a square, or click it and then the square. While you hold a piece its legal squares are marked: dots on empty squares, rings on pieces you may gobble, a yellow ring and a 3 for the line-of-three exception.",
				"Touch-move (on by default, as in the boxed game): a piece you lift from the board must be moved. Memory mode hides covered pieces, as with real pieces.",
				"Ctrl+Z undoes, Ctrl+Y redoes, H asks for a hint, Esc pauses, F11 switches to full screen.",
			},
			Pic: picture(boardPicture{Pos: three, Marks: three.MovesFrom(rules.NoSquare, 4) &^ three.LineOfThreeSquares(), Good: three.LineOfThreeSquares()}),
		},
	}
}

// drawSizes shows the pieces of both sets from small to large.
func drawSizes(a *App, dst *ebiten.Image, r Rect) {
	th := a.Theme
	s := math.Min(r.W, r.H)
	cell := s / 4.2
	y0 := r.Y + r.H/2 - cell*0.9
	for c := 0; c < 2; c++ {
		y := y0 + float64(c)*cell*1.3
		for size := 1; size <= 4; size++ {
			x := r.X + r.W/2 + (float64(size)-2.5)*cell
			drawPiece(dst, th, x, y, pieceRadius(rules.Classic, size)*cell, c, pieceLook{})
		}
	}
	drawText(dst, "sizes 1 to 4 (3×3: sizes 1 to 3)", a.Face(Regular, sizeSmall), r.X+r.W/2, y0+cell*2.2, Center, th.TextDim)
}

// rulesScene pages through the rules.
type rulesScene struct {
	back       Scene
	pages      []rulePage
	page       int
	prev, next *button
	done       *button
}

func newRulesScene(a *App, back Scene) *rulesScene {
	return &rulesScene{
		back: back, pages: rulePages(),
		prev: &button{Label: "Back", Icon: iconBack, Tip: "←"},
		next: &button{Label: "Next", Tip: "→"},
		done: &button{Label: "Done", Primary: true, Tip: "Esc"},
	}
}

func (rs *rulesScene) layout(a *App) {
	u := a.U()
	y := a.H - 90*u
	rs.prev.Rect = Rect{a.W/2 - 330*u, y, 200 * u, 54 * u}
	rs.done.Rect = Rect{a.W/2 - 100*u, y, 200 * u, 54 * u}
	rs.next.Rect = Rect{a.W/2 + 130*u, y, 200 * u, 54 * u}
	rs.prev.Disabled = rs.page == 0
	rs.next.Disabled = rs.page == len(rs.pages)-1
}

func (rs *rulesScene) Update(a *App) error {
	rs.layout(a)
	switch {
	case rs.prev.update(a) || a.In.Key(ebiten.KeyLeft):
		rs.page = max(0, rs.page-1)
	case rs.next.update(a) || a.In.Key(ebiten.KeyRight):
		rs.page = min(len(rs.pages)-1, rs.page+1)
	case rs.done.update(a) || a.In.Key(ebiten.KeyEscape):
		a.scenes.GoTo(rs.back)
	}
	return nil
}

func (rs *rulesScene) Draw(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	rs.layout(a)
	drawBackground(dst, th)
	drawText(dst, "How to play", a.Face(Bold, sizeTitle), a.W/2, 60*u, Center, th.Text)
	card := Rect{60 * u, 110 * u, a.W - 120*u, a.H - 230*u}
	panel(a, dst, card)
	pg := rs.pages[rs.page]
	pic := Rect{card.X + 30*u, card.Y + 30*u, card.H - 60*u, card.H - 60*u}
	pg.Pic(a, dst, pic)
	tx := pic.X + pic.W + 50*u
	tw := card.X + card.W - 40*u - tx
	drawText(dst, pg.Title, a.Face(Bold, sizeTitle*0.85), tx, card.Y+60*u, Left, th.Text)
	fb := a.Face(Regular, sizeBody+1)
	y := card.Y + 110*u
	for _, para := range pg.Text {
		for _, ln := range wrap(para, fb, tw) {
			drawText(dst, ln, fb, tx, y, Left, th.Text)
			y += 28 * u
		}
		y += 14 * u
	}
	// page dots
	n := len(rs.pages)
	for i := 0; i < n; i++ {
		x := a.W/2 + (float64(i)-float64(n-1)/2)*22*u
		c := withAlpha(th.TextDim, 0.5)
		if i == rs.page {
			c = th.Accent
		}
		fillCircle(dst, x, card.Y+card.H+20*u, 5*u, c)
	}
	rs.prev.draw(a, dst, false)
	rs.done.draw(a, dst, false)
	rs.next.draw(a, dst, false)
}
