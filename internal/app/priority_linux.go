package app

import "syscall"

// lowerThreadPriority makes the calling OS thread yield to the others (nice
// 10), so that a search never slows the thread that draws the window. The
// caller has locked its goroutine to the thread and never unlocks it, so the
// thread ends with the goroutine instead of returning to the pool.
func lowerThreadPriority() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 10)
}
