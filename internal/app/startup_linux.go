//go:build linux

package app

import (
	"bytes"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// sinceExec is how long ago the process started, by the kernel's record
// of it: /proc/self/stat's start time, in the hundredths of a second since
// boot that Linux keeps for every process (USER_HZ is 100 on every
// architecture Go runs on), against the clock since boot. It counts what
// runs before the game's own code: the loader and every package's
// initialization (Ebitengine's gamepad database alone takes some 30 ms).
// ok is false when it cannot be read.
func sinceExec() (d time.Duration, ok bool) {
	data, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, false
	}
	// the command's name, in parentheses, may hold spaces: count after it
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(data[i+1:])
	if len(f) < 20 { // f[0] is field 3 (the state), f[19] field 22 (the start time)
		return 0, false
	}
	ticks, err := strconv.ParseInt(string(f[19]), 10, 64)
	if err != nil {
		return 0, false
	}
	var now unix.Timespec
	if unix.ClockGettime(unix.CLOCK_BOOTTIME, &now) != nil {
		return 0, false
	}
	return time.Duration(now.Nano()) - time.Duration(ticks)*10*time.Millisecond, true
}
