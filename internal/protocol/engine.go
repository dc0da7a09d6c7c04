// Package protocol runs the gobblet-engine line protocol of PROTOCOL.md:
// commands on one stream, replies on another, one per line. Bad input gets
// one "error …" line and never changes the current game; a reply never
// holds a control character of the input (what it quotes is escaped).
//
// go, perft and analyse run in the background while Run reads on. A stop
// or quit read while one runs ends it at once, whatever was read between
// (a blank line, an isready, a typo): go still answers bestmove with the
// best move found so far, perft answers "perft stopped <count>" with the
// sequences counted until then, analyse answers "analyse stopped". The
// commands read meanwhile are then handled in order, so replies keep the
// order of the commands (an isready read during the work answers readyok
// after the work's answer), and quit exits when its turn comes. End of
// input ends the work too when it is a person's (Engine.EndStopsWork);
// a script's lets the work in hand finish. A stop with nothing to end is
// ignored.
package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/ai"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// MaxLine is the longest command line accepted; longer lines are refused
// whole without being buffered.
const MaxLine = 64 << 10

// maxPerftDepth keeps a typo from starting a count of years; below it, stop
// ends a count that would take too long.
const maxPerftDepth = 12

// maxQueuedBytes bounds the commands held while go, perft or analyse
// runs, so a client that streams commands cannot fill memory. Each line
// counts its text and lineCost more. The commands read beyond are not
// held: each is answered with an error in its turn, except that a stop
// among them still ends the work and a quit still exits.
const (
	maxQueuedBytes = 1 << 20
	lineCost       = 64
)

// maxHashMiB is the largest table setoption hash allows: 4 GiB, or what a
// 32-bit build can address without crashing.
const maxHashMiB = min(4096, math.MaxInt>>22)

// maxErrorText bounds an error reply: a message quoting a 64 KiB word would
// otherwise echo it whole.
const maxErrorText = 200

// Engine holds the protocol's state: the current game and the options.
type Engine struct {
	// EndStopsWork makes the end of input end a running go, perft or
	// analyse as quit does. gobblet-engine sets it when its input is a
	// terminal, where the end is a person's Ctrl+D; the end of a script's
	// pipe or file lets its last command finish, so that
	// `echo 'go level hard' | gobblet-engine` answers in full, the same
	// every time.
	EndStopsWork bool

	out *bufio.Writer

	game      *rules.Game
	moveLimit int
	seed      uint64
	hashMiB   int
	player    *ai.Engine
}

// NewEngine returns an engine at the start of classic, writing replies to out.
func NewEngine(out io.Writer) *Engine {
	e := &Engine{out: bufio.NewWriter(out), game: rules.NewGame(rules.Classic), seed: rand.Uint64()}
	e.player = ai.NewEngine()
	return e
}

// errQuit ends Run.
var errQuit = errors.New("quit")

// inputLine is one command line as Run read it, or a run of lines it read
// while maxQueuedBytes were held.
type inputLine struct {
	text    string
	tooLong bool
	dropped int // the lines of the run, not held
	stops   int // the stops among them
}

