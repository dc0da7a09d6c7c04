// Command gobblet is the desktop Gobblet game: double-click it and a window
// opens on the main menu.
//
// For people who know what they are doing, online play starts from the
// command line too:
//
//	gobblet --invite [--server play.example.org] [--variant classic|gobblers] [--colour orange|blue]
//	gobblet --join https://play.example.org/#ABCD-EFGH-JKMN-PQRS
//	gobblet --join ABCD-EFGH-JKMN-PQRS [--server play.example.org]
//	gobblet --host :7777 [--variant classic|gobblers] [--colour orange|blue]
//	gobblet --join 192.168.1.20:7777 --code K3QD-0M8Z-P
//	gobblet --join 7K3Q-D0M8-ZPVX-1RT4-N2E
//
// --invite opens a room on an online server (a gobblet-server) and prints
// the link and the code to send a friend; --host opens one on this computer
// for a player on the same network, and prints its room code and secret.
// Either opens on the waiting screen; the joiner connects at once.
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

// defaultServer is the online server Invite a friend uses when Options
// sets none: built in at release time by whoever distributes the game with
// their own server (make dist SERVER=wss://…, -X main.defaultServer=…).
var defaultServer string

// flags are the game's command-line switches.
type flags struct {
	*flag.FlagSet
	configDir, language, host, variant, colour, join, code, server, cpuProfile, memProfile *string
	debug, version, invite                                                                 *bool
}

func newFlags() *flags {
	fs := flag.NewFlagSet("gobblet", flag.ContinueOnError)
	return &flags{
		FlagSet:    fs,
		configDir:  fs.String("config-dir", "", "folder for settings and saved games (default: the user's config folder)"),
		language:   fs.String("language", "", "the language of this run, whatever Options says: en, fr, de, es, it, pt-BR, nl, pl, ru, uk, ja or zh-Hans"),
		debug:      fs.Bool("debug", false, "log every move and the frame rates to stderr"),
		version:    fs.Bool("version", false, "print the version and exit"),
		invite:     fs.Bool("invite", false, "invite a friend: open a room on the online server and print the link and the code to send them"),
		server:     fs.String("server", "", "with --invite, or --join CODE: the online server's address (default: the one set in Options, else the one built in)"),
		host:       fs.String("host", "", "host a game on this network, listening on this address (\":7777\", or \":0\" for any free port)"),
		variant:    fs.String("variant", "classic", "with --invite or --host: the game, classic (4×4) or gobblers (3×3)"),
		colour:     fs.String("colour", "orange", "with --invite or --host: your colour, orange (moves first) or blue"),
		join:       fs.String("join", "", "join an online game: an invitation link or code, the host's ADDRESS:PORT (with --code), or a room code of this network"),
		code:       fs.String("code", "", "with --join ADDRESS: the room's secret or its whole code"),
		cpuProfile: fs.String("cpuprofile", "", "for developers: write a CPU profile of the whole run to this file (go tool pprof)"),
		memProfile: fs.String("memprofile", "", "for developers: write a heap profile to this file 10 s after start (the main menu, if nothing was clicked), or at exit if sooner; taken after a garbage collection (go tool pprof -sample_index=inuse_space)"),
	}
}

// online reports whether the flags ask for online play.
func (f *flags) online() bool { return *f.host != "" || *f.join != "" || *f.code != "" || *f.invite }

