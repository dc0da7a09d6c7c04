//go:build e2e

// Package e2e drives the real gobblet binary in a virtual X server with real
// mouse and keyboard events (xdotool), and checks what it shows (screenshots)
// and writes (its debug log and its files). Run with `make e2e`.
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/e2e/layoutlog"
)

var (
	binDir    string // where gobblet and gobblet-engine were built
	display   string // the Xvfb display, e.g. ":42"
	screenW   = 1280
	screenH   = 800
	artifacts = os.Getenv("E2E_ARTIFACTS") // keep screenshots here when set
)

func TestMain(m *testing.M) {
	for _, tool := range []string{"Xvfb", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: %s is missing: install xvfb, xdotool and imagemagick (the Makefile's e2e-deps target does)\n", tool)
			os.Exit(1)
		}
	}
	// tools/e2erun (make e2e) builds the binaries once for every test it
	// runs beside the others, and names their folder in E2E_PREBUILT.
	dir := os.Getenv("E2E_PREBUILT")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "gobblet-e2e"); err != nil {
			panic(err)
		}
		build := exec.Command("go", "build", "-o", dir+string(os.PathSeparator), "../cmd/gobblet", "../cmd/gobblet-engine")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "e2e: build:", err)
			os.RemoveAll(dir)
			os.Exit(1)
		}
	}
	binDir = dir
	xvfb, disp, err := startXvfb()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	display = disp
	code := m.Run()
	xvfb.Process.Kill()
	xvfb.Wait()
	if os.Getenv("E2E_PREBUILT") == "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// patient stretches a wait's timeout. A wait ends as soon as what it waits
// for happens, so a long one costs nothing when the game is quick; on a
// busy machine (other tests beside this one, a compile, two busy loops)
// a frame can take seconds, and a test must not fail for that. The
// timeouts written in the tests are what a quiet machine needs;
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

// startXvfb starts a virtual X server on a display it picks itself
// (-displayfd), so that parallel runs never share one. -noreset keeps it
// from resetting (and centring the pointer) whenever its last client, a
// game or an xdotool call, goes away.
func startXvfb() (*exec.Cmd, string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", screenW, screenH), "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, "", fmt.Errorf("start Xvfb: %w", err)
	}
	w.Close()
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, "", fmt.Errorf("Xvfb did not say its display")
		}
		return cmd, ":" + n, nil
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		return nil, "", fmt.Errorf("Xvfb did not start within 15 s")
	}
}

// Game is one running gobblet process.
type Game struct {
	t      testing.TB
	cmd    *exec.Cmd
	cfg    string
	mu     sync.Mutex
	lines  []string
	uis    []*UI // every complete layout block, in order
	exited chan struct{}
	err    error
	offX   float64 // the window's top-left corner on the X screen
	offY   float64
}

// start runs the game with its settings in cfg and extra environment.
func start(t testing.TB, cfg string, env ...string) *Game {
	t.Helper()
	return startBinary(t, filepath.Join(binDir, "gobblet"), []string{"--config-dir", cfg, "--debug"}, cfg, append([]string{"GOBBLET_NOSOUND=1"}, env...)...)
}

// startBinary runs a gobblet binary with arguments and extra environment
// and waits for its main menu.
func startBinary(t testing.TB, bin string, args []string, cfg string, env ...string) *Game {
	t.Helper()
	return startOn(t, "menu", bin, args, cfg, env...)
}

// startOn runs a gobblet binary as startBinary does and waits for its first
// scene (the menu; "online" for --host and --join).
func startOn(t testing.TB, scene, bin string, args []string, cfg string, env ...string) *Game {
	t.Helper()
	// the pointer rests in a corner, away from every button, so that it
	// moves no keyboard focus when the game starts
	xdo(t, "mousemove", "2", "2")
	cmd := exec.Command(bin, args...)
	cmd.Env = append(gameEnv(env), "DISPLAY="+display)
	cmd.Env = append(cmd.Env, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = cmd.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := &Game{t: t, cmd: cmd, cfg: cfg, exited: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stderr)
		var block *UI
		for sc.Scan() {
			ln := sc.Text()
			g.mu.Lock()
			g.lines = append(g.lines, ln)
			block = layoutlog.Parse(block, ln, len(g.lines), &g.uis)
			g.mu.Unlock()
			if testing.Verbose() {
				fmt.Fprintln(os.Stderr, "   game:", sc.Text())
			}
		}
		g.err = cmd.Wait()
		close(g.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-g.exited:
		default:
			cmd.Process.Kill()
			<-g.exited
		}
	})
	g.waitLog(`^gobblet: scene `+scene, 30*time.Second)
	g.findWindow()
	g.waitUI(scene, "", 20*time.Second)
	time.Sleep(200 * time.Millisecond)
	return g
}