// Run reads commands until quit or end of input; see the package comment
// for the commands that run in the background and how stop ends them.
func (e *Engine) Run(in io.Reader) {
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, done)

	var queue []inputLine  // read while work ran: handled in order once it ends
	queued := 0            // the bytes queue holds, as maxQueuedBytes counts them
	stops := 0             // the stop and quit lines in queue
	quitRead := false      // nothing after a quit is ever handled, so none is read
	var work chan struct{} // closed when the background command ends; nil when none
	cancel := context.CancelFunc(func() {})
	defer func() { cancel() }()
	ended := false // end of input
	for {
		if work != nil && (stops > 0 || ended && e.EndStopsWork) {
			cancel() // the stop itself waits its turn in queue, and is then ignored
		}
		if work == nil && len(queue) > 0 {
			l := queue[0]
			queue = queue[1:]
			queued -= l.cost()
			stops -= l.stops
			if isStop(l.text) {
				stops--
			}
			switch {
			case l.dropped > 0:
				for range l.dropped {
					e.reply("error more than %d KiB of commands waited for the work before them: ignored", maxQueuedBytes>>10)
				}
			case l.tooLong:
				e.reply("error line longer than %d bytes ignored", MaxLine)
			case runsInBackground(l.text):
				ctx, stop := context.WithCancel(context.Background())
				cancel, work = stop, make(chan struct{})
				go func(w chan struct{}) {
					defer close(w)
					e.handle(ctx, l.text)
					e.out.Flush()
				}(work)
				continue
			case e.Handle(l.text) == errQuit:
				e.out.Flush()
				return
			}
			e.out.Flush()
			continue
		}
		if ended && work == nil {
			return
		}
		var next <-chan inputLine
		if !ended && !quitRead {
			next = lines
		}
		select {
		case l, ok := <-next:
			if !ok {
				ended = true
				continue
			}
			stop := isStop(l.text)
			switch {
			case !l.tooLong && strings.TrimSpace(l.text) == "":
				// a blank line is no command: it need not wait its turn
			case queued >= maxQueuedBytes && !isQuit(l.text):
				if n := len(queue); n == 0 || queue[n-1].dropped == 0 {
					queue = append(queue, inputLine{})
					queued += lineCost
				}
				run := &queue[len(queue)-1]
				run.dropped++
				if stop {
					run.stops++
					stops++
				}
			default:
				queue = append(queue, l)
				queued += l.cost()
				if stop {
					stops++
					quitRead = isQuit(l.text)
				}
			}
		case <-work:
			work = nil
			cancel()
		}
	}
}

// cost is what a queued line counts against maxQueuedBytes.
func (l inputLine) cost() int { return len(l.text) + lineCost }

// readLines sends the lines of in to lines, and closes it at the end of
// input; it gives up when done is closed.
func readLines(in io.Reader, lines chan<- inputLine, done <-chan struct{}) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 4096)
	for {
		line, tooLong, err := readLine(r)
		if tooLong || len(line) > 0 || err == nil {
			select {
			case lines <- inputLine{text: line, tooLong: tooLong}:
			case <-done:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// runsInBackground reports whether a command line starts work that stop ends.
func runsInBackground(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && (f[0] == "go" || f[0] == "perft" || f[0] == "analyse" || f[0] == "analyze")
}

// isStop reports whether a command line ends the work before it: a stop
// (a stop with arguments is an error, not a stop), or a quit, which ends
// the engine whatever follows it.
func isStop(line string) bool {
	return isQuit(line) || strings.TrimSpace(line) == "stop"
}

// isQuit reports whether a command line is a quit (which ignores its arguments).
func isQuit(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && f[0] == "quit"
}

// readLine reads one line without its end, refusing (and skipping) lines
// over MaxLine bytes without holding them in memory.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var b []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			return string(b), tooLong, err
		}
		if !tooLong {
			if len(b)+len(chunk) > MaxLine {
				tooLong, b = true, nil
			} else {
				b = append(b, chunk...)
			}
		}
		if !isPrefix {
			return strings.TrimSuffix(string(b), "\r"), tooLong, nil
		}
	}
}

func (e *Engine) reply(format string, args ...any) {
	fmt.Fprintf(e.out, format, args...)
	e.out.WriteByte('\n')
}

// Handle runs one command line to its end and writes its reply. It returns
// errQuit for quit.
func (e *Engine) Handle(line string) error { return e.handle(context.Background(), line) }

// handle runs one command line; ctx ends go, perft and analyse early.
func (e *Engine) handle(ctx context.Context, line string) error {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil
	}
	cmd, args := f[0], f[1:]
	var err error
	switch cmd {
	case "position":
		err = e.position(args)
	case "legal":
		err = e.legal(args)
	case "play":
		err = e.play(args)
	case "perft":
		err = e.perft(ctx, args)
	case "status":
		err = noArgs(cmd, args)
		if err == nil {
			e.reply("status %s", e.game.Result())
		}
	case "pos":
		err = noArgs(cmd, args)
		if err == nil {
			e.reply("pos %s", e.game.Position())
		}
	case "go":
		err = e.goCmd(ctx, args)
	case "analyse", "analyze":
		err = e.analyse(ctx, args)
	case "setoption":
		err = e.setoption(args)
	case "isready":
		e.reply("readyok")
	case "quit":
		return errQuit
	case "stop":
		err = noArgs(cmd, args) // nothing runs: Run ends the work a stop follows
	default:
		err = fmt.Errorf("unknown command %q (commands: position, legal, play, perft, status, pos, go, analyse, setoption, isready, stop, quit)", clip(cmd))
	}
	if err != nil {
		e.reply("error %s", errorText(err))
	}
	return nil
}

