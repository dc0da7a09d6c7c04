package netplay

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// HostConfig is what the host chooses.
type HostConfig struct {
	Variant rules.Variant
	Colour  rules.Player // the host's colour in the first game; x moves first
	// Listen is the TCP address to listen on: "" for every interface and a
	// free port, ":7777" for a fixed port. Tests use "127.0.0.1:0".
	Listen string
	// Advertise is the address written in the room code. Zero: the listen
	// address when it names one, else this computer's address on the local
	// network.
	Advertise netip.Addr
	// Secret is the room's secret; zero draws a random one.
	Secret Secret
	Limits Limits
}

// Host opens a room: it listens at once and returns the session, whose Code
// the host reads to the joiner. Started arrives when a joiner has proved the
// code; joiners that fail are turned away with a Notice, and the room keeps
// waiting. While a game runs, any further joiner is turned away.
func Host(cfg HostConfig) (*Session, error) {
	if cfg.Variant != rules.Classic && cfg.Variant != rules.Gobblers {
		return nil, fmt.Errorf("host: unknown variant %v", cfg.Variant)
	}
	if cfg.Secret == (Secret{}) {
		var err error
		if cfg.Secret, err = NewSecret(); err != nil {
			return nil, fmt.Errorf("host: %w", err)
		}
	}
	listen := cfg.Listen
	if listen == "" {
		listen = ":0"
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return nil, withWhy(fmt.Errorf("host: listen on %s: %w", listen, err), Why{Kind: WhyCannotListen, Addr: listen})
	}
	at, err := netip.ParseAddrPort(ln.Addr().String())
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("host: read the listening address %s: %w", ln.Addr(), err)
	}
	adv := cfg.Advertise
	if !adv.IsValid() {
		adv = at.Addr()
		if adv.IsUnspecified() {
			adv = localAddr()
		}
	}
	s := newSession(true, cfg.Limits)
	s.code = RoomCode{Host: netip.AddrPortFrom(adv.Unmap(), at.Port()), Secret: cfg.Secret}
	s.addr = ln.Addr().String()
	if _, err := s.code.payload(); err != nil {
		ln.Close()
		return nil, withWhy(fmt.Errorf("host: %w", err), Why{Kind: WhyNoAddress, Addr: s.code.Host.Addr().Unmap().String()})
	}
	h := &room{
		s: s, ln: ln, cfg: cfg, gate: newGate(s.limits),
		arrivals: make(chan *link), quit: make(chan struct{}),
		notices: newBucket(1, 10), inGameNotices: newBucket(1.0/60, 1),
	}
	s.wg.Add(1)
	go h.accept()
	go h.run()
	return s, nil
}

// room is the host's side: a listener, the joiners being greeted, and the
// game once one of them proved the code.
type room struct {
	s        *Session
	ln       net.Listener
	cfg      HostConfig
	gate     *gate
	arrivals chan *link    // the joiner that proved the code, to the loop
	taken    atomic.Bool   // a joiner has claimed the room
	quit     chan struct{} // closed when the room's loop has ended

	// Notices about turned-away joiners are rate limited, so that a storm
	// of connections cannot flood the GUI.
	noticeMu      sync.Mutex
	notices       *bucket
	inGameNotices *bucket
}

func (h *room) notice(text string, why Why) {
	h.noticeMu.Lock()
	ok := h.notices.take(time.Now())
	h.noticeMu.Unlock()
	if ok {
		h.s.out.put(Notice{Text: text, Why: why})
	}
}

func (h *room) run() {
	defer h.s.finish()
	defer close(h.quit)
	defer h.ln.Close()
	for {
		select {
		case l := <-h.arrivals:
			h.s.play(l, h.cfg.Variant, h.cfg.Colour)
			return
		case <-h.s.cmds.wake:
			h.s.rejectWaiting()
		case <-h.s.closing:
			h.s.out.put(Disconnected{Reason: "You closed the room before anyone joined.", Why: Why{Kind: WhyYouClosed}, Clean: true})
			return
		}
	}
}

