package app

import (
	"fmt"
	"image/color"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
)

func (gs *gameScene) layoutButtons(a *App) {
	u := a.U()
	t := gs.lay.Top
	s := 44 * u
	x := t.W - 16*u
	fc := a.Face(Medium, math.Min(sizeBody, s/u*0.42))
	for _, b := range gs.top {
		w := s
		if b.Icon == iconNone && len(b.Label) > 3 {
			w = textWidth(b.Label, fc) + 32*u
		}
		x -= w
		b.Rect = Rect{x, t.Y + (t.H-s)/2, w, s}
		x -= 10 * u
	}
	gs.demoRunButton.Icon = iconPause
	if !gs.demoRun {
		gs.demoRunButton.Icon = iconPlay
	}
	gs.hintButton.Disabled = !gs.humanToMove() || gs.over
	if n := gs.net; n != nil {
		gs.resignButton.Disabled = gs.over || n.gone != nil
		gs.drawButton.Disabled = gs.over || n.gone != nil || n.myOffer || gs.humanToMove()
		gs.resignButton.Active = n.resignAt > 0 && a.Tick-n.resignAt <= resignTicks
	}
}

// shownPosition is the live position, or the reviewed one.
func (gs *gameScene) shownPosition() rules.Position {
	if gs.review >= 0 {
		return gs.game.PositionAt(gs.review)
	}
	return gs.pos()
}

func (gs *gameScene) Draw(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	if gs.lay.W != a.W || gs.lay.H != a.H {
		gs.lay = newBoardLayout(a.W, a.H, gs.variant)
		gs.layoutButtons(a)
	}
	dst.DrawImage(boardLayer(a, gs.variant), nil)
	gs.drawTopBar(a, dst)
	p := gs.shownPosition()
	live := gs.review < 0
	for c := 0; c < 2; c++ {
		gs.drawReserve(a, dst, &p, c, live)
	}
	gs.drawBoard(a, dst, &p, live)
	if live {
		gs.drawValues(a, dst)
	}
	gs.drawPanel(a, dst)
	gs.drawStatus(a, dst)
	if live && gs.hold == nil && !gs.paused && !gs.over && a.Set.ShowCovered {
		gs.drawPeek(a, dst, &p)
	}
	if gs.over && live && gs.ticksSinceEnd >= resultDelay && !gs.paused {
		gs.drawResult(a, dst)
	}
	if gs.net != nil && gs.net.gone != nil && !gs.over && !gs.paused {
		gs.drawGone(a, dst)
	}
	if gs.paused {
		fillRect(dst, Rect{0, 0, a.W, a.H}, withAlpha(black, 0.55))
		r := gs.pauseRect(a)
		panel(a, dst, r)
		drawText(dst, "Paused", a.Face(Bold, sizeTitle), r.X+r.W/2, r.Y+44*u, Center, th.Text)
		gs.pauseMenu.draw(a, dst)
	}
	if !gs.paused {
		for _, b := range gs.top {
			b.drawTip(a, dst)
		}
		for _, b := range gs.reviewM.Buttons {
			if gs.review >= 0 {
				b.drawTip(a, dst)
			}
		}
	}
}

func (gs *gameScene) drawTopBar(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	t := gs.lay.Top
	fillRect(dst, t, withAlpha(th.Panel, 0.85))
	fillRect(dst, Rect{0, t.Y + t.H - 1, t.W, math.Max(1, u)}, th.PanelEdge)
	title, sub := "Gobblet", "4×4"
	if gs.variant == rules.Gobblers {
		title, sub = "Gobblet Gobblers", "3×3"
	}
	ft := a.Face(Bold, sizeHeading)
	drawText(dst, title, ft, 24*u, t.H/2, Left, th.Text)
	drawText(dst, sub, a.Face(Medium, sizeBody), 24*u+textWidth(title, ft)+10*u, t.H/2+1*u, Left, th.TextDim)
	// players, centred
	fc := a.Face(Medium, sizeBody)
	n0, n1 := gs.setup.name(0), gs.setup.name(1)
	vs := "  vs  "
	w := textWidth(n0, fc) + textWidth(vs, fc) + textWidth(n1, fc) + 2*28*u
	x := a.W/2 - w/2
	cy := t.H / 2
	for c, n := range []string{n0, n1} {
		r := 9 * u
		drawPiece(dst, th, x+r, cy, r, c, pieceLook{})
		x += 28 * u
		col := th.Text
		if !gs.over && gs.toMove() == c {
			col = th.playerText(c)
		}
		drawText(dst, n, fc, x, cy, Left, col)
		x += textWidth(n, fc)
		if c == 0 {
			drawText(dst, vs, fc, x, cy, Left, th.TextDim)
			x += textWidth(vs, fc)
		}
	}
	for _, b := range gs.top {
		b.draw(a, dst, false)
	}
}

