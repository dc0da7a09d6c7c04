// Command gobblet-engine speaks the Gobblet engine protocol of
// shared/PROTOCOL.md on stdin/stdout, and offers sub-commands (perft, bench,
// match, solve) for scripts and measurements.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gobblet-game/gobblet/internal/protocol"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

var version = "dev"

type subcommand struct {
	run   func(args []string) error
	usage string
}

var subcommands = map[string]subcommand{
	"perft":  {runPerft, "perft <variant> <depth> [--pos <position>]   count move sequences, with nodes per second"},
	"bench":  {runBench, "bench                                        search fixed positions; last line: bench nodes N time MS nps N"},
	"match":  {runMatch, "match [flags]                                AI-versus-AI games between two players"},
	"solve":  {runSolve, "solve [flags]                                build or check the Gobblet Gobblers solution"},
	"replay": {runReplay, "replay FILE                                  check a saved game record and print its positions"},
}

const usage = `usage: gobblet-engine [sub-command] [args]

With no sub-command, gobblet-engine reads protocol commands on stdin and
answers on stdout (see PROTOCOL.md): position, legal, play, perft, status,
pos, go, setoption, isready, analyse, stop, quit.

go, perft and analyse run in the background: a stop or quit sent while
one runs ends it, whatever came between (go answers bestmove with the best
move so far, perft answers "perft stopped <count>", analyse "analyse
stopped"); other commands wait their turn. End of input ends the work too
at a terminal (Ctrl+D); from a pipe or a file it lets the work finish.
perft goes to depth 12 at most.
Text the engine quotes from its input is escaped (\x1b, \u202e).

Sub-commands (each takes -h):
`

func main() {
	args := os.Args[1:]
	if len(args) == 0 {
		e := protocol.NewEngine(os.Stdout)
		e.EndStopsWork = isTerminal(os.Stdin) // Ctrl+D ends a count as quit does; a script's last go answers in full
		e.Run(os.Stdin)
		return
	}
	switch args[0] {
	case "-h", "--help", "help":
		printUsage()
		return
	case "-version", "--version", "version":
		fmt.Println("gobblet-engine", version)
		return
	}
	sc, ok := subcommands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "gobblet-engine: unknown sub-command %q\n", args[0])
		printUsage()
		os.Exit(2)
	}
	if err := sc.run(args[1:]); err != nil {
		// An error may quote a file name or a line from outside.
		fmt.Fprintln(os.Stderr, "gobblet-engine "+args[0]+":", untrusted.Message(err.Error()))
		os.Exit(1)
	}
}

func printUsage() {
	fmt.Print(usage)
	for _, name := range []string{"perft", "bench", "match", "solve", "replay", "puzzles"} {
		fmt.Println("  " + subcommands[name].usage)
	}
}

// helpOutput sends a sub-command's usage to w (standard output) when the
// arguments ask for it with -h or --help, as the top-level --help does;
// usage printed because of a mistake stays on standard error.
func helpOutput(fs *flag.FlagSet, args []string, w io.Writer) {
	for _, a := range args {
		switch a {
		case "--":
			return
		case "-h", "-help", "--h", "--help":
			fs.SetOutput(w)
			return
		}
	}
}
