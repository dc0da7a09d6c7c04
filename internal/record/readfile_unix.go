//go:build unix

package record

import (
	"os"
	"syscall"
)

// openNonBlocking opens path for reading without waiting: opening a FIFO
// for reading otherwise blocks until some program opens it for writing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
