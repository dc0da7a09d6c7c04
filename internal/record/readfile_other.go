//go:build !unix

package record

import "os"

// openNonBlocking opens path for reading; outside Unix a named pipe is not
// a file in a folder, so opening cannot wait for a writer.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}
