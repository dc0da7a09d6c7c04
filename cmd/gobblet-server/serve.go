package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gobblet-game/gobblet/internal/relay"
	"github.com/gobblet-game/gobblet/internal/static"
	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// options are gobblet-server's flags.
type options struct {
	addr, web, metricsAddr              string
	tlsCert, tlsKey                     string
	acmeDomains, acmeCache, acmeEmail   string
	acmeHTTP                            string
	origins                             listFlag
	realIP                              string
	logFormat, logLevel                 string
	showVersion                         bool
	greeting, readTimeout, writeTimeout time.Duration
	idleTimeout, shutdownTimeout        time.Duration
	maxHeaderBytes, maxConnsPerAddr     int

	relay relay.Config
}

func parseFlags(args []string) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("gobblet-server", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: gobblet-server [flags]          serve the browser version and the relay\n"+
			"       gobblet-server loadtest [flags] measure a running server (gobblet-server loadtest -h)\n\nflags:\n")
		fs.PrintDefaults()
	}
	d := relay.Defaults
	fs.StringVar(&o.addr, "addr", ":8080", "`HOST:PORT` to listen on")
	fs.StringVar(&o.web, "web", "dist/web", "`folder` of the browser version (make web writes it); \"\" serves the relay alone")
	fs.StringVar(&o.metricsAddr, "metrics-addr", "", "`HOST:PORT` for /metrics alone (for example 127.0.0.1:9100); empty: /metrics is served on -addr")
	fs.StringVar(&o.tlsCert, "tls-cert", "", "certificate `file` (PEM, with its chain) for https and wss")
	fs.StringVar(&o.tlsKey, "tls-key", "", "private key `file` (PEM) of -tls-cert")
	fs.StringVar(&o.acmeDomains, "acme-domain", "", "get certificates automatically (ACME, Let's Encrypt) for this domain `name` (several: comma-separated)")
	fs.StringVar(&o.acmeCache, "acme-cache", "acme-cache", "`folder` that keeps the ACME account and certificates between runs")
	fs.StringVar(&o.acmeEmail, "acme-email", "", "contact `address` given to the certificate authority (optional)")
	fs.StringVar(&o.acmeHTTP, "acme-http", ":80", "with -acme-domain: answer ACME http-01 challenges on `HOST:PORT`, and send plain http there to https (\"\": none; tls-alpn-01 on -addr still works)")
	fs.Var(&o.origins, "origin", "also accept relay sockets from pages of this origin `pattern` (host or scheme://host, * wildcards; repeatable); the server's own origin and clients without Origin are always accepted")
	fs.StringVar(&o.realIP, "real-ip-header", "", "`header` in which a trusted reverse proxy passes the client address (for example X-Real-IP); only behind such a proxy")
	fs.StringVar(&o.logFormat, "log-format", "text", "log format: text or json")
	fs.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.BoolVar(&o.showVersion, "version", false, "print the version and exit")
	fs.DurationVar(&o.greeting, "greeting", 10*time.Second, "greeting deadline: time for a connection to send its request headers (and the WebSocket upgrade)")
	fs.DurationVar(&o.readTimeout, "read-timeout", 30*time.Second, "time to read a whole request (not for relay sockets)")
	fs.DurationVar(&o.writeTimeout, "write-timeout", 2*time.Minute, "time to write a whole answer, such as the game's .wasm on a slow link (not for relay sockets)")
	fs.DurationVar(&o.idleTimeout, "idle-timeout", 60*time.Second, "time an idle keep-alive connection is kept")
	fs.DurationVar(&o.shutdownTimeout, "shutdown-timeout", 10*time.Second, "time given to connections to finish on SIGINT or SIGTERM")
	fs.IntVar(&o.maxHeaderBytes, "max-header-bytes", 16<<10, "largest request header in bytes")
	fs.IntVar(&o.maxConnsPerAddr, "max-conns-per-addr", 64, "open TCP connections from one address (IPv6 by /64); 0: no limit (behind a proxy, use -real-ip-header and 0)")
	fs.IntVar(&o.relay.MaxMessage, "max-message", d.MaxMessage, "largest relay message in bytes")
	fs.Float64Var(&o.relay.Rate, "rate", d.Rate, "relay messages a second per socket, on average; 0: no limit")
	fs.IntVar(&o.relay.Burst, "burst", d.Burst, "relay messages a socket may send at once above -rate")
	fs.IntVar(&o.relay.MaxSocketsPerAddr, "max-sockets-per-addr", d.MaxSocketsPerAddr, "relay sockets from one address (IPv6 by /64); 0: no limit")
	fs.IntVar(&o.relay.MaxRoomsPerAddr, "max-rooms-per-addr", d.MaxRoomsPerAddr, "rooms one address may have sockets in; 0: no limit")
	fs.IntVar(&o.relay.MaxRooms, "max-rooms", d.MaxRooms, "rooms open at once in all; 0: no limit")
	fs.DurationVar(&o.relay.Idle, "idle", d.Idle, "idle deadline: longest time a relay socket may send nothing")
	fs.DurationVar(&o.relay.RoomTime, "room-time", d.RoomTime, "longest life of a room")
	fs.DurationVar(&o.relay.WriteTimeout, "relay-write-timeout", d.WriteTimeout, "longest wait for a relay socket to take one message before it is closed")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (flags start with -; see gobblet-server -h)", fs.Arg(0))
	}
	// On the command line 0 means no limit; in relay.Config a negative count does.
	for _, p := range []*int{&o.relay.MaxSocketsPerAddr, &o.relay.MaxRoomsPerAddr, &o.relay.MaxRooms} {
		if *p == 0 {
			*p = -1
		}
	}
	if o.relay.Rate == 0 {
		o.relay.Rate = -1
	}
	switch {
	case o.relay.MaxMessage <= 0:
		return nil, errors.New("-max-message must be at least 1 byte")
	case o.relay.Rate != -1 && (o.relay.Rate < 0 || o.relay.Burst < 1):
		return nil, errors.New("-rate must be positive (or 0 for no limit) and -burst at least 1")
	case o.relay.Idle <= 0 || o.relay.RoomTime <= 0 || o.relay.WriteTimeout <= 0:
		return nil, errors.New("-idle, -room-time and -relay-write-timeout must be positive durations, such as 60s or 24h")
	case (o.tlsCert == "") != (o.tlsKey == ""):
		return nil, errors.New("-tls-cert and -tls-key go together: give both, or neither")
	case o.tlsCert != "" && o.acmeDomains != "":
		return nil, errors.New("give either -tls-cert and -tls-key, or -acme-domain, not both")
	case o.logFormat != "text" && o.logFormat != "json":
		return nil, fmt.Errorf("-log-format is text or json, not %q", o.logFormat)
	}
	return o, nil
}

