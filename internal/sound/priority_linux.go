package sound

import "syscall"

// lowerThreadPriority makes the calling OS thread yield to the others (nice
// 10), as the game's search does (internal/app/priority_linux.go): making
// the sounds never slows the thread that draws the window, the first frame
// above all. The caller has locked its goroutine to the thread and never
// unlocks it, so the thread ends with the goroutine.
func lowerThreadPriority() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 10)
}
