//go:build !linux

package app

import "time"

// sinceExec is not known here: the start-up time counts from this
// package's initialization.
func sinceExec() (time.Duration, bool) { return 0, false }
