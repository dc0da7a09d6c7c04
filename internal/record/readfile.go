package record

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxSize bounds every file the game and the engine read as a record, a
// settings or a statistics file: they write a few kilobytes, so anything
// bigger is not one of theirs, and a 200 MB file or /dev/zero must not be
// read whole.
const MaxSize = 4 << 20

// ErrTooBig and ErrNotRegular say why ReadFile refused a file.
var (
	ErrTooBig     = errors.New("is larger than 4 MiB, which no game file is")
	ErrNotRegular = errors.New("is not a regular file")
)

// ReadFile reads a whole regular file of at most MaxSize bytes. It never
// blocks on a FIFO or a device (it opens without waiting for a writer and
// checks the file's type before reading) and never reads more than MaxSize+1
// bytes, whatever the file claims. Errors wrap fs.ErrNotExist, ErrTooBig or
// ErrNotRegular, with the path.
func ReadFile(path string) ([]byte, error) {
	// Some devices act when opened (a tape rewinds), so look first; then
	// look again at what was opened, in case the file changed in between.
	info, err := os.Stat(path)
	if err == nil {
		err = checkFile(path, info)
	}
	if err != nil {
		return nil, err
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err = f.Stat(); err == nil {
		err = checkFile(path, info)
	}
	if err != nil {
		return nil, err
	}
	// The size can change under us: read one byte more than allowed.
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%s %w", path, ErrTooBig)
	}
	return data, nil
}

// checkFile refuses what is not a regular file of at most MaxSize bytes.
func checkFile(path string, info os.FileInfo) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s %w (%s)", path, ErrNotRegular, kindOf(info.Mode()))
	}
	if info.Size() > MaxSize {
		return fmt.Errorf("%s %w", path, ErrTooBig)
	}
	return nil
}

// kindOf names a file type that is not a regular file, for the error.
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
