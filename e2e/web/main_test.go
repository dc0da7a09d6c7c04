//go:build e2e

// Package web tests the browser version of the game end to end: it builds
// the web folder with tools/web, serves it with the same tool on a
// loopback port, and plays it in a real headless Chromium driven through
// the DevTools protocol (chromedp) with real mouse and touch events. The
// game runs with ?debug, so its layout log (internal/app/debuglayout.go)
// arrives as console lines and says where to click.
//
// Run with `make e2e` (or go test -tags e2e ./e2e/web/). E2E_ARTIFACTS=DIR
// keeps the screenshots (else a temporary folder does, named in the log);
// E2E_DOCS=DIR also writes the README's picture, browser.png, there.
package web

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"testing"
)

var (
	chromium string // the browser binary
	siteDir  string // the web folder tools/web built
	siteURL  string // where tools/web serves it, ending in /
	sizes    string // what tools/web printed about the sizes
)

func TestMain(m *testing.M) {
	var err error
	if chromium, err = findChromium(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e/web:", err)
		os.Exit(1)
	}
	tmp, err := os.MkdirTemp("", "gobblet-web-e2e")
	if err != nil {
		panic(err)
	}
	siteDir = filepath.Join(tmp, "site")
	server, err := buildAndServe(tmp, os.Getenv("E2E_PREBUILT"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e/web:", err)
		os.RemoveAll(tmp)
		os.Exit(1)
	}
	code := m.Run()
	stopDeskDisplay()
	server.Process.Kill()
	server.Wait()
	os.RemoveAll(tmp)
	os.Exit(code)
}

// findChromium finds the browser: $CHROMIUM, else Debian's chromium (or
// a Chrome) on the PATH.
func findChromium() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("CHROMIUM=%s: %w", p, err)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("Chromium is missing: install Debian's chromium package (sudo apt-get install chromium; .ci/run does), or set CHROMIUM to a Chrome or Chromium binary")
}

var reOpen = regexp.MustCompile(`^Open (http://\S+/) in your browser`)

// buildAndServe compiles tools/web, which builds the web folder into
// siteDir and serves it on a free loopback port; it returns the server
// once it has said where it listens. When prebuilt names a folder
// (E2E_PREBUILT: tools/e2erun, which make e2e runs, builds once for every
// test it runs beside the others), its web-tool serves its site folder
// as it is.
func buildAndServe(tmp, prebuilt string) (*exec.Cmd, error) {
	root := filepath.Join("..", "..")
	tool := filepath.Join(tmp, "web-tool")
	args := []string{"-out", siteDir, "-serve", "127.0.0.1:0"}
	if prebuilt != "" {
		tool, siteDir = filepath.Join(prebuilt, "web-tool"), filepath.Join(prebuilt, "site")
		args = []string{"-out", siteDir, "-serve", "127.0.0.1:0", "-no-build"}
	} else {
		build := exec.Command("go", "build", "-o", tool, "./tools/web")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("build tools/web: %v\n%s", err, out)
		}
	}
	start := time.Now()
	cmd := exec.Command(tool, args...)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		var said strings.Builder
		for sc.Scan() {
			if m := reOpen.FindStringSubmatch(sc.Text()); m != nil {
				sizes = said.String()
				found <- m[1]
				break
			}
			fmt.Fprintln(&said, sc.Text())
		}
		close(found)
		for sc.Scan() { // keep the pipe drained
		}
	}()
	select {
	case u, ok := <-found:
		if !ok {
			cmd.Wait()
			return nil, fmt.Errorf("tools/web stopped without serving the web folder")
		}
		siteURL = u
		fmt.Fprintf(os.Stderr, "e2e/web: built in %.1fs, serving %s\n%s", time.Since(start).Seconds(), siteURL, sizes)
		return cmd, nil
	case <-time.After(patient(5 * time.Minute)):
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("tools/web did not build and serve the web folder within %v", patient(5*time.Minute))
	}
}

// patient stretches a wait's timeout. A wait ends as soon as what it waits
// for happens, so a long one costs nothing when the page is quick; on a
// busy machine (other tests beside this one, a compile, two busy loops)
// the page can go seconds without a frame, and a test must not fail for
// that. The timeouts written in the tests are what a quiet machine needs;
// E2E_PATIENCE=N multiplies them (default 4).
func patient(d time.Duration) time.Duration {
	return d * time.Duration(patience)
}

var patience = func() int {
	if n, err := strconv.Atoi(os.Getenv("E2E_PATIENCE")); err == nil && n >= 1 {
		return n
	}
	return 4
}()