func (gs *gameScene) drawReserve(a *App, dst *ebiten.Image, p *rules.Position, c int, live bool) {
	th := a.Theme
	u := a.U()
	col := gs.lay.Reserve[c]
	lit := !gs.over && gs.toMove() == c && live
	bg := withAlpha(th.Panel, 0.55)
	if lit {
		bg = mix(th.Panel, th.Player[c], 0.12)
	}
	var edge color.RGBA
	if lit {
		edge = withAlpha(th.Player[c], 0.9)
	}
	roundRectSprite(dst, col, 16*u, bg, edge, 2*u, 0)
	label := gs.setup.name(c)
	fc := a.Face(Medium, sizeSmall+1)
	first := gs.lay.SlotRect(c, 0)
	drawText(dst, label, fc, col.X+col.W/2, (col.Y+first.Y)/2, Center, th.Text)
	if lit {
		msg := "to move"
		if !gs.setup.human(c) && (gs.net != nil && gs.net.gone == nil || gs.brain.thinking && gs.brain.purpose == forMove) {
			msg = "thinking…"
		}
		last := gs.lay.SlotRect(c, gs.lay.Slots-1)
		drawText(dst, msg, a.Face(Regular, sizeSmall), col.X+col.W/2, (last.Y+last.H+col.Y+col.H)/2, Center, th.playerText(c))
	}
	scale := math.Min(first.W, gs.lay.Cell())
	if !gs.variant.NestedReserve() {
		scale *= 0.86 // room for the second piece peeking out behind
	}
	for i := 0; i < gs.lay.Slots; i++ {
		r := gs.lay.SlotRect(c, i)
		cx, cy := r.Center()
		size, n := gs.slotPieceAt(p, c, i, live)
		out := live && gs.hold != nil && gs.hold.from == rules.NoSquare && gs.hold.colour == c && gs.hold.slot == i
		for _, g := range gs.glides {
			out = out || (g.to == rules.NoSquare && g.back == rules.NoSquare && g.slot == i && g.colour == c)
		}
		if out { // the piece held, or sliding back, has left its slot
			if gs.variant.NestedReserve() {
				size--
			}
			n--
		}
		if n <= 0 || size <= 0 {
			strokeCircle(dst, cx, cy, scale*0.3, math.Max(1, 1.5*u), withAlpha(th.TextDim, 0.25))
			continue
		}
		rad := pieceRadius(gs.variant, size) * scale
		if gs.variant.NestedReserve() {
			covered := make([]int, size-1)
			for k := range covered {
				covered[k] = c
			}
			drawPiece(dst, th, cx, cy, rad, c, pieceLook{Covered: covered})
		} else {
			if n > 1 {
				drawPiece(dst, th, cx+rad*0.16, cy-rad*0.14, rad, c, pieceLook{})
			}
			drawPiece(dst, th, cx-rad*0.06, cy+rad*0.05, rad, c, pieceLook{})
		}
		if n > 1 && !gs.variant.NestedReserve() {
			badge := fmt.Sprintf("×%d", n)
			// at the piece's lower right, inside the slot
			bx := math.Min(cx+rad*0.85, r.X+r.W-13*u)
			by := math.Min(cy+rad*0.8, r.Y+r.H-12*u)
			fillCircle(dst, bx, by, 11*u, withAlpha(th.Background, 0.85))
			drawText(dst, badge, a.Face(Bold, sizeSmall-2), bx, by, Center, th.TextDim)
		}
	}
}

// slotPieceAt is slotPiece for the shown position (review shows fresh stacks).
func (gs *gameScene) slotPieceAt(p *rules.Position, c, i int, live bool) (int, int) {
	if live {
		return gs.slotPiece(c, i)
	}
	if gs.variant.NestedReserve() {
		hs := p.ReserveStacks(gs.setup.playerOf(c))
		if i < len(hs) {
			return hs[i], hs[i]
		}
		return 0, 0
	}
	size := gs.variant.Sizes() - i
	return size, p.Reserve(gs.setup.playerOf(c), size)
}

