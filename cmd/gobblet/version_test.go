package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionSaysWhatTheBuildIs(t *testing.T) {
	vcs := func(kv ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/gobblet-game/gobblet", Version: "(devel)"}}
		for i := 0; i < len(kv); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return info
	}
	tests := []struct {
		name    string
		stamped string
		info    *debug.BuildInfo
		want    string
	}{
		{"a release names its version", "v1.2.0", vcs("vcs.revision", "8f5c121a0b3c4d5e6f708192a3b4c5d6e7f80912"), "gobblet v1.2.0"},
		{"a development build names its commit and date", "dev",
			vcs("vcs", "git", "vcs.revision", "8f5c121a0b3c4d5e6f708192a3b4c5d6e7f80912", "vcs.time", "2026-11-26T09:30:12Z", "vcs.modified", "false"),
			"gobblet dev, commit 8f5c121a0b3c of 2026-11-26 09:30 UTC"},
		{"and says when the source had changes", "dev",
			vcs("vcs.revision", "8f5c121a0b3c4d5e6f708192a3b4c5d6e7f80912", "vcs.time", "2026-11-26T10:30:12+01:00", "vcs.modified", "true"),
			"gobblet dev, commit 8f5c121a0b3c of 2026-11-26 09:30 UTC, with uncommitted changes"},
		{"a build without the commit says why", "dev", vcs(), "gobblet dev (no commit recorded: built outside a git checkout, or with -buildvcs=false)"},
		{"no build information at all", "dev", nil, "gobblet dev (no commit recorded: built outside a git checkout, or with -buildvcs=false)"},
		{"go install of a tagged version", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}}, "gobblet v1.3.0"},
	}
	for _, tt := range tests {
		if got := versionLine(tt.stamped, tt.info); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
