//go:build !js

package ai

// maxHashMiB bounds the transposition table (0: the level's size); only a
// browser bounds it (hash_js.go).
const maxHashMiB = 0