func (gs *gameScene) drawBoard(a *App, dst *ebiten.Image, p *rules.Position, live bool) {
	th := a.Theme
	u := a.U()
	l := &gs.lay
	cell := l.Cell()
	var winLine uint16
	var result rules.Result
	if live && gs.over {
		result = gs.result()
		if result.Status == rules.Win {
			winLine = p.WinningLine(result.Winner)
		}
	}
	// last move
	ply := gs.game.Plies()
	if !live {
		ply = gs.review
	}
	if ply > 0 && winLine == 0 && ply <= gs.game.Plies() {
		m := gs.game.Moves()[ply-1]
		tr := l.SquareRect(gs.variant, m.To).Inset(3 * u)
		tintRoundRect(dst, tr, 8*u, withAlpha(th.Accent, 0.16))
		if !m.IsDrop() {
			fr := l.SquareRect(gs.variant, m.From).Inset(3 * u)
			tintRoundRectEdge(dst, fr.Inset(2*u), 7*u, 2*u, withAlpha(th.Accent, 0.35))
			x0, y0 := fr.Center()
			x1, y1 := tr.Center()
			line(dst, x0, y0, x1, y1, cell*0.06, withAlpha(th.Accent, 0.22))
		}
	}
	// illegal flash
	if gs.flashT > 0 && gs.flash != rules.NoSquare {
		al := 0.45 * float64(gs.flashT) / 30
		tintRoundRect(dst, l.SquareRect(gs.variant, gs.flash).Inset(3*u), 8*u, withAlpha(th.Warn, al))
	}
	// hover
	if live && gs.hover != rules.NoSquare && gs.humanToMove() && !gs.over && !gs.paused && gs.pickable(gs.hover) {
		tintRoundRectEdge(dst, l.SquareRect(gs.variant, gs.hover).Inset(5*u), 7*u, 2*u, withAlpha(th.Text, 0.35))
	}
	if live && gs.cursorOn && gs.humanToMove() && !gs.over {
		tintRoundRectEdge(dst, l.SquareRect(gs.variant, gs.cursor).Inset(2*u), 9*u, 3*u, th.Accent)
	}
	h := gs.hold
	// pieces
	for sq := rules.Square(0); int(sq) < gs.variant.Squares(); sq++ {
		st := p.Stack(sq)
		if live {
			back := false // the top is sliding back here
			for _, g := range gs.glides {
				back = back || (g.to == rules.NoSquare && g.back == sq)
			}
			if (h != nil && h.from == sq) || back { // drawn lifted or in flight
				st = st[:len(st)-1]
			}
			if gs.gliding(sq) && len(st) > 0 {
				st = st[:len(st)-1]
			}
		}
		if len(st) == 0 {
			continue
		}
		top := st[len(st)-1]
		cx, cy := l.SquareCenter(gs.variant, sq)
		look := pieceLook{Dim: winLine != 0 && winLine&(1<<sq) == 0}
		if a.Set.ShowCovered {
			for _, pc := range st[:len(st)-1] {
				look.Covered = append(look.Covered, gs.setup.colourOf(pc.Player))
			}
		}
		drawPiece(dst, th, cx, cy, pieceRadius(gs.variant, top.Size)*cell, gs.setup.colourOf(top.Player), look)
	}
	// legal destinations of the held piece
	if live && h != nil && a.Set.ShowLegalMoves {
		three := uint16(0)
		if h.from == rules.NoSquare {
			three = p.LineOfThreeSquares()
		}
		for t := h.targets; t != 0; t &= t - 1 {
			sq := rules.Square(bits.TrailingZeros16(t))
			cx, cy := l.SquareCenter(gs.variant, sq)
			top, ok := p.Top(sq)
			switch {
			case !ok:
				fillCircle(dst, cx, cy, cell*0.075, withAlpha(th.Accent, 0.5))
			case three&(1<<sq) != 0:
				rr := pieceRadius(gs.variant, top.Size)*cell + cell*0.05
				strokeCircle(dst, cx, cy, rr, math.Max(2, cell*0.035), withAlpha(th.Good, 0.9))
				bx, by := cx+cell*0.33, cy-cell*0.33
				fillCircle(dst, bx, by, cell*0.1, th.Good)
				drawText(dst, "3", a.Face(Bold, cell*0.13/u), bx, by, Center, black)
			default:
				rr := pieceRadius(gs.variant, top.Size)*cell + cell*0.05
				strokeCircle(dst, cx, cy, rr, math.Max(2, cell*0.03), withAlpha(th.Accent, 0.85))
			}
		}
	}
	// winning line
	if winLine != 0 {
		first := bits.TrailingZeros16(winLine)
		last := 15 - bits.LeadingZeros16(winLine)
		x0, y0 := l.SquareCenter(gs.variant, rules.Square(first))
		x1, y1 := l.SquareCenter(gs.variant, rules.Square(last))
		grow := easeOut(float64(gs.ticksSinceEnd) / 30)
		x1, y1 = x0+(x1-x0)*grow, y0+(y1-y0)*grow
		for i := 4; i >= 1; i-- {
			line(dst, x0, y0, x1, y1, cell*0.05*float64(i), withAlpha(th.Good, 0.12))
		}
		line(dst, x0, y0, x1, y1, cell*0.045, withAlpha(th.Good, 0.9))
	}
	// hint arrow
	if live && !gs.hintMove.IsNone() {
		var x0, y0 float64
		if gs.hintMove.IsDrop() {
			c := gs.toMove()
			slot := gs.slotFor(c, int(gs.hintMove.Size))
			x0, y0 = gs.lay.SlotRect(c, max(slot, 0)).Center()
		} else {
			x0, y0 = l.SquareCenter(gs.variant, gs.hintMove.From)
		}
		x1, y1 := l.SquareCenter(gs.variant, gs.hintMove.To)
		pulse := a.pulse(0.7, 8)
		drawArrow(dst, x0, y0, x1, y1, cell*0.075, withAlpha(th.Good, 0.95*pulse))
	}
	// gliding pieces
	for _, g := range gs.glides {
		t := easeOut(float64(g.t) / float64(g.n))
		x1, y1 := g.x1, g.y1
		if g.to != rules.NoSquare {
			x1, y1 = l.SquareCenter(gs.variant, g.to)
		}
		x := g.x0 + (x1-g.x0)*t
		y := g.y0 + (y1-g.y0)*t
		drawPiece(dst, th, x, y, pieceRadius(gs.variant, g.size)*cell, g.colour, pieceLook{Lifted: t < 0.85})
	}
	// the held piece, once a refused move has slid it back (touch-move
	// keeps it held)
	if live && h != nil && !gs.slidingBack(h) {
		var x, y float64
		if h.dragging {
			x, y = a.In.X, a.In.Y
		} else if h.from == rules.NoSquare {
			x, y = gs.lay.SlotRect(h.colour, h.slot).Center()
		} else {
			x, y = l.SquareCenter(gs.variant, h.from)
		}
		rad := pieceRadius(gs.variant, h.size) * cell * 1.08
		if !h.dragging && h.from == rules.NoSquare {
			rad = pieceRadius(gs.variant, h.size) * math.Min(gs.lay.SlotRect(0, 0).W, cell) * 1.08
		}
		if !h.dragging {
			pulse := a.pulse(0.2, 7)
			strokeCircle(dst, x, y, rad+6*u, 3*u, withAlpha(th.Accent, pulse))
		}
		drawPiece(dst, th, x, y-4*u, rad, h.colour, pieceLook{Lifted: true})
	}
}

