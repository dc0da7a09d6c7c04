package app

import "golang.org/x/sys/windows"

// knownDownloads is the Downloads folder as Windows knows it, wherever the
// player moved it; "" when Windows does not say.
func knownDownloads() string {
	dir, err := windows.KnownFolderPath(windows.FOLDERID_Downloads, 0)
	if err != nil {
		return ""
	}
	return dir
}
