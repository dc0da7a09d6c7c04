//go:build linux || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"path/filepath"
)

// noShaderCacheWithoutGPU turns Mesa's shader disk cache off on a machine
// with no GPU (no DRM render node), unless the environment already says
// what to do with it. There Mesa draws on the CPU (llvmpipe), whose few
// shaders for the game compile as fast as the cache reads them: the start
// measured the same with and without it. What the cache adds is a writer
// thread at the lowest priority (nice 19), which a busy machine leaves
// waiting for the CPU, and a process ends only when its last thread does:
// quitting after a game against Expert took up to 2.7 s under Xvfb, all
// of it waiting for that thread. With a GPU the cache spares real compile
// time, and is kept.
func noShaderCacheWithoutGPU() {
	if _, set := os.LookupEnv("MESA_SHADER_CACHE_DISABLE"); set {
		return
	}
	if nodes, _ := filepath.Glob("/dev/dri/renderD*"); len(nodes) > 0 {
		return
	}
	os.Setenv("MESA_SHADER_CACHE_DISABLE", "true")
}
