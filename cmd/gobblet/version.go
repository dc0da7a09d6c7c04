package main

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"
)

// buildInfo is what the go command recorded in the binary, nil if nothing.
func buildInfo() *debug.BuildInfo {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	return info
}

// versionLine is what --version prints: the stamped version of a release
// or a make build; a build without one (go build, go install) says which
// commit it was built from, when that commit was made and whether the
// source had changes not yet committed, as the go command recorded them.
func versionLine(stamped string, info *debug.BuildInfo) string {
	if stamped != "dev" && stamped != "" {
		return "gobblet " + stamped
	}
	var v string
	if info != nil {
		if m := info.Main.Version; m != "" && m != "(devel)" && !strings.HasPrefix(m, "v0.0.0-") {
			v = m // go install …@v1.2.3
		}
	}
	vcs := map[string]string{}
	if info != nil {
		for _, s := range info.Settings {
			vcs[s.Key] = s.Value
		}
	}
	rev := vcs["vcs.revision"]
	if rev == "" {
		if v != "" {
			return "gobblet " + v
		}
		return "gobblet dev (no commit recorded: built outside a git checkout, or with -buildvcs=false)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	line := "gobblet dev, commit " + rev
	if v != "" {
		line = "gobblet " + v + ", commit " + rev
	}
	if t, err := time.Parse(time.RFC3339, vcs["vcs.time"]); err == nil {
		line += fmt.Sprintf(" of %s", t.UTC().Format("2006-01-02 15:04 MST"))
	}
	if vcs["vcs.modified"] == "true" {
		line += ", with uncommitted changes"
	}
	return line
}
