// Command e2erun runs the end-to-end tests (e2e/ and e2e/web/, build tag
// e2e) several at a time, each in a process of its own, so that make e2e
// takes minutes rather than the sum of its tests:
//
//	go run ./tools/e2erun            # what make e2e runs
//	go run ./tools/e2erun -run Phone -v
//
// It builds once what every test needs (the game and the engine, tools/web
// and the browser version's folder, the two test binaries) and names that
// folder to the tests in E2E_PREBUILT; then it runs each top-level test as
// `pkg.test -test.run '^Name$'` in its package's folder, -jobs at a time,
// the longest first (as long as it took last time on this machine, else
// a rough figure below). A test's process is all its own: its own virtual
// X server, its own browser, its own web server, so tests never share a
// screen, a pointer or a profile. Each test's output is printed whole when
// it ends (only a failure's, unless -v), then a summary with the load
// average.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// pkg is one package of end-to-end tests.
type pkg struct {
	name string // as printed: e2e, e2e/web
	dir  string // its folder, from the repository's root
	bin  string // its test binary, built into the prebuilt folder
}

var pkgs = []pkg{{"e2e", "e2e", "e2e.test"}, {"e2e/web", filepath.Join("e2e", "web"), "web.test"}}

// job is one top-level test to run.
type job struct {
	pkg  pkg
	name string
	est  time.Duration // how long it is expected to take
}

// guess is how long a test takes on two busy cores when this machine has
// not run it yet: the longest start first, so that the last to end is a
// short one. A test not named here is guessed at a minute.
var guess = map[string]time.Duration{
	"TestPlayInBrowser":                            6 * time.Minute,
	"TestPhonePlaysByTaps":                         4 * time.Minute,
	"TestInviteFromTheDesktopJoinInTheBrowser":     4 * time.Minute,
	"TestOfflineAfterTheFirstVisit":                3 * time.Minute,
	"TestTabsAndAKilledBrowserLoseNoGame":          3 * time.Minute,
	"TestANewVersionIsAnnounced":                   2 * time.Minute,
	"TestLinuxArchiveStartsWithEmptyHome":          2 * time.Minute,
	"TestExpertThinksInAPlainPage":                 2 * time.Minute,
	"TestAddressIsNotACommandLine":                 90 * time.Second,
	"TestWindowKeepsDrawingWhileExpertThinks":      90 * time.Second,
	"TestClassicByKeyboardAndClicks":               90 * time.Second,
	"TestAIDemoOnClassicPlaysToAResult":            90 * time.Second,
	"TestTheComputerThinksOnThePageWithoutWorkers": 90 * time.Second,
	"TestLanguageFromLANGIsGerman":                 30 * time.Second,
	"TestLanguageFlagJapanese":                     30 * time.Second,
}

