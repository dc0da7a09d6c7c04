//go:build unix

package protocol

import "syscall"

// addressSpaceMiB is the address space the process may use (ulimit -v),
// 0 when it is not limited. A table larger than the runtime can map kills
// the process with a fatal error no recover catches, so setoption hash
// checks against it first.
func addressSpaceMiB() int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &l); err != nil || l.Cur >= 1<<62 { // RLIM_INFINITY differs between systems
		return 0
	}
	return int(min(l.Cur>>20, uint64(maxHashMiB)*8))
}
