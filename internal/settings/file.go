package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// tempMark is in the name of every file being written; a kill leaves such
// files behind, and Open removes the old ones.
const tempMark = ".tmp-"

// writeAtomic replaces path with data so that a crash or kill at any moment
// leaves either the old file or the new one, whole: the data goes to a
// temporary file in the same folder, is synced to disk, and is renamed over
// the old name (rename within a folder is atomic); then the folder is synced
// so the rename itself survives a power cut. These are renameio's three
// steps, written out because renameio does not build its API on Windows.
func writeAtomic(create createTemp, path string, data []byte) error {
	tmp, err := writeTemp(create, path, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save %s: %w", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// writeNew is writeAtomic for a file that must not exist yet: it never
// replaces one that does (fs.ErrExist).
func writeNew(create createTemp, path string, data []byte) error {
	tmp, err := writeTemp(create, path, data)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := linkNew(tmp, path); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// tempFile is what a write needs of a temporary file.
type tempFile interface {
	io.Writer
	Sync() error
	Close() error
	Name() string
}

// createTemp makes a temporary file as os.CreateTemp does: the seam where
// tests put a disk that is full.
type createTemp func(dir, pattern string) (tempFile, error)

func osCreateTemp(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }

// writeTemp writes data to a synced temporary file beside path.
func writeTemp(create createTemp, path string, data []byte) (string, error) {
	dir, base := filepath.Split(path)
	f, err := create(dir, "."+base+tempMark+"*")
	if err != nil {
		return "", fmt.Errorf("save %s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("save %s: %w", path, err)
	}
	return f.Name(), nil
}

// linkNew gives the file at old the name new, failing with fs.ErrExist
// rather than replacing a file already there. A hard link does that
// atomically; where links are not supported, check then rename.
func linkNew(old, new string) error {
	err := os.Link(old, new)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(new); serr == nil {
		return fs.ErrExist
	}
	return os.Rename(old, new)
}

// syncDir makes a rename in dir durable. Windows cannot sync a folder and
// needs no such step, so errors are ignored there and here alike: the data
// itself is already synced.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// setAside renames a file that cannot be read to a free name ending in
// .corrupt (name.corrupt, name.2.corrupt, …), never over another file, and
// returns the new name.
func setAside(path string) (string, error) {
	for n := 1; n <= maxAside; n++ {
		aside := asideName(path, n)
		err := linkNew(path, aside)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("set aside %s: %w", path, err)
		}
		// After a link both names exist; after the fallback rename only the
		// new one does, and this Remove finds nothing.
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("set aside %s: %w", path, err)
		}
		syncDir(filepath.Dir(path))
		return aside, nil
	}
	return "", fmt.Errorf("set aside %s: %d older copies are already there", path, maxAside)
}

// maxAside bounds the copies of one file kept aside.
const maxAside = 100

// asideName is the nth name a file that cannot be read is kept under:
// name.corrupt, name.2.corrupt, ….
func asideName(name string, n int) string {
	if n == 1 {
		return name + ".corrupt"
	}
	return name + "." + strconv.Itoa(n) + ".corrupt"
}

// removeStaleTemps deletes temporary files a killed writer left behind.
// Only old ones: another running copy of the game may be writing right now.
func removeStaleTemps(dir string, olderThan time.Duration) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), ".") || !strings.Contains(e.Name(), tempMark) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > olderThan {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
