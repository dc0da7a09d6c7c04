// The reserves beside the board: the stacks' heights and their drawing.

package app

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gobblet-game/gobblet/internal/locale"
	"github.com/gobblet-game/gobblet/internal/palette"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/ui"
)

// syncSlots keeps the classic reserve stacks where the player saw them: when
// the position's stack heights differ from what is shown (undo, redo, a new
// game), unchanged stacks keep their places and only the changed one moves.
func (gs *gameScene) syncSlots() {
	if !gs.variant.NestedReserve() {
		return
	}
	p := gs.pos()
	for c := 0; c < 2; c++ {
		want := p.ReserveStacks(gs.setup.playerOf(c))
		cur := gs.slots[c]
		if len(cur) != len(want) {
			gs.slots[c] = append([]int(nil), want...)
			continue
		}
		left := map[int]int{}
		for _, h := range want {
			left[h]++
		}
		keep := make([]bool, len(cur))
		for i, h := range cur {
			if left[h] > 0 {
				left[h]--
				keep[i] = true
			}
		}
		var rest []int
		for _, h := range want {
			if left[h] > 0 {
				left[h]--
				rest = append(rest, h)
			}
		}
		for i := range cur {
			if !keep[i] {
				cur[i], rest = rest[0], rest[1:]
			}
		}
	}
}

// slotPiece returns the size on top of a reserve slot (0 when empty) and how
// many pieces the slot holds.
func (gs *gameScene) slotPiece(colour, slot int) (size, count int) {
	if gs.variant.NestedReserve() {
		if slot >= len(gs.slots[colour]) {
			return 0, 0
		}
		h := gs.slots[colour][slot]
		return h, h
	}
	size = gs.variant.Sizes() - slot
	p := gs.pos()
	return size, p.Reserve(gs.setup.playerOf(colour), size)
}

// slotFor finds the reserve slot a drop of a size comes from.
func (gs *gameScene) slotFor(colour, size int) int {
	for i := 0; i < gs.lay.Slots; i++ {
		if s, n := gs.slotPiece(colour, i); s == size && n > 0 {
			return i
		}
	}
	return -1
}

// drawReserve draws colour c's reserve: its column, lit on its turn with
// the player's name and "to move" or "thinking…", then each slot: a 4×4
// stack nested, a 3×3 pair with a second piece behind, and a ×n count of
// its pieces; a piece held or sliding back has left its slot.
func (gs *gameScene) drawReserve(a *App, dst *ebiten.Image, p *rules.Position, c int, live bool) {
	th := a.Theme
	u := a.U()
	col := gs.lay.Reserve[c]
	lit := !gs.over && gs.toMove() == c && live && !gs.lesson.waits() // a lesson's step done: no one moves
	bg := palette.WithAlpha(th.Panel, 0.55)
	if lit {
		bg = palette.Mix(th.Panel, th.Player[c], 0.12)
	}
	var edge color.RGBA
	if lit {
		edge = palette.WithAlpha(th.Player[c], 0.9)
	}
	ui.RoundRectSprite(dst, col, 16*u, bg, edge, 2*u, 0)
	label := gs.setup.name(c)
	first := gs.lay.SlotRect(c, 0)
	msg := ""
	if lit {
		msg = locale.T("PlayReserveToMove")
		if !gs.setup.human(c) && (gs.net != nil && gs.net.gone == nil || gs.brain.thinking && gs.brain.purpose == forMove) {
			msg = locale.T("PlayReserveThinking")
		}
	}
	if lr := gs.lay.ReserveLabel(c); gs.lay.rowReserve() {
		// a row: the name and "to move" at its left, before the slots
		cx := lr.X + lr.W/2 + 2*u
		label, fc := reserveLabel(a, label, gs.setup.shortName(c), lr.W-6*u)
		ui.DrawText(dst, label, fc, cx, lr.Y+lr.H*0.38, ui.Center, th.Text)
		if msg != "" {
			ui.DrawText(dst, msg, a.Face(ui.Regular, ui.SizeSmall), cx, lr.Y+lr.H*0.64, ui.Center, th.PlayerText(c))
		}
	} else {
		label, fc := reserveLabel(a, label, gs.setup.shortName(c), col.W-6*u)
		ui.DrawText(dst, label, fc, col.X+col.W/2, (col.Y+first.Y)/2, ui.Center, th.Text)
		if msg != "" {
			last := gs.lay.SlotRect(c, gs.lay.Slots-1)
			ui.DrawText(dst, msg, a.Face(ui.Regular, ui.SizeSmall), col.X+col.W/2, (last.Y+last.H+col.Y+col.H)/2, ui.Center, th.PlayerText(c))
		}
	}
	scale := math.Min(first.W, gs.lay.Cell())
	if !gs.variant.NestedReserve() {
		scale *= 0.86 // room for the second piece peeking out behind
	}
	for i := 0; i < gs.lay.Slots; i++ {
		r := gs.lay.SlotRect(c, i)
		cx, cy := r.Center()
		size, n := gs.slotPieceAt(p, c, i, live)
		out := live && gs.hand.hold != nil && gs.hand.hold.from == rules.NoSquare && gs.hand.hold.colour == c && gs.hand.hold.slot == i
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
			ui.StrokeCircle(dst, cx, cy, scale*0.3, math.Max(1, 1.5*u), palette.WithAlpha(th.TextDim, 0.25))
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
		if n > 1 { // how many pieces the slot holds (a 4×4 stack nests them)
			badge := fmt.Sprintf("×%d", n)
			// at the piece's lower right, inside the slot
			bx := math.Min(cx+rad*0.85, r.X+r.W-13*u)
			by := math.Min(cy+rad*0.8, r.Y+r.H-12*u)
			ui.FillCircle(dst, bx, by, 11*u, palette.WithAlpha(th.Background, 0.85))
			ui.DrawText(dst, badge, a.Face(ui.Bold, ui.SizeSmall-2), bx, by, ui.Center, th.TextDim)
		}
	}
}

