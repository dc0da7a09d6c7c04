package main

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
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
	srv := &http.Server{Handler: handler(dir), ReadHeaderTimeout: 10 * time.Second}
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

// types are the content types the web version needs that the standard
// library's table may lack or give differently from one system to another.
var types = map[string]string{
	".wasm":        "application/wasm", // WebAssembly.instantiateStreaming refuses any other
	".js":          "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".webmanifest": "application/manifest+json",
	".ico":         "image/x-icon",
	".png":         "image/png",
	".sparse":      "application/octet-stream",
}

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// handler serves the files of dir; a file with a precompressed name.gz
// beside it is sent as that, with Content-Encoding gzip, to a browser
// that accepts gzip.
func handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "only GET and HEAD are served", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		w.Header().Set("Cache-Control", "no-cache") // revalidate: a rebuilt game is seen at once
		if strings.HasSuffix(name, ".gz") {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", contentType(name))
		gz, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)+".gz"))
		if err != nil {
			files.ServeHTTP(w, r)
			return
		}
		defer gz.Close()
		w.Header().Add("Vary", "Accept-Encoding")
		st, err := gz.Stat()
		if err != nil || st.IsDir() || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		http.ServeContent(w, r, name, st.ModTime(), gz)
	})
}

// acceptsGzip reads an Accept-Encoding header: gzip listed without q=0,
// or, when gzip is not named, * without q=0.
func acceptsGzip(header string) bool {
	gzip, star := -1.0, -1.0 // the q values given; -1 for not named
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					f = 0
				}
				q = f
			}
		}
		switch coding = strings.TrimSpace(coding); {
		case strings.EqualFold(coding, "gzip"), strings.EqualFold(coding, "x-gzip"):
			gzip = max(gzip, q)
		case coding == "*":
			star = max(star, q)
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}
