package search

import (
	"sync/atomic"

	"github.com/gobblet-game/gobblet/internal/coop"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// bound says what a stored score is: exact, or a limit on the true value.
type bound uint8

const (
	boundNone  bound = iota
	boundLower       // the true score is at least this (a cut-off)
	boundUpper       // the true score is at most this (no move reached alpha)
	boundExact
)

// Table is the transposition table: a fixed number of two-slot buckets
// keyed by the Zobrist hash. Slot 0 keeps the deeper search, slot 1 the
// latest. Several search goroutines share it without locks: each slot is two
// atomic words and the key word is stored xor-ed with the data word, so a
// torn write reads as a miss instead of a wrong move.
type Table struct {
	slots []slot
	mask  uint64
	gen   uint8
}

type slot struct{ key, data atomic.Uint64 }

type entry struct {
	move  rules.Move
	score int
	depth int
	bound bound
}

// NewTable returns a table using about mib MiB (at least a few thousand slots).
func NewTable(mib int) *Table {
	if mib < 1 {
		mib = 1
	}
	n := uint64(mib) << 20 / 16 / 2 // buckets of two 16-byte slots
	b := uint64(1)
	for b*2 <= n {
		b *= 2
	}
	t := &Table{mask: b - 1}
	t.slots = newSlots(t, 2*b)
	return t
}

// NewSearch ages the table: entries from earlier moves lose their priority.
func (t *Table) NewSearch() { t.gen = (t.gen + 1) & 63 }

// Clear empties the table.
func (t *Table) Clear() {
	for i := range t.slots {
		if i&0xffff == 0 {
			coop.Yield() // 64 MiB take a while in a browser
		}
		t.slots[i].key.Store(0)
		t.slots[i].data.Store(0)
	}
}

// data layout: move 13 bits | score 32 bits | depth 8 bits | bound 2 bits | gen 6 bits.
func pack(e entry, gen uint8) uint64 {
	return uint64(encodeMove(e.move)) |
		uint64(uint32(int32(e.score)))<<13 |
		uint64(uint8(e.depth))<<45 |
		uint64(e.bound)<<53 |
		uint64(gen)<<55
}

func unpack(d uint64) entry {
	return entry{
		move:  decodeMove(uint16(d & 0x1fff)),
		score: int(int32(uint32(d >> 13))),
		depth: int(int8(uint8(d >> 45))),
		bound: bound(d >> 53 & 3),
	}
}

func genOf(d uint64) uint8 { return uint8(d>>55) & 63 }

// encodeMove packs a move in 13 bits: size (3), from+1 (5), to (5); 0 is no move.
func encodeMove(m rules.Move) uint16 {
	if m.IsNone() {
		return 0
	}
	return uint16(m.Size) | uint16(m.From+1)<<3 | uint16(m.To)<<8
}

func decodeMove(c uint16) rules.Move {
	if c == 0 {
		return rules.NoMove
	}
	return rules.Move{Size: int8(c & 7), From: rules.Square(c>>3&31) - 1, To: rules.Square(c >> 8 & 31)}
}

func (t *Table) probe(hash uint64) (entry, bool) {
	i := (hash & t.mask) * 2
	for j := uint64(0); j < 2; j++ {
		s := &t.slots[i+j]
		d := s.data.Load()
		if s.key.Load()^d == hash && d != 0 {
			return unpack(d), true
		}
	}
	return entry{}, false
}

func (t *Table) store(hash uint64, e entry) {
	i := (hash & t.mask) * 2
	d := pack(e, t.gen)
	s0 := &t.slots[i]
	d0 := s0.data.Load()
	same0 := s0.key.Load()^d0 == hash
	if same0 || d0 == 0 || genOf(d0) != t.gen || unpack(d0).depth <= e.depth {
		if same0 && e.move.IsNone() {
			// Keep the known best move when this search found none.
			d = d&^0x1fff | d0&0x1fff
		}
		s0.key.Store(hash ^ d)
		s0.data.Store(d)
		return
	}
	s1 := &t.slots[i+1]
	s1.key.Store(hash ^ d)
	s1.data.Store(d)
}
