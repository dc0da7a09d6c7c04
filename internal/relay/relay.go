// Package relay pairs two WebSockets by a room id and passes every binary
// message of one to the other unchanged: the relay of issue 22 (its wire
// contract is in docs/server.md). It knows nothing of the game: the
// players encrypt what they send, and the room id it sees is not their
// secret.
//
// One goroutine serves each socket (the http.Server's own): it reads the
// socket's messages and writes each to the partner. Writes to one socket
// may come from its partner's goroutine and from the relay's notices; the
// WebSocket library orders them.
package relay

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Close codes of the relay (docs/server.md).
const (
	CodeRoomFull  websocket.StatusCode = 4001
	CodeAddress   websocket.StatusCode = 4002
	CodeServer    websocket.StatusCode = 4003
	CodeIdle      websocket.StatusCode = 4004
	CodeTooBig    websocket.StatusCode = 4005
	CodeRate      websocket.StatusCode = 4006
	CodeRoomTime  websocket.StatusCode = 4007
	CodeGoingAway                      = websocket.StatusGoingAway // 1001, on shutdown
)

// The relay's own words, sent as text messages.
const (
	Paired = "paired"
	Alone  = "alone"
)

// Config holds the limits. Zero fields take the defaults of the wire contract
// (see Defaults); a negative count or Rate means no limit.
type Config struct {
	MaxMessage        int           // bytes in one message (16 KiB)
	Rate              float64       // messages a second per socket, on average (20)
	Burst             int           // messages at once above the rate (40)
	MaxSocketsPerAddr int           // sockets from one address, IPv6 by /64 (16)
	MaxRoomsPerAddr   int           // rooms one address has a socket in (8)
	MaxRooms          int           // rooms in all (10,000)
	Idle              time.Duration // longest time without a message from a socket (60 s)
	RoomTime          time.Duration // longest life of a room (24 h)
	WriteTimeout      time.Duration // longest wait for a socket to take one message (10 s)
	CloseWait         time.Duration // longest wait for a close handshake (5 s)

	// OriginPatterns are the other origins whose pages may open a relay
	// socket (github.com/coder/websocket's AcceptOptions.OriginPatterns:
	// "host" or "scheme://host" with path.Match wildcards). The page's
	// own origin and requests without an Origin header are always let in.
	OriginPatterns []string

	// RealIPHeader, when set (for example "X-Real-IP"), names the header
	// in which a trusted reverse proxy passes the client's address; the
	// last address in it counts. Set it only behind such a proxy.
	RealIPHeader string

	Logger *slog.Logger // nil: slog.Default()
}

// Defaults are the limits of the wire contract (docs/server.md).
var Defaults = Config{
	MaxMessage:        16 << 10,
	Rate:              20,
	Burst:             40,
	MaxSocketsPerAddr: 16,
	MaxRoomsPerAddr:   8,
	MaxRooms:          10000,
	Idle:              60 * time.Second,
	RoomTime:          24 * time.Hour,
	WriteTimeout:      10 * time.Second,
	CloseWait:         5 * time.Second,
}

func (c Config) withDefaults() Config {
	d := Defaults
	orDefault(&c.MaxMessage, d.MaxMessage)
	orDefault(&c.Rate, d.Rate)
	orDefault(&c.Burst, d.Burst)
	orDefault(&c.MaxSocketsPerAddr, d.MaxSocketsPerAddr)
	orDefault(&c.MaxRoomsPerAddr, d.MaxRoomsPerAddr)
	orDefault(&c.MaxRooms, d.MaxRooms)
	orDefault(&c.Idle, d.Idle)
	orDefault(&c.RoomTime, d.RoomTime)
	orDefault(&c.WriteTimeout, d.WriteTimeout)
	orDefault(&c.CloseWait, d.CloseWait)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// orDefault sets *v to d when it is zero.
func orDefault[T comparable](v *T, d T) {
	var zero T
	if *v == zero {
		*v = d
	}
}

// Server is the relay: an http.Handler for GET /relay/{room}.
type Server struct {
	cfg     Config
	log     *slog.Logger
	Metrics Metrics
	key     [16]byte // for the rooms' tags in the logs
	bufs    sync.Pool

	noteMu      sync.Mutex
	noteTokens  float64
	noteLast    time.Time
	noteSkipped int64

	mu      sync.Mutex
	closing bool
	rooms   map[string]*room
	addrs   map[netip.Prefix]*addrUse
	peers   map[*peer]struct{}
	wg      sync.WaitGroup // one per socket being served
}

type addrUse struct {
	sockets int
	rooms   map[string]int // sockets of this address in each room
}

type room struct {
	id, tag string
	timer   *time.Timer // the room's time limit

	mu    sync.Mutex // guards peers and dead, and orders the notices
	peers []*peer
	dead  bool // left empty and taken out of the server's map
}

type peer struct {
	s    *Server
	c    *websocket.Conn
	room *room
	addr netip.Prefix
	idle *time.Timer

	rateMu sync.Mutex
	tokens float64   // the rate limit's bucket
	last   time.Time // when tokens was filled

	closeOnce sync.Once
	reason    atomic.Pointer[string] // why the relay closed it, set once by close
}

// New makes a relay with the limits of cfg.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:   cfg,
		log:   cfg.Logger,
		rooms: make(map[string]*room),
		addrs: make(map[netip.Prefix]*addrUse),
		peers: make(map[*peer]struct{}),
	}
	rand.Read(s.key[:])
	s.noteTokens, s.noteLast = noteBurst, time.Now()
	size := cfg.MaxMessage + 1
	s.bufs.New = func() any { b := make([]byte, size); return &b }
	return s
}

