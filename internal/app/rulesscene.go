package app

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// rulePage is one short illustrated page of the rules (shared/RULES.md).
type rulePage struct {
	Title string
	Text  []string
	Keys  []keyRow // a table of keys under the text
	// The picture: a position, or a drawing. A page with neither gives its
	// text the card's width.
	Board *boardPicture
	Pic   func(a *App, dst *ebiten.Image, r ui.Rect)
}

// keyRow is one line of a key table: the keys, drawn as key caps, and what
// they do. A row without keys is a heading.
type keyRow struct {
	Keys []string
	What string
}

// rulePages are the pages of How to play, each with its text and a board or
// illustration that shows the rule.
func rulePages() []rulePage {
	goal := mustPos("classic:.,.,.,x2/.,o3,x4,./o1,x1,.,./x3,.,.,o2:o")
	gobble := mustPos("classic:.,.,.,./.,x3,.,./.,o4,.,./.,.,.,.:o")
	three := mustPos("classic:.,.,.,./o2,o1,o3,x1/.,x4,.,./.,.,.,.:x")
	reveal := mustPos("classic:.,.,.,./.,.,.,./.,x3,.,./o1,o1,o2,o2x4:x")
	gob := mustPos("gobblers:x3,.,o1/.,x2o3,./o2,.,x1:x")
	return []rulePage{
		{
			Title: locale.T("RulesGoalTitle"),
			Text:  paragraphs(locale.T("RulesGoalBody")),
			Board: &boardPicture{Pos: goal, Line: goal.WinningLine(rules.X)},
		},
		{
			Title: locale.T("RulesPiecesTitle"),
			Text:  paragraphs(locale.T("RulesPiecesBody")),
			Pic:   drawSizes,
		},
		{
			Title: locale.T("RulesMovingTitle"),
			Text:  paragraphs(locale.T("RulesMovingBody")),
			Board: &boardPicture{Pos: gobble, Arrow: [2]rules.Square{rules.SquareAt(rules.Classic, 1, 1), rules.SquareAt(rules.Classic, 1, 2)}},
		},
		{
			Title: locale.T("RulesDroppingTitle"),
			Text:  paragraphs(locale.T("RulesDroppingBody")),
			Board: &boardPicture{Pos: three, Good: three.LineOfThreeSquares()},
		},
		{
			Title: locale.T("RulesLiftTitle"),
			Text:  paragraphs(locale.T("RulesLiftBody")),
			Board: &boardPicture{Pos: reveal, Marks: 1 | 2 | 4},
		},
		{
			Title: locale.T("RulesDrawsTitle"),
			Text:  paragraphs(locale.T("RulesDrawsBody")),
			Board: &boardPicture{Pos: mustPos("classic:o4,.,x4,./.,x3,.,o3/o2,.,o4,x2/.,x4,.,o1:x")},
		},
		{
			Title: locale.T("RulesGobblersTitle"),
			Text:  paragraphs(locale.T("RulesGobblersBody")),
			Board: &boardPicture{Pos: gob, Marks: gob.MovesFrom(rules.NoSquare, 3)},
		},
		{
			Title: locale.T("RulesInGameTitle"),
			Text:  paragraphs(locale.T("RulesInGameBody")),
			Board: &boardPicture{Pos: three, Marks: three.MovesFrom(rules.NoSquare, 4) &^ three.LineOfThreeSquares(), Good: three.LineOfThreeSquares()},
		},
		{
			Title: locale.T("RulesKeyboardTitle"),
			Text:  paragraphs(locale.T("RulesKeyboardBody")),
			Keys: []keyRow{
				{What: locale.T("RulesKeysPlaying")},
				{[]string{"←", "↑", "→", "↓"}, locale.T("RulesKeyCursor")},
				{[]string{"Enter", "Space"}, locale.T("RulesKeyPick")},
				{[]string{"1–4"}, locale.T("RulesKeyReserve")},
				{[]string{"Esc"}, locale.T("RulesKeyPutBack")},
				{[]string{"P"}, locale.T("RulesKeyPeek")},
				{[]string{"H"}, locale.T("RulesKeyHint")},
				{[]string{"Ctrl+Z", "Ctrl+Y"}, locale.T("RulesKeyUndo")},
				{What: locale.T("RulesKeysAlso")},
				{[]string{"V"}, locale.T("RulesKeyValues")},
				{[]string{"Space", "S", "+"}, locale.T("RulesKeyDemo")},
				{[]string{"←", "→", "Home", "End"}, locale.T("RulesKeyReview")},
				{[]string{"F11"}, locale.T("RulesKeyFullScreen")},
				{[]string{"↑", "↓", "Enter"}, locale.T("RulesKeyMenus")},
			},
		},
	}
}

