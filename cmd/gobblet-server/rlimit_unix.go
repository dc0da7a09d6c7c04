//go:build unix

package main

import "syscall"

// raiseFileLimit raises the soft limit on open files to the hard one (Go
// does so at start since 1.19; this says it plainly) and returns both.
func raiseFileLimit() (soft, hard uint64) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, 0
	}
	if r.Cur < r.Max {
		r.Cur = r.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r)
		syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r)
	}
	return uint64(r.Cur), uint64(r.Max)
}
