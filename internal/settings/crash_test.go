package settings

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gobblet-game/gobblet/internal/record"
)

// The crash test re-runs this test binary as a writer child (these
// variables tell it so), kills it with SIGKILL at a random moment, and looks
// at what it left.
const (
	crashDirEnv  = "GOBBLET_CRASH_WRITER_DIR"
	crashBaseEnv = "GOBBLET_CRASH_WRITER_BASE"
)

var crashKills = flag.Int("crash.kills", 200, "how many times the crash test kills a writer")

func TestMain(m *testing.M) {
	if dir := os.Getenv(crashDirEnv); dir != "" {
		base, _ := strconv.Atoi(os.Getenv(crashBaseEnv))
		crashWriter(dir, base)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashWriter saves the settings and the game of generation base+1, base+2,
// … as fast as it can, saying on stdout when it starts and ends each save,
// until it is killed (or, as a safety net, after ten seconds).
func crashWriter(dir string, base int) {
	s, err := Open(dir)
	if err != nil {
		fmt.Println("error", err)
		return
	}
	fmt.Println("ready")
	deadline := time.Now().Add(10 * time.Second)
	for gen := base + 1; time.Now().Before(deadline); gen++ {
		fmt.Println("saving", gen)
		if err := s.SaveSettings(settingsOf(gen)); err != nil {
			fmt.Println("error", err)
			return
		}
		if err := s.SaveGame(gameOf(gen)); err != nil {
			fmt.Println("error", err)
			return
		}
		fmt.Println("saved", gen)
	}
}

// settingsOf and gameOf give each generation its own content: a torn file
// mixing two generations cannot pass for either.
func settingsOf(gen int) Settings {
	s := Default()
	s.WindowWidth = MinWindowSide + gen/1000
	s.AIDelayMillis = gen % 1000
	return s
}

func genOfSettings(s Settings) int { return (s.WindowWidth-MinWindowSide)*1000 + s.AIDelayMillis }

var crashGame = sampleGame()

func gameOf(gen int) *record.Record {
	r := *crashGame
	r.Tags = []record.Tag{{Name: "Generation", Value: strconv.Itoa(gen)}}
	// Some 24 KB, so that a write spans several pages and takes a while.
	r.Comments = map[int]string{0: strings.Repeat(fmt.Sprintf("generation %d. ", gen), 24<<10/16)}
	return &r
}

func genOfGame(r *record.Record) int {
	for _, t := range r.Tags {
		if t.Name == "Generation" {
			n, _ := strconv.Atoi(t.Value)
			return n
		}
	}
	return -1
}

// TestKillDuringWritesLeavesOldOrNew: however a writer is killed, the next
// start finds every file readable, holding exactly the content of one
// generation: the one before the kill's child began, or one the child wrote
// (at least the last it finished).
func TestKillDuringWritesLeavesOldOrNew(t *testing.T) {
	kills := *crashKills
	if testing.Short() || raceEnabled {
		kills = min(kills, 30) // the race detector makes every start slow
	}
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Generation 0 in place, and a first estimate of one save's duration;
	// killWriter refines it from the children's own timing.
	t0 := time.Now()
	for g := 3; g >= 0; g-- {
		if err := s.SaveSettings(settingsOf(g)); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveGame(gameOf(g)); err != nil {
			t.Fatal(err)
		}
	}
	est := time.Since(t0) / 4
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("seed %d, one save %v", seed, est)

	prevSettings, prevGame := 0, 0
	var midSave, unchanged, afterSaves int
	start := time.Now()
	for i := 1; i <= kills; i++ {
		base := i * 1000
		// Kill during the first, second or third save, anywhere from its
		// start to half a save past its end.
		lastSaving, lastSaved := killWriter(t, dir, base, 1+rng.IntN(3), rng.Float64()*1.5, &est)
		if lastSaving > lastSaved {
			midSave++
		}
		if lastSaved > 0 {
			afterSaves++
		}

		// A fresh store, as after a restart.
		s, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		st, notice := s.LoadSettings()
		if notice != nil {
			t.Fatalf("kill %d: %s", i, notice)
		}
		rec, notice := s.LoadGame()
		if notice != nil || rec == nil {
			t.Fatalf("kill %d: %q", i, notice)
		}
		for _, f := range []struct {
			name string
			gen  int
			prev *int
			want func(int) []byte
		}{
			{SettingsFile, genOfSettings(st), &prevSettings, func(g int) []byte { b, _ := Marshal(settingsOf(g)); return b }},
			{CurrentGame, genOfGame(rec), &prevGame, func(g int) []byte { b, _ := record.Marshal(gameOf(g)); return b }},
		} {
			old, isNew := f.gen == *f.prev, f.gen > base && f.gen <= lastSaving
			if !old && !isNew || f.gen < lastSaved {
				t.Fatalf("kill %d: %s holds generation %d; before the kill %d, the child saved %d..%d, finished %d",
					i, f.name, f.gen, *f.prev, base+1, lastSaving, lastSaved)
			}
			data, err := os.ReadFile(s.Path(f.name))
			if err != nil || !bytes.Equal(data, f.want(f.gen)) {
				t.Fatalf("kill %d: %s is not exactly generation %d's content (%v)", i, f.name, f.gen, err)
			}
			if old {
				unchanged++
			}
			*f.prev = f.gen
		}
	}
	t.Logf("%d kills in %v: %d while a save was under way, %d after at least one finished save, %d files found unchanged",
		kills, time.Since(start).Round(time.Millisecond), midSave, afterSaves, unchanged)
	// A test whose kills never land during a save proves nothing.
	if midSave < kills/10 || afterSaves < kills/10 {
		t.Errorf("too few kills landed during or after saves (%d, %d of %d): the timing needs adjusting", midSave, afterSaves, kills)
	}
}

// killWriter starts a writer child and kills it once it has begun save
// number k, frac of a save's duration later (frac above 1 lands after the
// save or in the next one). The kill point follows the child's own progress,
// so a slow machine (a cold cache, the race detector) shifts nothing. It
// returns the last generation the child began and the last it finished, and
// updates est, the running estimate of one save's duration.
func killWriter(t *testing.T, dir string, base, k int, frac float64, est *time.Duration) (lastSaving, lastSaved int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashDirEnv+"="+dir, crashBaseEnv+"="+strconv.Itoa(base))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	type line struct {
		word string
		gen  int
		at   time.Time
	}
	lines := make(chan line, 1024)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			word, n, _ := strings.Cut(sc.Text(), " ")
			gen, _ := strconv.Atoi(n)
			lines <- line{word, gen, time.Now()}
		}
		close(lines)
	}()
	var began time.Time
	record := func(l line) {
		switch l.word {
		case "ready":
		case "saving":
			lastSaving, began = l.gen, l.at
		case "saved":
			lastSaved = l.gen
			if !began.IsZero() {
				*est = (*est*3 + l.at.Sub(began)) / 4
			}
		default:
			cmd.Process.Kill()
			t.Fatalf("writer: %s %d", l.word, l.gen)
		}
	}
	for l := range lines {
		record(l)
		if l.word == "saving" && l.gen == base+k {
			break
		}
	}
	time.Sleep(time.Duration(frac * float64(*est)))
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no deferred code, no flush
		t.Fatal(err)
	}
	for l := range lines {
		record(l)
	}
	cmd.Wait()
	if lastSaving == 0 {
		t.Fatal("the writer never started a save")
	}
	return lastSaving, lastSaved
}
