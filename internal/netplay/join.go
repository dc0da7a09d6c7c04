package netplay

import (
	"context"
	"fmt"
	"net"
	"net/netip"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// JoinConfig is what the joiner types.
type JoinConfig struct {
	// Code is the room code. With Addr set it may instead be the secret
	// alone (9 characters), as printed by a host started from the command
	// line.
	Code string
	// Addr, when set, is the host's address and port ("192.168.1.20:7777")
	// and overrides the address in Code.
	Addr string
	// Expect, when set, is the only variant this joiner will play.
	Expect *rules.Variant
	Limits Limits
}

// Join reads the code at once (a typo is an error here, before any
// network) and then connects in the background: Started arrives when the
// host has proved the code and the game begins, Disconnected if not.
func Join(cfg JoinConfig) (*Session, error) {
	var code RoomCode
	addr := cfg.Addr
	if addr == "" {
		c, err := ParseRoomCode(cfg.Code)
		if err != nil {
			return nil, fmt.Errorf("join: %w", err)
		}
		code, addr = c, c.Host.String()
	} else {
		sec, err := ParseSecret(cfg.Code)
		if err != nil {
			return nil, fmt.Errorf("join %s: %w", addr, err)
		}
		code.Secret = sec
		if ap, err := netip.ParseAddrPort(addr); err == nil {
			code.Host = ap
		}
	}
	s := newSession(false, cfg.Limits)
	s.code = code
	go func() {
		defer s.finish()
		s.join(addr, code.Secret, cfg.Expect)
	}()
	return s, nil
}

func (s *Session) join(addr string, secret Secret, expect *rules.Variant) {
	ctx, cancel := context.WithTimeout(context.Background(), s.limits.Handshake)
	defer cancel()
	stop := make(chan struct{})
	defer close(stop)
	go func() { // Close cancels the dial and the greeting
		select {
		case <-s.closing:
			cancel()
		case <-stop:
		}
	}()
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		if ctx.Err() != nil && isClosed(s.closing) {
			s.out.put(Disconnected{Reason: "You stopped joining.", Why: Why{Kind: WhyYouStopped}, Clean: true})
			return
		}
		reason, why := dialFailure(addr, err)
		s.out.put(Disconnected{Reason: reason, Why: why, Err: err})
		return
	}
	l := newLink(c, s.limits)
	greeted := make(chan struct{})
	go func() {
		select {
		case <-s.closing:
			c.Close()
		case <-greeted:
		}
	}()
	v, me, r := greetHost(l, secret, expect)
	close(greeted)
	if r != nil {
		d := Disconnected{Reason: r.reason, Why: r.why, Err: r.err, Clean: r.err == nil && r.tell == ""}
		if isClosed(s.closing) {
			r.tell = ""
			d = Disconnected{Reason: "You stopped joining.", Why: Why{Kind: WhyYouStopped}, Clean: true}
		}
		if r.tell != "" {
			l.bye(r.tell)
		}
		c.Close()
		s.out.put(d)
		return
	}
	s.play(l, v, me)
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
