// Command web builds the browser version of the game into a static folder
// that any web server can host, and serves it for a try on this machine:
//
//	go run ./tools/web -out dist/web                       # build
//	go run ./tools/web -out dist/web -serve 127.0.0.1:8080 # build, then serve
//
// The folder holds index.html (a loading screen that streams the .wasm with
// a progress bar, then starts it), gobblet.wasm and its precompressed
// gobblet.wasm.gz, Go's wasm_exec.js from the toolchain that built it, the
// icons and a web app manifest, search.wasm and search-worker.js (the
// computer's search, run in a Web Worker), sw.js (the service worker that
// keeps the game for a visit with no network), and gobblers.sparse, the
// 3×3 table the game fetches when a game needs it (the first visit does
// not download it).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func main() {
	out := flag.String("out", "dist/web", "folder to write the web version to")
	ver := flag.String("version", "", "version to stamp (default: git describe)")
	serveAddr := flag.String("serve", "", "after building, serve the folder on this address (\"127.0.0.1:8080\"; port 0 picks a free one)")
	noBuild := flag.Bool("no-build", false, "with -serve: serve the folder as it is, without building it first")
	flag.Parse()
	if *ver == "" {
		*ver = gitVersion()
	}
	if !*noBuild {
		sizes, err := build(*out, *ver)
		if err != nil {
			fmt.Fprintln(os.Stderr, "web:", err)
			os.Exit(1)
		}
		fmt.Print(sizes)
	}
	if *serveAddr == "" {
		return
	}
	if err := serve(*out, *serveAddr); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

// gitVersion is the version git describes, or "dev" outside a repository.
func gitVersion() string {
	out, err := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	if v := strings.TrimSpace(string(out)); err == nil && v != "" {
		return v
	}
	return "dev"
}
