// Command gobblet is the desktop Gobblet game: double-click it and a window
// opens on the main menu.
//
// For people who know what they are doing, online play starts from the
// command line too:
//
//	gobblet --host :7777 [--variant classic|gobblers] [--colour orange|blue]
//	gobblet --join 192.168.1.20:7777 --code K3QD-0M8Z-P
//	gobblet --join 7K3Q-D0M8-ZPVX-1RT4-N2E
//
// The host prints its room code and secret to stdout and opens on the
// hosting screen; the joiner connects at once.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"github.com/gobblet-game/gobblet/internal/app"
	"github.com/gobblet-game/gobblet/internal/netplay"
	"github.com/gobblet-game/gobblet/internal/rules"
	"github.com/gobblet-game/gobblet/internal/sound"
)

// version is stamped by the Makefile and the release tools (-X
// main.version=…); a plain go build says what the build information holds
// (versionLine).
var version = "dev"

// flags are the game's command-line switches.
type flags struct {
	*flag.FlagSet
	configDir, host, variant, colour, join, code, cpuProfile, memProfile *string
	debug, version                                                       *bool
}

func newFlags() *flags {
	fs := flag.NewFlagSet("gobblet", flag.ContinueOnError)
	return &flags{
		FlagSet:    fs,
		configDir:  fs.String("config-dir", "", "folder for settings and saved games (default: the user's config folder)"),
		debug:      fs.Bool("debug", false, "log every move and the frame rates to stderr"),
		version:    fs.Bool("version", false, "print the version and exit"),
		host:       fs.String("host", "", "host an online game, listening on this address (\":7777\", or \":0\" for any free port)"),
		variant:    fs.String("variant", "classic", "with --host: the game, classic (4×4) or gobblers (3×3)"),
		colour:     fs.String("colour", "orange", "with --host: your colour, orange (moves first) or blue"),
		join:       fs.String("join", "", "join an online game: the host's ADDRESS:PORT (with --code), or the room code itself"),
		code:       fs.String("code", "", "with --join ADDRESS: the room's secret or its whole code"),
		cpuProfile: fs.String("cpuprofile", "", "for developers: write a CPU profile of the whole run to this file (go tool pprof)"),
		memProfile: fs.String("memprofile", "", "for developers: write a heap profile to this file 10 s after start (the main menu, if nothing was clicked), or at exit if sooner; taken after a garbage collection (go tool pprof -sample_index=inuse_space)"),
	}
}

// online reports whether the flags ask for online play.
func (f *flags) online() bool { return *f.host != "" || *f.join != "" || *f.code != "" }

func main() {
	f := newFlags()
	// On the desktop the command line; in a browser what the page's
	// address offers (address.go), which never fails to parse.
	if err := f.Parse(commandLine()); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		os.Exit(2) // the flag package said what was wrong
	}
	if *f.version {
		fmt.Println(versionLine(version, buildInfo()))
		return
	}
	noShaderCacheWithoutGPU() // before the window opens the GL
	online, err := onlineStart(*f.host, *f.variant, *f.colour, *f.join, *f.code)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gobblet:", err)
		os.Exit(2)
	}
	var dbg io.Writer
	if *f.debug {
		dbg = os.Stderr
	}
	if *f.cpuProfile != "" {
		out, err := os.Create(*f.cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(out)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gobblet: cpu profile:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}
	if *f.memProfile != "" {
		heap := heapProfiler(*f.memProfile)
		time.AfterFunc(10*time.Second, heap)
		defer heap()
	}
	go saySilent(sound.NewPlayer(), dbg)
	g := app.New(app.Options{ConfigDir: *f.configDir, Debug: dbg, Online: online})
	if err := g.Run(); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "gobblet:", err)
		os.Exit(1)
	}
}

// saySilent tells the terminal, once, that the game plays without sound
// because no sound device could be opened (and, with --debug, why); the
// audio libraries' own messages are kept out of it (internal/sound).
func saySilent(p *sound.Player, debug io.Writer) {
	<-p.Opened()
	if err := p.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "gobblet: no sound device: playing silently")
		if debug != nil {
			fmt.Fprintf(debug, "gobblet: sound: %v\n", err)
		}
	}
}

// heapProfiler returns a function that writes what the heap holds, after a
// collection, to path: once, the first time it is called.
func heapProfiler(path string) func() {
	return sync.OnceFunc(func() {
		runtime.GC()
		f, err := os.Create(path)
		if err == nil {
			err = pprof.WriteHeapProfile(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gobblet: heap profile:", err)
		}
	})
}

// onlineStart opens the room the command line asks for, if any.
func onlineStart(host, variant, colour, join, code string) (*app.OnlineStart, error) {
	switch {
	case host != "" && join != "":
		return nil, fmt.Errorf("--host and --join cannot be used together")
	case host != "":
		v, err := rules.ParseVariant(variant)
		if err != nil {
			return nil, fmt.Errorf("--variant: %w", err)
		}
		var pl rules.Player
		switch strings.ToLower(colour) {
		case "orange", "x":
			pl = rules.X
		case "blue", "o":
			pl = rules.O
		default:
			return nil, fmt.Errorf("--colour: %q is neither orange nor blue", colour)
		}
		s, err := netplay.Host(netplay.HostConfig{Variant: v, Colour: pl, Listen: host})
		if err != nil {
			return nil, err
		}
		fmt.Printf("room code: %s\nsecret: %s\nlistening on: %s\n", s.Code(), s.Code().Secret, s.Addr())
		return &app.OnlineStart{Session: s, Host: true, Variant: v, Colour: pl}, nil
	case join != "":
		cfg := netplay.JoinConfig{Code: join}
		if code != "" {
			cfg = netplay.JoinConfig{Addr: join, Code: code}
		}
		s, err := netplay.Join(cfg)
		if err != nil {
			return nil, err
		}
		return &app.OnlineStart{Session: s}, nil
	case code != "":
		return nil, fmt.Errorf("--code needs --join ADDRESS")
	}
	return nil, nil
}
