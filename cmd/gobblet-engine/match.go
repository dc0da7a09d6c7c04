package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/protocol"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/search"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

const matchUsage = `usage: gobblet-engine match [flags]

Plays AI-versus-AI games between two players, colours alternating: each
opening (a few random plies) is played twice, once with each player as x.
A player is a level (easy, medium, hard, expert, perfect on gobblers),
optionally with its own node budget per move (hard:150000), baseline (the
seeds' depth-3 alpha-beta), or cmd:<command line> for another
program speaking the engine protocol (it is sent "go" plus --go1/--go2).
Prints wins, draws and losses of --p1, its score and Elo difference with a
95% interval.

`

// matchConfig is a match's command line, parsed.
type matchConfig struct {
	variant       rules.Variant
	specs         [2]playerSpec
	games         int // even: each opening is played with both colours
	parallel      int
	plies         int
	limit         int
	seed          uint64
	nodes         uint64
	quiet         bool
	engineTimeout time.Duration
	noCap         bool
}

// matchOutcome is one finished game of a match.
type matchOutcome struct {
	index int
	rec   ai.GameRecord
	p1X   bool // --p1 played X (moved first)
}

func runMatch(args []string) error {
	cfg, err := parseMatch(args)
	if err != nil || cfg == nil {
		return err
	}
	results, startErr := playMatch(cfg)
	return reportMatch(cfg, results, startErr)
}

// parseMatch reads the flags; a nil config with no error means help was shown.
func parseMatch(args []string) (*matchConfig, error) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	helpOutput(fs, args, os.Stdout)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), matchUsage)
		fs.PrintDefaults()
	}
	games := fs.Int("games", 20, "number of games (rounded up to an even number)")
	variantName := fs.String("variant", "classic", "classic or gobblers")
	p1 := fs.String("p1", "hard", "first player")
	p2 := fs.String("p2", "baseline", "second player")
	go1 := fs.String("go1", "go", "go command sent to an external first player")
	go2 := fs.String("go2", "go", "go command sent to an external second player")
	parallel := fs.Int("parallel", runtime.NumCPU(), "games played at once")
	plies := fs.Int("opening", 2, "random plies of each opening")
	limit := fs.Int("movelimit", 200, "plies after which a game is a draw")
	seed := fs.Uint64("seed", 1, "seed of the openings and the players' random choices")
	nodes := fs.Uint64("nodes", 0, "node budget per move for both players' levels (0 = the level's own)")
	quiet := fs.Bool("quiet", false, "no per-game lines")
	engineTimeout := fs.Duration("engine-timeout", 5*time.Minute, "time a cmd: player has to answer each move; one that takes longer loses its games from then on")
	noCap := fs.Bool("no-time-cap", false, "levels keep their node and depth budgets but drop their time caps, so results do not depend on the machine's load")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, nil
		}
		return nil, err
	}
	v, err := rules.ParseVariant(*variantName)
	if err != nil {
		return nil, err
	}
	specs := [2]playerSpec{{*p1, *go1}, {*p2, *go2}}
	for _, s := range specs {
		if err := s.check(v); err != nil {
			return nil, err
		}
	}
	return &matchConfig{
		variant: v, specs: specs, games: (*games + 1) / 2 * 2, parallel: max(1, *parallel),
		plies: *plies, limit: *limit, seed: *seed, nodes: *nodes, quiet: *quiet,
		engineTimeout: *engineTimeout, noCap: *noCap,
	}, nil
}

