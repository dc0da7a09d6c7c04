package rules

import (
	"fmt"
	"strings"
)

// String prints the position in the notation of shared/PROTOCOL.md, e.g.
// "gobblers:.,.,./.,x3,./o1,.,.:o".
func (p Position) String() string {
	var b strings.Builder
	v := p.variant
	n := v.Size()
	b.WriteString(v.String())
	b.WriteByte(':')
	for r := n - 1; r >= 0; r-- {
		for f := 0; f < n; f++ {
			st := p.Stack(SquareAt(v, f, r))
			if len(st) == 0 {
				b.WriteByte('.')
			}
			for _, pc := range st {
				b.WriteString(pc.Player.String())
				b.WriteByte(byte('0' + pc.Size))
			}
			if f < n-1 {
				b.WriteByte(',')
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(':')
	b.WriteString(p.side.String())
	return b.String()
}

// ParsePosition reads a position string. It rejects, with an error naming
// the problem, anything that cannot arise: bad syntax, the wrong number of
// ranks or squares, stacks that do not grow strictly from bottom to top, and
// more pieces of a size than a player owns. It does not check that the
// position is reachable by legal play.
func ParsePosition(s string) (Position, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return Position{}, fmt.Errorf("position %q: want <variant>:<rows>:<side>, three parts separated by ':'", clip(s))
	}
	v, err := ParseVariant(parts[0])
	if err != nil {
		return Position{}, fmt.Errorf("position: %w", err)
	}
	p := Position{variant: v}
	switch parts[2] {
	case "x":
		p.side = X
	case "o":
		p.side = O
	default:
		return Position{}, fmt.Errorf("position: side to move %q must be x or o", clip(parts[2]))
	}
	n := v.Size()
	ranks := strings.Split(parts[1], "/")
	if len(ranks) != n {
		return Position{}, fmt.Errorf("position: %s has %d ranks, found %d", v, n, len(ranks))
	}
	for i, rank := range ranks {
		r := n - 1 - i
		cells := strings.Split(rank, ",")
		if len(cells) != n {
			return Position{}, fmt.Errorf("position: rank %d has %d squares, want %d", r+1, len(cells), n)
		}
		for f, cell := range cells {
			sq := SquareAt(v, f, r)
			if err := p.parseStack(sq, cell); err != nil {
				return Position{}, fmt.Errorf("position: square %s: %w", sq.Name(v), err)
			}
		}
	}
	for pl := X; pl <= O; pl++ {
		for s := 1; s <= v.Sizes(); s++ {
			if k := popcount(p.pieces[pl][s-1]); k > v.PiecesPerSize() {
				return Position{}, fmt.Errorf("position: %s has %d pieces of size %d on the board but owns only %d", pl, k, s, v.PiecesPerSize())
			}
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parseStack(sq Square, cell string) error {
	if cell == "." {
		return nil
	}
	if cell == "" {
		return fmt.Errorf("empty text; write '.' for an empty square")
	}
	if len(cell)%2 != 0 {
		return fmt.Errorf("%q is not a stack of pieces like x1o3", clip(cell))
	}
	last := 0
	for i := 0; i < len(cell); i += 2 {
		var pl Player
		switch cell[i] {
		case 'x':
			pl = X
		case 'o':
			pl = O
		default:
			return fmt.Errorf("%q: %q is not a player (x or o)", clip(cell), string(cell[i]))
		}
		c := cell[i+1]
		if c < '1' || c > byte('0'+p.variant.Sizes()) {
			return fmt.Errorf("%q: %q is not a piece size (1 to %d)", clip(cell), string(c), p.variant.Sizes())
		}
		size := int(c - '0')
		if size <= last {
			return fmt.Errorf("%q: sizes must grow strictly from bottom to top", clip(cell))
		}
		last = size
		p.pieces[pl][size-1] |= 1 << sq
	}
	return nil
}

// clip shortens outside text quoted in an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
