package rules

// Zobrist keys: one per (player, size, square) and one for the side to move.
// They are fixed at start-up from a constant seed, so hashes are the same in
// every run (opening books and tests may rely on them).
var (
	zobristPiece [2][MaxSizes][MaxSquares]uint64
	zobristSide  uint64
)

func init() {
	state := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for pl := range zobristPiece {
		for s := range zobristPiece[pl] {
			for sq := range zobristPiece[pl][s] {
				zobristPiece[pl][s][sq] = next()
			}
		}
	}
	zobristSide = next()
}

// computeHash recomputes the hash from scratch; Play updates it incrementally.
func (p Position) computeHash() uint64 {
	var h uint64
	for pl := range p.pieces {
		for s, m := range p.pieces[pl] {
			for ; m != 0; m &= m - 1 {
				h ^= zobristPiece[pl][s][trailingZeros(m)]
			}
		}
	}
	if p.side == O {
		h ^= zobristSide
	}
	return h
}
