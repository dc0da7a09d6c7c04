package main

import (
	"net"
	"net/netip"
	"sync"

	"github.com/gobblet-game/gobblet/internal/relay"
)

// limitListener closes at once a connection from an address (IPv6 by /64)
// that already has max open: one stranger cannot hold the server's file
// descriptors with idle connections. max <= 0 means no limit.
func limitListener(ln net.Listener, max int) net.Listener {
	if max <= 0 {
		return ln
	}
	return &limitedListener{Listener: ln, max: max, open: make(map[netip.Prefix]int)}
}

type limitedListener struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[netip.Prefix]int
}

func (l *limitedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil {
			return c, nil
		}
		key := relay.AddrGroup(ap.Addr())
		l.mu.Lock()
		if l.open[key] >= l.max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[key]++
		l.mu.Unlock()
		return &limitedConn{Conn: c, l: l, key: key}, nil
	}
}

type limitedConn struct {
	net.Conn
	l    *limitedListener
	key  netip.Prefix
	once sync.Once
}

func (c *limitedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.key]--; c.l.open[c.key] <= 0 {
			delete(c.l.open, c.key)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}
