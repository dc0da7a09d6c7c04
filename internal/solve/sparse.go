package solve

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync/atomic"

	"github.com/gobblet-game/gobblet/internal/coop"
)

// Sparse holds the values of a chosen set of canonical boards: those a
// short search cannot value (draws and long fights). Indices are split into
// buckets of 2^16; each bucket lists the low 16 bits of its indices, sorted,
// and their values.
type Sparse struct {
	// Depth is the search depth that values every board missing from the
	// set: each such board's game ends within Depth plies with best play.
	Depth  int
	starts []uint32 // starts[b] is the first entry of bucket b; one extra at the end
	lows   []uint16
	values []Value
}

const (
	bucketBits   = 16
	buckets      = (Boards + 1<<bucketBits - 1) >> bucketBits
	sparseMagic  = "gobblers-sparse-1"
	sparseHeader = len(sparseMagic) + 4 + 4
)

// Lookup returns the value stored for a canonical index, if any.
func (s *Sparse) Lookup(i Index) (Value, bool) {
	b := i >> bucketBits
	lo, hi := int(s.starts[b]), int(s.starts[b+1])
	want := uint16(i)
	j := lo + sort.Search(hi-lo, func(k int) bool { return s.lows[lo+k] >= want })
	if j < hi && s.lows[j] == want {
		return s.values[j], true
	}
	return Draw, false
}

// Len is the number of boards stored.
func (s *Sparse) Len() int { return len(s.lows) }

// SparseBuilder collects entries in increasing index order.
type SparseBuilder struct {
	s    Sparse
	last int64
}

// NewSparseBuilder starts a sparse table for a search depth.
func NewSparseBuilder(depth int) *SparseBuilder {
	return &SparseBuilder{s: Sparse{Depth: depth, starts: make([]uint32, buckets+1)}, last: -1}
}

// Add appends an entry; indices must grow.
func (sb *SparseBuilder) Add(i Index, v Value) {
	if int64(i) <= sb.last {
		panic("solve: sparse entries out of order")
	}
	sb.last = int64(i)
	sb.s.starts[(i>>bucketBits)+1]++
	sb.s.lows = append(sb.s.lows, uint16(i))
	sb.s.values = append(sb.s.values, v)
}

// Sparse finishes the table.
func (sb *SparseBuilder) Sparse() *Sparse {
	for b := 1; b <= buckets; b++ {
		sb.s.starts[b] += sb.s.starts[b-1]
	}
	return &sb.s
}

// WriteTo writes the table deflated: a header (magic, depth, entry count),
// then the bucket counts, the low bits and the values, little-endian.
func (s *Sparse) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	zw, err := flate.NewWriter(cw, flate.BestCompression)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(zw, 1<<16)
	hdr := make([]byte, 0, sparseHeader)
	hdr = append(hdr, sparseMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(s.Depth))
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(s.lows)))
	bw.Write(hdr)
	var buf [4]byte
	for b := 0; b < buckets; b++ {
		binary.LittleEndian.PutUint32(buf[:], s.starts[b+1]-s.starts[b])
		bw.Write(buf[:4])
	}
	// Low bits go as gaps within their bucket, which deflate well.
	for b := 0; b < buckets; b++ {
		prev := uint16(0)
		for _, lo := range s.lows[s.starts[b]:s.starts[b+1]] {
			binary.LittleEndian.PutUint16(buf[:], lo-prev)
			bw.Write(buf[:2])
			prev = lo
		}
	}
	for _, v := range s.values {
		bw.WriteByte(byte(v))
	}
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	err = zw.Close()
	return cw.n, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadSparse reads a table written by WriteTo.
