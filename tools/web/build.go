package main

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gobblet-game/gobblet/internal/icon"
)

//go:embed index.html
var pages embed.FS

var indexTemplate = template.Must(template.ParseFS(pages, "index.html"))

// background is the slate theme's (internal/app/theme.go), as in index.html.
const background = "#1b2129"

// page is what index.html is filled with.
type page struct {
	Version  string
	WasmSize int64        // bytes of the uncompressed .wasm: the progress bar's 100%
	Fonts    template.CSS // the game's fonts, for the loading screen's words (font.go)
}

// build writes the web version into out and returns a few lines naming
// the files that matter and their sizes.
func build(out, ver string) (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	shown := out // the folder as the caller named it, for the report
	if out, err = filepath.Abs(out); err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	wasm := filepath.Join(out, "gobblet.wasm")
	if err := compile(root, ver, wasm, "./cmd/gobblet"); err != nil {
		return "", err
	}
	if err := compile(root, ver, filepath.Join(out, "search.wasm"), "./tools/web/searchworker"); err != nil {
		return "", err
	}
	goroot, err := goEnv(root, "GOROOT")
	if err != nil {
		return "", err
	}
	// wasm_exec.js must come from the toolchain that built the .wasm: the
	// two speak a private interface that changes between Go releases.
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(out, "wasm_exec.js")); err != nil {
		return "", fmt.Errorf("wasm_exec.js from the Go toolchain: %w", err)
	}
	if err := copyFile(filepath.Join(root, "internal", "solve", "gobblers.sparse"), filepath.Join(out, "gobblers.sparse")); err != nil {
		return "", err
	}
	// The CJK font, fetched only when Japanese or Chinese is drawn
	// (internal/font): not in the .wasm.
	if err := copyFile(filepath.Join(root, "internal", "font", cjkFont), filepath.Join(out, cjkFont)); err != nil {
		return "", err
	}
	files := map[string][]byte{
		"icon-192.png":         icon.PNG(192),
		"icon-512.png":         icon.PNG(512),
		"favicon.ico":          favicon(16, 32, 48),
		"manifest.webmanifest": manifest(),
		"search-worker.js":     searchWorkerJS(ver),
		"sw.js":                serviceWorkerJS(ver),
	}
	st, err := os.Stat(wasm)
	if err != nil {
		return "", err
	}
	fonts, err := pageFontFaces()
	if err != nil {
		return "", fmt.Errorf("the loading page's fonts: %w", err)
	}
	var index bytes.Buffer
	if err := indexTemplate.Execute(&index, page{Version: ver, WasmSize: st.Size(), Fonts: fonts}); err != nil {
		return "", err
	}
	files["index.html"] = index.Bytes()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			return "", err
		}
	}
	// What a browser downloads to start the game: these, gzipped (the
	// icons and the 3×3 table, already compressed, are sent as they are).
	var report strings.Builder
	var raw, gz int64
	for _, name := range []string{"gobblet.wasm", "search.wasm", "wasm_exec.js", "index.html", "search-worker.js", "sw.js"} {
		r, z, err := precompress(filepath.Join(out, name))
		if err != nil {
			return "", err
		}
		if strings.HasSuffix(name, ".wasm") {
			fmt.Fprintf(&report, "%s: %s raw, %s gzip -9\n", filepath.Join(shown, name), mb(r), mb(z))
		}
		raw, gz = raw+r, gz+z
	}
	sparse := filepath.Join(out, "gobblers.sparse")
	fmt.Fprintf(&report, "%s: %s, fetched when a game needs it\n", filepath.Join(shown, "gobblers.sparse"), mb(fileSize(sparse)))
	fr, fz, err := precompress(filepath.Join(out, cjkFont))
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&report, "%s: %s raw, %s gzip -9, fetched when Japanese or Chinese is drawn\n", filepath.Join(shown, cjkFont), mb(fr), mb(fz))
	fmt.Fprintf(&report, "page open to game: %s to download (%s unpacked), the search worker included\n", mb(gz), mb(raw))
	return report.String(), nil
}

// compile builds a program (cmd/gobblet, the search worker) for the
// browser, stripped and without paths or a build ID, so the same source
// gives the same bytes.
func compile(root, ver, wasm, pkg string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", "-s -w -buildid= -X main.version="+ver, "-o", wasm, pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("build %s for js/wasm: %w", pkg, err)
	}
	return nil
}

// moduleRoot is the folder of the go.mod the go command sees from here, so
// the tool works from any folder inside the repository.
func moduleRoot() (string, error) {
	mod, err := goEnv("", "GOMOD")
	if err != nil {
		return "", err
	}
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run from inside the gobblet repository (no go.mod found)")
	}
	return filepath.Dir(mod), nil
}

func goEnv(dir, name string) (string, error) {
	cmd := exec.Command("go", "env", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// precompress writes path.gz (gzip at its best compression) beside path,
// for servers that send it to browsers accepting gzip, and returns both
// sizes.
func precompress(path string) (raw, gz int64, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression) // the level is valid
	w.Write(b)                                            // a bytes.Buffer takes every write
	if err := w.Close(); err != nil {
		return 0, 0, err
	}
	if err := os.WriteFile(path+".gz", z.Bytes(), 0o644); err != nil {
		return 0, 0, err
	}
	return int64(len(b)), int64(z.Len()), nil
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// manifest is the web app manifest: a browser that installs the page as an
// app gives it the game's name, icon and colours.
func manifest() []byte {
	type icon struct {
		Src   string `json:"src"`
		Sizes string `json:"sizes"`
		Type  string `json:"type"`
	}
	m := struct {
		Name            string `json:"name"`
		ShortName       string `json:"short_name"`
		Description     string `json:"description"`
		StartURL        string `json:"start_url"`
		Display         string `json:"display"`
		BackgroundColor string `json:"background_color"`
		ThemeColor      string `json:"theme_color"`
		Icons           []icon `json:"icons"`
	}{
		Name: "Gobblet", ShortName: "Gobblet",
		Description: "The board game of gobbling pieces: 4×4 and 3×3, against a friend or the computer.",
		StartURL:    ".", Display: "standalone",
		BackgroundColor: background, ThemeColor: background,
		Icons: []icon{
			{"icon-192.png", "192x192", "image/png"},
			{"icon-512.png", "512x512", "image/png"},
		},
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err) // a struct of strings always marshals
	}
	return append(b, '\n')
}

// favicon is an .ico holding the icon as PNG images of the given sizes
// (each under 256 pixels), the form every browser reads.
func favicon(sizes ...int) []byte {
	var dir, data bytes.Buffer
	le := func(b *bytes.Buffer, v any) { binary.Write(b, binary.LittleEndian, v) } // a bytes.Buffer takes every write
	le(&dir, [3]uint16{0, 1, uint16(len(sizes))})                                  // reserved, type icon, count
	offset := 6 + 16*len(sizes)
	for _, s := range sizes {
		png := icon.PNG(s)
		dir.Write([]byte{byte(s), byte(s), 0, 0}) // width, height, no palette, reserved
		le(&dir, [2]uint16{1, 32})                // planes, bits per pixel
		le(&dir, [2]uint32{uint32(len(png)), uint32(offset + data.Len())})
		data.Write(png)
	}
	return append(dir.Bytes(), data.Bytes()...)
}