func noArgs(cmd string, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments", cmd)
	}
	return nil
}

func (e *Engine) position(args []string) error {
	if len(args) == 0 {
		return errors.New("position needs startpos <variant> or a position string")
	}
	var start rules.Position
	rest := args[1:]
	if args[0] == "startpos" {
		if len(rest) == 0 {
			return errors.New("position startpos needs a variant: classic or gobblers")
		}
		v, err := rules.ParseVariant(rest[0])
		if err != nil {
			return err
		}
		start, rest = rules.Start(v), rest[1:]
	} else {
		p, err := rules.ParsePosition(args[0])
		if err != nil {
			return err
		}
		start = p
	}
	g := rules.NewGameFrom(start)
	g.MoveLimit = e.moveLimit
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("expected \"moves\" after the position, found %q", clip(rest[0]))
		}
		if err := playAll(g, rest[1:]); err != nil {
			return err
		}
	}
	e.game = g
	return nil
}

// playAll plays moves on g, naming the failing move's number.
func playAll(g *rules.Game, moves []string) error {
	for i, s := range moves {
		m, err := rules.ParseMove(g.Variant(), s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return fmt.Errorf("move %d: %w (position unchanged)", i+1, err)
		}
	}
	return nil
}

func (e *Engine) legal(args []string) error {
	if err := noArgs("legal", args); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("legal")
	if !e.game.Over() {
		p := e.game.Position()
		var buf [rules.MaxMoves]rules.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			b.WriteByte(' ')
			b.WriteString(m.Notation(p.Variant()))
		}
	}
	e.reply("%s", b.String())
	return nil
}

func (e *Engine) play(args []string) error {
	if len(args) != 1 {
		return errors.New("play takes exactly one move, like 3@b2 or a1-b2")
	}
	g := e.game.Clone()
	if err := playAll(g, args); err != nil {
		return err
	}
	e.game = g
	return nil
}

func (e *Engine) perft(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return errors.New("perft takes one depth")
	}
	d, err := parseInt("depth", args[0], 0, maxPerftDepth)
	if err != nil {
		return err
	}
	n, err := Perft(ctx, e.game.Position(), d)
	if err != nil {
		e.reply("perft stopped %d", n)
		return nil
	}
	e.reply("perft %d", n)
	return nil
}

// perftChunk is the depth below which Perft counts without looking at its
// context: a few milliseconds of work at most, so a stop is obeyed at once.
const perftChunk = 4