// reserveLabel fits a reserve's name in w: the full name, up to three
// steps smaller if need be (to the 12 px floor), then
// the short form ("Easy" for "AI Easy"), and only then cut with "…".
func reserveLabel(a *App, full, short string, w float64) (string, ui.Face) {
	sizes := []float64{ui.SizeSmall + 1, ui.SizeSmall, ui.SizeSmall - 1, ui.SizeSmall - 2, ui.SizeSmall - 3}
	for _, t := range []string{full, short} {
		for _, size := range sizes {
			if fo := a.Face(ui.Medium, size); ui.TextWidth(t, fo) <= w {
				return t, fo
			}
		}
	}
	fo := a.Face(ui.Medium, sizes[len(sizes)-1])
	return ui.FitText(short, fo, w), fo
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

// reservesTag is the autosave's tag that keeps the order of the 4×4
// reserve stacks on screen, colour by colour: "4,3,4 4,4,2". The rules
// know only their heights, so Continue would otherwise bring them back
// tallest first.
const reservesTag = "Reserves"

// reservesText is the reserve stacks' order for reservesTag ("" in 3×3).
func (gs *gameScene) reservesText() string {
	if !gs.variant.NestedReserve() {
		return ""
	}
	var cs []string
	for c := 0; c < 2; c++ {
		var hs []string
		for _, h := range gs.slots[c] {
			hs = append(hs, strconv.Itoa(h))
		}
		cs = append(cs, strings.Join(hs, ","))
	}
	return strings.Join(cs, " ")
}

// takeReserves puts the reserve stacks in the order a record's
// reservesTag kept, for each colour whose stacks it names right.
func (gs *gameScene) takeReserves(rec *record.Record) {
	if rec == nil || !gs.variant.NestedReserve() {
		return
	}
	for _, t := range rec.Tags {
		if t.Name != reservesTag {
			continue
		}
		p := gs.pos()
		for c, f := range strings.Fields(t.Value) {
			if c > 1 {
				break
			}
			var hs []int
			for _, x := range strings.Split(f, ",") {
				h, err := strconv.Atoi(x)
				if err != nil {
					hs = nil
					break
				}
				hs = append(hs, h)
			}
			want := p.ReserveStacks(gs.setup.playerOf(c))
			sorted := slices.Sorted(slices.Values(hs))
			slices.Reverse(sorted)
			if slices.Equal(sorted, want) { // the same stacks, in the order kept
				gs.slots[c] = hs
			}
		}
	}
}
