//go:build !windows && !js

package app

// knownDownloads is for Windows only: elsewhere the Downloads folder comes
// from the environment and the user's folder settings (downloadsIn).
func knownDownloads() string { return "" }
