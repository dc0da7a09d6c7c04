//go:build e2e

package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Site serves a built web folder on a loopback port of its own (an origin
// of its own: a fresh service worker scope), as tools/web serves it (the
// .gz copy to a browser that accepts gzip), and counts what it sends: the
// bytes of every answer's body and the full answers (200) each file got.
// Close stops it: the network is gone for the pages it served.
type Site struct {
	URL string // ending in /
	srv *httptest.Server

	mu    sync.Mutex
	bytes int64
	full  map[string]int // path (with its query) → answers with a body
	all   []string       // every request, in order: "200 /gobblet.wasm?v=…"
}

// serveSite serves dir until the test ends or Close.
func serveSite(t testing.TB, dir string) *Site {
	s := &Site{full: map[string]int{}}
	files := http.FileServer(http.Dir(dir))
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w, status: 200}
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name += "index.html"
		}
		if strings.HasSuffix(name, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-cache")
		gz := filepath.Join(dir, filepath.FromSlash(name)+".gz")
		if _, err := os.Stat(gz); err == nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Vary", "Accept-Encoding")
			if !strings.HasSuffix(name, ".wasm") && strings.HasSuffix(name, ".js") {
				w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			} else if strings.HasSuffix(name, ".html") {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
			}
			f, err := os.Open(gz)
			if err == nil {
				defer f.Close()
				st, _ := f.Stat()
				http.ServeContent(cw, r, name, st.ModTime(), f)
			}
		} else {
			files.ServeHTTP(cw, r)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.bytes += cw.n
		if cw.status == 200 {
			s.full[r.URL.RequestURI()]++
		}
		s.all = append(s.all, strings.Join([]string{http.StatusText(cw.status), r.URL.RequestURI()}, " "))
	}))
	s.URL = s.srv.URL + "/"
	t.Cleanup(s.Close)
	return s
}

// Close stops the server: the pages it served are offline from now on.
func (s *Site) Close() {
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// Bytes is how many body bytes the server sent so far.
func (s *Site) Bytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}

// Twice lists the files sent whole more than once.
func (s *Site) Twice() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for p, n := range s.full {
		if n > 1 {
			out = append(out, p)
		}
	}
	return out
}

// Sent reports whether a file whose path starts with prefix was sent whole.
func (s *Site) Sent(prefix string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.full {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// Requests lists every request so far, for failure messages.
func (s *Site) Requests() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.all, "\n")
}

type countingWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (w *countingWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}
