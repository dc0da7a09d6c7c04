//go:build !js

package relay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// frame builds a client frame: fin, opcode, a mask, the payload masked.
func frame(fin bool, op byte, payload []byte) []byte {
	var b bytes.Buffer
	b0 := op
	if fin {
		b0 |= 0x80
	}
	b.WriteByte(b0)
	switch n := len(payload); {
	case n < 126:
		b.WriteByte(0x80 | byte(n))
	case n < 1<<16:
		b.WriteByte(0x80 | 126)
		binary.Write(&b, binary.BigEndian, uint16(n))
	default:
		b.WriteByte(0x80 | 127)
		binary.Write(&b, binary.BigEndian, uint64(n))
	}
	mask := [4]byte{1, 2, 3, 4}
	b.Write(mask[:])
	for i, c := range payload {
		b.WriteByte(c ^ mask[i%4])
	}
	return b.Bytes()
}

// panicLog fails a fuzz run whose server logged a recovered panic.
type panicLog struct{ panics atomic.Int64 }

func (p *panicLog) Write(b []byte) (int, error) {
	if bytes.Contains(b, []byte("panic")) {
		p.panics.Add(1)
	}
	return len(b), nil
}

// FuzzRawFrames sends any bytes as WebSocket frames from a socket paired
// with a well-behaved one: the relay must not panic, must pass on only
// whole binary messages, and the partner must be told "alone" at the end.
func FuzzRawFrames(f *testing.F) {
	f.Add(frame(true, 2, []byte("move")))
	f.Add(frame(true, 1, []byte("paired")))
	f.Add(frame(true, 9, []byte("ping")))
	f.Add(frame(true, 8, []byte{0x03, 0xe8}))
	f.Add(append(frame(false, 2, []byte("frag")), frame(true, 0, []byte("ment"))...))
	f.Add(frame(true, 2, make([]byte, 70000)))
	f.Add([]byte{0x82, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4})
	f.Add([]byte{0x82, 0x05, 'h', 'e', 'l', 'l', 'o'}) // not masked
	f.Add(frame(true, 3, []byte("reserved opcode")))
	f.Add([]byte{0xf2, 0x80, 0, 0, 0, 0}) // reserved bits
	pl := &panicLog{}
	s := New(Config{MaxMessage: 1024, Rate: -1, MaxSocketsPerAddr: -1, MaxRoomsPerAddr: -1, Idle: 5 * time.Second,
		CloseWait: time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle(Prefix, s)
	hs := httptest.NewUnstartedServer(mux)
	hs.Config.ErrorLog = log.New(pl, "", 0)
	hs.Start()
	f.Cleanup(func() {
		s.Shutdown(context.Background())
		hs.Close()
	})
	addr := strings.TrimPrefix(hs.URL, "http://")
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, data []byte) {
		room := fmt.Sprintf("fuzz-raw-%d", n.Add(1))
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		good, _, err := websocket.Dial(ctx, "ws://"+addr+Prefix+room, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer good.CloseNow()
		good.SetReadLimit(1 << 20)
		raw, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		fmt.Fprintf(raw, "GET %s%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
			"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", Prefix, room, addr)
		br := bufio.NewReader(raw)
		resp, err := http.ReadResponse(br, nil)
		if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
			t.Fatalf("upgrade: %v %v", resp, err)
		}
		go io.Copy(io.Discard, br) // take what the relay sends, so it never waits on this socket
		typ, msg, err := good.Read(ctx)
		if err != nil || typ != websocket.MessageText || string(msg) != Paired {
			t.Fatalf("partner: %v %q %v", typ, msg, err)
		}
		raw.Write(data)
		raw.Close()
		for {
			typ, msg, err := good.Read(ctx)
			if err != nil {
				t.Fatalf("partner: %v", err)
			}
			if typ == websocket.MessageText && string(msg) == Alone {
				break
			}
			if typ != websocket.MessageBinary || len(msg) > 1024 {
				t.Fatalf("partner got %v of %d bytes", typ, len(msg))
			}
		}
		if pl.panics.Load() > 0 {
			t.Fatal("the server panicked")
		}
	})
}

// FuzzRelayedMessage checks that any binary message comes out unchanged.
func FuzzRelayedMessage(f *testing.F) {
	for _, s := range [][]byte{nil, {0}, []byte("a move"), bytes.Repeat([]byte{0xff}, 4096)} {
		f.Add(s)
	}
	s := New(Config{Rate: -1, MaxSocketsPerAddr: -1, MaxRoomsPerAddr: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle(Prefix, s)
	hs := httptest.NewServer(mux)
	f.Cleanup(func() {
		s.Shutdown(context.Background())
		hs.Close()
	})
	ctx := context.Background()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + Prefix + "fuzz-message"
	dial := func() *websocket.Conn {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			f.Fatal(err)
		}
		c.SetReadLimit(1 << 20)
		return c
	}
	a, b := dial(), dial()
	for _, c := range []*websocket.Conn{a, b} {
		if _, msg, err := c.Read(ctx); err != nil || string(msg) != Paired {
			f.Fatalf("not paired: %q %v", msg, err)
		}
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		if len(msg) > Defaults.MaxMessage {
			msg = msg[:Defaults.MaxMessage]
		}
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		if err := a.Write(ctx, websocket.MessageBinary, msg); err != nil {
			t.Fatal(err)
		}
		typ, got, err := b.Read(ctx)
		if err != nil || typ != websocket.MessageBinary || !bytes.Equal(got, msg) {
			t.Fatalf("sent %d bytes, got %v %d bytes %v", len(msg), typ, len(got), err)
		}
	})
}
