//go:build !(linux || freebsd || netbsd || openbsd || dragonfly)

package main

// noShaderCacheWithoutGPU has nothing to do where the GL is not Mesa's.
func noShaderCacheWithoutGPU() {}
