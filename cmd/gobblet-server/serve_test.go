//go:build !js

package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobblet-game/gobblet/internal/relay"
)

const wait = 20 * time.Second

func webDir(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>gobblet</html>"), 0o644)
	os.WriteFile(filepath.Join(dir, ".htpasswd"), []byte("secret"), 0o644)
	os.Mkdir(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, "assets", "a.png"), []byte("png"), 0o644)
	return dir
}

// running starts gobblet-server with args on a loopback port and returns
// its address and a function that stops it and returns run's error.
func running(t *testing.T, args ...string) (string, func() error) {
	t.Helper()
	o, err := parseFlags(append([]string{"-addr", "127.0.0.1:0"}, args...))
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(o, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	a.onListen = func(s string) { addr <- s }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.run(ctx) }()
	var got string
	select {
	case got = <-addr:
	case err := <-done:
		t.Fatalf("run: %v", err)
	}
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		return <-done
	}
	t.Cleanup(func() { stop() })
	return got, stop
}

func fetch(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func dial(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func read(t *testing.T, c *websocket.Conn) (websocket.MessageType, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	typ, b, err := c.Read(ctx)
	return typ, string(b), err
}

func TestServesTheGameTheRelayHealthAndMetrics(t *testing.T) {
	addr, _ := running(t, "-web", webDir(t))
	base := "http://" + addr
	if code, body, h := fetch(t, base+"/"); code != 200 || body != "<html>gobblet</html>" || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Errorf("/: %d %q %v", code, body, h)
	}
	for _, p := range []string{"/.htpasswd", "/assets/", "/assets", "/nothing"} {
		if code, body, _ := fetch(t, base+p); code != 404 || strings.Contains(body, "secret") || strings.Contains(body, "a.png") {
			t.Errorf("%s: %d %q", p, code, body)
		}
	}
	if code, body, _ := fetch(t, base+"/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body, _ := fetch(t, base+"/relay/bad"); code != 400 {
		t.Errorf("/relay/bad: %d %q", code, body)
	}
	a := dial(t, "ws://"+addr+"/relay/server-test-1")
	b := dial(t, "ws://"+addr+"/relay/server-test-1")
	for _, c := range []*websocket.Conn{a, b} {
		if typ, msg, err := read(t, c); typ != websocket.MessageText || msg != relay.Paired {
			t.Fatalf("got %v %q %v, want paired", typ, msg, err)
		}
	}
	if err := a.Write(context.Background(), websocket.MessageBinary, []byte("move")); err != nil {
		t.Fatal(err)
	}
	if typ, msg, err := read(t, b); typ != websocket.MessageBinary || msg != "move" {
		t.Fatalf("got %v %q %v", typ, msg, err)
	}
	code, body, h := fetch(t, base+"/metrics")
	if code != 200 || !strings.Contains(body, "gobblet_relay_rooms 1\n") || !strings.HasPrefix(h.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Errorf("/metrics: %d %v\n%s", code, h, body)
	}
}

func TestRelayOnly(t *testing.T) {
	addr, _ := running(t, "-web", "")
	if code, _, _ := fetch(t, "http://"+addr+"/"); code != 404 {
		t.Errorf("/: %d", code)
	}
	dial(t, "ws://"+addr+"/relay/relay-only-1")
}

func TestSeparateMetricsAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	maddr := ln.Addr().String()
	ln.Close()
	addr, _ := running(t, "-web", "", "-metrics-addr", maddr)
	if code, _, _ := fetch(t, "http://"+addr+"/metrics"); code != 404 {
		t.Errorf("/metrics on the public address: %d", code)
	}
	if code, body, _ := fetch(t, "http://"+maddr+"/metrics"); code != 200 || !strings.Contains(body, "gobblet_relay_sockets 0") {
		t.Errorf("/metrics: %d %q", code, body)
	}
}

func TestGracefulShutdownClosesSocketsWith1001(t *testing.T) {
	addr, stop := running(t, "-web", "")
	a := dial(t, "ws://"+addr+"/relay/shutdown-1")
	b := dial(t, "ws://"+addr+"/relay/shutdown-1")
	read(t, a)
	read(t, b)
	if err := stop(); err != nil {
		t.Fatalf("run: %v", err)
	}
	for _, c := range []*websocket.Conn{a, b} {
		for {
			_, _, err := read(t, c)
			if err != nil {
				if websocket.CloseStatus(err) != websocket.StatusGoingAway {
					t.Errorf("closed with %v, want 1001", err)
				}
				break
			}
		}
	}
	if _, err := net.DialTimeout("tcp", addr, wait); err == nil {
		t.Error("still listening after the shutdown")
	}
}