// paragraphs splits a page's text, its paragraphs parted by a blank line.
func paragraphs(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// drawSizes shows the pieces of both sets from small to large.
func drawSizes(a *App, dst *ebiten.Image, r ui.Rect) {
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
	ui.DrawText(dst, locale.T("RulesSizes"), a.Face(ui.Regular, ui.SizeSmall), r.X+r.W/2, y0+cell*2.2, ui.Center, th.TextDim)
}

// rulesScene pages through the rules.
type rulesScene struct {
	back       Scene
	pages      []rulePage
	page       int
	prev, next *ui.Button
	done       *ui.Button
	scroll     ui.Scroller // a small window's page scrolls
	lang       string      // the language of pages and buttons
}

func newRulesScene(a *App, back Scene) *rulesScene {
	rs := &rulesScene{back: back}
	rs.words()
	return rs
}

// words gives the pages and the buttons their words in the language in use
// (again when the language changed).
func (rs *rulesScene) words() {
	lang := locale.Current().Code
	if lang == rs.lang && rs.pages != nil {
		return
	}
	rs.lang = lang
	rs.pages = rulePages()
	if rs.prev == nil {
		rs.prev, rs.next, rs.done = &ui.Button{Icon: ui.IconBack, Tip: "←"}, &ui.Button{}, &ui.Button{Primary: true}
	}
	rs.prev.Label = locale.T("Back")
	rs.next.Label, rs.next.Tip = locale.T("RulesNext"), locale.T("RulesTipNext")
	rs.done.Label = locale.T("RulesDone")
}

func (rs *rulesScene) layout(a *App) {
	rs.words()
	u := a.U()
	y := a.H - 90*u
	w, gap := 200*u, 30*u
	if a.compact() {
		y = a.H - 64*u
		gap = 10 * u
		w = math.Min(200*u, (a.W-20*u-2*gap)/3)
	}
	rs.prev.Rect = ui.R(a.W/2-1.5*w-gap, y, w, 54*u)
	rs.done.Rect = ui.R(a.W/2-w/2, y, w, 54*u)
	rs.next.Rect = ui.R(a.W/2+w/2+gap, y, w, 54*u)
	last := rs.page == len(rs.pages)-1
	rs.prev.Disabled = rs.page == 0
	rs.next.Disabled = last
	// Enter presses the default: Next, and on the last page Done
	rs.next.Primary, rs.done.Primary = !last, last
	rs.done.Tip = "Esc"
	if last {
		rs.done.Tip = locale.T("RulesTipDoneLast")
	}
}

func (rs *rulesScene) Update(a *App) error {
	rs.layout(a)
	enter := a.In.Key(ebiten.KeyEnter) || a.In.Key(ebiten.KeyNumpadEnter)
	last := rs.page == len(rs.pages)-1
	page := rs.page
	defer func() {
		if rs.page != page {
			rs.scroll.Y = 0
		}
	}()
	rs.updateScroll(a)
	switch {
	case rs.prev.Update(a) || a.In.Key(ebiten.KeyLeft):
		rs.page = max(0, rs.page-1)
	case rs.next.Update(a) || a.In.Key(ebiten.KeyRight) || enter && !last:
		rs.page = min(len(rs.pages)-1, rs.page+1)
	case rs.done.Update(a) || a.In.Key(ebiten.KeyEscape) || enter && last:
		a.scenes.GoTo(rs.back)
	}
	return nil
}

// updateScroll scrolls a page longer than its card: a finger or the
// mouse dragging in it, the wheel, the up and down keys.
func (rs *rulesScene) updateScroll(a *App) {
	g := rs.geometry(a)
	u := a.U()
	if a.In.Key(ebiten.KeyDown) {
		rs.scroll.Y += 60 * u
	}
	if a.In.Key(ebiten.KeyUp) {
		rs.scroll.Y -= 60 * u
	}
	rs.scroll.Update(a, g.card, g.card.H+g.scrollMax)
}

// placedText is one line of a rules page, where Draw puts it.
type placedText struct {
	text string
	face ui.Face
	x, y float64 // left end, vertical centre
	w    float64 // its width
	max  float64 // the room it has
	dim  bool    // a heading of a key table
}

// rulesGeometry is where everything of the current page goes. Draw and the
// tests share it, so a test can tell whether the text fits its card.
type rulesGeometry struct {
	card, pic ui.Rect
	hasPic    bool
	title     placedText
	lines     []placedText
	caps      []ui.Rect // key caps; their labels are among lines
	bottom    float64
	scrollMax float64 // how far the page scrolls (a small window's)
}

func (rs *rulesScene) geometry(a *App) rulesGeometry {
	u := a.U()
	pg := rs.pages[rs.page]
	var g rulesGeometry
	g.card = ui.R(60*u, 110*u, a.W-120*u, a.H-230*u)
	card := g.card
	tx := card.X + 50*u
	g.hasPic = pg.Board != nil || pg.Pic != nil
	small := a.compact()
	titleY := card.Y + 60*u
	switch {
	case small:
		// a phone: the card fills the window between the title and the
		// buttons, the picture above the text (upright) or beside it,
		// and the page scrolls
		g.card = ui.R(10*u, 56*u, a.W-20*u, a.H-56*u-74*u)
		card = g.card
		tx = card.X + 20*u
		titleY = card.Y + 36*u
		if g.hasPic && a.H > a.W {
			side := math.Min(card.W-40*u, card.H*0.45)
			g.pic = ui.R(card.X+(card.W-side)/2, card.Y+20*u, side, side)
			titleY = g.pic.Y + g.pic.H + 36*u
		} else if g.hasPic {
			side := math.Min(card.H-40*u, card.W*0.4)
			g.pic = ui.R(card.X+20*u, card.Y+20*u, side, side)
			tx = g.pic.X + g.pic.W + 24*u
		}
	case g.hasPic:
		// square, as tall as the card allows while the text keeps 530u
		side := math.Min(card.H-60*u, card.W-(30+50+40+530)*u)
		g.pic = ui.R(card.X+30*u, card.Y+(card.H-side)/2, side, side)
		tx = g.pic.X + g.pic.W + 50*u
	}
	tw := card.X + card.W - 40*u - tx
	if small {
		tw = card.X + card.W - 20*u - tx
	}
	ft := a.Face(ui.Bold, ui.SizeTitle*0.85)
	for size := ui.SizeTitle * 0.85; small && ui.TextWidth(pg.Title, ft) > tw && size > ui.SizeBody; {
		size -= 2
		ft = a.Face(ui.Bold, size)
	}
	g.title = placedText{text: pg.Title, face: ft, x: tx, y: titleY, w: ui.TextWidth(pg.Title, ft), max: tw}
	fb := a.Face(ui.Regular, ui.SizeBody+1)
	if small {
		fb = a.Face(ui.Regular, ui.SizeBody)
	}
	y := titleY + 50*u
	g.bottom = y
	for _, para := range pg.Text {
		for _, ln := range ui.Wrap(para, fb, tw) {
			g.lines = append(g.lines, placedText{text: ln, face: fb, x: tx, y: y, w: ui.TextWidth(ln, fb), max: tw})
			g.bottom = y + 14*u
			y += 28 * u
		}
		y += 14 * u
	}
	if len(pg.Keys) > 0 {
		placeKeys(a, &g, pg.Keys, tx, tw, y+6*u)
	}
	if small {
		g.scroll(math.Min(rs.scroll.Y, math.Max(0, g.bottom+20*u-(card.Y+card.H))), u)
	}
	return g
}

// scroll moves the page up by d, and notes how far it can go.
func (g *rulesGeometry) scroll(d, u float64) {
	g.scrollMax = math.Max(0, g.bottom+20*u-(g.card.Y+g.card.H))
	g.pic.Y -= d
	g.title.y -= d
	for i := range g.lines {
		g.lines[i].y -= d
	}
	for i := range g.caps {
		g.caps[i].Y -= d
	}
	g.bottom -= d
}

// placeKeys lays out a key table: its groups (each under a heading) side by
// side when they have room, else one under the other.
func placeKeys(a *App, g *rulesGeometry, rows []keyRow, x, w, y0 float64) {
	u := a.U()
	var groups [][]keyRow
	for _, r := range rows {
		if len(r.Keys) == 0 || len(groups) == 0 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], r)
	}
	gap := 40 * u
	cols := len(groups)
	if cols > 1 && (w-gap*float64(cols-1))/float64(cols) < 380*u {
		cols = 1
	}
	colW := (w - gap*float64(cols-1)) / float64(cols)
	fk := a.Face(ui.Bold, ui.SizeSmall)
	fw := a.Face(ui.Regular, ui.SizeBody-1)
	fh := a.Face(ui.Medium, ui.SizeSmall+1)
	capH, capGap := 30*u, 6*u
	capW := func(k string) float64 { return math.Max(capH, ui.TextWidth(k, fk)+16*u) }
	top := y0
	for i, grp := range groups {
		cx := x + float64(i%cols)*(colW+gap)
		if i%cols == 0 && i > 0 {
			top = g.bottom + 20*u
		}
		y := top
		// the keys column is as wide as the widest row of caps in the group
		kw := 0.0
		for _, r := range grp {
			rw := 0.0
			for _, k := range r.Keys {
				rw += capW(k) + capGap
			}
			kw = math.Max(kw, rw)
		}
		for _, r := range grp {
			if len(r.Keys) == 0 {
				g.lines = append(g.lines, placedText{text: r.What, face: fh, x: cx, y: y, w: ui.TextWidth(r.What, fh), max: colW, dim: true})
				g.bottom = math.Max(g.bottom, y+12*u)
				y += 38 * u
				continue
			}
			kx := cx
			for _, k := range r.Keys {
				cw := capW(k)
				g.caps = append(g.caps, ui.R(kx, y-capH/2, cw, capH))
				g.lines = append(g.lines, placedText{text: k, face: fk, x: kx + (cw-ui.TextWidth(k, fk))/2, y: y, w: ui.TextWidth(k, fk), max: cw})
				kx += cw + capGap
			}
			dx := cx + kw + 10*u
			lines := ui.Wrap(r.What, fw, cx+colW-dx)
			for j, ln := range lines {
				g.lines = append(g.lines, placedText{text: ln, face: fw, x: dx, y: y + float64(j)*24*u, w: ui.TextWidth(ln, fw), max: cx + colW - dx})
			}
			last := y + float64(max(0, len(lines)-1))*24*u
			g.bottom = math.Max(g.bottom, math.Max(last+12*u, y+capH/2))
			y = last + 42*u
		}
	}
}

