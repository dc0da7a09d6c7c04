package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMessageRunes(t *testing.T) {
	rs := messageRunes("# 注释 comment\nBack = \"戻る\"\n[Moves]\nother = \"{{.Count}}手\"\n")
	for _, r := range "戻る手{}.\"=[]BackMoves" {
		if !rs[r] {
			t.Errorf("%q missing", r)
		}
	}
	for _, r := range "注释 \n" {
		if rs[r] {
			t.Errorf("%q from a comment or a space kept", r)
		}
	}
}

func TestCatalogRunes(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"a.ja.toml":      `X = "日本"`,
		"a.zh-Hans.toml": `X = "中文"`,
		"a.de.toml":      `X = "Übung"`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rs, err := catalogRunes(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range "日本中文" {
		if !rs[r] {
			t.Errorf("%q missing", r)
		}
	}
	if rs['Ü'] {
		t.Error("a German catalog read")
	}
	if _, err := catalogRunes(t.TempDir()); err == nil {
		t.Error("no error for a folder without catalogs")
	}
}

// The repository's catalogs and safety set are read, and every kana is kept.
func TestRepositoryCharacters(t *testing.T) {
	rs, err := catalogRunes(filepath.Join("..", "..", "internal", "locale", "catalog"))
	if err != nil || len(rs) == 0 {
		t.Fatalf("catalogs: %d characters, %v", len(rs), err)
	}
	b, err := os.ReadFile("common.txt")
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(strings.ReplaceAll(string(b), "\n", ""))); n < 4000 || n > 4600 {
		t.Errorf("common.txt: %d characters, want about 4,300", n)
	}
	kept := func(r rune) bool {
		for _, rg := range fixedRanges {
			if rg[0] <= r && r <= rg[1] {
				return true
			}
		}
		return false
	}
	for _, r := range "あんアン、。「」ー！" {
		if !kept(r) {
			t.Errorf("%q not kept", r)
		}
	}
}

func TestSubsetCommand(t *testing.T) {
	name, args := subsetCommand("in.ttc", 0, "chars.txt", "out.otf")
	all := name + " " + strings.Join(args, " ")
	for _, want := range []string{"in.ttc", "--font-number=0", "--text-file=chars.txt", "--output-file=out.otf", "--layout-features=locl", "--no-hinting"} {
		if !strings.Contains(all, want) {
			t.Errorf("%s: no %s", all, want)
		}
	}
}
