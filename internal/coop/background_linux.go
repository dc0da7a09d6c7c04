package coop

import "syscall"

// Background makes the calling OS thread yield to the others (nice 10), so
// that background work (a search, the sounds' synthesis, the icons'
// painting) never slows the thread that draws the window, the first frame
// above all. The caller has locked its goroutine to the thread and never
// unlocks it, so the thread ends with the goroutine instead of returning
// to the pool.
func Background() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 10)
}