// Animating: this screen changes only when the player does something.
func (rs *rulesScene) Animating(a *App) bool { return false }

// Draw draws the current rules page in its card (its board or picture and
// its text), the page dots and the buttons.
func (rs *rulesScene) Draw(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	rs.layout(a)
	ui.DrawBackground(dst, th, a.W, a.H)
	small := a.compact()
	ty := 60 * u
	if small {
		ty = 30 * u
	}
	ui.DrawText(dst, locale.T("RulesHowToPlay"), a.Face(ui.Bold, ui.SizeTitle), a.W/2, ty, ui.Center, th.Text)
	g := rs.geometry(a)
	card := g.card
	ui.Panel(a, dst, card)
	full := dst
	if small { // the page scrolls inside its card
		dst = dst.SubImage(image.Rect(int(card.X), int(card.Y+2*u), int(card.X+card.W), int(card.Y+card.H-2*u)).Intersect(dst.Bounds())).(*ebiten.Image)
	}
	pg := rs.pages[rs.page]
	switch {
	case pg.Board != nil:
		pg.Board.draw(a, dst, g.pic)
	case pg.Pic != nil:
		pg.Pic(a, dst, g.pic)
	}
	ui.DrawText(dst, g.title.text, g.title.face, g.title.x, g.title.y, ui.Left, th.Text)
	for _, c := range g.caps {
		ui.RoundRectSprite(dst, c, 6*u, th.Button, th.PanelEdge, math.Max(1, u), 0)
	}
	for _, ln := range g.lines {
		c := th.Text
		if ln.dim {
			c = th.TextDim
		}
		ui.DrawText(dst, ln.text, ln.face, ln.x, ln.y, ui.Left, c)
	}
	dst = full
	// page dots
	dotY := card.Y + card.H + 20*u
	if small {
		dotY = card.Y + card.H + 5*u
	}
	n := len(rs.pages)
	for i := 0; i < n; i++ {
		x := a.W/2 + (float64(i)-float64(n-1)/2)*22*u
		c := palette.WithAlpha(th.TextDim, 0.5)
		if i == rs.page {
			c = th.Accent
		}
		ui.FillCircle(dst, x, dotY, 4*u, c)
	}
	rs.prev.Draw(a, dst, false)
	rs.done.Draw(a, dst, false)
	rs.next.Draw(a, dst, false)
}