// slidingBack reports whether the held piece is still on its way back to
// where it was picked up from.
func (gs *gameScene) slidingBack(h *held) bool {
	for _, g := range gs.glides {
		if g.to != rules.NoSquare {
			continue
		}
		if h.from != rules.NoSquare && g.back == h.from {
			return true
		}
		if h.from == rules.NoSquare && g.back == rules.NoSquare && g.slot == h.slot && g.colour == h.colour {
			return true
		}
	}
	return false
}

func (gs *gameScene) drawPeek(a *App, dst *ebiten.Image, p *rules.Position) {
	if gs.peek == rules.NoSquare || len(gs.glides) > 0 {
		return
	}
	st := p.Stack(gs.peek)
	if len(st) < 2 {
		return
	}
	th := a.Theme
	u := a.U()
	sr := gs.lay.SquareRect(gs.variant, gs.peek)
	pc := 72 * u
	w := pc*float64(len(st)) + 24*u
	hgt := pc + 40*u
	x := sr.X + sr.W + 8*u
	if x+w > gs.lay.Frame.X+gs.lay.Frame.W+gs.lay.Reserve[1].W {
		x = sr.X - w - 8*u
	}
	r := Rect{x, sr.Y + sr.H/2 - hgt/2, w, hgt}
	panel(a, dst, r)
	drawText(dst, "Top to bottom", a.Face(Regular, sizeSmall-2), r.X+r.W/2, r.Y+14*u, Center, th.TextDim)
	for i := range st {
		pcc := st[len(st)-1-i]
		cx := r.X + 12*u + pc*(float64(i)+0.5)
		cy := r.Y + 26*u + pc/2
		drawPiece(dst, th, cx, cy, pieceRadius(gs.variant, pcc.Size)*pc, gs.setup.colourOf(pcc.Player), pieceLook{})
	}
}

// moveCell is one move in the move list: its ply index and rectangle.
type moveCell struct {
	ply int
	r   Rect
}

// moveList lays out the move list: the card, the visible move cells and
// the move numbers (with their row centres).
func (gs *gameScene) moveList(a *App) (list Rect, cells []moveCell, numbers [][2]float64) {
	u := a.U()
	pr := gs.lay.Panel
	statusH := 150 * u
	if gs.setup.Mode == modeAIvsAI {
		statusH = 200 * u
	}
	list = Rect{pr.X, pr.Y, pr.W, pr.H - statusH - 12*u}
	moves := gs.game.Moves()
	rowH := 28 * u
	top := list.Y + 50*u
	rows := max(1, int((list.H-60*u)/rowH))
	// the first mover is x; rows are full moves
	nRows := (len(moves) + 1) / 2
	cur := gs.currentPly()
	first := 0
	if nRows > rows {
		first = max(0, min(nRows-rows, cur/2-rows/2))
		if gs.review < 0 {
			first = nRows - rows
		}
	}
	colW := (list.W - 60*u) / 2
	for r := first; r < nRows && r < first+rows; r++ {
		y := top + float64(r-first)*rowH
		numbers = append(numbers, [2]float64{float64(r + 1), y + rowH/2})
		for k := 0; k < 2; k++ {
			i := 2*r + k
			if i >= len(moves) {
				break
			}
			x := list.X + 50*u + float64(k)*colW
			cells = append(cells, moveCell{i, Rect{x - 4*u, y + 2*u, colW - 6*u, rowH - 4*u}})
		}
	}
	return list, cells, numbers
}

// currentPly is the index of the move shown last (-1 before the first).
func (gs *gameScene) currentPly() int {
	if gs.review >= 0 {
		return gs.review - 1
	}
	return gs.game.Plies() - 1
}

