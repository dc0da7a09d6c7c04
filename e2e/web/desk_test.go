//go:build e2e

package web

// A small driver of the desktop game for the tests where the desktop and
// the browser versions play each other (invite_test.go): the game runs in
// a virtual X server (Xvfb) of its own, is clicked with xdotool, and says
// what it shows in its debug layout log, as in e2e/ (harness_test.go).

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/e2e/layoutlog"
)

// xvfb is the virtual X server the desktop games of this package use,
// started by the first that needs it.
var xvfb struct {
	once    sync.Once
	display string
	cmd     *exec.Cmd
	err     error
}

// stopDeskDisplay ends the X server deskDisplay started, if it did; the
// package's TestMain calls it last.
func stopDeskDisplay() {
	if xvfb.cmd != nil {
		xvfb.cmd.Process.Kill()
	}
}

// deskDisplay starts Xvfb once, on a display it picks itself, and returns
// the display; it runs until the package's tests end.
func deskDisplay(t testing.TB) string {
	t.Helper()
	for _, tool := range []string{"Xvfb", "xdotool"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: install xvfb and xdotool (make e2e-deps names them)", tool)
		}
	}
	xvfb.once.Do(func() {
		r, w, err := os.Pipe()
		if err != nil {
			xvfb.err = err
			return
		}
		defer r.Close()
		cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", width, height), "-nolisten", "tcp", "-noreset")
		cmd.ExtraFiles = []*os.File{w}
		if err := cmd.Start(); err != nil {
			w.Close()
			xvfb.err = fmt.Errorf("start Xvfb: %w", err)
			return
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
				xvfb.err = fmt.Errorf("Xvfb did not say its display")
				cmd.Process.Kill()
				return
			}
			xvfb.display = ":" + n
			xvfb.cmd = cmd
			go cmd.Wait()
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			xvfb.err = fmt.Errorf("Xvfb did not start within 15 s")
		}
	})
	if xvfb.err != nil {
		t.Fatal(xvfb.err)
	}
	return xvfb.display
}

// desk is one running desktop game.
type desk struct {
	t          testing.TB
	cmd        *exec.Cmd
	display    string
	mu         sync.Mutex
	lines      []string
	uis        []*UI
	exited     chan struct{}
	offX, offY float64
}

// startDesk runs the desktop game bin with args (its own --config-dir and
// --debug are added) and waits for its first scene.
func startDesk(t testing.TB, bin, cfg string, args ...string) *desk {
	t.Helper()
	d := &desk{t: t, display: deskDisplay(t), exited: make(chan struct{})}
	shots := artifactsDir(t)
	d.xdo("mousemove", "2", "2")
	d.cmd = exec.Command(bin, append([]string{"--config-dir", cfg, "--debug"}, args...)...)
	d.cmd.Env = append(os.Environ(), "DISPLAY="+d.display, "GOBBLET_NOSOUND=1")
	stderr, err := d.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	d.cmd.Stdout = d.cmd.Stderr
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		var block *UI
		for sc.Scan() {
			ln := sc.Text()
			d.mu.Lock()
			d.lines = append(d.lines, ln)
			block = layoutlog.Parse(block, ln, len(d.lines), &d.uis)
			d.mu.Unlock()
			if testing.Verbose() && !strings.HasPrefix(ln, "gobblet: ") {
				fmt.Fprintln(os.Stderr, "   desk:", ln)
			}
		}
		d.cmd.Wait()
		close(d.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-d.exited:
		default:
			d.cmd.Process.Kill()
			<-d.exited
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		os.WriteFile(filepath.Join(shots, "desk-log.txt"), []byte(strings.Join(d.lines, "\n")+"\n"), 0o644)
	})
	d.waitLog(0, `^gobblet: scene `, 30*time.Second)
	d.findWindow()
	return d
}

func (d *desk) xdo(args ...string) string {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+d.display)
	out, err := cmd.Output()
	if err != nil {
		d.t.Fatalf("xdotool %v: %v", args, err)
	}
	return string(out)
}

// findWindow finds the game's window and where its corner is: the layout
// log speaks in window pixels.
func (d *desk) findWindow() {
	d.t.Helper()
	for end := time.Now().Add(patient(15 * time.Second)); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^Gobblet$")
		cmd.Env = append(os.Environ(), "DISPLAY="+d.display)
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		for _, id := range strings.Fields(string(out)) {
			v := map[string]float64{}
			for _, kv := range strings.Fields(d.xdo("getwindowgeometry", "--shell", id)) {
				k, val, _ := strings.Cut(kv, "=")
				f, _ := strconv.ParseFloat(val, 64)
				v[k] = f
			}
			if v["WIDTH"] >= 400 && v["HEIGHT"] >= 300 {
				d.offX, d.offY = v["X"], v["Y"]
				return
			}
		}
	}
	d.t.Fatalf("the desktop game's window did not appear; log:\n%s", d.log())
}

func (d *desk) mark() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.lines)
}

func (d *desk) log() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	ls := d.lines
	if len(ls) > 60 {
		ls = ls[len(ls)-60:]
	}
	return strings.Join(ls, "\n")
}

// findLog is the first line after mark that matches rx.
func (d *desk) findLog(mark int, rx *regexp.Regexp) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, l := range d.lines[min(mark, len(d.lines)):] {
		if m := rx.FindStringSubmatch(l); m != nil {
			return m
		}
	}
	return nil
}