func newLogger(o *options) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return nil, fmt.Errorf("-log-level is debug, info, warn or error, not %q", o.logLevel)
	}
	ho := &slog.HandlerOptions{Level: level}
	if o.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, ho)), nil
	}
	return slog.New(slog.NewTextHandler(os.Stderr, ho)), nil
}

// app is a configured server: its handler, its relay and its listeners'
// settings.
type app struct {
	o       *options
	log     *slog.Logger
	relay   *relay.Server
	handler http.Handler
	metrics http.Handler
	healthy atomic.Bool

	onListen func(addr string) // for tests: called with the address served
}

func newApp(o *options, log *slog.Logger) (*app, error) {
	if o.web != "" {
		if err := static.CheckDir(o.web); err != nil {
			return nil, err
		}
	}
	cfg := o.relay
	cfg.OriginPatterns = o.origins
	cfg.RealIPHeader = o.realIP
	cfg.Logger = log
	a := &app{o: o, log: log, relay: relay.New(cfg)}
	a.healthy.Store(true)
	a.metrics = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		a.relay.Metrics.WriteMetrics(w)
	})
	mux := http.NewServeMux()
	mux.Handle("/relay/", a.relay)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if !a.healthy.Load() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	if o.metricsAddr == "" {
		mux.Handle("/metrics", a.metrics)
	}
	if o.web != "" {
		mux.Handle("/", static.Handler(o.web))
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "This server runs the Gobblet relay only.", http.StatusNotFound)
		})
	}
	a.handler = mux
	return a, nil
}

// httpServer is an http.Server with every timeout set.
func (a *app) httpServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: a.o.greeting,
		ReadTimeout:       a.o.readTimeout,
		WriteTimeout:      a.o.writeTimeout,
		IdleTimeout:       a.o.idleTimeout,
		MaxHeaderBytes:    a.o.maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelDebug),
		// HTTP/1.1 only: a relay socket is an HTTP/1.1 upgrade, and a
		// browser offered HTTP/2 might try WebSockets over it (RFC 8441),
		// which the WebSocket library does not take.
		TLSNextProto: map[string]func(*http.Server, *tls.Conn, http.Handler){},
	}
}

func serve(args []string) error {
	o, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if o.showVersion {
		fmt.Println("gobblet-server", versionString())
		return nil
	}
	log, err := newLogger(o)
	if err != nil {
		return err
	}
	a, err := newApp(o, log)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return a.run(ctx)
}