// Config returns the limits in force.
func (s *Server) Config() Config { return s.cfg }

// tag is what the logs say for a room: a short keyed hash, the same for
// one room in one run of the server and no clue to the room id.
func (s *Server) tag(id string) string {
	h := hmac.New(sha256.New, s.key[:])
	h.Write([]byte(id))
	return hex.EncodeToString(h.Sum(nil)[:4])
}

// note logs a refusal or a close at level Info, at most noteBurst lines at
// once and noteRate a second on average, so that a flood of strangers
// cannot flood the log; the next line logged says how many were left out.
func (s *Server) note(msg string, args ...any) {
	s.noteMu.Lock()
	now := time.Now()
	s.noteTokens = min(noteBurst, s.noteTokens+now.Sub(s.noteLast).Seconds()*noteRate)
	s.noteLast = now
	if s.noteTokens < 1 {
		s.noteSkipped++
		s.noteMu.Unlock()
		return
	}
	s.noteTokens--
	skipped := s.noteSkipped
	s.noteSkipped = 0
	s.noteMu.Unlock()
	if skipped > 0 {
		args = append(args, "not_logged_before", skipped)
	}
	s.log.Info(msg, args...)
}

const noteRate, noteBurst = 10, 100

// clientAddr is the address the per-address limits count.
func (s *Server) clientAddr(r *http.Request) netip.Prefix {
	if s.cfg.RealIPHeader != "" {
		if v := r.Header.Get(s.cfg.RealIPHeader); v != "" {
			if i := strings.LastIndexByte(v, ','); i >= 0 {
				v = v[i+1:]
			}
			if a, err := netip.ParseAddr(strings.TrimSpace(v)); err == nil {
				return AddrGroup(a)
			}
		}
	}
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		return AddrGroup(ap.Addr())
	}
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	if a, err := netip.ParseAddr(host); err == nil {
		return AddrGroup(a)
	}
	return netip.Prefix{}
}

// ServeHTTP answers GET /relay/{room}: a bad room id gets 400 and a
// sentence, anything else is upgraded to a WebSocket and joins the room or
// is closed with the code that says why not.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id, err := roomFromPath(r.URL.Path)
	if err != nil {
		s.Metrics.refuse(ReasonBadRoom)
		http.Error(w, err.Error()+".", http.StatusBadRequest)
		return
	}
	// The http.Server's read and write deadlines are for requests, not for
	// a socket that lives for hours: net/http clears them when the socket
	// is hijacked (gobblet-server's TestRelaySocketsOutliveTheRequestTimeouts
	// checks it), and the relay keeps its own.
	p := &peer{s: s, addr: s.clientAddr(r)}
	p.tokens, p.last = float64(s.cfg.Burst), time.Now()
	c, err := websocket.Accept(w, r, s.acceptOptions(p))
	if err != nil {
		s.Metrics.refuse(ReasonHandshake)
		s.note("relay: refused a handshake", "room", s.tag(id), "error", err.Error())
		return
	}
	c.SetReadLimit(int64(s.cfg.MaxMessage) + 1) // the relay reads one byte more to see a message too big
	p.c = c
	rm, code, reason := s.join(p, id)
	if rm == nil {
		s.Metrics.refuse(reason)
		s.note("relay: refused a socket", "room", s.tag(id), "reason", reason, "addr", p.addr.String())
		p.closeWith(code, closeText(code))
		return
	}
	defer s.wg.Done()
	defer s.leave(p)
	p.serve()
}

