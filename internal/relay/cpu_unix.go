//go:build unix

package relay

import "syscall"

// cpuSeconds is the process's user and system CPU time.
func cpuSeconds() (float64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	t := func(tv syscall.Timeval) float64 { return float64(tv.Sec) + float64(tv.Usec)/1e6 }
	return t(ru.Utime) + t(ru.Stime), true
}
