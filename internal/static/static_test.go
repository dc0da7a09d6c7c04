package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<html>game</html>")
	write("game.wasm", "wasm-plain")
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("wasm-plain"))
	w.Close()
	write("game.wasm.gz", gz.String())
	write("wasm_exec.js", "js")
	write("manifest.webmanifest", "{}")
	write(".env", "SECRET=1")
	write(".git/config", "secret")
	write("sub/.hidden", "secret")
	write("sub/file.png", "png")
	write("empty/.keep", "")
	return dir
}

func get(t *testing.T, h http.Handler, method, path string, hdr map[string]string) *http.Response {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestServesFilesWithTheirTypes(t *testing.T) {
	h := Handler(site(t))
	for _, c := range []struct{ path, typ, body string }{
		{"/", "text/html; charset=utf-8", "<html>game</html>"},
		{"/index.html", "text/html; charset=utf-8", "<html>game</html>"},
		{"/game.wasm", "application/wasm", "wasm-plain"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8", "js"},
		{"/manifest.webmanifest", "application/manifest+json", "{}"},
		{"/sub/file.png", "image/png", "png"},
	} {
		r := get(t, h, "GET", c.path, nil)
		if got := body(t, r); r.StatusCode != 200 || r.Header.Get("Content-Type") != c.typ || got != c.body {
			t.Errorf("%s: %d %q %q", c.path, r.StatusCode, r.Header.Get("Content-Type"), got)
		}
	}
}

func TestGzipCopyGoesToBrowsersThatTakeIt(t *testing.T) {
	h := Handler(site(t))
	r := get(t, h, "GET", "/game.wasm", map[string]string{"Accept-Encoding": "gzip, br"})
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	r.Body.Close()
	if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Content-Type") != "application/wasm" || string(plain) != "wasm-plain" {
		t.Errorf("gzip: %v %q", r.Header, plain)
	}
	r = get(t, h, "GET", "/game.wasm", map[string]string{"Accept-Encoding": "gzip;q=0"})
	if got := body(t, r); r.Header.Get("Content-Encoding") != "" || got != "wasm-plain" {
		t.Errorf("q=0: %v %q", r.Header, got)
	}
}

func TestNoDotfiles(t *testing.T) {
	h := Handler(site(t))
	for _, p := range []string{"/.env", "/.git/config", "/.git/", "/sub/.hidden", "/%2eenv", "/sub/../.env", "/empty/.keep"} {
		r := get(t, h, "GET", p, nil)
		if got := body(t, r); r.StatusCode != 404 || strings.Contains(got, "secret") || strings.Contains(got, "SECRET") {
			t.Errorf("%s: %d %q", p, r.StatusCode, got)
		}
	}
}

func TestNoDirectoryListings(t *testing.T) {
	h := Handler(site(t))
	for _, p := range []string{"/sub/", "/sub", "/empty/", "/empty"} {
		r := get(t, h, "GET", p, nil)
		if got := body(t, r); r.StatusCode != 404 || strings.Contains(got, "file.png") {
			t.Errorf("%s: %d %q", p, r.StatusCode, got)
		}
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	h := Handler(site(t))
	if r := get(t, h, "HEAD", "/", nil); r.StatusCode != 200 {
		t.Errorf("HEAD: %d", r.StatusCode)
	}
	r := get(t, h, "POST", "/", nil)
	if r.StatusCode != 405 || r.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d %v", r.StatusCode, r.Header)
	}
}

func TestCheckDir(t *testing.T) {
	if err := CheckDir(site(t)); err != nil {
		t.Error(err)
	}
	err := CheckDir(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "make web") {
		t.Errorf("empty folder: %v", err)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"": false, "gzip": true, "GZIP": true, "gzip;q=0": false, "br, gzip;q=0.5": true,
		"*": true, "*;q=0": false, "gzip;q=0, *": false, "identity": false, "x-gzip": true,
	} {
		if got := AcceptsGzip(h); got != want {
			t.Errorf("AcceptsGzip(%q) = %v", h, got)
		}
	}
}

func FuzzHandlerPath(f *testing.F) {
	for _, s := range []string{"/", "/.env", "/sub/../.env", "/a/./b", "//x", "/%2e%2e/", "/sub/"} {
		f.Add(s)
	}
	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("ok"), 0o644)
	os.WriteFile(filepath.Join(dir, ".secret"), []byte("secret"), 0o644)
	h := Handler(dir)
	f.Fuzz(func(t *testing.T, p string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = p
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if strings.Contains(w.Body.String(), "secret") {
			t.Fatalf("%q served a dotfile", p)
		}
	})
}
