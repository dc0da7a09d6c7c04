// Command gobblet is the desktop Gobblet game: double-click it and a window
// opens on the main menu.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gobblet-game/gobblet/internal/app"
)

var version = "dev"

func main() {
	configDir := flag.String("config-dir", "", "folder for settings and saved games (default: the user's config folder)")
	debug := flag.Bool("debug", false, "log every move and the frame rates to stderr")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println("gobblet", version)
		return
	}
	var dbg io.Writer
	if *debug {
		dbg = os.Stderr
	}
	g := app.New(app.Options{ConfigDir: *configDir, Debug: dbg, Version: version})
	if err := g.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "gobblet:", err)
		os.Exit(1)
	}
}