// waitLog waits for a line after mark that matches re.
func (d *desk) waitLog(mark int, re string, timeout time.Duration) []string {
	d.t.Helper()
	rx := regexp.MustCompile(re)
	timeout = patient(timeout)
	for end := time.Now().Add(timeout); ; time.Sleep(30 * time.Millisecond) {
		if m := d.findLog(mark, rx); m != nil {
			return m
		}
		select {
		case <-d.exited:
			d.t.Fatalf("the desktop game exited while waiting for %q; log:\n%s", re, d.log())
		default:
		}
		if time.Now().After(end) {
			d.t.Fatalf("the desktop game wrote no line %q within %v; log:\n%s", re, timeout, d.log())
		}
	}
}

func (d *desk) ui() *UI {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.uis) == 0 {
		return nil
	}
	return d.uis[len(d.uis)-1]
}

// waitUIFunc waits until the latest layout block, written after mark,
// satisfies ok.
func (d *desk) waitUIFunc(what string, mark int, timeout time.Duration, ok func(*UI) bool) *UI {
	d.t.Helper()
	timeout = patient(timeout)
	for end := time.Now().Add(timeout); ; time.Sleep(30 * time.Millisecond) {
		if u := d.ui(); u != nil && u.End > mark && ok(u) {
			return u
		}
		if time.Now().After(end) {
			last := "nothing"
			if u := d.ui(); u != nil {
				last = fmt.Sprintf("scene %q state %q", u.Scene, u.State)
			}
			d.t.Fatalf("the desktop game did not show %s within %v (it shows %s); log:\n%s", what, timeout, last, d.log())
		}
	}
}

func (d *desk) waitUI(mark int, scene, state string, timeout time.Duration) *UI {
	d.t.Helper()
	return d.waitUIFunc(fmt.Sprintf("scene %q state %q", scene, state), mark, timeout, func(u *UI) bool {
		return u.Scene == scene && (state == "" || u.State == state) && u.Ready()
	})
}

// click points at the middle of r, waits for the game to see the pointer
// there, and holds the button until done (or a new layout block, when
// done is nil).
func (d *desk) click(r Rect, done func() bool) {
	d.t.Helper()
	x, y := r.Center()
	x, y = float64(int(x)), float64(int(y))
	d.xdo("mousemove", strconv.Itoa(int(d.offX+x)), strconv.Itoa(int(d.offY+y)))
	d.waitUIFunc(fmt.Sprintf("the pointer at %.0f,%.0f", x, y), 0, 15*time.Second, func(u *UI) bool { return u.PX == x && u.PY == y })
	if done == nil {
		mark := d.mark()
		done = func() bool { u := d.ui(); return u != nil && u.End > mark }
	}
	d.xdo("mousedown", "1")
	ok := false
	for end := time.Now().Add(patient(15 * time.Second)); time.Now().Before(end); time.Sleep(30 * time.Millisecond) {
		if ok = done(); ok {
			break
		}
	}
	time.Sleep(50 * time.Millisecond)
	d.xdo("mouseup", "1")
	if !ok {
		d.t.Fatalf("clicked %s; the desktop game did not react within %v; log:\n%s", r.Name, patient(15*time.Second), d.log())
	}
	time.Sleep(60 * time.Millisecond)
}

// pick makes the New game screen's picks ("Row/Option").
func (d *desk) pick(picks ...string) *UI {
	d.t.Helper()
	u := d.waitUI(0, "new-game", "", 20*time.Second)
	for _, p := range picks {
		row, opt, _ := strings.Cut(p, "/")
		if u.Choices[row] == opt {
			continue
		}
		d.click(u.Widget(d.t, p), nil)
		u = d.waitUIFunc(p+" chosen", 0, 10*time.Second, func(u *UI) bool { return u.Scene == "new-game" && u.Choices[row] == opt })
	}
	return u
}

var reMove = regexp.MustCompile(`^gobblet: move \d+ [xo] (\S+)$`)

// makeMove plays a move for the side to move: a click on the piece, then
// on the square; it waits for the game to log it.
func (d *desk) makeMove(u *UI, move string) {
	d.t.Helper()
	player := u.SideToMove()
	var from, to Rect
	if size, sq, ok := strings.Cut(move, "@"); ok {
		n, _ := strconv.Atoi(size)
		s, ok := u.SlotFor(player, n)
		if !ok {
			d.t.Fatalf("the desktop game shows no reserve slot of %s with a size-%d piece on top: %+v", player, n, u.Slots)
		}
		from, to = s.Rect, u.Squares[sq]
	} else {
		a, c, _ := strings.Cut(move, "-")
		from, to = u.Squares[a], u.Squares[c]
	}
	if from.W == 0 || to.W == 0 {
		d.t.Fatalf("the desktop game shows no square for the move %q", move)
	}
	mark := d.mark()
	d.click(from, func() bool { u := d.ui(); return u != nil && u.End > mark && u.Held != "" })
	d.click(to, func() bool { return d.findLog(mark, reMove) != nil })
	if m := d.findLog(mark, reMove); m[1] != move {
		d.t.Fatalf("played %s, the desktop game logged %q", move, m[0])
	}
}
