//go:build !js

package app

import (
	"github.com/gobblet-game/gobblet/internal/settings"
)

// openStore opens the player's folder (Options.ConfigDir or the default);
// if that fails the game runs with settings in memory and says so.
func openStore(opts Options) (Store, []startNotice) {
	logf := storeLog(opts)
	fs, err := OpenFileStore(opts.ConfigDir)
	if err != nil {
		logf("%v", err)
		return NewMemoryStore(settings.Default()), []startNotice{{kind: folderBroken, err: err}}
	}
	fs.files.Logf = logf
	return fs, fs.Notices
}
