package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/gobblet-game/gobblet/internal/static"
)

// serve serves the folder dir on addr until the process is stopped.
func serve(dir, addr string) error {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("%s has no index.html: build it first (make web)", dir)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve on %s: %w", addr, err)
	}
	fmt.Printf("Open http://%s/ in your browser (Ctrl+C stops the server)\n", browsable(ln.Addr().(*net.TCPAddr)))
	srv := &http.Server{Handler: static.Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// browsable is an address a browser on this machine can open: a server
// listening on every interface is reached through the loopback one.
func browsable(a *net.TCPAddr) string {
	if a.IP.IsUnspecified() {
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(a.Port))
	}
	return a.String()
}