func closeText(code websocket.StatusCode) string {
	switch code {
	case CodeRoomFull:
		return "room is full"
	case CodeAddress:
		return "too many connections from your address"
	case CodeServer:
		return "too many rooms on this server"
	case CodeIdle:
		return "idle too long"
	case CodeTooBig:
		return "message too big"
	case CodeRate:
		return "too many messages"
	case CodeRoomTime:
		return "room time limit reached"
	case CodeGoingAway:
		return "server is shutting down"
	}
	return ""
}

// join puts p in room id, or says why not (a close code and a reason).
func (s *Server) join(p *peer, id string) (*room, websocket.StatusCode, string) {
	for {
		rm, code, reason := s.reserve(p, id)
		if rm == nil {
			return nil, code, reason
		}
		rm.mu.Lock()
		if rm.dead { // emptied and taken out between reserve and here: try again
			rm.mu.Unlock()
			s.release(p, rm, false)
			continue
		}
		if len(rm.peers) >= 2 {
			rm.mu.Unlock()
			s.release(p, rm, false)
			return nil, CodeRoomFull, ReasonRoomFull
		}
		p.room = rm
		rm.peers = append(rm.peers, p)
		s.Metrics.Sockets.Add(1)
		s.Metrics.Accepted.Add(1)
		p.idle = time.AfterFunc(s.cfg.Idle, func() { p.close(CodeIdle, ReasonIdle) })
		if len(rm.peers) == 2 {
			s.Metrics.Pairs.Add(1)
			for _, q := range rm.peers {
				q.send(Paired)
			}
		}
		n := len(rm.peers)
		rm.mu.Unlock()
		s.log.Debug("relay: joined", "room", rm.tag, "sockets", n)
		return rm, 0, ""
	}
}

// reserve counts p against the server's and its address's limits, making
// the room if it is new. The caller holds a place in s.wg on success.
func (s *Server) reserve(p *peer, id string) (*room, websocket.StatusCode, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, CodeGoingAway, ReasonShutdown
	}
	use := s.addrs[p.addr]
	if use == nil {
		use = &addrUse{rooms: make(map[string]int)}
	}
	if s.cfg.MaxSocketsPerAddr >= 0 && use.sockets >= s.cfg.MaxSocketsPerAddr {
		return nil, CodeAddress, ReasonAddress
	}
	rm := s.rooms[id]
	if rm == nil && s.cfg.MaxRooms >= 0 && len(s.rooms) >= s.cfg.MaxRooms {
		return nil, CodeServer, ReasonServer
	}
	if use.rooms[id] == 0 && s.cfg.MaxRoomsPerAddr >= 0 && len(use.rooms) >= s.cfg.MaxRoomsPerAddr {
		return nil, CodeAddress, ReasonAddress
	}
	if rm == nil {
		rm = &room{id: id, tag: s.tag(id)}
		rm.timer = time.AfterFunc(s.cfg.RoomTime, func() { s.expire(rm) })
		s.rooms[id] = rm
		s.Metrics.Rooms.Add(1)
	}
	use.sockets++
	use.rooms[id]++
	s.addrs[p.addr] = use
	s.peers[p] = struct{}{}
	s.wg.Add(1)
	return rm, 0, ""
}

// release undoes reserve; with gone, p had joined the room and has left it.
func (s *Server) release(p *peer, rm *room, gone bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.peers, p)
	if use := s.addrs[p.addr]; use != nil {
		use.sockets--
		if use.rooms[rm.id]--; use.rooms[rm.id] <= 0 {
			delete(use.rooms, rm.id)
		}
		if use.sockets <= 0 {
			delete(s.addrs, p.addr)
		}
	}
	rm.mu.Lock()
	if len(rm.peers) == 0 && !rm.dead && s.rooms[rm.id] == rm {
		rm.dead = true
		rm.timer.Stop()
		delete(s.rooms, rm.id)
		s.Metrics.Rooms.Add(-1)
	}
	rm.mu.Unlock()
	if !gone {
		s.wg.Done()
	}
}

// leave takes p out of its room and tells the partner.
func (s *Server) leave(p *peer) {
	p.idle.Stop()
	p.c.CloseNow()
	rm := p.room
	rm.mu.Lock()
	for i, q := range rm.peers {
		if q == p {
			rm.peers = append(rm.peers[:i], rm.peers[i+1:]...)
			break
		}
	}
	s.Metrics.Sockets.Add(-1)
	if len(rm.peers) == 1 {
		s.Metrics.Pairs.Add(-1)
		rm.peers[0].send(Alone)
	}
	rm.mu.Unlock()
	s.release(p, rm, true)
	reason := "client"
	if r := p.reason.Load(); r != nil {
		reason = *r
	}
	s.log.Debug("relay: left", "room", rm.tag, "reason", reason)
}

