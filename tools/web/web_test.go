package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gobblet-game/gobblet/internal/static"
)

func TestAcceptsGzip(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br, zstd", true}, // Chromium
		{"deflate, br", false},
		{"GZIP", true},
		{"x-gzip", true},
		{"gzip;q=0", false},
		{"gzip; q=0.0", false},
		{"gzip;q=0.5", true},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false}, // named, gzip's own q decides
		{"br, *;q=0.1", true},
		{"identity", false},
		{"gzip;q=nonsense", false},
		{"gzipx", false},
	} {
		if got := static.AcceptsGzip(c.header); got != c.want {
			t.Errorf("static.AcceptsGzip(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

// Accept-Encoding comes from any browser: no header breaks the reading,
// and naming identity too changes nothing about gzip.
func FuzzAcceptsGzip(f *testing.F) {
	for _, s := range []string{"gzip", "gzip;q=0", "*;q=0.3, br", ";;,,q=", "gzip;q=1e309"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if static.AcceptsGzip(h) != static.AcceptsGzip(h+", identity") {
			t.Errorf("adding identity to %q changed the answer", h)
		}
	})
}

// site writes a small web folder: a .wasm with its precompressed copy, a
// page, and a file without one.
func site(t *testing.T) string {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":      "<!doctype html>page",
		"gobblet.wasm":    "raw wasm",
		"gobblet.wasm.gz": "gzipped wasm",
		"gobblers.sparse": "table",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestHandlerServesPrecompressedWhenAccepted(t *testing.T) {
	srv := httptest.NewServer(static.Handler(site(t)))
	defer srv.Close()
	for _, c := range []struct {
		method, path, accept        string
		status                      int
		body, contentType, encoding string
	}{
		{"GET", "/gobblet.wasm", "gzip, deflate", 200, "gzipped wasm", "application/wasm", "gzip"},
		{"GET", "/gobblet.wasm", "", 200, "raw wasm", "application/wasm", ""},
		{"GET", "/gobblet.wasm", "gzip;q=0", 200, "raw wasm", "application/wasm", ""},
		{"HEAD", "/gobblet.wasm", "gzip", 200, "", "application/wasm", "gzip"},
		{"GET", "/gobblet.wasm.gz", "gzip", 200, "gzipped wasm", "", ""}, // the file itself, as it is
		{"GET", "/", "gzip", 200, "<!doctype html>page", "text/html; charset=utf-8", ""},
		{"GET", "/gobblers.sparse", "gzip", 200, "table", "application/octet-stream", ""},
		{"GET", "/missing.wasm", "gzip", 404, "", "", ""},
		{"GET", "/../../etc/passwd", "", 404, "", "", ""},
		{"POST", "/gobblet.wasm", "", 405, "", "", ""},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		req.URL.Path = c.path // keep ".." as sent
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		name := c.method + " " + c.path + " (Accept-Encoding " + c.accept + ")"
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d", name, resp.StatusCode, c.status)
			continue
		}
		if c.status != 200 {
			continue
		}
		if string(body) != c.body {
			t.Errorf("%s: body %q, want %q", name, body, c.body)
		}
		if got := resp.Header.Get("Content-Type"); c.contentType != "" && got != c.contentType {
			t.Errorf("%s: Content-Type %q, want %q", name, got, c.contentType)
		}
		if got := resp.Header.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("%s: Content-Encoding %q, want %q", name, got, c.encoding)
		}
		if c.path == "/gobblet.wasm" && resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: no Vary: Accept-Encoding, so a cache could hand gzip to a browser that cannot read it", name)
		}
	}
}

