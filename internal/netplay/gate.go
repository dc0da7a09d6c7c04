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
// Greetings are not a hard cap on accepting: every connection is greeted.
// Up to PendingJoins greetings (1,024) wait at once, at most
// PendingPerAddress (4) from one address. Past the address's cap a
// newcomer takes the place of that address's own least advanced greeting,
// so reconnecting from one address only ever crowds out itself. Past the
// room's cap it takes the place of a greeting of the address with the most
// waiting, the least advanced of them (no hello, then a hello awaiting its
// proof), oldest first. So the pool only overflows when more than 256
// addresses hold greetings, and the partner's greeting, one of its
// address's, goes only after every address holds just one: an attacker
// needs over 1,024 addresses (an IPv6 /64 counts as one), and even then
// must push 1,024 greetings through during the partner's round trip, all
// of them newer than its hello. A greeting that has not proved the secret
// within Limits.Handshake is dropped. A waiting greeting costs the host
// about 10 KB (BenchmarkPendingGreeting): the whole pool, 10 MB at most.
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
	count   map[netip.Addr]int
	strikes map[netip.Addr]*strikes
}

// stranger is one unproven greeting.
type stranger struct {
	l        *link
	addr     netip.Addr
	progress progress
	dropped  bool // it made way for a newer one
}

// progress is how far a greeting got; the least advanced make way first.
type progress int

const (
	connected progress = iota // nothing yet
	helloed                   // its hello arrived; the host's answer is on its way
	proving                   // its proof arrived and is being checked
)

// strikes are an address's wrong proofs.
type strikes struct {
	wrong int
	until time.Time // no proof is checked before this
}

func newGate(l Limits) *gate {
	return &gate{limits: l, count: make(map[netip.Addr]int), strikes: make(map[netip.Addr]*strikes)}
}

// admit lets a new connection be greeted, dropping an older unproven one
// when too many wait.
func (g *gate) admit(l *link, addr netip.Addr) *stranger {
	g.mu.Lock()
	defer g.mu.Unlock()
	var victim *stranger
	if g.count[addr] >= g.limits.PendingPerAddress {
		victim = g.leastAdvanced(func(s *stranger) bool { return s.addr == addr })
	} else if len(g.waiting) >= g.limits.PendingJoins {
		most := 0
		for _, n := range g.count {
			most = max(most, n)
		}
		victim = g.leastAdvanced(func(s *stranger) bool { return g.count[s.addr] == most })
	}
	if victim != nil {
		victim.dropped = true
		victim.l.conn.Close()
		g.remove(victim)
	}
	s := &stranger{l: l, addr: addr}
	g.waiting = append(g.waiting, s)
	g.count[addr]++
	return s
}

// leastAdvanced is the oldest of the least advanced greetings that are
// among: the one to drop.
func (g *gate) leastAdvanced(among func(*stranger) bool) *stranger {
	var victim *stranger
	for _, s := range g.waiting { // oldest first
		if among(s) && (victim == nil || s.progress < victim.progress) {
			victim = s
		}
	}
	return victim
}

func (g *gate) remove(s *stranger) {
	i := slices.Index(g.waiting, s)
	if i < 0 {
		return
	}
	g.waiting = slices.Delete(g.waiting, i, i+1)
	if g.count[s.addr]--; g.count[s.addr] <= 0 {
		delete(g.count, s.addr)
	}
}

// advance marks that s got as far as p.
func (g *gate) advance(s *stranger, p progress) {
	g.mu.Lock()
	s.progress = max(s.progress, p)
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
