//go:build !js

package app

import (
	"fmt"

	"github.com/gobblet-game/gobblet/internal/settings"
)

// openStore opens the player's folder (Options.ConfigDir or the default);
// if that fails the game runs with settings in memory and says so.
func openStore(opts Options) (Store, []string) {
	fs, err := OpenFileStore(opts.ConfigDir)
	if err != nil {
		if opts.Debug != nil {
			fmt.Fprintf(opts.Debug, "gobblet: %v\n", err)
		}
		return NewMemoryStore(settings.Default()), []string{"Your settings folder cannot be used (" + settings.Reason(err) + "), so nothing will be saved this time."}
	}
	if opts.Debug != nil {
		fs.files.Logf = func(f string, args ...any) { fmt.Fprintf(opts.Debug, "gobblet: "+f+"\n", args...) }
	}
	return fs, fs.Notices
}