func TestIndexPage(t *testing.T) {
	var b bytes.Buffer
	fonts, err := pageFontFaces()
	if err != nil {
		t.Fatal(err)
	}
	if err := indexTemplate.Execute(&b, page{Version: `v1"</script><b>`, WasmSize: 27300773, Fonts: fonts}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`<meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no">`,
		"const rawSize =  27300773 ;", // the progress bar's 100%, raw bytes
		"touch-action: none",
		`<link rel="manifest" href="manifest.webmanifest">`,
		`go.argv = ["gobblet"];`, // the address is not a command line
		`font-family: "Go", system-ui`,
		`@font-face { font-family: "Go"; font-weight: 700;`,
		`src: url(data:font/ttf;base64,`,
		"it has no WebAssembly",
		"could not be downloaded",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if strings.Contains(html, `v1"</script><b>`) {
		t.Error("the version reaches the page unescaped")
	}
}

func TestManifestNamesTheIcons(t *testing.T) {
	var m struct {
		Name, Display string
		StartURL      string `json:"start_url"`
		Icons         []struct{ Src, Sizes, Type string }
	}
	if err := json.Unmarshal(manifest(), &m); err != nil {
		t.Fatalf("the manifest is not JSON: %v", err)
	}
	if m.Name != "Gobblet" || m.StartURL != "." || len(m.Icons) != 2 {
		t.Fatalf("manifest: %+v", m)
	}
	for _, ic := range m.Icons {
		if ic.Src != "icon-"+strings.Split(ic.Sizes, "x")[0]+".png" || ic.Type != "image/png" {
			t.Errorf("manifest icon %+v does not name a file the build writes", ic)
		}
	}
}

// The favicon is an .ico whose every entry is a PNG of the size its
// directory says.
func TestFaviconHoldsPNGsOfItsSizes(t *testing.T) {
	ico := favicon(16, 32, 48)
	var head [3]uint16
	binary.Read(bytes.NewReader(ico), binary.LittleEndian, &head)
	if head != [3]uint16{0, 1, 3} {
		t.Fatalf("ico header %v, want reserved 0, type 1, 3 images", head)
	}
	for i, want := range []int{16, 32, 48} {
		e := ico[6+16*i : 6+16*(i+1)]
		size := binary.LittleEndian.Uint32(e[8:])
		off := binary.LittleEndian.Uint32(e[12:])
		if int(e[0]) != want || int(e[1]) != want {
			t.Errorf("entry %d says %d×%d, want %d", i, e[0], e[1], want)
		}
		img, err := png.Decode(bytes.NewReader(ico[off : off+size]))
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		if img.Bounds().Dx() != want || img.Bounds().Dy() != want {
			t.Errorf("entry %d is %v, want %d×%d", i, img.Bounds(), want, want)
		}
	}
}

func TestPrecompressRoundTrips(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.wasm")
	data := bytes.Repeat([]byte("gobble "), 1000)
	os.WriteFile(path, data, 0o644)
	raw, gz, err := precompress(path)
	if err != nil {
		t.Fatal(err)
	}
	if raw != int64(len(data)) || gz >= raw {
		t.Errorf("sizes raw %d gz %d for %d repetitive bytes", raw, gz, len(data))
	}
	srv := httptest.NewServer(static.Handler(filepath.Dir(path)))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/a.wasm") // the client asks for gzip and unpacks it
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Equal(got, data) || !resp.Uncompressed {
		t.Errorf("served %d bytes (unpacked by the client: %v), want the %d bytes written", len(got), resp.Uncompressed, len(data))
	}
}

// The service worker keeps what the game needs with no network, under the
// build's version, and answers nothing else: the relay's traffic and any
// other address go to the network untouched.
func TestServiceWorkerListsWhatTheGameNeeds(t *testing.T) {
	sw := string(serviceWorkerJS("v1.2+dirty"))
	for _, want := range []string{
		`const version = "v1.2+dirty";`,
		`"gobblet.wasm?v=v1.2%2Bdirty"`, // as the page asks for it (encodeURIComponent)
		`"search.wasm?v=v1.2%2Bdirty"`,
		`"wasm_exec.js?v=v1.2%2Bdirty"`,
		`"./"`, `"search-worker.js"`, `"icon-192.png"`, `"icon-512.png"`, `"manifest.webmanifest"`, `"favicon.ico"`,
		`const later = ["gobblers.sparse","NotoSansCJK-subset.otf"];`,
		`if (!listed.has(url.href)) return;`,
		`cache: "no-cache"`,
	} {
		if !strings.Contains(sw, want) {
			t.Errorf("sw.js lacks %s", want)
		}
	}
	if strings.Contains(sw, "relay") {
		t.Error("sw.js names the relay")
	}
	if w := string(searchWorkerJS(`a"b`)); !strings.Contains(w, `"a\"b"`) || !strings.Contains(w, "search.wasm?v=") {
		t.Errorf("search-worker.js does not load search.wasm of its version:\n%s", w)
	}
	// Every file the service worker fetches as it installs is one the build writes.
	written := map[string]bool{"./": true, "search-worker.js": true, "manifest.webmanifest": true, "icon-192.png": true, "icon-512.png": true, "favicon.ico": true}
	for _, f := range offlineFiles("v") {
		name, _, _ := strings.Cut(f, "?")
		if !written[name] && name != "gobblet.wasm" && name != "search.wasm" && name != "wasm_exec.js" {
			t.Errorf("sw.js fetches %s, which the build does not write", f)
		}
	}
}

func TestVersionEscapedAsThePageDoes(t *testing.T) {
	for in, want := range map[string]string{"v1.0": "v1.0", "926ff52-dirty": "926ff52-dirty", "a+b c/d": "a%2Bb%20c%2Fd", "é": "%C3%A9"} {
		if got := urlQueryEscape(in); got != want {
			t.Errorf("urlQueryEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
