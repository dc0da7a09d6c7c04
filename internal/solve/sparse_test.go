package solve

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestSparseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	want := map[Index]Value{}
	sb := NewSparseBuilder(7)
	i := Index(0)
	for range 5000 {
		i += Index(1 + rng.IntN(1<<rng.IntN(20)))
		if i >= Boards {
			break
		}
		v := Value(rng.IntN(256))
		want[i] = v
		sb.Add(i, v)
	}
	var buf bytes.Buffer
	if _, err := sb.Sparse().WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	s, err := ReadSparse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if s.Depth != 7 || s.Len() != len(want) {
		t.Fatalf("read back depth %d, %d entries; want 7, %d", s.Depth, s.Len(), len(want))
	}
	for i, v := range want {
		if got, ok := s.Lookup(i); !ok || got != v {
			t.Fatalf("index %d: got %v %v, want %v", i, got, ok, v)
		}
		if _, ok := want[i+1]; !ok {
			if _, ok := s.Lookup(i + 1); ok {
				t.Fatalf("index %d found but never added", i+1)
			}
		}
	}
}

func TestReadSparseRejectsGarbage(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("not deflate at all"), {0x01, 0x00, 0x00, 0xff, 0xff}} {
		if _, err := ReadSparse(bytes.NewReader(data)); err == nil {
			t.Errorf("ReadSparse(%q) accepted garbage", data)
		}
	}
}

func FuzzReadSparse(f *testing.F) {
	sb := NewSparseBuilder(3)
	sb.Add(5, WinIn(3))
	sb.Add(1<<20, Draw)
	var buf bytes.Buffer
	sb.Sparse().WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSparse(bytes.NewReader(data))
		if err != nil {
			return
		}
		s.Lookup(5)
		s.Lookup(Boards - 1)
	})
}

func TestValueOfAMove(t *testing.T) {
	tests := []struct {
		name        string
		child, move Value
	}{
		{"leaving the opponent lost in 2 wins in 3", LossIn(2), WinIn(3)},
		{"leaving the opponent lost in 1 wins in 2", LossIn(1), WinIn(2)},
		{"leaving the opponent a win in 1 loses in 2", WinIn(1), LossIn(2)},
		{"leaving a draw draws", Draw, Draw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.child.Before(); got != tt.move {
				t.Errorf("%v.Before() = %v, want %v", tt.child, got, tt.move)
			}
		})
	}
}

func TestBetterOrdersWinsDrawsLosses(t *testing.T) {
	order := []Value{WinIn(1), WinIn(3), WinIn(13), Draw, LossIn(20), LossIn(4), LossIn(1)}
	for i := range order {
		for j := range order {
			if got := order[i].Better(order[j]); got != (i < j) {
				t.Errorf("%v.Better(%v) = %v", order[i], order[j], got)
			}
		}
	}
}

func BenchmarkLoadEmbedded(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ReadSparse(bytes.NewReader(embedded)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadEmbedded is the load of the built-in table: its time, and
// with -benchmem the memory it takes on the way (the table itself is
// about 50 MB).
func BenchmarkReadEmbedded(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadSparse(bytes.NewReader(embedded)); err != nil {
			b.Fatal(err)
		}
	}
}
