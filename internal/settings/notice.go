package settings

import (
	"errors"
	"fmt"

	"github.com/gobblet-game/gobblet/internal/record"
)

// Notice is a sentence for the player about the player's files, as a kind
// and its details, so that the GUI says it in the player's language when
// it shows it (the store is read before the language is known). String
// gives the English sentence, for logs and tests.
type Notice struct {
	Kind NoticeKind
	File FileKind // NoticeUnreadable, NoticeNewer: which file
	// Err is why the file could not be read; its ReasonKind, when it is
	// one a player can act on (Why), is said with the notice.
	Err  error
	Fate Fate   // NoticeUnreadable, NoticeNewer: what became of the old content
	Path string // a path as a notice shows it (ShortPath): FateLeftAt, NoticeGamesOutside
	Name string // the name the old content is kept under, fit to show
	N    int    // NoticeKeptOthers: the games of other windows kept in Saved games
	Tabs bool   // NoticeKeptOthers: the running games are a browser's tabs, not windows
}

// NoticeKind names a notice.
type NoticeKind string

// The notices.
const (
	NoticeUnreadable   NoticeKind = "unreadable"    // File could not be read (Err), so its fallback; Fate
	NoticeNewer        NoticeKind = "newer"         // File was saved by a newer version; Fate
	NoticeGamesOutside NoticeKind = "games-outside" // the games folder (Path) is a link outside
	NoticeKeptOthers   NoticeKind = "kept-others"   // N games of other windows (tabs) kept in Saved games
)

// FileKind names one of the player's files in a notice.
type FileKind string

// The files a notice is about.
const (
	FileSettings FileKind = "settings"
	FileGame     FileKind = "game" // the game being played (an autosave)
	FileStats    FileKind = "statistics"
	FilePuzzles  FileKind = "puzzles" // the puzzle progress
)

// Fate is what became of a file that could not be read.
type Fate string

// The fates.
const (
	FateLeftAt      Fate = "left-at"       // left untouched at Path
	FateKeptAs      Fate = "kept-as"       // (a newer file) kept as Name
	FateOldKeptAs   Fate = "old-kept-as"   // the old file kept as Name
	FateShelfLeft   Fate = "shelf-left"    // the old copy left untouched in the browser's storage
	FateShelfKeptAs Fate = "shelf-kept-as" // the old copy kept in the browser's storage as Name
)

// Why is the kind of the reason said with an unreadable file's notice, when
// it is one a player can act on (the file is too big or not a file at all,
// the browser's storage refused), else "".
func (n *Notice) Why() string {
	if n == nil {
		return ""
	}
	if errors.Is(n.Err, record.ErrTooBig) || errors.Is(n.Err, record.ErrNotRegular) || errors.Is(n.Err, ErrStorageFull) || errors.Is(n.Err, ErrStorageRefused) {
		return ReasonKind(n.Err)
	}
	return ""
}

// String is the notice in English.
func (n *Notice) String() string {
	if n == nil {
		return ""
	}
	switch n.Kind {
	case NoticeUnreadable, NoticeNewer:
		k := fileWords[n.File]
		if n.Kind == NoticeNewer {
			return fmt.Sprintf("%s %s saved by a newer version of Gobblet, so %s; %s.", k.subject, k.be, k.fallback, n.fateWords())
		}
		why := ""
		if n.Why() != "" {
			why = " (" + Reason(n.Err) + ")"
		}
		return fmt.Sprintf("%s could not be read%s, so %s; %s.", k.subject, why, k.fallback, n.fateWords())
	case NoticeGamesOutside:
		return fmt.Sprintf("Your games folder %s is a link to a place outside the settings folder, so no game is kept or listed there.", n.Path)
	case NoticeKeptOthers:
		windows := "windows"
		if n.Tabs {
			windows = "tabs"
		}
		if n.N == 1 {
			return "You had unfinished games in two " + windows + ": the newest waits for Continue, and the other is kept in Saved games."
		}
		return fmt.Sprintf("You had unfinished games in %d %s: the newest waits for Continue, and the others are kept in Saved games.", n.N+1, windows)
	}
	return string(n.Kind)
}

// fateWords ends the English notice about an unreadable file.
func (n *Notice) fateWords() string {
	switch n.Fate {
	case FateLeftAt:
		return "the file is left untouched at " + n.Path
	case FateKeptAs:
		return "the file is kept as " + n.Name
	case FateOldKeptAs:
		return "the old file is kept as " + n.Name
	case FateShelfLeft:
		return "the old copy is left untouched in the browser's storage"
	}
	return "the old copy is kept in the browser's storage as " + n.Name
}

// fileWords are the English words of a notice about a file.
var fileWords = map[FileKind]struct {
	subject  string // "Your settings"
	be       string // "were" or "was", agreeing with subject
	fallback string // what happens instead
}{
	FileSettings: {"Your settings", "were", "the game starts with the default settings"},
	FileGame:     {"The game you were playing", "was", "there is no game to continue"},
	FileStats:    {"Your statistics", "were", "they start again from zero"},
	FilePuzzles:  {"Your puzzle progress", "was", "it starts again"},
}
