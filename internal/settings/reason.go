package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/untrusted"
)

// Reason says in plain words why reading or writing one of the player's
// files failed, to end a sentence the player sees: "Your game cannot be
// saved: the disk is full." It never quotes a whole path.
func Reason(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrStorageFull):
		return "the browser's storage is full"
	case errors.Is(err, ErrStorageRefused):
		return "the browser refuses to store anything here (private browsing?)"
	case errors.Is(err, syscall.ENOSPC):
		return "the disk is full"
	case errors.Is(err, syscall.EDQUOT):
		return "your disk quota is used up"
	case errors.Is(err, syscall.EROFS):
		return "the disk is read-only"
	case errors.Is(err, ErrOutside):
		return "the games folder is a link to a place outside the settings folder"
	case errors.Is(err, errProtected):
		return "the old file could not be read nor moved aside, so it is left untouched"
	case errors.Is(err, fs.ErrPermission):
		return "the folder may not be written to"
	case errors.Is(err, record.ErrTooBig):
		return "the file is larger than 4 MiB, which no game file is"
	case errors.Is(err, record.ErrNotRegular):
		return "it is not a regular file"
	case errors.Is(err, syscall.ENOTDIR):
		return "a file stands where a folder should be"
	case errors.Is(err, syscall.EISDIR), errors.Is(err, fs.ErrExist): // os.Rename over a folder says EEXIST
		return "a folder stands where a file should be"
	}
	// The system's own words, without the path and operation around them.
	var pathErr *fs.PathError
	var linkErr *os.LinkError
	switch {
	case errors.As(err, &pathErr):
		err = pathErr.Err
	case errors.As(err, &linkErr):
		err = linkErr.Err
	}
	return strings.TrimSuffix(untrusted.Text(err.Error()), ".")
}

// Reason kinds: what ReasonKind says of an error, for a GUI that says
// Reason's words in the player's language without reading the English.
const (
	ReasonStorageFull    = "storage-full"
	ReasonStorageRefused = "storage-refused"
	ReasonDiskFull       = "disk-full"
	ReasonQuota          = "quota"
	ReasonReadOnly       = "read-only"
	ReasonOutside        = "outside"
	ReasonProtected      = "protected"
	ReasonPermission     = "permission"
	ReasonTooBig         = "too-big"
	ReasonNotRegular     = "not-regular"
	ReasonFileForFolder  = "file-for-folder"
	ReasonFolderForFile  = "folder-for-file"
)

// ReasonKind is the kind of the reason Reason gives for err, one of the
// Reason constants, or "" when Reason gives the system's own words (or err
// is nil).
func ReasonKind(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrStorageFull):
		return ReasonStorageFull
	case errors.Is(err, ErrStorageRefused):
		return ReasonStorageRefused
	case errors.Is(err, syscall.ENOSPC):
		return ReasonDiskFull
	case errors.Is(err, syscall.EDQUOT):
		return ReasonQuota
	case errors.Is(err, syscall.EROFS):
		return ReasonReadOnly
	case errors.Is(err, ErrOutside):
		return ReasonOutside
	case errors.Is(err, errProtected):
		return ReasonProtected
	case errors.Is(err, fs.ErrPermission):
		return ReasonPermission
	case errors.Is(err, record.ErrTooBig):
		return ReasonTooBig
	case errors.Is(err, record.ErrNotRegular):
		return ReasonNotRegular
	case errors.Is(err, syscall.ENOTDIR):
		return ReasonFileForFolder
	case errors.Is(err, syscall.EISDIR), errors.Is(err, fs.ErrExist):
		return ReasonFolderForFile
	}
	return ""
}

// maxShownPath is the longest path a notice shows whole; a longer one is
// shown by its folder's and its own name.
const maxShownPath = 48

// ShortPath writes a path for a notice: the home folder as ~, a long path
// as "…/folder/name", anything a terminal or a renderer would misread
// escaped.
func ShortPath(path string) string {
	home, _ := os.UserHomeDir()
	return shortPath(path, home)
}

func shortPath(path, home string) string {
	if home != "" {
		if rel, err := filepath.Rel(home, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			path = filepath.Join("~", rel)
		}
	}
	if len([]rune(path)) > maxShownPath {
		path = "…" + string(filepath.Separator) + filepath.Join(filepath.Base(filepath.Dir(path)), filepath.Base(path))
	}
	return untrusted.Text(path)
}