// Perft counts as rules.Perft does, but ends early when ctx is done,
// returning the sequences counted so far and ctx's error.
func Perft(ctx context.Context, p rules.Position, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= perftChunk {
		return rules.Perft(p, depth), nil
	}
	if _, over := p.Winner(); over {
		return 0, nil
	}
	var buf [rules.MaxMoves]rules.Move
	var total uint64
	for _, m := range p.LegalMoves(buf[:0]) {
		c := p.Play(m)
		if _, over := c.Winner(); over {
			continue // a line ends the sequence before depth plies
		}
		n, err := Perft(ctx, c, depth-1)
		total += n
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

func (e *Engine) setoption(args []string) error {
	if len(args) != 2 {
		return errors.New("setoption takes a name and a value: seed, hash or movelimit")
	}
	switch args[0] {
	case "seed":
		n, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil {
			return fmt.Errorf("seed %q is not a whole number", clip(args[1]))
		}
		e.seed = n
		e.player = ai.NewEngine() // a fresh player, so the same seed repeats exactly
	case "hash":
		n, err := parseInt("hash", args[1], 1, maxHashMiB)
		if err != nil {
			return err
		}
		// a quarter of a limited address space leaves room for the runtime,
		// the search's stacks and the 3×3 table
		if as := addressSpaceMiB(); as > 0 && n > as/4 {
			return fmt.Errorf("hash %d MiB is more than this process may use (its address space is limited to %d MiB: at most %d MiB)", n, as, as/4)
		}
		e.hashMiB = n
		e.player = ai.NewEngine()
	case "movelimit":
		n, err := parseInt("movelimit", args[1], 0, 1<<20)
		if err != nil {
			return err
		}
		e.moveLimit = n
		e.game.MoveLimit = n
	default:
		return fmt.Errorf("unknown option %q (options: seed, hash, movelimit)", clip(args[0]))
	}
	return nil
}

func (e *Engine) goCmd(ctx context.Context, args []string) error {
	cfg := ai.Config{Seed: e.seed, HashMiB: e.hashMiB}
	v := e.game.Variant()
	for i := 0; i < len(args); i += 2 {
		if i+1 >= len(args) {
			return fmt.Errorf("go: %q needs a value", clip(args[i]))
		}
		val := args[i+1]
		var err error
		switch args[i] {
		case "level":
			if !validLevel(v, val) {
				return fmt.Errorf("go: unknown level %q for %s (levels: %s)", clip(val), v, strings.Join(ai.Levels(v), ", "))
			}
			cfg.Level = val
		case "depth":
			cfg.Depth, err = parseInt("depth", val, 1, 200)
		case "movetime":
			var ms int
			ms, err = parseInt("movetime", val, 1, 24*3600*1000)
			cfg.MoveTime = time.Duration(ms) * time.Millisecond
		case "nodes":
			var n int
			n, err = parseInt("nodes", val, 1, math.MaxInt)
			cfg.Nodes = uint64(n)
		default:
			return fmt.Errorf("go: unknown limit %q (level, depth, movetime, nodes)", clip(args[i]))
		}
		if err != nil {
			return fmt.Errorf("go: %w", err)
		}
	}
	if cfg.Level == "" {
		cfg.Level = "hard"
		if cfg.Depth > 0 || cfg.MoveTime > 0 || cfg.Nodes > 0 {
			cfg.Level = "expert"
		}
	}
	if e.game.Over() {
		e.reply("bestmove none")
		return nil
	}
	report := func(in ai.Info) {
		if in.Note != "" {
			return // a sentence for a player (the browser's missing table), not a search's progress
		}
		var pv strings.Builder
		for _, m := range in.PV {
			pv.WriteByte(' ')
			pv.WriteString(m.Notation(v))
		}
		e.reply("info depth %d score %s nodes %d nps %d time %d pv%s", in.Depth, in.Score, in.Nodes, in.NPS, in.Time.Milliseconds(), pv.String())
		e.out.Flush()
	}
	m, err := e.player.Think(ctx, e.game.Clone(), cfg, report)
	if p := e.game.Position(); err != nil || !p.IsLegal(m) {
		// Never answer without a move while one exists: fall back to any legal move.
		var buf [rules.MaxMoves]rules.Move
		m = p.LegalMoves(buf[:0])[0]
	}
	e.reply("bestmove %s", m.Notation(v))
	return nil
}

func validLevel(v rules.Variant, name string) bool {
	if name == "baseline" {
		return true
	}
	for _, l := range ai.Levels(v) {
		if l == name {
			return true
		}
	}
	return false
}

func (e *Engine) analyse(ctx context.Context, args []string) error {
	if err := noArgs("analyse", args); err != nil {
		return err
	}
	if e.game.Over() {
		return fmt.Errorf("the game is over (%s)", e.game.Result())
	}
	vals, err := ai.Analyse(ctx, e.game.Clone())
	if ctx.Err() != nil {
		e.reply("analyse stopped")
		return nil
	}
	if err != nil {
		return err
	}
	v := e.game.Variant()
	for _, mv := range vals {
		if mv.Draw {
			e.reply("move %s draw", mv.Move.Notation(v))
		} else {
			e.reply("move %s %s", mv.Move.Notation(v), mv.Score)
		}
	}
	return nil
}

func parseInt(what, s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("%s %s is out of range (%d to %d)", what, clip(s), lo, hi)
	}
	if err != nil {
		return 0, fmt.Errorf("%s %q is not a whole number", what, clip(s))
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%s %d is out of range (%d to %d)", what, n, lo, hi)
	}
	return n, nil
}

// clip shortens outside text quoted in an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// errorText is an error's message as one reply line: escaped if it still
// holds a control character, and cut short.
func errorText(err error) string {
	s := untrusted.Message(err.Error())
	if len(s) <= maxErrorText {
		return s
	}
	cut := maxErrorText - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
