package app

import (
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// A notice about a file says its reason in the player's language, from the
// kind of the error (settings.ReasonKind), never from its English; the
// system's own words pass as they are.
func TestNoticeReasonInThePlayersLanguage(t *testing.T) {
	t.Cleanup(func() { locale.Use("en") })
	full := &fs.PathError{Op: "write", Path: "/x/game.json", Err: syscall.ENOSPC}
	for _, tc := range []struct {
		lang, want string
		err        error
	}{
		{"en", "Your finished game is kept in Saved games, but the statistics cannot be saved: the disk is full.", statsError{plain(full)}},
		{"de", "Dein beendetes Spiel liegt in Gespeicherte Spiele, aber: Die Statistik lässt sich nicht speichern: Die Festplatte ist voll.", statsError{plain(full)}},
		{"fr", "Ta partie terminée est gardée dans Parties sauvegardées, mais le disque est plein.", fmt.Errorf("keep: %w", full)},
		{"ja", "終わったゲームは保存したゲームに残しましたが、input/output error。", &fs.PathError{Op: "write", Path: "/x", Err: syscall.EIO}},
	} {
		locale.Use(tc.lang)
		if got := locale.F("NoticeFinishedKeptBut", "Reason", reasonWords(tc.err)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
	locale.Use("de")
	if got, want := plain(full).Error(), "Die Festplatte ist voll."; got != want {
		t.Errorf("plain in German: %q, want %q", got, want)
	}
}
