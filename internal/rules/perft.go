package rules

// Perft counts the move sequences of exactly depth plies from p. A position
// with a line is a leaf with no moves; repetition is ignored (RULES.md).
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if _, over := p.Winner(); over {
		return 0
	}
	return perft(&p, depth)
}

func perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	var n uint64
	for _, m := range moves {
		c := p.Play(m)
		if _, over := c.Winner(); over {
			continue
		}
		n += perft(&c, depth-1)
	}
	return n
}
