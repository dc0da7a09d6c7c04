package search

import (
	"github.com/gobblet-game/gobblet/internal/rules"
	"math/bits"
)

// Weights are the evaluation's terms, in centi-pieces. They were tuned by
// self-play with tools/tune, not chosen by feel; the names say what each
// rewards, for the player it is counted for.
type Weights struct {
	Line       [4]int // an uncontested line showing 1, 2, 3 of the player's pieces
	LineSize   int    // each size step of a piece in an uncontested line
	Visible    [4]int // a visible piece of size 1..4
	Crossing   int    // a visible piece on a square crossed by more lines (diagonals)
	Covered    [4]int // an own piece of size 1..4 covered by the opponent
	ReserveTop [5]int // the largest piece one can drop next (0 = none)
	Threat     int    // a fillable line of n-1 when it is the opponent's move (must be answered)
	Double     int    // two or more such lines on different squares (hard to answer)
	Initiative int    // a fillable line of n-1 for the side to move (seen only by searches without forcing lines)
	Tempo      int    // being the side to move
}

// DefaultWeights is the tuned evaluation: 300 SPSA steps of tools/tune at
// 15000 nodes a move, which then scored 81.9% in 80 games against the
// hand-set start (Line 0,4,18; LineSize 3; Visible 10,14,20,30; Threat 60).
var DefaultWeights = Weights{
	Line:       [4]int{1, 5, 14, 60},
	LineSize:   0,
	Visible:    [4]int{9, 13, 19, 21},
	Crossing:   5,
	Covered:    [4]int{7, 9, 17, 27},
	ReserveTop: [5]int{0, 1, 5, 10, 31},
	Threat:     73,
	Double:     444,
	Initiative: 150,
	Tempo:      17,
}

// crossing[v] marks the squares on a diagonal, which lie on more lines.
var crossing = func() (c [2]uint16) {
	for _, v := range rules.Variants {
		ls := v.Lines()
		c[v] = ls[len(ls)-1] | ls[len(ls)-2]
	}
	return c
}()

// Evaluate scores a quiet position for the side to move.
func (w *Weights) Evaluate(p *rules.Position) int {
	b := readBoard(p)
	return w.evaluate(p, &b, true)
}

// evaluate scores for the side to move. A search that settles forcing lines
// has already looked for the mover's win at once, so it skips initiative.
func (w *Weights) evaluate(p *rules.Position, b *board, initiative bool) int {
	us := p.SideToMove()
	return w.side(p, b, us, initiative) - w.side(p, b, us.Other(), false) + w.Tempo
}

// side is one player's share of the evaluation: the mover's with
// initiative, or the waiting player's.
func (w *Weights) side(p *rules.Position, b *board, pl rules.Player, initiative bool) int {
	toMove := pl == p.SideToMove()
	v := p.Variant()
	sizes := v.Sizes()
	opp := pl.Other()
	mine, theirs := b.vis[pl], b.vis[opp]
	score := 0

	var sizeOf [rules.MaxSquares]int8
	for k := 0; k < sizes; k++ {
		vk := b.top[k] & mine
		score += w.Visible[k] * popcount(vk)
		for m := vk; m != 0 && w.LineSize != 0; m &= m - 1 {
			sizeOf[trailing(m)] = int8(k + 1)
		}
		// Own pieces under an opponent's piece are out of play.
		score -= w.Covered[k] * popcount(p.Pieces(pl, k+1)&theirs)
	}
	score += w.Crossing * popcount(mine&crossing[v])

	for _, l := range v.Lines() {
		if theirs&l != 0 {
			continue
		}
		m := mine & l
		c := popcount(m)
		if c == 0 {
			continue
		}
		score += w.Line[c-1]
		if w.LineSize == 0 {
			continue // tuned away; skip the loop
		}
		for ; m != 0; m &= m - 1 {
			score += w.LineSize * int(sizeOf[trailing(m)])
		}
	}

	if drops := p.DropSizes(pl); drops != 0 {
		score += w.ReserveTop[bits.Len8(drops)] // the largest size in hand
	}

	// The side to move with a fillable line usually wins at once, and the
	// search finds that; what the evaluation must value is the waiting
	// side's threats, which the mover has to answer.
	if toMove {
		var buf [10]threat
		if initiative && len(threats(p, b, pl, buf[:0])) > 0 {
			score += w.Initiative
		}
	} else {
		var buf [10]threat
		if ts := threats(p, b, pl, buf[:0]); len(ts) > 0 {
			score += w.Threat * len(ts)
			var gapsSeen uint16
			for _, t := range ts {
				gapsSeen |= t.gap
			}
			if popcount(gapsSeen) >= 2 {
				score += w.Double
			}
		}
	}
	return score
}