// playMatch starts the workers, each with its own pair of players, and
// returns the games as they finish; the channel closes after the last one.
// The returned function reports a player that could not start (read it once
// the channel is closed).
func playMatch(cfg *matchConfig) (<-chan matchOutcome, func() error) {
	v, specs := cfg.variant, cfg.specs
	jobs := make(chan int)
	results := make(chan matchOutcome)
	ctx := context.Background()
	var wg sync.WaitGroup
	var startErr error
	var errOnce sync.Once
	for w := 0; w < cfg.parallel; w++ {
		wg.Go(func() {
			var players [2]ai.Player
			for i, s := range specs {
				p, closeFn, err := s.player(v, cfg.seed, cfg.nodes, cfg.noCap, cfg.engineTimeout)
				if err != nil {
					errOnce.Do(func() { startErr = err })
					for range jobs {
					}
					return
				}
				defer closeFn()
				players[i] = p
			}
			for i := range jobs {
				opening := ai.Opening(v, cfg.plies, cfg.seed+uint64(i/2))
				p1X := i%2 == 0
				x, o := players[0], players[1]
				if !p1X {
					x, o = o, x
				}
				for _, p := range players {
					if lp, ok := p.(*ai.LevelPlayer); ok {
						lp.Config.Seed = cfg.seed*1_000_003 + uint64(i)
					}
				}
				results <- matchOutcome{i, ai.PlayGame(ctx, v, opening, x, o, cfg.limit), p1X}
			}
		})
	}
	go func() {
		for i := 0; i < cfg.games; i++ {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	return results, func() error { return startErr }
}

// reportMatch tallies the games as they come, prints a line per game (or a
// progress bar on a terminal) and the match's score and Elo difference.
func reportMatch(cfg *matchConfig, results <-chan matchOutcome, startErr func() error) error {
	v, specs, n := cfg.variant, cfg.specs, cfg.games
	term := isTerminal(os.Stdout)
	var tally ai.Tally
	faults := [2]int{}
	start := time.Now()
	plyTotal := 0
	done := 0
	for r := range results {
		done++
		plyTotal += len(r.rec.Moves)
		p1Side := rules.X
		if !r.p1X {
			p1Side = rules.O
		}
		res := r.rec.Result
		verdict := "draw"
		switch {
		case r.rec.Err != nil && r.rec.Fault < 0:
			return fmt.Errorf("game %d: %w", r.index+1, r.rec.Err)
		case res.Status == rules.Win && res.Winner == p1Side:
			tally.Wins++
			verdict = "p1 wins"
		case res.Status == rules.Win:
			tally.Losses++
			verdict = "p2 wins"
		default:
			tally.Draws++
		}
		if r.rec.Fault >= 0 {
			who := 0
			if (r.rec.Fault == 0) != r.p1X {
				who = 1
			}
			faults[who]++
			fmt.Fprintf(os.Stderr, "game %d: %s failed: %s\n", r.index+1, specs[who].name, untrusted.Message(r.rec.Err.Error()))
		}
		if term {
			fmt.Print("\r" + progressBar(done, n, tally, time.Since(start)))
		} else if !cfg.quiet {
			x := "p1"
			if !r.p1X {
				x = "p2"
			}
			fmt.Printf("game %d: x=%s %d plies %s (%s) %s\n", r.index+1, x, len(r.rec.Moves), res, verdict, notation(v, r.rec.Moves))
		}
	}
	if err := startErr(); err != nil {
		return err
	}
	if term {
		fmt.Println()
	}
	d, lo, hi := tally.Elo()
	fmt.Printf("match %s: %s vs %s, %d games, %.1f plies a game, %s\n", v, specs[0].name, specs[1].name, tally.Games(), float64(plyTotal)/float64(max(done, 1)), time.Since(start).Round(time.Second))
	fmt.Printf("faults %s %d %s %d\n", specs[0].name, faults[0], specs[1].name, faults[1])
	fmt.Printf("result W %d D %d L %d score %.1f%% elo %s [%s, %s]\n", tally.Wins, tally.Draws, tally.Losses, 100*tally.Score(), eloText(d), eloText(lo), eloText(hi))
	return nil
}

func eloText(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	if math.Abs(e) < 0.5 {
		e = 0 // not "-0"
	}
	return fmt.Sprintf("%+.0f", e)
}

func notation(v rules.Variant, ms []rules.Move) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.Notation(v))
	}
	return b.String()
}

func progressBar(done, total int, t ai.Tally, elapsed time.Duration) string {
	const width = 30
	fill := width * done / max(total, 1)
	eta := time.Duration(0)
	if done > 0 {
		eta = elapsed / time.Duration(done) * time.Duration(total-done)
	}
	return fmt.Sprintf("[%s%s] %d/%d  W %d D %d L %d  %.1f%%  eta %s ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		done, total, t.Wins, t.Draws, t.Losses, 100*t.Score(), eta.Round(time.Second))
}

// isTerminal reports whether f is a terminal (or another character
// device), not a pipe or a file.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// playerSpec is a player named on the command line.
type playerSpec struct {
	name   string
	goLine string
}

func (s playerSpec) external() (string, bool) { return strings.CutPrefix(s.name, "cmd:") }

func (s playerSpec) check(v rules.Variant) error {
	if cmd, ok := s.external(); ok {
		if strings.TrimSpace(cmd) == "" {
			return errors.New("cmd: needs a command line")
		}
		return nil
	}
	if s.name == "baseline" {
		return nil
	}
	level, nodes, budget := strings.Cut(s.name, ":")
	if _, err := strconv.ParseUint(nodes, 10, 64); budget && err != nil {
		return fmt.Errorf("player %q: %q is not a node budget", s.name, nodes)
	}
	for _, l := range ai.Levels(v) {
		if l == level {
			return nil
		}
	}
	return fmt.Errorf("unknown player %q: a level (%s), baseline, or cmd:<command line>", s.name, strings.Join(ai.Levels(v), ", "))
}

func (s playerSpec) player(v rules.Variant, seed, nodes uint64, noCap bool, timeout time.Duration) (ai.Player, func(), error) {
	if cmd, ok := s.external(); ok {
		e, err := startExternal(cmd, s.goLine, timeout)
		if err != nil {
			return nil, nil, err
		}
		return e, e.close, nil
	}
	level, own, _ := strings.Cut(s.name, ":")
	cfg := ai.Config{Level: level, Seed: seed}
	if lvl, err := search.LevelByName(level); err == nil && noCap {
		cfg.Depth, cfg.Nodes = lvl.Depth, lvl.Nodes
	}
	if n, err := strconv.ParseUint(own, 10, 64); err == nil {
		nodes = n
	}
	if level != "baseline" && nodes > 0 {
		cfg.Nodes = nodes
	}
	return ai.NewLevelPlayer(cfg), func() {}, nil
}

// externalEngine is another program speaking PROTOCOL.md on its stdin/stdout.
// Its lines are bounded in length (protocol.MaxLine) and its answer in time,
// and what it prints is shown escaped: it may be anyone's program.
type externalEngine struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan string // the engine's standard output, a line at a time
	readErr error       // why lines was closed; read only after it is
	done    chan struct{}
	goLine  string
	name    string
	timeout time.Duration
	broken  error // set once the engine failed to answer in time: it may answer late
}