func (gs *gameScene) drawPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	pr := gs.lay.Panel
	statusH := 150 * u
	if gs.setup.Mode == modeAIvsAI {
		statusH = 200 * u
	}
	list, cells, numbers := gs.moveList(a)
	panel(a, dst, list)
	drawText(dst, "Moves", a.Face(Bold, sizeBody), list.X+18*u, list.Y+24*u, Left, th.Text)
	moves := gs.game.Moves()
	fc := a.Face(Regular, sizeBody-2)
	fm := a.Face(Medium, sizeBody-2)
	if len(moves) == 0 {
		drawText(dst, "No moves yet.", fc, list.X+18*u, list.Y+64*u, Left, th.TextDim)
	} else if gs.review < 0 && len(moves) > 0 {
		drawText(dst, "click a move to review", a.Face(Regular, sizeSmall-2), list.X+list.W-18*u, list.Y+24*u, Right, th.TextDim)
	}
	for _, n := range numbers {
		drawText(dst, fmt.Sprintf("%d.", int(n[0])), fc, list.X+40*u, n[1], Right, th.TextDim)
	}
	cur := gs.currentPly()
	for _, mc := range cells {
		i, cell := mc.ply, mc.r
		if i == cur {
			tintRoundRect(dst, cell, 6*u, withAlpha(th.Accent, 0.25))
		} else if cell.Contains(a.In.X, a.In.Y) {
			tintRoundRect(dst, cell, 6*u, withAlpha(th.Text, 0.08))
		}
		pl := gs.game.PositionAt(i)
		c := gs.setup.colourOf(pl.SideToMove())
		x := cell.X + 4*u
		y := cell.Y + cell.H/2
		fillCircle(dst, x+8*u, y, 5*u, th.Player[c])
		face := fc
		if i == cur {
			face = fm
		}
		drawText(dst, moves[i].Notation(gs.variant), face, x+20*u, y, Left, th.Text)
	}
	// AI status card
	st := Rect{pr.X, pr.Y + pr.H - statusH, pr.W, statusH}
	panel(a, dst, st)
	gs.drawAIStatus(a, dst, st)
}

func (gs *gameScene) drawAIStatus(a *App, dst *ebiten.Image, r Rect) {
	th := a.Theme
	u := a.U()
	x := r.X + 18*u
	y := r.Y + 26*u
	fh := a.Face(Bold, sizeBody)
	fs := a.Face(Regular, sizeSmall)
	b := gs.brain
	// the computer's move, chosen, waits a moment for its turn on screen:
	// to the player it is still thinking
	aiMove := gs.pending != nil && !gs.over && gs.review < 0
	switch {
	case b.thinking || aiMove:
		who := "Hint"
		if b.purpose == forMove || aiMove {
			who = gs.setup.name(gs.toMove())
		}
		// the spinner takes the right of the line: the words fit before it
		title := who + " is thinking"
		if textWidth(title, fh) > r.W-80*u {
			title = colourNames[gs.toMove()] + " is thinking"
			if b.purpose != forMove && !aiMove {
				title = "Hint: thinking"
			}
		}
		if textWidth(title, fh) > r.W-80*u {
			fh = a.Face(Bold, sizeSmall)
		}
		drawText(dst, title, fh, x, y, Left, th.Text)
		// spinner
		sx, sy := r.X+r.W-30*u, y
		ang := float64(a.Tick) / 9
		for i := 0; i < 8; i++ {
			t := ang + float64(i)*math.Pi/4
			al := 0.15 + 0.85*float64(i)/8
			fillCircle(dst, sx+math.Cos(t)*10*u, sy+math.Sin(t)*10*u, 2.6*u, withAlpha(th.Accent, al))
		}
		secs := float64(a.Tick-b.started) / 60
		line2 := ""
		if secs >= 0.5 {
			line2 = fmt.Sprintf("%.1f s", secs)
		}
		if b.hasInfo {
			line2 = fmt.Sprintf("depth %d  ·  %s  ·  %.1f s", b.info.Depth, scoreWords(b.info.Score), secs)
		}
		drawText(dst, line2, fs, x, y+30*u, Left, th.TextDim)
		if b.hasInfo {
			gs.drawEvalBar(a, dst, Rect{x, y + 54*u, r.W - 36*u, 10 * u}, b.colour, b.info.Score)
		}
	case gs.review >= 0 && !gs.over:
		drawText(dst, "Reviewing", fh, x, y, Left, th.Text)
		hint := "← → step through the moves; Done goes back to the game."
		switch {
		case gs.playOnGame != nil:
			hint = "← → step through the moves; Play on continues the game from its last move."
		case gs.reviewBack != nil:
			hint = "← → step through the moves; Back returns to the saved games."
		}
		for i, ln := range wrap(hint, fs, r.W-36*u) {
			drawText(dst, ln, fs, x, y+30*u+float64(i)*20*u, Left, th.TextDim)
		}
	case gs.over:
		title, reason := gs.resultTitle()
		drawText(dst, title, fh, x, y, Left, th.Text)
		for i, ln := range wrap(reason, fs, r.W-36*u) {
			drawText(dst, ln, fs, x, y+30*u+float64(i)*20*u, Left, th.TextDim)
		}
	default:
		c := gs.toMove()
		who := gs.setup.name(c) + " to move"
		if gs.setup.humanColour() == c {
			who = "Your turn"
		}
		drawText(dst, who, fh, x, y, Left, th.Text)
		hint := "Drag a piece, or click it and then a square."
		switch {
		case gs.setup.human(c):
		case gs.net != nil && gs.net.gone != nil:
			hint = "Your opponent is no longer connected."
		case gs.net != nil:
			hint = "Your opponent is thinking…"
		case gs.setup.Mode == modeAIvsAI && !gs.demoRun:
			hint = "Paused: Space plays, S steps."
		default:
			hint = "Waiting…"
		}
		for i, ln := range wrap(hint, fs, r.W-36*u) {
			drawText(dst, ln, fs, x, y+30*u+float64(i)*20*u, Left, th.TextDim)
		}
	}
	if gs.net != nil {
		yy := r.Y + r.H - 24*u
		col := th.Good
		if gs.net.gone != nil {
			col = th.Warn
		}
		fillCircle(dst, x+5*u, yy, 5*u, col)
		drawText(dst, gs.netStatus(), fs, x+18*u, yy, Left, th.TextDim)
	}
	if gs.setup.Mode == modeAIvsAI {
		yy := r.Y + r.H - 60*u
		fillRect(dst, Rect{x, yy - 16*u, r.W - 36*u, math.Max(1, u)}, th.PanelEdge)
		drawText(dst, "Series", a.Face(Medium, sizeSmall), x, yy, Left, th.TextDim)
		s := fmt.Sprintf("Orange %d  ·  Blue %d  ·  Draws %d", gs.score[0], gs.score[1], gs.score[2])
		drawText(dst, s, a.Face(Medium, sizeBody-2), x, yy+24*u, Left, th.Text)
	}
}