func ReadSparse(r io.Reader) (*Sparse, error) {
	br := bufio.NewReaderSize(flate.NewReader(r), 1<<16)
	hdr := make([]byte, sparseHeader)
	if _, err := io.ReadFull(br, hdr); err != nil {
		return nil, fmt.Errorf("read sparse table header: %w", err)
	}
	if string(hdr[:len(sparseMagic)]) != sparseMagic {
		return nil, errors.New("not a gobblers sparse table")
	}
	s := &Sparse{Depth: int(binary.LittleEndian.Uint32(hdr[len(sparseMagic):]))}
	n := binary.LittleEndian.Uint32(hdr[len(sparseMagic)+4:])
	if s.Depth < 0 || s.Depth > maxPlies || n > Boards {
		return nil, errors.New("sparse table header out of range")
	}
	raw := make([]byte, 4*buckets)
	if _, err := io.ReadFull(br, raw); err != nil {
		return nil, fmt.Errorf("read sparse table buckets: %w", err)
	}
	s.starts = make([]uint32, buckets+1)
	for b := 0; b < buckets; b++ {
		c := binary.LittleEndian.Uint32(raw[4*b:])
		if c > 1<<bucketBits {
			return nil, fmt.Errorf("sparse table bucket %d holds %d entries", b, c)
		}
		s.starts[b+1] = s.starts[b] + c
	}
	if s.starts[buckets] != n {
		return nil, fmt.Errorf("sparse table buckets hold %d entries, header says %d", s.starts[buckets], n)
	}
	// Decode the entries as they come, without a copy of their bytes, and
	// reserve room for at most the real table's size up front: a corrupt
	// header cannot make us allocate gigabytes, only data that is there can.
	reserve := min(int(n), 1<<24)
	s.lows = make([]uint16, 0, reserve)
	chunk := make([]byte, 1<<16)
	b, prev := 0, uint16(0)
	for len(s.lows) < int(n) {
		coop.Yield() // decoding takes seconds in a browser
		k := min(len(chunk)/2, int(n)-len(s.lows))
		if _, err := io.ReadFull(br, chunk[:2*k]); err != nil {
			return nil, fmt.Errorf("read sparse table entries: %w", err)
		}
		for x := range k {
			for s.starts[b+1] <= uint32(len(s.lows)) {
				b, prev = b+1, 0 // the low bits are deltas within a bucket
			}
			prev += binary.LittleEndian.Uint16(chunk[2*x:])
			s.lows = append(s.lows, prev)
		}
	}
	s.values = make([]Value, 0, reserve)
	for len(s.values) < int(n) {
		coop.Yield()
		k := min(len(chunk), int(n)-len(s.values))
		if _, err := io.ReadFull(br, chunk[:k]); err != nil {
			return nil, fmt.Errorf("read sparse table values: %w", err)
		}
		for _, v := range chunk[:k] {
			s.values = append(s.values, Value(v))
		}
	}
	switch _, err := br.ReadByte(); {
	case err == nil:
		return nil, fmt.Errorf("sparse table has more than its %d entries", n)
	case err != io.EOF:
		return nil, fmt.Errorf("read sparse table end: %w", err)
	}
	return s, nil
}

// MakeSparse picks from the full table the reachable boards (all boards if
// reachable is nil) a search of depth plies cannot settle: draws and boards
// whose game lasts longer.
func MakeSparse(t *Table, reachable *Set, depth int) *Sparse {
	sb := NewSparseBuilder(depth)
	var next atomic.Int32 // one goroutine: indices come in increasing order
	forEachCanonical(&next, func(i Index, _ int) {
		if reachable != nil && !reachable.Has(i) {
			return
		}
		if b := BoardAt(i); b.Over() {
			return
		}
		if v := t.At(i); v.IsDraw() || v.Plies() > depth {
			sb.Add(i, v)
		}
	})
	return sb.Sparse()
}

// index returns the index of entry j.
func (s *Sparse) index(j int) Index {
	b := sort.Search(buckets, func(b int) bool { return s.starts[b+1] > uint32(j) })
	return Index(b)<<bucketBits | Index(s.lows[j])
}
