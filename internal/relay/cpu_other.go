//go:build !unix

package relay

func cpuSeconds() (float64, bool) { return 0, false }
