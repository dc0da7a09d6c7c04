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
func writeAtomic(path string, data []byte) error {
	tmp, err := writeTemp(path, data)
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
func writeNew(path string, data []byte) error {
	tmp, err := writeTemp(path, data)
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

// writeTemp writes data to a synced temporary file beside path.
func writeTemp(path string, data []byte) (string, error) {
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+base+tempMark+"*")
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
	for n := 1; n <= 100; n++ {
		aside := path + ".corrupt"
		if n > 1 {
			aside = path + "." + strconv.Itoa(n) + ".corrupt"
		}
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
	return "", fmt.Errorf("set aside %s: 100 older copies are already there", path)
}

// readLimited reads a whole file of at most max bytes.
func readLimited(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, max)
	}
	return data, nil
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