// expire closes a room that reached its time limit.
func (s *Server) expire(rm *room) {
	rm.mu.Lock()
	peers := append([]*peer(nil), rm.peers...)
	rm.mu.Unlock()
	for _, p := range peers {
		go p.close(CodeRoomTime, ReasonRoomTime)
	}
}

// Shutdown closes every socket with 1001 (going away) and waits for them
// to be done, or for ctx. Sockets that come after it are refused.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	peers := make([]*peer, 0, len(s.peers))
	for p := range s.peers {
		peers = append(peers, p)
	}
	s.mu.Unlock()
	for _, p := range peers {
		go p.close(CodeGoingAway, ReasonShutdown)
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		for _, p := range peers {
			p.c.CloseNow()
		}
		return ctx.Err()
	}
}

// serve reads p's messages until its socket closes and passes the binary
// ones to its partner.
func (p *peer) serve() {
	s := p.s
	for {
		typ, rd, err := p.c.Reader(context.Background())
		if err != nil {
			return
		}
		// A buffer from the pool only while a message is passed on: a
		// waiting socket holds none.
		bp := s.bufs.Get().(*[]byte)
		if !p.pass(typ, rd, *bp) {
			s.bufs.Put(bp)
			return
		}
		s.bufs.Put(bp)
	}
}

// pass reads one message into buf and passes it on; false: p is closed.
func (p *peer) pass(typ websocket.MessageType, rd io.Reader, buf []byte) bool {
	s := p.s
	n, err := io.ReadFull(rd, buf)
	switch {
	case n > s.cfg.MaxMessage:
		p.close(CodeTooBig, ReasonTooBig)
		return false
	case err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF):
		return false
	}
	start := time.Now()
	p.idle.Reset(s.cfg.Idle)
	s.Metrics.Received.Add(1)
	s.Metrics.BytesIn.Add(int64(n))
	if !p.take() {
		p.close(CodeRate, ReasonRate)
		return false
	}
	if typ != websocket.MessageBinary {
		s.Metrics.Dropped.Add(1)
		return true
	}
	to := p.partner()
	if to == nil {
		s.Metrics.Dropped.Add(1)
		return true
	}
	if err := to.write(websocket.MessageBinary, buf[:n]); err != nil {
		return true // the partner is gone or stuck (and closed): this one stays
	}
	s.Metrics.observeForward(time.Since(start))
	s.Metrics.Relayed.Add(1)
	s.Metrics.BytesRelayed.Add(int64(n))
	return true
}

// take takes one message's place in p's rate: false when there is none.
func (p *peer) take() bool {
	rate := p.s.cfg.Rate
	if rate <= 0 {
		return true
	}
	p.rateMu.Lock()
	defer p.rateMu.Unlock()
	now := time.Now()
	p.tokens = min(float64(p.s.cfg.Burst), p.tokens+now.Sub(p.last).Seconds()*rate)
	p.last = now
	if p.tokens < 1 {
		return false
	}
	p.tokens--
	return true
}

func (p *peer) partner() *peer {
	rm := p.room
	rm.mu.Lock()
	defer rm.mu.Unlock()
	for _, q := range rm.peers {
		if q != p {
			return q
		}
	}
	return nil
}

// write passes one message to p; a socket that does not take it within the
// write timeout is closed.
func (p *peer) write(typ websocket.MessageType, b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), p.s.cfg.WriteTimeout)
	defer cancel()
	err := p.c.Write(ctx, typ, b)
	if err != nil && ctx.Err() != nil {
		p.closeOnce.Do(func() { p.reason.Store(&stuck); p.s.Metrics.refuse(ReasonStuck) })
		p.c.CloseNow()
	}
	return err
}

var stuck = ReasonStuck

func (p *peer) send(text string) { p.write(websocket.MessageText, []byte(text)) }

// close closes p's socket with a code of the relay, once, counting why.
func (p *peer) close(code websocket.StatusCode, reason string) {
	first := false
	p.closeOnce.Do(func() { first = true; p.reason.Store(&reason) })
	if !first {
		return
	}
	p.s.Metrics.refuse(reason)
	if reason != ReasonShutdown && p.room != nil {
		p.s.note("relay: closed a socket", "room", p.room.tag, "reason", reason)
	}
	p.closeWith(code, closeText(code))
}

// closeWith closes the socket with a code and a reason, waiting for the
// other side's answer at most CloseWait.
func (p *peer) closeWith(code websocket.StatusCode, text string) {
	t := time.AfterFunc(p.s.cfg.CloseWait, func() { p.c.CloseNow() })
	defer t.Stop()
	p.c.Close(code, text)
}
