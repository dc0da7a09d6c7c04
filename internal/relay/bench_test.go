//go:build !js

package relay

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coder/websocket"
)

func benchServer(b *testing.B) (*Server, string) {
	s := New(Config{Rate: -1, MaxSocketsPerAddr: -1, MaxRoomsPerAddr: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle(Prefix, s)
	hs := httptest.NewServer(mux)
	b.Cleanup(func() {
		s.Shutdown(context.Background())
		hs.Close()
	})
	return s, "ws" + strings.TrimPrefix(hs.URL, "http") + Prefix
}

func benchPair(b *testing.B, base, room string) (*websocket.Conn, *websocket.Conn) {
	ctx := context.Background()
	dial := func() *websocket.Conn {
		c, _, err := websocket.Dial(ctx, base+room, nil)
		if err != nil {
			b.Fatal(err)
		}
		return c
	}
	x, y := dial(), dial()
	for _, c := range []*websocket.Conn{x, y} {
		if _, msg, err := c.Read(ctx); err != nil || string(msg) != Paired {
			b.Fatalf("not paired: %q %v", msg, err)
		}
	}
	return x, y
}

// BenchmarkRelayMove is one 64-byte move from one player to the other
// through the relay on loopback, waited for (a round of the game's
// exchange, one way): its time is the latency the relay adds plus two
// loopback hops and the clients' own work.
func BenchmarkRelayMove(b *testing.B) {
	_, base := benchServer(b)
	x, y := benchPair(b, base, "bench-move")
	defer x.CloseNow()
	defer y.CloseNow()
	ctx := context.Background()
	msg := make([]byte, 64)
	b.SetBytes(int64(len(msg)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		from, to := x, y
		if i%2 == 1 {
			from, to = y, x
		}
		if err := from.Write(ctx, websocket.MessageBinary, msg); err != nil {
			b.Fatal(err)
		}
		if _, _, err := to.Read(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRelayParallel plays moves in many rooms at once: ns/op is the
// relay's cost per move when every core is busy.
func BenchmarkRelayParallel(b *testing.B) {
	_, base := benchServer(b)
	var room atomic.Int64
	msg := make([]byte, 64)
	b.SetBytes(int64(len(msg)))
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		x, y := benchPair(b, base, fmt.Sprintf("bench-par-%d", room.Add(1)))
		defer x.CloseNow()
		defer y.CloseNow()
		ctx := context.Background()
		i := 0
		for pb.Next() {
			from, to := x, y
			if i%2 == 1 {
				from, to = y, x
			}
			i++
			if err := from.Write(ctx, websocket.MessageBinary, msg); err != nil {
				b.Error(err)
				return
			}
			if _, _, err := to.Read(ctx); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkPairing is a room's life: two sockets join, are paired, leave.
func BenchmarkPairing(b *testing.B) {
	_, base := benchServer(b)
	for i := 0; i < b.N; i++ {
		x, y := benchPair(b, base, fmt.Sprintf("bench-pair-%d", i))
		x.CloseNow()
		y.CloseNow()
	}
}

func BenchmarkParseRoom(b *testing.B) {
	id := "Kq3_x-9ZbY0aLmN2pQrS4tUv"
	for i := 0; i < b.N; i++ {
		if _, err := ParseRoom(id); err != nil {
			b.Fatal(err)
		}
	}
}
