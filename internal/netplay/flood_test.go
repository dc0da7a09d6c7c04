package netplay

import (
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/rules"
)

// Tests of the two attacks on a room found from outside (issue 22): wrong
// codes from many addresses, and many addresses that greet and fall silent.
// Strangers come from many loopback addresses (127.1.x.y): on Linux the
// whole of 127.0.0.0/8 is this machine.

// strangerAddr is the loopback address of stranger i, or nil where the
// system does not give every 127.x.y.z address to this machine.
func strangerAddr(t testing.TB, i int) *net.TCPAddr {
	t.Helper()
	a := &net.TCPAddr{IP: net.IPv4(127, 1, byte(i>>8), byte(i&0xff)+1)}
	ln, err := net.ListenTCP("tcp", &net.TCPAddr{IP: a.IP})
	if err != nil {
		t.Skipf("this system has no loopback address %v: %v", a.IP, err)
	}
	ln.Close()
	return a
}

// dialFrom connects to addr from the local address from.
func dialFrom(from *net.TCPAddr, addr string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: from, Timeout: 2 * time.Second}
	return d.Dial("tcp", addr)
}

// tryCodeFrom greets the host from the local address from with secret and
// returns what the joiner's player is told ("" when the game starts).
func tryCodeFrom(from *net.TCPAddr, addr string, secret Secret) string {
	c, err := dialFrom(from, addr)
	if err != nil {
		return "could not connect: " + err.Error()
	}
	defer c.Close()
	_, _, r := greetHost(newLink(c, testLimits), secret, nil)
	if r == nil {
		return ""
	}
	return r.reason
}

// Three wrong codes from each of 34 addresses, and then as many again, do
// not close the room (they once did, in 0.12 s): each address is made to
// wait, and the partner who knows the code gets in.
func TestWrongCodesFromManyAddressesDoNotCloseTheRoom(t *testing.T) {
	l := testLimits
	l.Backoff = time.Minute // however slow the machine, the fourth try comes within the wait
	h := host(t, rules.Classic, rules.X, l)
	wrong := h.Code().Secret
	wrong[1] ^= 8
	froms := make([]*net.TCPAddr, 68)
	for i := range froms {
		froms[i] = strangerAddr(t, i)
	}
	var wg sync.WaitGroup
	told := make([][]string, len(froms))
	turns := make(chan struct{}, 8) // 8 strangers at once
	for i, from := range froms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			turns <- struct{}{}
			defer func() { <-turns }()
			for range 3 {
				told[i] = append(told[i], tryCodeFrom(from, h.Addr(), wrong))
			}
		}()
	}
	wg.Wait()
	for i, said := range told {
		for k, s := range said {
			if !strings.Contains(s, "room code is wrong") && !strings.Contains(s, "wait a minute") {
				t.Errorf("stranger %d, try %d: told %q", i, k+1, s)
			}
		}
	}
	// Each address has used its quick tries: the next must wait.
	for _, from := range froms[:3] {
		if got := tryCodeFrom(from, h.Addr(), wrong); !strings.Contains(got, "wait a minute") {
			t.Errorf("a fourth wrong code from %v was told %q, want to wait", from.IP, got)
		}
	}
	start := time.Now()
	j := join(t, JoinConfig{Code: h.Code().String()})
	awaitWithin[Started](t, j, 30*time.Second)
	awaitWithin[Started](t, h, 30*time.Second)
	t.Logf("after %d wrong codes from %d addresses the partner got in after %v", 3*len(froms), len(froms), time.Since(start))
}