// findWindow finds the game's window on the X screen and remembers where
// its top-left corner is: the layout log speaks in window pixels.
func (g *Game) findWindow() {
	g.t.Helper()
	deadline := time.Now().Add(patient(10 * time.Second))
	for time.Now().Before(deadline) {
		out, err := xdoTry("search", "--onlyvisible", "--name", "^Gobblet$")
		if err == nil {
			for _, id := range strings.Fields(out) {
				geo, err := xdoTry("getwindowgeometry", "--shell", id)
				if err != nil {
					continue
				}
				v := map[string]float64{}
				for _, kv := range strings.Fields(geo) {
					k, val, _ := strings.Cut(kv, "=")
					f, _ := strconv.ParseFloat(val, 64)
					v[k] = f
				}
				if v["WIDTH"] >= 400 && v["HEIGHT"] >= 300 {
					g.offX, g.offY = v["X"], v["Y"]
					return
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	g.t.Fatalf("the game's window (named Gobblet) did not appear on %s; log:\n%s", display, g.log())
}

// waitLog waits for a log line matching re and returns its submatches.
func (g *Game) waitLog(re string, timeout time.Duration) []string {
	g.t.Helper()
	return g.waitLogAfter(0, re, timeout)
}

// countLog counts log lines matching re.
func (g *Game) countLog(re string) int {
	rx := regexp.MustCompile(re)
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, l := range g.lines {
		if rx.MatchString(l) {
			n++
		}
	}
	return n
}

// logMark returns the number of log lines so far, to wait for lines after it.
func (g *Game) logMark() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.lines)
}

// waitLogAfter waits for a matching line that came after mark.
func (g *Game) waitLogAfter(mark int, re string, timeout time.Duration) []string {
	g.t.Helper()
	rx := regexp.MustCompile(re)
	timeout = patient(timeout)
	deadline := time.Now().Add(timeout)
	for {
		g.mu.Lock()
		for _, l := range g.lines[min(mark, len(g.lines)):] {
			if m := rx.FindStringSubmatch(l); m != nil {
				g.mu.Unlock()
				return m
			}
		}
		g.mu.Unlock()
		select {
		case <-g.exited:
			g.t.Fatalf("the game exited (%v) while waiting for %q; log:\n%s", g.err, re, g.log())
		default:
		}
		if time.Now().After(deadline) {
			g.shot("timeout")
			g.t.Fatalf("no log line %q within %v; last log:\n%s", re, timeout, g.log())
		}
		time.Sleep(30 * time.Millisecond)
	}
}

func (g *Game) log() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	ls := g.lines
	if len(ls) > 60 {
		ls = ls[len(ls)-60:]
	}
	return strings.Join(ls, "\n")
}

// waitExit waits for the process to end by itself.
func (g *Game) waitExit(timeout time.Duration) error {
	g.t.Helper()
	select {
	case <-g.exited:
		return g.err
	case <-time.After(patient(timeout)):
		g.t.Fatalf("the game did not exit within %v; log:\n%s", patient(timeout), g.log())
	}
	return nil
}

// hasExited reports whether the process has ended.
func (g *Game) hasExited() bool {
	select {
	case <-g.exited:
		return true
	default:
		return false
	}
}

// kill9 kills the game without warning.
func (g *Game) kill9() {
	g.cmd.Process.Signal(syscall.SIGKILL)
	<-g.exited
}

// languageVars are the variables the game reads its language from.
var languageVars = []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}

// gameEnv is this process's environment for a game, in English whatever
// the machine's language (the tests read its English words): LANGUAGE=en
// and none of the other language variables, unless a test's extra
// environment (env) names one of them, which then speaks alone.
func gameEnv(env []string) []string {
	var out []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !slices.Contains(languageVars, k) {
			out = append(out, kv)
		}
	}
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); slices.Contains(languageVars, k) {
			return out
		}
	}
	return append(out, "LANGUAGE=en")
}

func xdo(t testing.TB, args ...string) string {
	t.Helper()
	out, err := xdoTry(args...)
	if err != nil {
		t.Fatalf("xdotool %v: %v: %s", args, err, out)
	}
	return out
}

func xdoTry(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.Output()
	return string(out), err
}

// screenshot grabs the whole X screen.
func screenshot(t testing.TB) image.Image {
	t.Helper()
	cmd := exec.Command("import", "-display", display, "-window", "root", "png:-")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	img, _, err := image.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("screenshot decode: %v", err)
	}
	return img
}

// shot saves a screenshot under the artifacts folder, when one is set.
func (g *Game) shot(name string) {
	if artifacts == "" {
		return
	}
	os.MkdirAll(artifacts, 0o755)
	cmd := exec.Command("import", "-display", display, "-window", "root", filepath.Join(artifacts, g.t.Name()+"-"+name+".png"))
	cmd.Run()
}

// near reports whether two colours are within tol on every channel.
func near(c color.Color, want color.RGBA, tol int) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { v := int(x>>8) - int(y); return v <= tol && v >= -tol }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// fraction returns the share of pixels in a rectangle close to a colour.
func fraction(img image.Image, r image.Rectangle, want color.RGBA, tol int) float64 {
	n, hit := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			n++
			if near(img.At(x, y), want, tol) {
				hit++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(hit) / float64(n)
}