func TestRefusesAWebFolderWithoutIndex(t *testing.T) {
	o, err := parseFlags([]string{"-web", t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = newApp(o, slog.Default())
	if err == nil || !strings.Contains(err.Error(), "has no index.html") || !strings.Contains(err.Error(), "make web") {
		t.Errorf("got %v", err)
	}
}

func TestFlagsSayWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-tls-cert", "a.pem"}, "go together"},
		{[]string{"-tls-cert", "a", "-tls-key", "b", "-acme-domain", "x.example"}, "not both"},
		{[]string{"-max-message", "0"}, "-max-message"},
		{[]string{"-idle", "0s"}, "positive"},
		{[]string{"-log-format", "xml"}, "text or json"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		_, err := parseFlags(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	o, err := parseFlags([]string{"-max-rooms", "0", "-rate", "0"})
	if err != nil || o.relay.MaxRooms >= 0 || o.relay.Rate >= 0 {
		t.Errorf("0 is no limit: %+v %v", o.relay, err)
	}
}

func TestConnectionsPerAddressAreLimited(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := limitListener(inner, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	s1, s2 := <-accepted, <-accepted
	// The third was closed by the listener: reading it ends.
	clients[2].SetReadDeadline(time.Now().Add(wait))
	if _, err := clients[2].Read(make([]byte, 1)); err == nil {
		t.Error("the third connection was kept")
	}
	s1.Close()
	c4, err := net.Dial("tcp", inner.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c4.Close()
	s4 := <-accepted // a place freed: the next is accepted
	s4.Close()
	s2.Close()
}

// selfSigned writes a certificate for 127.0.0.1 and its key, and returns
// their files and a pool that trusts it.
func selfSigned(t *testing.T) (string, string, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "gobblet test"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

func TestTLSServesHTTPSAndWSS(t *testing.T) {
	certFile, keyFile, pool := selfSigned(t)
	addr, _ := running(t, "-web", webDir(t), "-tls-cert", certFile, "-tls-key", keyFile)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true}
	client := &http.Client{Transport: tr}
	resp, err := client.Get("https://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Proto != "HTTP/1.1" {
		t.Errorf("https: %d %s (want 200 over HTTP/1.1: relay sockets are HTTP/1.1 upgrades)", resp.StatusCode, resp.Proto)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	opts := &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}}
	var conns []*websocket.Conn
	for range 2 {
		c, _, err := websocket.Dial(ctx, "wss://"+addr+"/relay/tls-room-1", opts)
		if err != nil {
			t.Fatalf("wss: %v", err)
		}
		defer c.CloseNow()
		conns = append(conns, c)
	}
	for _, c := range conns {
		if _, msg, err := c.Read(ctx); err != nil || string(msg) != relay.Paired {
			t.Fatalf("wss: %q %v", msg, err)
		}
	}
	// Plain http to the TLS port is not served.
	if r, err := http.Get("http://" + addr + "/"); err == nil {
		r.Body.Close()
		if r.StatusCode == 200 {
			t.Error("plain http served on the TLS port")
		}
	}
}

func TestTLSFilesMissingSayWhich(t *testing.T) {
	o, err := parseFlags([]string{"-addr", "127.0.0.1:0", "-web", "", "-tls-cert", "/nonexistent/cert.pem", "-tls-key", "/nonexistent/key.pem"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(o, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	err = a.run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/cert.pem") {
		t.Errorf("got %v", err)
	}
}

func TestGreetingDeadlineClosesSilentConnections(t *testing.T) {
	addr, _ := running(t, "-web", "", "-greeting", "200ms")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Write([]byte("GET /relay/greeting-1 HTTP/1.1\r\nHost: x\r\n")) // and never the end of the headers
	c.SetReadDeadline(time.Now().Add(wait))
	_, err = io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server kept a connection that never finished its request")
	}
}

func TestRelaySocketsOutliveTheRequestTimeouts(t *testing.T) {
	// The request timeouts are for requests: a relay socket, hijacked,
	// lives on past them.
	addr, _ := running(t, "-web", "", "-read-timeout", "100ms", "-write-timeout", "100ms", "-idle-timeout", "100ms")
	a := dial(t, "ws://"+addr+"/relay/timeouts-1")
	b := dial(t, "ws://"+addr+"/relay/timeouts-1")
	read(t, a)
	read(t, b)
	time.Sleep(500 * time.Millisecond) // well past every request timeout
	for i, pair := range [][2]*websocket.Conn{{a, b}, {b, a}} {
		if err := pair[0].Write(context.Background(), websocket.MessageBinary, []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
		if typ, msg, err := read(t, pair[1]); err != nil || typ != websocket.MessageBinary || msg != string([]byte{byte(i)}) {
			t.Fatalf("after the timeouts: %v %q %v", typ, msg, err)
		}
	}
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestACMEListenerRedirectsToHTTPS(t *testing.T) {
	// No certificate authority is reached: only the http-01 listener is
	// asked, which answers challenges it has none of with 404 and sends
	// everything else to https.
	httpAddr := freePort(t)
	running(t, "-web", "", "-acme-domain", "gobblet.example.org", "-acme-cache", t.TempDir(), "-acme-http", httpAddr)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest("GET", "http://"+httpAddr+"/some/page", nil)
	req.Host = "gobblet.example.org"
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode/100 != 3 || loc != "https://gobblet.example.org/some/page" {
		t.Errorf("plain http: %d, Location %q", resp.StatusCode, loc)
	}
	req, _ = http.NewRequest("GET", "http://"+httpAddr+"/.well-known/acme-challenge/unknown", nil)
	req.Host = "gobblet.example.org"
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("unknown challenge: %d", resp.StatusCode)
	}
}
