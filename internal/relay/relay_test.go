//go:build !js

package relay

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wait bounds how long a test waits for something that must happen; it is
// generous so that a busy machine does not fail a test.
const wait = 20 * time.Second

type logBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type fixture struct {
	t    *testing.T
	s    *Server
	http *httptest.Server
	logs *logBuf
}

func start(t *testing.T, cfg Config) *fixture {
	t.Helper()
	logs := &logBuf{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s := New(cfg)
	mux := http.NewServeMux()
	mux.Handle("/relay/", s)
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		s.Shutdown(ctx)
		hs.Close()
	})
	return &fixture{t: t, s: s, http: hs, logs: logs}
}

func (f *fixture) url(room string) string {
	return "ws" + strings.TrimPrefix(f.http.URL, "http") + "/relay/" + room
}

type client struct {
	t *testing.T
	c *websocket.Conn
}

func (f *fixture) dial(room string, h http.Header) *client {
	f.t.Helper()
	c, err := f.dialErr(room, h)
	if err != nil {
		f.t.Fatalf("dial %s: %v", room, err)
	}
	return c
}

func (f *fixture) dialErr(room string, h http.Header) (*client, error) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, _, err := websocket.Dial(ctx, f.url(room), &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	cl := &client{t: f.t, c: c}
	f.t.Cleanup(func() { c.CloseNow() })
	return cl, nil
}

func (c *client) read() (websocket.MessageType, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return c.c.Read(ctx)
}

func (c *client) expectText(want string) {
	c.t.Helper()
	typ, b, err := c.read()
	if err != nil || typ != websocket.MessageText || string(b) != want {
		c.t.Fatalf("read %v %q %v, want text %q", typ, b, err, want)
	}
}

func (c *client) expectBinary(want []byte) {
	c.t.Helper()
	typ, b, err := c.read()
	if err != nil || typ != websocket.MessageBinary || !bytes.Equal(b, want) {
		c.t.Fatalf("read %v %q %v, want binary %q", typ, b, err, want)
	}
}

// expectClose reads until the socket closes and checks the close code.
func (c *client) expectClose(code websocket.StatusCode) {
	c.t.Helper()
	for {
		_, _, err := c.read()
		if err == nil {
			continue
		}
		if got := websocket.CloseStatus(err); got != code {
			c.t.Fatalf("closed with %v (%v), want %d", got, err, code)
		}
		return
	}
}

