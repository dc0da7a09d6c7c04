//go:build !js

package app

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/settings"
)

// exportRecord writes a game's record into the player's Downloads folder
// under a new name and returns the file's path. It never replaces a file.
func exportRecord(rec *record.Record) (string, error) {
	data, err := record.Marshal(rec)
	if err != nil {
		return "", err
	}
	dir, err := downloadsDir()
	if err != nil {
		return "", err
	}
	return writeExport(dir, exportName(rec), data)
}

// downloadsDir is the folder exported games go to; a variable so tests can
// point it elsewhere.
var downloadsDir = func() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the Downloads folder: %w", err)
	}
	return downloadsIn(runtime.GOOS, os.Getenv, os.ReadFile, home, knownDownloads), nil
}

// downloadsIn finds the Downloads folder: the system's own answer on
// Windows (known), XDG_DOWNLOAD_DIR from the environment or the
// user-dirs.dirs file on Linux and the BSDs (so a folder named in the
// user's language is found), else Downloads in the home folder.
func downloadsIn(goos string, getenv func(string) string, readFile func(string) ([]byte, error), home string, known func() string) string {
	switch goos {
	case "windows":
		if dir := known(); dir != "" {
			return dir
		}
	case "darwin", "ios", "android", "plan9":
	default:
		if dir := getenv("XDG_DOWNLOAD_DIR"); filepath.IsAbs(dir) {
			return dir
		}
		config := getenv("XDG_CONFIG_HOME")
		if !filepath.IsAbs(config) {
			config = filepath.Join(home, ".config")
		}
		if data, err := readFile(filepath.Join(config, "user-dirs.dirs")); err == nil {
			if dir := userDirsDownload(data, home); dir != "" {
				return dir
			}
		}
	}
	return filepath.Join(home, "Downloads")
}

// userDirsDownload reads XDG_DOWNLOAD_DIR from a user-dirs.dirs file: a
// line XDG_DOWNLOAD_DIR="$HOME/Downloads" or "/an/absolute/path"; "" when
// there is none or it is neither.
func userDirsDownload(data []byte, home string) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	found := ""
	for sc.Scan() {
		ln := strings.TrimSpace(sc.Text())
		v, ok := strings.CutPrefix(ln, "XDG_DOWNLOAD_DIR=")
		if !ok || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
			continue
		}
		v = v[1 : len(v)-1]
		switch {
		case v == "$HOME":
			found = home
		case strings.HasPrefix(v, "$HOME/"):
			found = filepath.Join(home, v[len("$HOME/"):])
		case filepath.IsAbs(v):
			found = v
		}
	}
	return found
}

// maxExportCopies is how many files of one name export tries: "name",
// "name (2)", … "name (999)".
const maxExportCopies = 999

// writeExport writes data to base.gobblet in dir, made if missing, or to
// the first of "base (2).gobblet", "base (3).gobblet", … not taken: it
// never replaces a file, nor follows a link. A file that cannot be written
// whole is removed.
func writeExport(dir, base string, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("export game: %w", err)
	}
	for n := 1; n <= maxExportCopies; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s (%d)", base, n)
		}
		path := filepath.Join(dir, name+settings.RecordExt)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("export game: %w", err)
		}
		_, err = f.Write(data)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
			return "", fmt.Errorf("export game: %w", err)
		}
		return path, nil
	}
	return "", fmt.Errorf("export game: %d files named %q are there already", maxExportCopies, base)
}
