package record

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxSize bounds what is read of a record: the longest game the parser
// accepts (MaxPlies moves, with comments) fits in far less, so a larger file
// is not a record, and reading it whole could exhaust memory.
const MaxSize = 4 << 20

// ErrTooLarge marks a file or stream larger than MaxSize.
var ErrTooLarge = errors.New("is larger than 4 MiB, which no game record is")

// ReadFile reads the record file at path, refusing without blocking what is
// not a regular file (a named pipe, a device such as /dev/zero, a folder)
// and anything over MaxSize.
func ReadFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a file, so it holds no game record", path, fileKind(info.Mode()))
	}
	data, err := Read(f)
	if errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("%s %w", path, ErrTooLarge)
	}
	return data, err
}

// Read reads a whole record from r, refusing a stream over MaxSize after
// reading at most one byte more.
func Read(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("the input %w", ErrTooLarge)
	}
	return data, nil
}

// fileKind names what a non-regular file is, for an error sentence.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