func (c *client) send(b []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := c.c.Write(ctx, websocket.MessageBinary, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// pair opens two sockets in room and waits until both are told "paired".
func (f *fixture) pair(room string) (*client, *client) {
	f.t.Helper()
	a := f.dial(room, nil)
	b := f.dial(room, nil)
	a.expectText(Paired)
	b.expectText(Paired)
	return a, b
}

// eventually polls cond (no timing bound other than the generous wait).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestPairedSocketsPassBinaryMessagesUnchangedInOrder(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-0001")
	msgs := [][]byte{{}, {0}, []byte("hello"), bytes.Repeat([]byte{0xff, 0x00}, 8<<10)}
	for _, m := range msgs {
		a.send(m)
	}
	for _, m := range msgs {
		b.expectBinary(m)
	}
	b.send([]byte("back"))
	a.expectBinary([]byte("back"))
	eventually(t, "every message counted", func() bool { return f.s.Metrics.Relayed.Load() == int64(len(msgs)+1) })
}

func TestLoneSocketsMessagesAreDropped(t *testing.T) {
	f := start(t, Config{})
	a := f.dial("room-lone-1", nil)
	a.send([]byte("nobody hears this"))
	a.send(nil) // keep-alive
	eventually(t, "two messages counted", func() bool { return f.s.Metrics.Received.Load() == 2 })
	b := f.dial("room-lone-1", nil)
	a.expectText(Paired)
	b.expectText(Paired)
	a.send([]byte("now"))
	b.expectBinary([]byte("now")) // the dropped messages never come
}

func TestRoomsAreSeparate(t *testing.T) {
	f := start(t, Config{})
	a1, b1 := f.pair("room-one-1")
	a2, b2 := f.pair("room-two-2")
	a1.send([]byte("1"))
	a2.send([]byte("2"))
	b2.expectBinary([]byte("2"))
	b1.expectBinary([]byte("1"))
}

func TestTextFromClientsIsNotPassedOn(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-text-1")
	ctx := context.Background()
	if err := a.c.Write(ctx, websocket.MessageText, []byte("paired")); err != nil {
		t.Fatal(err)
	}
	a.send([]byte("x"))
	b.expectBinary([]byte("x"))
}

func TestThirdSocketIsRefusedWithRoomFull(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-full-1")
	c := f.dial("room-full-1", nil)
	c.expectClose(CodeRoomFull)
	a.send([]byte("still"))
	b.expectBinary([]byte("still"))
	eventually(t, "the refusal counted", func() bool { return f.s.Metrics.Refusals(ReasonRoomFull) == 1 })
}

func TestPartnerLeavingSendsAloneAndARejoinPairsAgain(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-again-1")
	b.c.Close(websocket.StatusNormalClosure, "")
	a.expectText(Alone)
	for i := range 3 {
		b2 := f.dial("room-again-1", nil)
		a.expectText(Paired)
		b2.expectText(Paired)
		b2.send([]byte{byte(i)})
		a.expectBinary([]byte{byte(i)})
		a.send([]byte("ok"))
		b2.expectBinary([]byte("ok"))
		b2.c.CloseNow()
		a.expectText(Alone)
	}
}

func TestEmptyRoomIsForgotten(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-empty-1")
	a.c.CloseNow()
	b.expectText(Alone)
	b.c.CloseNow()
	eventually(t, "no rooms", func() bool { return f.s.Metrics.Rooms.Load() == 0 && f.s.Metrics.Sockets.Load() == 0 })
	f.s.mu.Lock()
	n, addrs := len(f.s.rooms), len(f.s.addrs)
	f.s.mu.Unlock()
	if n != 0 || addrs != 0 {
		t.Errorf("%d rooms and %d addresses kept after all left", n, addrs)
	}
}

func TestBadRoomIsAnswered400BeforeUpgrade(t *testing.T) {
	f := start(t, Config{})
	for _, room := range []string{"short", strings.Repeat("a", 65), "bad.room!", "a%2Fbcdefghi", "room%20name1"} {
		resp, err := http.Get(f.http.URL + "/relay/" + room)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "room name") {
			t.Errorf("%q: %d %q, want 400 with a sentence", room, resp.StatusCode, body)
		}
	}
	if _, err := f.dialErr("short", nil); err == nil {
		t.Error("a WebSocket to a bad room was accepted")
	}
}

func TestOrigin(t *testing.T) {
	f := start(t, Config{OriginPatterns: []string{"friends.example", "https://*.games.example"}})
	host := strings.TrimPrefix(f.http.URL, "http://")
	i := 0
	for _, c := range []struct {
		name, origin string
		ok           bool
	}{
		{"no origin (the desktop game)", "", true},
		{"the page's own origin", "http://" + host, true},
		{"a configured origin", "https://friends.example", true},
		{"a configured scheme and wildcard", "https://play.games.example", true},
		{"the wildcard with another scheme", "http://play.games.example", false},
		{"a foreign origin", "https://evil.example", false},
		{"a look-alike", "https://friends.example.evil", false},
		{"not a URL", "::::", false},
	} {
		i++
		h := http.Header{}
		if c.origin != "" {
			h.Set("Origin", c.origin)
		}
		room := fmt.Sprintf("origin-%d", i)
		cl, err := f.dialErr(room, h)
		if c.ok && err != nil {
			t.Errorf("%s: refused: %v", c.name, err)
		}
		if !c.ok && err == nil {
			t.Errorf("%s: accepted", c.name)
		}
		if cl != nil {
			cl.c.CloseNow()
		}
	}
}

func TestMessageTooBigIsClosedWith4005(t *testing.T) {
	f := start(t, Config{MaxMessage: 100})
	a, b := f.pair("room-big-01")
	a.send(make([]byte, 100)) // the limit itself passes
	b.expectBinary(make([]byte, 100))
	a.send(make([]byte, 101))
	a.expectClose(CodeTooBig)
	b.expectText(Alone)
}

func TestTooManyMessagesIsClosedWith4006(t *testing.T) {
	// A rate so slow that no refill counts: the burst alone passes.
	f := start(t, Config{Rate: 0.001, Burst: 5})
	a, b := f.pair("room-rate-1")
	for range 5 {
		a.send([]byte("m"))
	}
	for range 5 {
		b.expectBinary([]byte("m"))
	}
	a.send([]byte("one too many"))
	a.expectClose(CodeRate)
	b.expectText(Alone)
}