// scoreWords prints an evaluation for people: "+0.4", "wins in 5", "loses in 4".
func scoreWords(s ai.Score) string {
	switch s.Kind {
	case ai.WinIn:
		return fmt.Sprintf("wins in %d", (s.Value+1)/2)
	case ai.LossIn:
		return fmt.Sprintf("loses in %d", (s.Value+1)/2)
	}
	v := float64(s.Value) / 100
	if math.Abs(v) < 0.05 {
		return "even"
	}
	return fmt.Sprintf("%+.1f", v)
}

// drawEvalBar shows who stands better: orange from the left, blue from the right.
func (gs *gameScene) drawEvalBar(a *App, dst *ebiten.Image, r Rect, mover int, s ai.Score) {
	th := a.Theme
	v := 0.0
	switch s.Kind {
	case ai.WinIn:
		v = 1
	case ai.LossIn:
		v = -1
	default:
		v = math.Tanh(float64(s.Value) / 400)
	}
	if mover == 1 {
		v = -v
	}
	share := 0.5 + v/2 // orange's share
	tintRoundRect(dst, r, r.H/2, th.Player[1])
	tintRoundRect(dst, Rect{r.X, r.Y, r.W * share, r.H}, r.H/2, th.Player[0])
}

func (gs *gameScene) drawStatus(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	st := gs.lay.Status
	fillRect(dst, st, withAlpha(th.Panel, 0.85))
	fillRect(dst, Rect{0, st.Y, st.W, math.Max(1, u)}, th.PanelEdge)
	fc := a.Face(Regular, sizeBody)
	msg, col := gs.statusText(), th.Text
	if gs.msgT > 0 {
		msg = gs.msg
		if len(msg) > 4 && msg[:4] == "⚠ " {
			msg = msg[4:]
			col = mix(th.Warn, white, 0.25)
			if th.Name == "light" {
				col = th.Warn
			}
		}
	}
	if gs.review >= 0 {
		msg = gs.reviewWords() + gs.reviewValue(a)
		col = th.Text
		for _, b := range gs.reviewM.Buttons {
			b.draw(a, dst, false)
		}
	}
	if n := gs.net; n != nil && n.drawOffered && !gs.over && gs.review < 0 {
		msg, col = "Your opponent offers a draw.", th.Text
		n.drawM.draw(a, dst)
	}
	drawText(dst, msg, fc, 24*u, st.Y+st.H/2, Left, col)
}

// reviewWords says which move review shows, numbered as in the move list
// (a number per pair of moves, "…" before the second's).
func (gs *gameScene) reviewWords() string {
	i := gs.review - 1
	if i < 0 {
		return "Reviewing: the start  (← →)"
	}
	dots := "."
	if i%2 == 1 {
		dots = "…"
	}
	return fmt.Sprintf("Reviewing: %d%s %s  (← →)", i/2+1, dots, gs.game.Moves()[i].Notation(gs.variant))
}

func (gs *gameScene) statusText() string {
	if gs.over {
		return gs.resultWords()
	}
	if gs.net != nil && gs.net.gone != nil {
		return gs.net.gone.Reason
	}
	c := gs.toMove()
	h := gs.hold
	switch {
	case gs.setup.human(c) && h != nil && h.locked:
		return "Touch-move: this piece must be moved. Click a highlighted square."
	case gs.setup.human(c) && h != nil && gs.values.ready && gs.variant == rules.Gobblers && gs.showingValues:
		return "Move values: “win 6” wins within 6 moves, “loss 6” loses within 6, with best play on both sides."
	case gs.setup.human(c) && h != nil:
		if gs.variant == rules.Classic && h.from == rules.NoSquare && gs.pos().LineOfThreeSquares() != 0 {
			return "Marked 3: you may cover that piece, it is in a line of three."
		}
		return "Drop it on a highlighted square, or click it again to put it back."
	case gs.setup.humanColour() >= 0 && gs.setup.human(c):
		return "Your turn: drag a piece, or click it and then a square."
	case gs.setup.human(c):
		return colourNames[c] + " to move: drag a piece, or click it and then a square."
	case gs.setup.Mode == modeAIvsAI && !gs.demoRun:
		return "Demo paused: Space plays, S steps one move."
	}
	return gs.setup.name(c) + " is thinking…"
}