func main() {
	jobs := flag.Int("jobs", max(2, runtime.NumCPU()+1), "tests to run at once")
	run := flag.String("run", "", "run only the tests whose names match this regular expression")
	timeout := flag.Duration("timeout", 30*time.Minute, "the longest one test may take")
	verbose := flag.Bool("v", false, "print every test's output (-test.v), not only a failure's")
	maxLoad := flag.Float64("max-load", float64(6*runtime.NumCPU()), "start a test beside others only while the load average is under this")
	flag.Parse()
	var only *regexp.Regexp
	if *run != "" {
		var err error
		if only, err = regexp.Compile(*run); err != nil {
			fail("-run: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join("e2e", "web")); err != nil {
		fail("run me from the repository's root (make e2e does): %v", err)
	}
	// Ctrl+C or a kill ends the tests (each in a process group of its
	// own, which a terminal's Ctrl+C does not reach) before e2erun ends.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	began := time.Now()
	fmt.Printf("e2erun: %d tests at a time on %d cores (load average %s)\n", *jobs, runtime.NumCPU(), loadAverage())

	var queue []job
	past := readPast()
	for _, p := range pkgs {
		names, err := testNames(p.dir)
		if err != nil {
			fail("%v", err)
		}
		for _, n := range names {
			if only != nil && !only.MatchString(n) {
				continue
			}
			est, ok := past[p.name+" "+n]
			if !ok {
				if est, ok = guess[n]; !ok {
					est = time.Minute
				}
			}
			queue = append(queue, job{p, n, est})
		}
	}
	if len(queue) == 0 {
		fail("no test matches -run %q", *run)
	}
	slices.SortStableFunc(queue, func(a, b job) int { return int(b.est - a.est) })

	tmp, err := os.MkdirTemp("", "gobblet-e2erun")
	if err != nil {
		fail("%v", err)
	}
	defer os.RemoveAll(tmp)
	if err := build(ctx, tmp); err != nil {
		os.RemoveAll(tmp)
		fail("%v", err)
	}
	logs := filepath.Join(tmp, "logs")
	if err := os.Mkdir(logs, 0o755); err != nil {
		fail("%v", err)
	}
	fmt.Printf("e2erun: built in %.0fs (load average %s); each test's output in %s while it runs\n", time.Since(began).Seconds(), loadAverage(), logs)

	var (
		mu      sync.Mutex
		failed  []string
		took    = map[string]time.Duration{}
		next    = make(chan job)
		wg      sync.WaitGroup
		running int // tests running now
		waited  bool
	)
	// room waits, before a test starts beside others, until the machine
	// has room for it: on a machine already loaded by something else, the
	// tests run fewer at a time rather than each crawling (a page that
	// takes a minute and a half to start gives up on its server).
	room := func() {
		for {
			mu.Lock()
			ok := running == 0 || load1() < *maxLoad
			if ok {
				running++
			} else if !waited {
				waited = true
				fmt.Printf("e2erun: the load average is %s, over %g: the next tests wait for it to fall\n", loadAverage(), *maxLoad)
			}
			mu.Unlock()
			if ok {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(5 * time.Second):
			}
		}
	}
	for range min(*jobs, len(queue)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				if room(); ctx.Err() != nil {
					continue
				}
				args := []string{"-test.run", "^" + regexp.QuoteMeta(j.name) + "$", "-test.count=1", "-test.timeout", timeout.String()}
				if *verbose {
					args = append(args, "-test.v")
				}
				cmd := exec.CommandContext(ctx, filepath.Join(tmp, j.pkg.bin), args...)
				cmd.Dir = j.pkg.dir
				cmd.Env = append(os.Environ(), "E2E_PREBUILT="+tmp)
				// the output goes to a file as it comes, for a look while
				// the test runs, and is printed when it ends
				logName := filepath.Join(logs, strings.ReplaceAll(j.pkg.name, "/", "-")+"-"+j.name+".log")
				f, err := os.Create(logName)
				if err != nil {
					fail("%v", err)
				}
				cmd.Stdout, cmd.Stderr = f, f
				ownGroup(cmd)
				t0 := time.Now()
				err = cmd.Run()
				d := time.Since(t0)
				endGroup(cmd)
				f.Close()
				out, _ := os.ReadFile(logName)
				mu.Lock()
				running--
				word := "ok  "
				if err != nil {
					word = "FAIL"
					failed = append(failed, j.pkg.name+" "+j.name)
				} else {
					took[j.pkg.name+" "+j.name] = d
				}
				fmt.Printf("%s %-8s %-50s %6.1fs  (load average %s)\n", word, j.pkg.name, j.name, d.Seconds(), loadAverage())
				if err != nil || *verbose {
					fmt.Print(indent(string(out)))
					if err != nil {
						fmt.Printf("     %s %s: %v\n", j.pkg.name, j.name, err)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range queue {
		select {
		case next <- j:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	writePast(past, took)
	fmt.Printf("e2erun: %d tests in %.0fs, %d failed (load average %s)\n", len(queue), time.Since(began).Seconds(), len(failed), loadAverage())
	if len(failed) > 0 || ctx.Err() != nil {
		for _, f := range failed {
			fmt.Printf("FAIL %s\n", f)
		}
		os.RemoveAll(tmp)
		os.Exit(1)
	}
}

// build builds into dir, side by side, what every test needs: the game
// and the engine, tools/web and the web folder (dir/site), and the test
// binaries.
func build(ctx context.Context, dir string) error {
	steps := [][][]string{
		{{"go", "build", "-o", dir + string(os.PathSeparator), "./cmd/gobblet", "./cmd/gobblet-engine"}},
		{{"go", "build", "-o", filepath.Join(dir, "web-tool"), "./tools/web"}, {filepath.Join(dir, "web-tool"), "-out", filepath.Join(dir, "site")}},
	}
	for _, p := range pkgs {
		steps = append(steps, [][]string{{"go", "test", "-c", "-tags", "e2e", "-o", filepath.Join(dir, p.bin), "./" + filepath.ToSlash(p.dir)}})
	}
	errs := make(chan error, len(steps))
	for _, s := range steps {
		go func() {
			for _, c := range s {
				out, err := exec.CommandContext(ctx, c[0], c[1:]...).CombinedOutput()
				if err != nil {
					errs <- fmt.Errorf("%s: %v\n%s", strings.Join(c, " "), err, out)
					return
				}
			}
			errs <- nil
		}()
	}
	var first error
	for range steps {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// testNames lists the top-level tests (func TestXxx(t *testing.T)) in the
// _test.go files of dir, as go test would run them: file by file.
func testNames(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !isTest(fn.Name.Name) || fn.Type.Params.NumFields() != 1 {
				continue
			}
			names = append(names, fn.Name.Name)
		}
	}
	return names, nil
}

// isTest reports whether go test runs a function of this name as a test:
// Test, then nothing or not a lower-case letter.
func isTest(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	return ok && name != "TestMain" && (rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z'))
}

// pastFile keeps how long each test took when it last passed here.
func pastFile() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "gobblet", "e2e-durations.json")
}

func readPast() map[string]time.Duration {
	past := map[string]time.Duration{}
	if f := pastFile(); f != "" {
		if b, err := os.ReadFile(f); err == nil {
			json.Unmarshal(b, &past)
		}
	}
	return past
}

func writePast(past, took map[string]time.Duration) {
	f := pastFile()
	if f == "" || len(took) == 0 {
		return
	}
	for k, v := range took {
		past[k] = v
	}
	b, _ := json.MarshalIndent(past, "", "\t")
	os.MkdirAll(filepath.Dir(f), 0o755)
	os.WriteFile(f, b, 0o644)
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return ""
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ") + "\n"
}

// load1 is the load average over the last minute (0 where there is none).
func load1() float64 {
	var f float64
	fmt.Sscan(loadAverage(), &f)
	return f
}

// loadAverage is the machine's load average over 1, 5 and 15 minutes, as
// /proc/loadavg says it ("?" where there is none).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "e2erun: "+format+"\n", args...)
	os.Exit(1)
}
