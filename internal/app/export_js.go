//go:build js

package app

import (
	"github.com/gobblet-game/gobblet/internal/browser"
	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// exportRecord hands a game's record to the browser as a download and
// returns the file's name; the browser puts it with the player's other
// downloads (or asks where, as the player set it to).
func exportRecord(rec *record.Record) (string, error) {
	data, err := record.Marshal(rec)
	if err != nil {
		return "", err
	}
	name := exportName(rec) + settings.RecordExt
	return name, browser.Download(name, "application/x-gobblet", data)
}