// resultWords says who won and why, in one sentence.
func (gs *gameScene) resultWords() string {
	title, reason := gs.resultTitle()
	return title + " " + reason
}

func (gs *gameScene) resultTitle() (string, string) {
	if t, why, ok := gs.onlineTitle(); ok {
		return t, why
	}
	r := gs.result()
	switch r.Status {
	case rules.Draw:
		if r.Reason == rules.MoveLimit {
			return "Draw.", fmt.Sprintf("The game reached the limit of %d moves.", gs.game.MoveLimit)
		}
		return "Draw.", "The same position came up for the third time."
	case rules.Win:
		c := gs.setup.colourOf(r.Winner)
		title := colourNames[c] + " wins!"
		switch {
		case gs.setup.humanColour() >= 0 && gs.setup.human(c):
			title = "You win!"
		case gs.setup.humanColour() >= 0:
			title = gs.setup.name(c) + " wins."
		case gs.setup.Mode == modeAIvsAI:
			title = gs.setup.name(c) + " wins."
		}
		p := gs.pos()
		mover := gs.setup.colourOf(p.SideToMove().Other())
		n := gs.variant.Size()
		if mover != c {
			return title, fmt.Sprintf("%s lifted a piece and uncovered %s line.", gs.who(mover), gs.whose(c))
		}
		return title, fmt.Sprintf("%s lined up %s %s.", gs.who(c), [...]string{3: "three", 4: "four"}[n], lineWords(gs.variant, p.WinningLine(r.Winner)))
	}
	return "", ""
}

// who names a colour's player in a sentence: "You" for the person
// playing the computer, the computer by its level ("Hard AI"), else the
// colour.
func (gs *gameScene) who(c int) string {
	if (gs.setup.Mode == modeHumanVsAI || gs.setup.Mode == modeOnline) && gs.setup.humanColour() >= 0 {
		return gs.setup.name(c)
	}
	return colourNames[c]
}

// whose is who's possessive: "your", "Hard AI's", "Blue's".
func (gs *gameScene) whose(c int) string {
	if w := gs.who(c); w != "You" {
		return w + "'s"
	}
	return "your"
}

// lineWords names a line: "in row 2", "in column b", "on the diagonal a1–d4".
func lineWords(v rules.Variant, l uint16) string {
	first := rules.Square(bits.TrailingZeros16(l))
	last := rules.Square(15 - bits.LeadingZeros16(l))
	switch {
	case first.Rank(v) == last.Rank(v):
		return fmt.Sprintf("in row %d", first.Rank(v)+1)
	case first.File(v) == last.File(v):
		return fmt.Sprintf("in column %c", 'a'+first.File(v))
	}
	return fmt.Sprintf("on the diagonal %s–%s", first.Name(v), last.Name(v))
}

// resultCard is where the result card lies: in the side column, over the
// move list and the status card it replaces, so the board, its winning
// line and both reserves stay in sight. It slides in from the right.
func (gs *gameScene) resultCard(a *App) Rect {
	u := a.U()
	l := &gs.lay
	slide := easeOut(float64(gs.ticksSinceEnd-resultDelay) / 20)
	r := l.Panel
	r.X += (1 - slide) * (l.W - l.Panel.X)
	// the winner's piece sits on the card's top edge: leave it room
	r.Y += 14 * u
	r.H -= 14 * u
	return r
}

// resultTitleLines sets the result card's title in w pixels: on one line,
// smaller if need be, else on two.
func resultTitleLines(a *App, title string, w float64) (fontFace, []string) {
	tf := a.Face(Bold, sizeTitle)
	if textWidth(title, tf) > w {
		tf = a.Face(Bold, sizeHeading)
	}
	return tf, wrap(title, tf, w)
}

// resultSummary is what the result card says below the result: the
// player's record against this AI level, or the series so far. Its first
// line is a caption.
func (gs *gameScene) resultSummary() []string {
	switch {
	case gs.setup.Mode == modeHumanVsAI && gs.record.Games() > 0:
		t := gs.record
		return []string{"Your games against " + levelName(t.Level) + " AI",
			fmt.Sprintf("Won %d  ·  Drawn %d  ·  Lost %d", t.Won, t.Drawn, t.Lost)}
	case gs.setup.Mode == modeAIvsAI:
		return []string{"Series", fmt.Sprintf("%s %d  ·  %s %d  ·  Draws %d",
			colourNames[0], gs.score[0], colourNames[1], gs.score[1], gs.score[2])}
	}
	return nil
}

// resultGrid is how the result card's buttons are arranged: one above the
// other, or two to a row when the column is too short for that.
func (gs *gameScene) resultGrid(a *App) (cols, rows int) {
	u := a.U()
	n := len(gs.resultMenu.Buttons)
	if gs.lay.Panel.H-14*u >= resultHead*u+float64(n)*resultRow*u {
		return 1, n
	}
	return 2, (n + 1) / 2
}

// resultHead is the height the result card's title and reason take above
// its buttons; resultRow the height of one row of buttons, at 1×.
const (
	resultHead = 230
	resultRow  = 62
)

