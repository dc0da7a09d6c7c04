//go:build !linux

package main

import "time"

// threadCPU is not measured off Linux: `solve -check` then reports 0.
func threadCPU() time.Duration { return 0 }
