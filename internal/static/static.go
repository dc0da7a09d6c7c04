// Package static serves the browser version's folder (what make web
// writes) to the public: files only, no directory listings, no dotfiles,
// the content types the game needs on every system, and a precompressed
// name.gz sent as gzip to a browser that accepts it. gobblet-server and
// tools/web -serve (the browser tests' server) both serve with it.
package static

import (
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// types are the content types the web version needs that the standard
// library's table may lack or give differently from one system to another.
var types = map[string]string{
	".wasm":        "application/wasm", // WebAssembly.instantiateStreaming refuses any other
	".js":          "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".ico":         "image/x-icon",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".sparse":      "application/octet-stream",
}

// ContentType is the type a file of this name is served with.
func ContentType(name string) string {
	ext := path.Ext(name)
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// CheckDir says in a sentence why dir cannot be served, or nil.
func CheckDir(dir string) error {
	st, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil || st.IsDir() {
		return errors.New(dir + " has no index.html: build the browser version first (make web), or give -web \"\" to run the relay alone")
	}
	return nil
}

// Handler serves the files of dir. A path naming a folder serves its
// index.html or 404; a path with a part starting with a dot is 404.
func Handler(dir string) http.Handler {
	root := os.DirFS(dir)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Only GET and HEAD are served.", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") && name != "/" {
			name += "/"
		}
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		name = strings.TrimPrefix(name, "/")
		for _, part := range strings.Split(name, "/") {
			if strings.HasPrefix(part, ".") {
				http.NotFound(w, r)
				return
			}
		}
		f, st, ok := open(root, name)
		if !ok {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		w.Header().Set("Cache-Control", "no-cache") // revalidate: a rebuilt game is seen at once
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if strings.HasSuffix(name, ".gz") {
			w.Header().Set("Content-Type", "application/gzip")
			serve(w, r, name, st.ModTime(), f)
			return
		}
		w.Header().Set("Content-Type", ContentType(name))
		if gz, gst, ok := open(root, name+".gz"); ok {
			defer gz.Close()
			w.Header().Add("Vary", "Accept-Encoding")
			if AcceptsGzip(r.Header.Get("Accept-Encoding")) {
				w.Header().Set("Content-Encoding", "gzip")
				serve(w, r, name, gst.ModTime(), gz)
				return
			}
		}
		serve(w, r, name, st.ModTime(), f)
	})
}

// open opens a regular file of root; folders and anything else are not.
func open(root fs.FS, name string) (fs.File, fs.FileInfo, bool) {
	if !fs.ValidPath(name) {
		return nil, nil, false
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, nil, false
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, false
	}
	return f, st, true
}

func serve(w http.ResponseWriter, r *http.Request, name string, mod time.Time, f fs.File) {
	rs, ok := f.(interface {
		Read([]byte) (int, error)
		Seek(int64, int) (int64, error)
	})
	if !ok {
		http.Error(w, "This file cannot be served.", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, name, mod, rs)
}

// AcceptsGzip reads an Accept-Encoding header: gzip listed without q=0,
// or, when gzip is not named, * without q=0.
func AcceptsGzip(header string) bool {
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
