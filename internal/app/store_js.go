//go:build js

package app

import (
	"github.com/gobblet-game/gobblet/internal/browser"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// openStore opens the browser's storage (localStorage), which survives a
// reload; if the browser refuses it, the game runs with settings in memory
// and says so.
func openStore(opts Options) (Store, []startNotice) {
	return openShelfStore(func() (settings.Shelf, error) {
		s, err := browser.LocalStorage()
		if err != nil {
			return nil, err // not a nil *Storage in a Shelf
		}
		return s, nil
	}, storeLog(opts))
}