// onlineArgs are the flags of online play, as onlineStart reads them.
func (f *flags) onlineArgs(server string) onlineArgs {
	if *f.server != "" {
		server = *f.server
	}
	return onlineArgs{host: *f.host, variant: *f.variant, colour: *f.colour, join: *f.join, code: *f.code, server: server, invite: *f.invite}
}

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
	server := defaultServer
	if s := pageServer(); s != "" {
		server = s // in a browser, the server the page came from
	}
	args := f.onlineArgs(server)
	server = args.server
	online, err := onlineStart(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gobblet:", err)
		os.Exit(2)
	}
	var notices []func() string
	if code, notice := pageInvitation(pageFragment()); notice != nil {
		notices = append(notices, notice)
	} else if code != "" && online == nil {
		online = acceptFromPage(code, server)
	}
	var dbg io.Writer
	if *f.debug {
		dbg = os.Stderr
	}
	var atExit []func() // what must be done before the process ends
	if *f.cpuProfile != "" {
		out, err := os.Create(*f.cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(out)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gobblet: cpu profile:", err)
			os.Exit(2)
		}
		atExit = append(atExit, pprof.StopCPUProfile)
	}
	if *f.memProfile != "" {
		heap := heapProfiler(*f.memProfile)
		time.AfterFunc(10*time.Second, heap)
		atExit = append(atExit, heap)
	}
	exit := func(code int) {
		for _, f := range atExit {
			f()
		}
		os.Exit(code)
	}
	soundsFromWorker(dbg)
	go saySilent(sound.NewPlayer(), dbg)
	opts := app.Options{ConfigDir: *f.configDir, Debug: dbg, Online: online, Server: server, Said: notices, Language: *f.language,
		Exit: quitNow(func() { exit(0) })}
	g := app.New(opts)
	if err := g.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "gobblet:", err)
		exit(1)
	}
	exit(0)
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
		return
	}
	if debug != nil {
		fmt.Fprintln(debug, "gobblet: sound: the device is open")
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

// onlineArgs are the command line's online flags.
type onlineArgs struct {
	host, variant, colour, join, code, server string
	invite                                    bool
}

// onlineStart opens the room the command line asks for, if any.
func onlineStart(o onlineArgs) (*app.OnlineStart, error) {
	asked := 0
	for _, on := range []bool{o.host != "", o.join != "", o.invite} {
		if on {
			asked++
		}
	}
	switch {
	case asked > 1:
		return nil, fmt.Errorf("--invite, --host and --join cannot be used together")
	case o.invite:
		v, pl, err := gameFlags(o.variant, o.colour)
		if err != nil {
			return nil, err
		}
		if o.server == "" {
			return nil, fmt.Errorf("--invite needs an online server: add --server ADDRESS (such as play.example.org)")
		}
		addr, err := app.ServerAddress(o.server)
		if err != nil {
			return nil, fmt.Errorf("--server: %w", err)
		}
		s, err := netplay.Invite(netplay.InviteConfig{Server: addr, Variant: v, Colour: pl})
		if err != nil {
			return nil, err
		}
		inv := s.Invitation()
		fmt.Printf("invitation link: %s\ncode: %s\n", inv.Link(), inv.Code())
		return &app.OnlineStart{Session: s, Host: true, Relay: true, Variant: v, Colour: pl}, nil
	case o.host != "":
		v, pl, err := gameFlags(o.variant, o.colour)
		if err != nil {
			return nil, err
		}
		s, err := netplay.Host(netplay.HostConfig{Variant: v, Colour: pl, Listen: o.host})
		if err != nil {
			return nil, err
		}
		fmt.Printf("room code: %s\nsecret: %s\nlistening on: %s\n", s.Code(), s.Code().Secret, s.Addr())
		return &app.OnlineStart{Session: s, Host: true, Variant: v, Colour: pl}, nil
	case o.join != "" && app.InvitationLike(o.join):
		if o.code != "" {
			return nil, fmt.Errorf("--code goes with --join ADDRESS, not with an invitation")
		}
		server := ""
		if o.server != "" {
			addr, err := app.ServerAddress(o.server)
			if err != nil {
				return nil, fmt.Errorf("--server: %w", err)
			}
			server = addr
		}
		if server == "" && !strings.Contains(o.join, "://") {
			return nil, fmt.Errorf("the code of an invitation needs its server: add --server ADDRESS, or join with the whole link")
		}
		s, err := netplay.Accept(netplay.AcceptConfig{Invitation: o.join, Server: server})
		if err != nil {
			return nil, err
		}
		return &app.OnlineStart{Session: s, Relay: true}, nil
	case o.join != "":
		cfg := netplay.JoinConfig{Code: o.join}
		if o.code != "" {
			cfg = netplay.JoinConfig{Addr: o.join, Code: o.code}
		}
		s, err := netplay.Join(cfg)
		if err != nil {
			return nil, err
		}
		return &app.OnlineStart{Session: s}, nil
	case o.code != "":
		return nil, fmt.Errorf("--code needs --join ADDRESS")
	}
	return nil, nil
}

// gameFlags reads --variant and --colour.
func gameFlags(variant, colour string) (rules.Variant, rules.Player, error) {
	v, err := rules.ParseVariant(variant)
	if err != nil {
		return v, 0, fmt.Errorf("--variant: %w", err)
	}
	switch strings.ToLower(colour) {
	case "orange", "x":
		return v, rules.X, nil
	case "blue", "o":
		return v, rules.O, nil
	}
	return v, 0, fmt.Errorf("--colour: %q is neither orange nor blue", colour)
}

// acceptFromPage is the room of the invitation link the page was opened
// with: the Join screen opens with the link typed and joins as soon as the
// page shows its first frame (a page's start-up holds its one thread for
// seconds, longer than a connection may take to open). It never fails: an
// invitation that cannot be accepted stays typed on the Join screen, which
// says why.
func acceptFromPage(code, server string) *app.OnlineStart {
	if server != "" {
		return &app.OnlineStart{Invitation: server + "#" + code, Relay: true}
	}
	return &app.OnlineStart{Invitation: code, Relay: true}
}