func (gs *gameScene) drawResult(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := a.U()
	r := gs.resultCard(a)
	// The side panel fades under the card as it slides in over it.
	l := &gs.lay
	slide := math.Max(0, math.Min(1, float64(gs.ticksSinceEnd-resultDelay)/20))
	fillRoundRect(dst, l.Panel.Inset(-2*u), 14*u, withAlpha(th.Background, 0.85*slide))
	panel(a, dst, r)
	title, reason := gs.resultTitle()
	res := gs.result()
	if res.Status == rules.Win {
		c := gs.setup.colourOf(res.Winner)
		drawPiece(dst, th, r.X+r.W/2, r.Y, 22*u, c, pieceLook{})
	}
	tf, lines := resultTitleLines(a, title, r.W-32*u)
	y := r.Y + 62*u
	for i, ln := range lines {
		if i > 0 {
			y += 32 * u
		}
		drawText(dst, ln, tf, r.X+r.W/2, y, Center, th.Text)
	}
	fs := a.Face(Regular, sizeBody)
	y += 46 * u
	for _, ln := range wrap(reason, fs, r.W-40*u) {
		drawText(dst, ln, fs, r.X+r.W/2, y, Center, th.TextDim)
		y += 24 * u
	}
	small := a.Face(Regular, sizeSmall)
	if n := gs.game.Plies(); n > 0 {
		drawText(dst, fmt.Sprintf("%d moves played", n), small, r.X+r.W/2, y+6*u, Center, withAlpha(th.TextDim, 0.8))
		y += 24 * u
	}
	y += 18 * u
	if lines := gs.resultSummary(); len(lines) > 0 {
		y += 8 * u
		fillRect(dst, Rect{r.X + 24*u, y - 16*u, r.W - 48*u, math.Max(1, u)}, th.PanelEdge)
		drawText(dst, lines[0], a.Face(Medium, sizeSmall), r.X+r.W/2, y+4*u, Center, th.TextDim)
		fb := a.Face(Medium, sizeBody-2)
		for _, ln := range lines[1:] {
			y += 26 * u
			drawText(dst, ln, fb, r.X+r.W/2, y+4*u, Center, th.Text)
		}
		y += 40 * u
	}
	if gs.setup.Mode == modeAIvsAI {
		for _, ln := range wrap("Next game starts in a moment…", small, r.W-40*u) {
			drawText(dst, ln, small, r.X+r.W/2, y, Center, th.TextDim)
			y += 20 * u
		}
	}
	if n := gs.net; n != nil {
		note := ""
		switch {
		case n.gone != nil:
			note = "Your opponent has left."
		case n.rematchAsked:
			note = "Waiting for your opponent to agree to a rematch…"
		case n.rematchOffered:
			note = "Your opponent wants a rematch."
		}
		fn := a.Face(Medium, sizeSmall)
		for _, ln := range wrap(note, fn, r.W-40*u) {
			drawText(dst, ln, fn, r.X+r.W/2, y, Center, th.playerText(gs.setup.humanColour()))
			y += 20 * u
		}
	}
	gs.resultMenu.draw(a, dst)
}

// boardLayers keep each variant's board, painted once per window size and
// theme and shared by every game.
var boardLayers [2]layer

// boardLayer returns the background and the board for the window.
func boardLayer(a *App, v rules.Variant) *ebiten.Image {
	key := fmt.Sprintf("%v %v %s", a.W, a.H, a.Theme.Name)
	return boardLayers[v&1].get(key, int(a.W), int(a.H), func(img *ebiten.Image) {
		l := newBoardLayout(a.W, a.H, v)
		paintBoard(a, img, &l, v)
	})
}

// paintBoard draws what does not change while playing: the background,
// the frame, the squares, the coordinates.
func paintBoard(a *App, dst *ebiten.Image, l *boardLayout, v rules.Variant) {
	th := a.Theme
	u := a.U()
	f := l.Frame
	drawBackground(dst, th)
	softShadow(dst, f, 18*u, 18*u, 10*u, math.Min(0.5, th.Shadow*1.4))
	fillRoundRect(dst, f, 18*u, th.Board)
	inner := l.Board.Inset(-4 * u)
	fillRoundRect(dst, inner, 10*u, th.BoardInner)
	cell := l.Cell()
	for sq := rules.Square(0); int(sq) < v.Squares(); sq++ {
		r := l.SquareRect(v, sq).Inset(3 * u)
		c := th.SquareA
		if (sq.File(v)+sq.Rank(v))%2 == 1 {
			c = th.SquareB
		}
		fillRoundRect(dst, r, 8*u, c)
		cx, cy := r.Center()
		strokeCircle(dst, cx, cy, cell*0.47, math.Max(1, 1.2*u), withAlpha(shade(c, 0.8), 0.6))
	}
	fc := a.Face(Medium, sizeSmall-2)
	for i := 0; i < l.N; i++ {
		x := l.Board.X + (float64(i)+0.5)*cell
		drawText(dst, string(rune('a'+i)), fc, x, (f.Y+f.H+l.Board.Y+l.Board.H)/2+1, Center, withAlpha(th.TextDim, 0.9))
		y := l.Board.Y + (float64(l.N-1-i)+0.5)*cell
		drawText(dst, string(rune('1'+i)), fc, (f.X+l.Board.X)/2-1, y, Center, withAlpha(th.TextDim, 0.9))
	}
}