func startExternal(cmdline, goLine string, timeout time.Duration) (*externalEngine, error) {
	fields := strings.Fields(cmdline)
	c := exec.Command(fields[0], fields[1:]...)
	in, err := c.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start %q: %w", cmdline, err)
	}
	out, err := c.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start %q: %w", cmdline, err)
	}
	stderr, err := c.StderrPipe()
	if err != nil {
		return nil, fmt.Errorf("start %q: %w", cmdline, err)
	}
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("start %q: %w", cmdline, err)
	}
	e := &externalEngine{cmd: c, in: in, lines: make(chan string), done: make(chan struct{}),
		goLine: goLine, name: cmdline, timeout: timeout}
	go e.read(out)
	go copyEscaped(os.Stderr, stderr)
	return e, nil
}

// read sends the engine's output lines to e.lines until it ends, a line is
// longer than protocol.MaxLine, or the engine is closed.
func (e *externalEngine) read(out io.Reader) {
	defer close(e.lines)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 4096), protocol.MaxLine)
	for sc.Scan() {
		select {
		case e.lines <- sc.Text():
		case <-e.done:
			return
		}
	}
	e.readErr = sc.Err()
	if errors.Is(e.readErr, bufio.ErrTooLong) {
		e.readErr = fmt.Errorf("a line longer than %d bytes", protocol.MaxLine)
	}
}

// copyEscaped copies what the engine writes on its standard error to w, a
// line at a time, escaped and cut to a screen's width or so.
func copyEscaped(w io.Writer, r io.Reader) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			text := strings.TrimRight(string(line[:min(len(line), 200)]), "\r\n")
			fmt.Fprintln(w, untrusted.Text(text))
		}
		for errors.Is(err, bufio.ErrBufferFull) { // skip the rest of an overlong line
			_, err = br.ReadSlice('\n')
		}
		if err != nil {
			return
		}
	}
}

// Move sends the game and a go command, and reads up to the bestmove line.
func (e *externalEngine) Move(ctx context.Context, g *rules.Game) (rules.Move, error) {
	if e.broken != nil {
		return rules.NoMove, e.broken
	}
	v := g.Variant()
	start := g.StartPosition()
	var b strings.Builder
	if start.Equal(new(rules.Start(v))) {
		fmt.Fprintf(&b, "position startpos %s", v)
	} else {
		fmt.Fprintf(&b, "position %s", start.String())
	}
	if len(g.Moves()) > 0 {
		b.WriteString(" moves " + notation(v, g.Moves()))
	}
	if _, err := fmt.Fprintf(e.in, "%s\n%s\n", b.String(), e.goLine); err != nil {
		return rules.NoMove, fmt.Errorf("engine %q: %w", e.name, err)
	}
	timeout := time.NewTimer(e.timeout)
	defer timeout.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				if e.readErr != nil {
					return rules.NoMove, fmt.Errorf("engine %q: %w", e.name, e.readErr)
				}
				return rules.NoMove, fmt.Errorf("engine %q ended without a move", e.name)
			}
			if rest, ok := strings.CutPrefix(line, "bestmove "); ok {
				return rules.ParseMove(v, clipQuote(strings.TrimSpace(rest)))
			}
			if strings.HasPrefix(line, "error") {
				return rules.NoMove, fmt.Errorf("engine %q said %q", e.name, clipQuote(line))
			}
		case <-timeout.C:
			e.broken = fmt.Errorf("engine %q gave no move within %s", e.name, e.timeout)
			e.cmd.Process.Kill() // a late answer would be taken for the next move's
			return rules.NoMove, e.broken
		case <-ctx.Done():
			return rules.NoMove, ctx.Err()
		}
	}
}

// clipQuote shortens a line of the engine's quoted in a message; %q
// escapes what it holds.
func clipQuote(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func (e *externalEngine) close() {
	close(e.done)
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