func TestIdleSocketIsClosedWith4004(t *testing.T) {
	f := start(t, Config{Idle: 200 * time.Millisecond})
	a := f.dial("room-idle-1", nil)
	a.expectClose(CodeIdle)
	eventually(t, "the idle close counted", func() bool { return f.s.Metrics.Refusals(ReasonIdle) == 1 })
	if f.s.Metrics.Refusals(ReasonIdle) != 1 {
		t.Errorf("idle closes = %d", f.s.Metrics.Refusals(ReasonIdle))
	}
}

func TestKeepAlivesKeepALoneSocket(t *testing.T) {
	f := start(t, Config{Idle: time.Second})
	a := f.dial("room-keep-1", nil)
	// No bound on time here: the socket must outlive several idle deadlines
	// with keep-alives sent ten times as often. A machine so busy that it
	// could not send one within the deadline skips the test.
	for range 30 {
		a.send(nil)
		time.Sleep(100 * time.Millisecond)
	}
	f.dial("room-keep-1", nil)
	typ, msg, err := a.read()
	if websocket.CloseStatus(err) == CodeIdle {
		t.Skip("the machine was too busy to send a keep-alive in time")
	}
	if err != nil || typ != websocket.MessageText || string(msg) != Paired {
		t.Fatalf("read %v %q %v, want paired", typ, msg, err)
	}
}

func TestRoomTimeLimitClosesBothWith4007(t *testing.T) {
	f := start(t, Config{RoomTime: 300 * time.Millisecond})
	// Not f.pair: on a busy machine the room may end before b comes, and
	// b then opens it anew; both are closed with 4007 either way.
	a := f.dial("room-time-1", nil)
	b := f.dial("room-time-1", nil)
	a.expectClose(CodeRoomTime)
	b.expectClose(CodeRoomTime)
	eventually(t, "the room forgotten", func() bool { return f.s.Metrics.Rooms.Load() == 0 })
}

// sockets waits until n sockets are in rooms: a dial returns when the
// upgrade is done, a moment before the socket joins its room.
func (f *fixture) sockets(n int64) {
	f.t.Helper()
	eventually(f.t, fmt.Sprintf("%d sockets in rooms", n), func() bool { return f.s.Metrics.Sockets.Load() == n })
}

func TestSocketsPerAddressLimit(t *testing.T) {
	f := start(t, Config{MaxSocketsPerAddr: 3, MaxRoomsPerAddr: 10})
	f.pair("room-addr-1")
	f.dial("room-addr-2", nil)
	f.sockets(3)
	c := f.dial("room-addr-3", nil)
	c.expectClose(CodeAddress)
}

func TestRoomsPerAddressLimit(t *testing.T) {
	f := start(t, Config{MaxRoomsPerAddr: 2})
	f.dial("room-rpa-1", nil)
	f.dial("room-rpa-2", nil)
	f.sockets(2)
	f.dial("room-rpa-3", nil).expectClose(CodeAddress)
	// A second socket in a room the address is already in is no new room.
	a := f.dial("room-rpa-1", nil)
	a.expectText(Paired)
}

func TestRoomsInAllLimit(t *testing.T) {
	f := start(t, Config{MaxRooms: 2})
	f.dial("room-all-1", nil)
	f.dial("room-all-2", nil)
	f.sockets(2)
	f.dial("room-all-3", nil).expectClose(CodeServer)
	// Joining an existing room is not a new room.
	f.dial("room-all-2", nil).expectText(Paired)
}

func TestRealIPHeaderIsUsedOnlyWhenConfigured(t *testing.T) {
	for _, c := range []struct {
		header string
		want   string
	}{
		{"", "127.0.0.1/32"},
		{"X-Real-IP", "2001:db8:1:2::/64"},
	} {
		s := New(Config{RealIPHeader: c.header})
		r := httptest.NewRequest("GET", "/relay/abcdefgh", nil)
		r.RemoteAddr = "127.0.0.1:5555"
		r.Header.Set("X-Real-IP", "2001:db8:1:2:3:4:5:6")
		if got := s.clientAddr(r).String(); got != c.want {
			t.Errorf("header %q: address %s, want %s", c.header, got, c.want)
		}
	}
}

func TestShutdownClosesEverySocketWith1001(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-shut-1")
	c := f.dial("room-shut-2", nil)
	f.sockets(3)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := f.s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for _, cl := range []*client{a, b, c} {
		cl.expectClose(CodeGoingAway)
	}
	// After the shutdown new sockets are turned away.
	d, err := f.dialErr("room-shut-3", nil)
	if err == nil {
		d.expectClose(CodeGoingAway)
	}
	if f.s.Metrics.Sockets.Load() != 0 || f.s.Metrics.Rooms.Load() != 0 {
		t.Errorf("after shutdown: %d sockets, %d rooms", f.s.Metrics.Sockets.Load(), f.s.Metrics.Rooms.Load())
	}
}

