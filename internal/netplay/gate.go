package netplay

import (
	"net/netip"
	"slices"
	"sync"
	"time"
)

// gate decides which strangers the host greets, and for how long, so that
// nobody can keep the partner out and nobody can guess the secret.
//
// Greetings are not a hard cap on accepting: every connection is greeted,
// and when too many unproven ones wait, the newcomer takes the place of one
// that made the least progress (no hello yet before one that sent it),
// oldest first, from the address with the most waiting, so that a
// flood from one address only ever crowds out itself. A greeting that has
// not proved the secret within Limits.Handshake is dropped. The partner's
// greeting takes one round trip; a stranger's that drips bytes never gets
// past its hello, and goes first.
//
// Guessing the secret: it has 40 bits (SecretBytes), 2^40 ≈ 1.1e12 codes.
// After FailuresPerAddress wrong proofs an address must wait before each
// further try: Backoff, doubled after each wrong one, up to BackoffMax (one
// minute), so at most about 60 tries an hour per address. Wrong proofs
// never close the room: a cap on them in all (once 100) let 34 addresses
// close any room in a tenth of a second. So one address at 60 an hour tries
// 1,440 codes a day, a chance of 1.3e-9 a day that one is right; 10,000
// addresses (an IPv6 /64 counts as one) have 1.3e-5 a day, and need on
// average 2^39 / 600,000 hours ≈ 100 years to find it. A room lives for one
// game's wait, usually minutes. (Before this gate, one address could try
// about 6,700 codes a second: half the codes in about 2.6 years.)
type gate struct {
	mu      sync.Mutex
	limits  Limits
	waiting []*stranger // unproven greetings, oldest first
	strikes map[netip.Addr]*strikes
}

// stranger is one unproven greeting.
type stranger struct {
	l       *link
	addr    netip.Addr
	greeted bool // its hello arrived
	dropped bool // it made way for a newer one
}

// strikes are an address's wrong proofs.
type strikes struct {
	wrong int
	until time.Time // no proof is checked before this
}

func newGate(l Limits) *gate {
	return &gate{limits: l, strikes: make(map[netip.Addr]*strikes)}
}

// admit lets a new connection be greeted, dropping an older unproven one
// when too many wait.
func (g *gate) admit(l *link, addr netip.Addr) *stranger {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := &stranger{l: l, addr: addr}
	var victim *stranger
	if g.count(addr) >= g.limits.PendingPerAddress {
		victim = g.leastAdvanced(addr)
	} else if len(g.waiting) >= g.limits.PendingJoins {
		victim = g.leastAdvanced(g.busiest())
	}
	if victim != nil {
		victim.dropped = true
		victim.l.conn.Close()
		g.remove(victim)
	}
	g.waiting = append(g.waiting, s)
	return s
}

func (g *gate) count(addr netip.Addr) int {
	n := 0
	for _, s := range g.waiting {
		if s.addr == addr {
			n++
		}
	}
	return n
}

// busiest is the address with the most unproven greetings.
func (g *gate) busiest() netip.Addr {
	var best netip.Addr
	most := 0
	for _, s := range g.waiting {
		if n := g.count(s.addr); n > most {
			best, most = s.addr, n
		}
	}
	return best
}

// leastAdvanced is the address's oldest greeting without a hello, or else
// its oldest.
func (g *gate) leastAdvanced(addr netip.Addr) *stranger {
	var oldest *stranger
	for _, s := range g.waiting {
		if s.addr != addr {
			continue
		}
		if !s.greeted {
			return s
		}
		if oldest == nil {
			oldest = s
		}
	}
	return oldest
}

func (g *gate) remove(s *stranger) {
	if i := slices.Index(g.waiting, s); i >= 0 {
		g.waiting = slices.Delete(g.waiting, i, i+1)
	}
}

// greeted marks that s sent its hello.
func (g *gate) greeted(s *stranger) {
	g.mu.Lock()
	s.greeted = true
	g.mu.Unlock()
}

// leave ends s's greeting, whatever came of it.
func (g *gate) leave(s *stranger) {
	g.mu.Lock()
	g.remove(s)
	g.mu.Unlock()
}

// proven takes s off the list of strangers: false if it was dropped first.
func (g *gate) proven(s *stranger) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.remove(s)
	return !s.dropped
}

// refuseNow says why a proof from addr is not checked now: nil when it is
// checked, else refuse wait.
func (g *gate) refuseNow(addr netip.Addr, now time.Time) *message {
	g.mu.Lock()
	defer g.mu.Unlock()
	if st := g.strikes[addr]; st != nil && now.Before(st.until) {
		return &refuseWait
	}
	return nil
}

// fail counts a wrong proof from addr, which then may have to wait.
func (g *gate) fail(addr netip.Addr, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.strikes[addr]
	if st == nil {
		st = &strikes{}
		g.strikes[addr] = st
	}
	st.wrong++
	if over := st.wrong - g.limits.FailuresPerAddress; over >= 0 {
		wait := g.limits.Backoff << min(over, 20)
		st.until = now.Add(min(wait, g.limits.BackoffMax))
	}
}
