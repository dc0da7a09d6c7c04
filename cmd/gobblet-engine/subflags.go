package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// subFlags is a sub-command's flag set: asked for help, it writes its usage
// text and then its flags' to out.
func subFlags(name, usage string, args []string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	helpOutput(fs, args, out)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a sub-command's arguments; help reports that help was
// asked for (and given), which is not an error.
func parseFlags(fs *flag.FlagSet, args []string) (help bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return false, err
	}
	return false, nil
}

// readGame reads the game record at path ("-" is standard input) and
// replays it. name is the path as safe to show; the errors name it.
func readGame(path string, stdin io.Reader) (rec *record.Record, g *rules.Game, name string, err error) {
	var data []byte
	if path == "-" {
		data, err = record.Read(stdin)
	} else {
		data, err = record.ReadFile(path)
	}
	if err != nil {
		return nil, nil, "", err // main escapes what the message quotes of the path
	}
	name = untrusted.Text(path)
	if rec, err = record.Parse(data); err != nil {
		return nil, nil, name, fmt.Errorf("%s: %w", name, err)
	}
	if g, err = rec.Game(); err != nil { // cannot fail after Parse, which replayed it
		return nil, nil, name, fmt.Errorf("%s: %w", name, err)
	}
	return rec, g, name, nil
}
