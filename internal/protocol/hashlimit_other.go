//go:build !unix

package protocol

// addressSpaceMiB: no limit is known outside Unix.
func addressSpaceMiB() int { return 0 }
