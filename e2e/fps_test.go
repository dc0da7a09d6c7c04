//go:build e2e

package e2e

import (
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var reRates = regexp.MustCompile(`^gobblet: tps ([\d.]+) fps ([\d.]+)( |$)`)

// rates returns the tps and fps the game logged between two log lines.
func (g *Game) rates(from, to int) (tps, fps []float64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, l := range g.lines[min(from, len(g.lines)):min(to, len(g.lines))] {
		if m := reRates.FindStringSubmatch(l); m != nil {
			a, _ := strconv.ParseFloat(m[1], 64)
			b, _ := strconv.ParseFloat(m[2], 64)
			tps, fps = append(tps, a), append(fps, b)
		}
	}
	return tps, fps
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// spinnerFPS is the rate the game draws at while the computer thinks: its
// spinner turns at 30 frames a second (internal/app, gameScene.Animating).
const spinnerFPS = 30

// Scenario 6: while the computer thinks at its highest level, the game
// keeps ticking near 60 a second and keeps drawing its spinner; waiting for
// the human, it draws (next to) nothing. "fps" in the log is frames drawn.
func TestFrameRateWhileExpertThinks(t *testing.T) {
	g := start(t, t.TempDir())
	u := g.startNewGame("Game/Gobblet 4×4", "Players/You vs AI", "Your colour/Orange", "Moves first/Orange", "Computer level/Expert")
	// idle: the game waits for the human (the first figure still covers
	// the start of the game screen)
	idle := g.logMark()
	var idleTPS, idleFPS []float64
	for end := time.Now().Add(30 * time.Second); len(idleTPS) < 4 && time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		idleTPS, idleFPS = g.rates(idle, g.logMark())
	}
	if len(idleTPS) < 4 {
		t.Fatalf("the game logged %d frame rates in 30 s idle; log:\n%s", len(idleTPS), g.log())
	}
	idleTPS, idleFPS = idleTPS[1:], idleFPS[1:]
	eng := startEngine(t)
	begin := g.logMark()
	var thinkTPS, thinkFPS []float64
	for turn := 0; turn < 4 && len(thinkTPS) < 3; turn++ {
		u = g.waitUIFunc("the human's turn", g.lastMoveLine(begin), 60*time.Second, func(u *UI) bool { return u.State == "play" && u.SideToMove() == "x" })
		before := g.logMark()
		g.makeMove(u, eng.best("classic", g.moves(begin), "easy"), true)
		moved := g.logMark()
		m := g.waitLogAfter(before, `^gobblet: (move \d+ o \S+|result .*)$`, 60*time.Second)
		a, b := g.rates(moved, g.logMark())
		thinkTPS, thinkFPS = append(thinkTPS, a...), append(thinkFPS, b...)
		if m[1][0] == 'r' {
			break
		}
	}
	if len(thinkTPS) == 0 {
		t.Fatal("the expert answered too fast to measure: no frame rate logged while it thought")
	}
	t.Logf("idle: tps %v fps %v; expert thinking: tps %v fps %v", idleTPS, idleFPS, thinkTPS, thinkFPS)
	mt, mi := median(thinkTPS), median(idleTPS)
	mf, mfi := median(thinkFPS), median(idleFPS)
	if mfi > 2 {
		t.Errorf("waiting for the human the game draws %.1f frames a second (median of %v), want next to none", mfi, idleFPS)
	}
	// Near 60 ticks and the spinner's full rate are asked outright when
	// the machine gives the game room: idle near 60 and no more runnable
	// work than cores. On a loaded machine the search's core is taken from
	// the game by the others, so there the test asks only that the game
	// keeps going at half its pace: a search that blocked the game loop
	// would stop it dead.
	load, cores := loadAverage(), float64(runtime.NumCPU())
	if mi >= 55 && load <= cores {
		if mt < 50 {
			t.Errorf("while the expert thinks the game ticks %.1f times a second (median of %v), want near 60", mt, thinkTPS)
		}
		if mf < 0.7*spinnerFPS {
			t.Errorf("while the expert thinks the game draws %.1f frames a second (median of %v), want near %d: the search starves the drawing", mf, thinkFPS, spinnerFPS)
		}
		return
	}
	t.Logf("a loaded machine (load %.1f on %.0f cores, %.1f ticks a second idle): asking only for half the pace", load, cores, mi)
	if mt < 0.5*mi {
		t.Errorf("while the expert thinks the game ticks %.1f times a second (median of %v), idle %.1f", mt, thinkTPS, mi)
	}
	if mf < 0.4*spinnerFPS {
		t.Errorf("while the expert thinks the game draws %.1f frames a second (median of %v), want at least %.0f: the search starves the drawing", mf, thinkFPS, 0.4*spinnerFPS)
	}
}

// loadAverage is the machine's one-minute load average (0 if unknown).
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	return f
}
