package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"github.com/gobblet-game/gobblet/internal/record"
)

// ReasonKind names each reason Reason words, so a GUI can say it in the
// player's language; the system's own words have no kind, and the English
// of Reason stays as it was.
func TestReasonKind(t *testing.T) {
	for _, tc := range []struct {
		err    error
		kind   string
		reason string
	}{
		{ErrStorageFull, ReasonStorageFull, "the browser's storage is full"},
		{fmt.Errorf("save x: %w", ErrStorageRefused), ReasonStorageRefused, "the browser refuses to store anything here (private browsing?)"},
		{&fs.PathError{Op: "write", Path: "/x", Err: syscall.ENOSPC}, ReasonDiskFull, "the disk is full"},
		{syscall.EDQUOT, ReasonQuota, "your disk quota is used up"},
		{syscall.EROFS, ReasonReadOnly, "the disk is read-only"},
		{ErrOutside, ReasonOutside, "the games folder is a link to a place outside the settings folder"},
		{errProtected, ReasonProtected, "the old file could not be read nor moved aside, so it is left untouched"},
		{fs.ErrPermission, ReasonPermission, "the folder may not be written to"},
		{record.ErrTooBig, ReasonTooBig, "the file is larger than 4 MiB, which no game file is"},
		{record.ErrNotRegular, ReasonNotRegular, "it is not a regular file"},
		{syscall.ENOTDIR, ReasonFileForFolder, "a file stands where a folder should be"},
		{syscall.EISDIR, ReasonFolderForFile, "a folder stands where a file should be"},
		{&fs.PathError{Op: "open", Path: "/x", Err: errors.New("input/output error")}, "", "input/output error"},
		{nil, "", ""},
	} {
		if got := ReasonKind(tc.err); got != tc.kind {
			t.Errorf("ReasonKind(%v) = %q, want %q", tc.err, got, tc.kind)
		}
		if got := Reason(tc.err); got != tc.reason {
			t.Errorf("Reason(%v) = %q, want %q", tc.err, got, tc.reason)
		}
	}
}

// english is the notices' English sentences.
func english(ns []*Notice) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.String()
	}
	return out
}
