//go:build !linux

package sound

// lowerThreadPriority does nothing here: only Linux sets a thread's own
// priority in one call.
func lowerThreadPriority() {}
