//go:build unix

package record

import "syscall"

// openNonBlocking lets ReadFile open a named pipe without waiting for a
// writer; the file's type is checked before anything is read.
const openNonBlocking = syscall.O_NONBLOCK
