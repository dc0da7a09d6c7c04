package netplay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeRelay is a relay server as RELAY-WIRE.md describes it, small enough
// to trust, with hooks that make it hostile.
type fakeRelay struct {
	t   testing.TB
	srv *httptest.Server

	mu    sync.Mutex
	rooms map[string][]*fakeSocket
	down  bool // refuses every connection, as while restarting
	// forward, when set, decides what reaches the partner of a binary
	// message from s: the messages returned, in order (nil drops it). It
	// is called without the lock, by s's goroutine.
	forward func(s *fakeSocket, msg []byte) [][]byte
	// roomOf, when set, maps the room a socket asked for to the room it
	// is put in (a relay that swaps rooms).
	roomOf func(room string) string
	// idle, when set, closes a socket that sent nothing for this long
	// (status 4004), as the real relay does.
	idle time.Duration
	// latePaired, when set, tells the second socket of a room "paired"
	// this long after the first, so the first's hello arrives before it.
	latePaired time.Duration
	// counts of what went through
	binary int
}

type fakeSocket struct {
	r     *fakeRelay
	c     *websocket.Conn
	room  string
	asked string // the room it asked for
	n     int    // binary messages it sent while paired
}

var roomPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

func newFakeRelay(t testing.TB) *fakeRelay {
	r := &fakeRelay{t: t, rooms: make(map[string][]*fakeSocket)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /relay/{room}", r.serve)
	r.srv = httptest.NewServer(mux)
	t.Cleanup(func() {
		r.set(func() { r.down = true })
		r.kill(websocket.StatusGoingAway)
		r.srv.Close()
	})
	return r
}

// url is the relay's page address.
func (r *fakeRelay) url() string { return r.srv.URL + "/" }

func (r *fakeRelay) serve(w http.ResponseWriter, req *http.Request) {
	room := req.PathValue("room")
	if !roomPattern.MatchString(room) {
		http.Error(w, "A room id is 8 to 64 letters, digits, _ or -.", http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	down := r.down
	r.mu.Unlock()
	if down {
		http.Error(w, "restarting", http.StatusServiceUnavailable)
		return
	}
	c, err := websocket.Accept(w, req, nil)
	if err != nil {
		return
	}
	s := &fakeSocket{r: r, c: c, room: room, asked: room}
	r.mu.Lock()
	if r.roomOf != nil {
		s.room = r.roomOf(room)
	}
	if len(r.rooms[s.room]) >= 2 {
		r.mu.Unlock()
		c.Close(4001, "room is full")
		return
	}
	r.rooms[s.room] = append(r.rooms[s.room], s)
	peers := append([]*fakeSocket(nil), r.rooms[s.room]...)
	r.mu.Unlock()
	ctx := context.Background()
	if len(peers) == 2 {
		for n, p := range peers {
			if n == 1 && r.latePaired > 0 {
				time.Sleep(r.latePaired) // the first one's hello may pass it
			}
			p.c.Write(ctx, websocket.MessageText, []byte("paired"))
		}
	}
	defer r.leave(s)
	for {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		if r.idle > 0 {
			rctx, cancel = context.WithTimeout(ctx, r.idle)
		}
		typ, b, err := c.Read(rctx)
		cancel()
		if err != nil {
			if rctx.Err() != nil {
				c.Close(4004, "idle too long")
			}
			return
		}
		if typ != websocket.MessageBinary {
			continue
		}
		r.mu.Lock()
		var partner *fakeSocket
		for _, p := range r.rooms[s.room] {
			if p != s {
				partner = p
			}
		}
		forward := r.forward
		if partner != nil && len(b) > 0 {
			r.binary++
			s.n++
		}
		r.mu.Unlock()
		if partner == nil {
			continue // dropped while alone
		}
		out := [][]byte{b}
		if forward != nil && len(b) > 0 {
			out = forward(s, b) // called by this socket's goroutine only
		}
		for _, m := range out {
			wctx, cancel := context.WithTimeout(ctx, waitLimit)
			partner.c.Write(wctx, websocket.MessageBinary, m)
			cancel()
		}
	}
}

func (r *fakeRelay) leave(s *fakeSocket) {
	r.mu.Lock()
	list := r.rooms[s.room]
	for i, p := range list {
		if p == s {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(r.rooms, s.room)
	} else {
		r.rooms[s.room] = list
	}
	r.mu.Unlock()
	s.c.CloseNow()
	for _, p := range list {
		p.c.Write(context.Background(), websocket.MessageText, []byte("alone"))
	}
}

// kill closes every socket with status code, as a relay that stops.
func (r *fakeRelay) kill(code websocket.StatusCode) {
	r.mu.Lock()
	var all []*fakeSocket
	for _, list := range r.rooms {
		all = append(all, list...)
	}
	r.rooms = make(map[string][]*fakeSocket)
	r.mu.Unlock()
	for _, s := range all {
		s.c.Close(code, "going away")
		s.c.CloseNow()
	}
}

func (r *fakeRelay) set(f func()) {
	r.mu.Lock()
	f()
	r.mu.Unlock()
}

// sockets counts the sockets in a room.
func (r *fakeRelay) sockets(room string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.rooms[room])
}