func TestLogsNeverHoldRoomIdsOrContent(t *testing.T) {
	f := start(t, Config{MaxMessage: 64})
	room := "secret-room-name-42"
	a, b := f.pair(room)
	a.send([]byte("secret-move-content"))
	b.expectBinary([]byte("secret-move-content"))
	f.dial(room, nil).expectClose(CodeRoomFull)
	a.send(bytes.Repeat([]byte("secret-big"), 10))
	a.expectClose(CodeTooBig)
	b.expectText(Alone)
	logs := f.logs.String()
	if logs == "" {
		t.Fatal("nothing logged")
	}
	for _, secret := range []string{"secret-room", "secret-move", "secret-big"} {
		if strings.Contains(logs, secret) {
			t.Errorf("the logs hold %q:\n%s", secret, logs)
		}
	}
	if !strings.Contains(logs, "room="+f.s.tag(room)) {
		t.Errorf("the logs do not name the room by its tag:\n%s", logs)
	}
}

func TestMetricsText(t *testing.T) {
	f := start(t, Config{})
	a, b := f.pair("room-metrics")
	a.send([]byte("abc"))
	b.expectBinary([]byte("abc"))
	eventually(t, "the move counted", func() bool { return f.s.Metrics.Relayed.Load() == 1 })
	var buf bytes.Buffer
	if err := f.s.Metrics.WriteMetrics(&buf); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"gobblet_relay_rooms 1\n",
		"gobblet_relay_sockets 2\n",
		"gobblet_relay_messages_relayed_total 1\n",
		"gobblet_relay_bytes_relayed_total 3\n",
		`gobblet_relay_refusals_total{reason="room_full"} 0` + "\n",
		"# TYPE gobblet_relay_rooms gauge\n",
		"go_memstats_heap_inuse_bytes ",
		`gobblet_relay_forward_seconds_bucket{le="+Inf"} 1` + "\n",
		"gobblet_relay_forward_seconds_count 1\n",
	} {
		if !strings.Contains(buf.String(), line) {
			t.Errorf("metrics lack %q:\n%s", line, buf.String())
		}
	}
}

func TestStuckPartnerDoesNotStopTheRelay(t *testing.T) {
	// b never reads: a's messages fill the buffers, then the write times
	// out and b is closed; a stays, and is told it is alone.
	f := start(t, Config{WriteTimeout: time.Second, Rate: -1, MaxMessage: 64 << 10})
	a, _ := f.pair("room-stuck-1")
	big := make([]byte, 64<<10)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			if a.c.Write(ctx, websocket.MessageBinary, big) != nil {
				return
			}
		}
	}()
	for {
		typ, msg, err := a.c.Read(ctx)
		if err != nil {
			t.Fatalf("a: %v", err)
		}
		if typ == websocket.MessageText && string(msg) == Alone {
			break
		}
	}
	cancel()
	eventually(t, "the stuck partner counted", func() bool { return f.s.Metrics.Refusals(ReasonStuck) == 1 })
}

func TestPingsCountAgainstTheRate(t *testing.T) {
	f := start(t, Config{Rate: 0.001, Burst: 3})
	a := f.dial("room-ping-1", nil)
	// Read in the background so that pongs are taken.
	done := make(chan error, 1)
	go func() {
		_, _, err := a.read()
		done <- err
	}()
	for range 5 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		a.c.Ping(ctx) // the fourth gets no pong: the socket is closed
		cancel()
	}
	if err := <-done; websocket.CloseStatus(err) != CodeRate {
		t.Fatalf("closed with %v, want 4006", err)
	}
}

func TestAFloodOfRefusalsDoesNotFloodTheLog(t *testing.T) {
	f := start(t, Config{})
	for range 3 * noteBurst {
		f.s.note("relay: refused a socket", "reason", ReasonRoomFull)
	}
	logs := f.logs.String()
	if n := strings.Count(logs, "refused a socket"); n > noteBurst+noteRate {
		t.Errorf("%d lines logged for %d refusals at once", n, 3*noteBurst)
	}
	eventually(t, "a line saying how many were left out", func() bool {
		f.s.note("relay: refused a socket", "reason", ReasonRoomFull)
		return strings.Contains(f.logs.String(), "not_logged_before=")
	})
}