func versionString() string {
	if version != "dev" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return version
}

// run listens and serves until ctx is done, then shuts down gracefully:
// relay sockets are closed with 1001, requests get -shutdown-timeout.
func (a *app) run(ctx context.Context) error {
	o := a.o
	if soft, _ := raiseFileLimit(); soft > 0 {
		if rooms := a.relay.Config().MaxRooms; rooms > 0 && soft < uint64(2*rooms+16) {
			a.log.Warn("the open-file limit is too low for -max-rooms: raise it (ulimit -n, or LimitNOFILE in a systemd unit) or lower -max-rooms",
				"open_file_limit", soft, "max_rooms", rooms, "rooms_it_allows", (soft-16)/2)
		}
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", o.addr, err)
	}
	ln = limitListener(ln, o.maxConnsPerAddr)
	srv := a.httpServer(a.handler)
	servers := []*http.Server{srv}
	errc := make(chan error, 4)
	scheme := "http"
	switch {
	case o.tlsCert != "":
		cert, err := tls.LoadX509KeyPair(o.tlsCert, o.tlsKey)
		if err != nil {
			ln.Close()
			return fmt.Errorf("cannot load the certificate %s and key %s: %w", o.tlsCert, o.tlsKey, err)
		}
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}}
		ln = tls.NewListener(ln, srv.TLSConfig)
		scheme = "https"
	case o.acmeDomains != "":
		m := &autocert.Manager{
			Prompt:     autocert.AcceptTOS,
			HostPolicy: autocert.HostWhitelist(strings.Split(o.acmeDomains, ",")...),
			Cache:      autocert.DirCache(o.acmeCache),
			Email:      o.acmeEmail,
		}
		srv.TLSConfig = m.TLSConfig()
		srv.TLSConfig.MinVersion = tls.VersionTLS12
		srv.TLSConfig.NextProtos = []string{"http/1.1", acme.ALPNProto}
		ln = tls.NewListener(ln, srv.TLSConfig)
		scheme = "https"
		if o.acmeHTTP != "" {
			hl, err := net.Listen("tcp", o.acmeHTTP)
			if err != nil {
				ln.Close()
				return fmt.Errorf("cannot listen on %s for ACME http-01 challenges: %w (give -acme-http \"\" to do without)", o.acmeHTTP, err)
			}
			hs := a.httpServer(m.HTTPHandler(nil))
			servers = append(servers, hs)
			go func() { errc <- hs.Serve(limitListener(hl, o.maxConnsPerAddr)) }()
		}
	}
	if o.metricsAddr != "" {
		ml, err := net.Listen("tcp", o.metricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("cannot listen on %s for metrics: %w", o.metricsAddr, err)
		}
		mux := http.NewServeMux()
		mux.Handle("/metrics", a.metrics)
		ms := a.httpServer(mux)
		servers = append(servers, ms)
		go func() { errc <- ms.Serve(ml) }()
	}
	go func() { errc <- srv.Serve(ln) }()
	web := o.web
	if web == "" {
		web = "(none: relay only)"
	}
	a.log.Info("gobblet-server started", "version", versionString(), "url", scheme+"://"+browsable(ln.Addr()), "web", web,
		"max_rooms", a.relay.Config().MaxRooms, "origins", o.origins.String())
	fmt.Fprintf(os.Stderr, "Open %s://%s/ in your browser; the relay is at /relay/ (Ctrl+C stops the server)\n", scheme, browsable(ln.Addr()))
	if a.onListen != nil {
		a.onListen(ln.Addr().String())
	}
	var serveErr error
	select {
	case <-ctx.Done():
	case serveErr = <-errc:
	}
	a.healthy.Store(false)
	a.log.Info("gobblet-server stopping")
	sctx, cancel := context.WithTimeout(context.Background(), o.shutdownTimeout)
	defer cancel()
	rerr := a.relay.Shutdown(sctx)
	for _, s := range servers {
		s.Shutdown(sctx)
	}
	if serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) {
		return serveErr
	}
	if rerr != nil {
		a.log.Warn("some relay sockets did not close in time", "error", rerr.Error())
	}
	a.log.Info("gobblet-server stopped")
	return nil
}

// browsable is an address a browser on this machine can open: a server
// listening on every interface is reached through the loopback one.
func browsable(addr net.Addr) string {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return addr.String()
	}
	if ta.IP.IsUnspecified() {
		return fmt.Sprintf("127.0.0.1:%d", ta.Port)
	}
	return ta.String()
}