// accept greets every connection, each in its own goroutine, under the
// gate's rules, and turns every one away at once when the room is taken.
func (h *room) accept() {
	defer h.s.wg.Done()
	for {
		c, err := h.ln.Accept()
		if errors.Is(err, net.ErrClosed) {
			return // closed with the room
		}
		if err != nil { // out of files, say: wait, and try again
			select {
			case <-h.quit:
				return
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		l := newLink(c, h.s.limits)
		if h.taken.Load() {
			h.turnAway(l, "Someone tried to join; the game has already begun, so they were turned away.", Why{Kind: WhyJoinerInGame})
			continue
		}
		// The deadline is set before the gate can drop the greeting, and
		// covers all of it: dripping bytes does not extend it.
		c.SetDeadline(time.Now().Add(h.s.limits.Handshake))
		addr := remoteAddr(c)
		st := h.gate.admit(l, addr)
		h.s.wg.Add(1)
		go func() {
			defer h.s.wg.Done()
			defer h.gate.leave(st)
			h.greet(l, st)
		}()
	}
}

// remoteAddr is who the gate counts a connection against (see gateKey).
func remoteAddr(c net.Conn) netip.Addr {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}
	}
	return gateKey(ap.Addr())
}

// gateKey is an IPv4 address itself, or an IPv6 address's /64 network,
// since one IPv6 host usually holds a whole /64 and could otherwise be
// millions of strangers.
func gateKey(a netip.Addr) netip.Addr {
	a = a.Unmap().WithZone("")
	if a.Is6() {
		if p, err := a.Prefix(64); err == nil {
			return p.Addr()
		}
	}
	return a
}

// turnAway refuses a connection while a game runs. Its notice comes first
// and at most once a minute, so that strangers cannot keep the status line
// of a game busy.
func (h *room) turnAway(l *link, notice string, why Why) {
	h.noticeMu.Lock()
	ok := h.inGameNotices.take(time.Now())
	h.noticeMu.Unlock()
	if ok {
		h.s.out.put(Notice{Text: notice, Why: why})
	}
	h.s.wg.Add(1)
	go func() {
		defer h.s.wg.Done()
		l.conn.SetWriteDeadline(time.Now().Add(min(l.limits.Write, time.Second)))
		l.conn.Write([]byte(refuseTaken.String() + "\n"))
		l.conn.Close()
	}()
}

// greet runs the handshake with one joiner and hands it to the loop.
func (h *room) greet(l *link, st *stranger) {
	g := hostGreeting{
		secret:       h.cfg.Secret,
		variant:      h.cfg.Variant,
		joinerColour: h.cfg.Colour.Other(),
		progress:     func(p progress) { h.gate.advance(st, p) },
		refuseNow:    func() *message { return h.gate.refuseNow(st.addr, time.Now()) },
		failed:       func() { h.gate.fail(st.addr, time.Now()) },
		proven:       func() bool { return h.gate.proven(st) },
		claim:        func() bool { return h.taken.CompareAndSwap(false, true) },
	}
	// The greeting must not outlive the room.
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		select {
		case <-h.quit:
			l.conn.SetDeadline(time.Now())
		case <-stop:
		}
	}()
	if r := greetJoiner(l, g); r != nil {
		if len(r.answers) > 0 {
			l.conn.SetWriteDeadline(time.Now().Add(min(l.limits.Write, time.Second)))
			l.sendAll(r.answers)
		} else if r.tell != "" {
			l.bye(r.tell)
		}
		l.conn.Close()
		if r.reason != "" {
			h.notice(r.reason, r.why)
		}
		return
	}
	select {
	case h.arrivals <- l:
	case <-h.quit:
		l.bye("")
		l.conn.Close()
	}
}

// localAddr guesses this computer's address on the local network, for the
// room code: a private IPv4 address first, then any other global one.
func localAddr() netip.Addr {
	var best netip.Addr
	rank := func(a netip.Addr) int {
		switch {
		case a.Is4() && a.IsPrivate():
			return 3
		case a.Is4() && a.IsGlobalUnicast():
			return 2
		case a.IsGlobalUnicast():
			return 1
		}
		return 0
	}
	ifaces, _ := net.Interfaces()
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip, ok := netip.AddrFromSlice(n.IP)
			if !ok {
				continue
			}
			ip = ip.Unmap()
			if rank(ip) > rank(best) {
				best = ip
			}
		}
	}
	if !best.IsValid() || rank(best) == 0 {
		return netip.AddrFrom4([4]byte{127, 0, 0, 1})
	}
	return best
}
