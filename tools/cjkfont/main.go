// Command cjkfont writes the CJK font the game draws Japanese and Chinese
// with (internal/font/NotoSansCJK-subset.otf): Noto Sans CJK JP Regular
// (SIL Open Font License 1.1; Debian's fonts-noto-cjk) cut down to the
// characters the game can need, 1.6 MB instead of 19.
//
// It keeps:
//   - every character of the Japanese and Chinese catalogs
//     (internal/locale/catalog/*.ja.toml and *.zh-Hans.toml),
//   - CJK punctuation, all kana and the full-width forms,
//   - a safety set, common.txt beside this file: the jōyō kanji and the
//     3,500 common hanzi of the 通用规范汉字表 (level 1), so that a new
//     message with an everyday character still draws before the font is
//     made again;
//
// and the Simplified Chinese forms of the characters whose shapes differ
// (the font's locl feature for ZHS), which the game asks for by language.
//
// It also writes NotoSansCJK-names.otf, a few kilobytes: the characters
// of the languages' names (日本語, 简体中文), which the Options list shows
// in every language without loading the big font.
//
// Run it again after a change of the Japanese or Chinese catalogs when the
// test internal/font TestCatalogGlyphs names a missing character:
//
//	apt-get install fonts-noto-cjk python3-fonttools unicode-data
//	go run ./tools/cjkfont
//
// The subsetter is fontTools' (pyftsubset), needed only here: the subset
// is committed, so builds and CI never run it. -common regenerates
// common.txt from Unihan (unicode-data).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gobblet-game/gobblet/internal/locale"
)

func main() {
	src := flag.String("font", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "the Noto Sans CJK collection (Debian's fonts-noto-cjk)")
	index := flag.Int("index", 0, "the font in the collection: 0 is Noto Sans CJK JP")
	out := flag.String("out", "internal/font/NotoSansCJK-subset.otf", "the subset to write")
	namesOut := flag.String("names-out", "internal/font/NotoSansCJK-names.otf", "the tiny subset of the languages' names to write")
	catalogs := flag.String("catalogs", "internal/locale/catalog", "folders of catalogs, comma-separated")
	common := flag.String("common-file", "tools/cjkfont/common.txt", "the safety set")
	regen := flag.String("common", "", "write the safety set from this Unihan folder (/usr/share/unicode) and stop")
	flag.Parse()
	err := run(*src, *index, *out, strings.Split(*catalogs, ","), *common, *regen)
	if err == nil && *regen == "" {
		err = subset(*src, *index, nameRunes(), *namesOut)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cjkfont:", err)
		os.Exit(1)
	}
}

func run(src string, index int, out string, catalogs []string, commonFile, unihan string) error {
	if unihan != "" {
		set, err := commonFromUnihan(unihan)
		if err != nil {
			return err
		}
		return os.WriteFile(commonFile, []byte(formatRunes(set)), 0o644)
	}
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("%w (apt-get install fonts-noto-cjk)", err)
	}
	keep := map[rune]bool{}
	for _, dir := range catalogs {
		rs, err := catalogRunes(dir)
		if err != nil {
			return err
		}
		for r := range rs {
			keep[r] = true
		}
	}
	b, err := os.ReadFile(commonFile)
	if err != nil {
		return err
	}
	for _, r := range string(b) {
		if r > ' ' {
			keep[r] = true
		}
	}
	for _, rg := range fixedRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			keep[r] = true
		}
	}
	list := make([]rune, 0, len(keep))
	for r := range keep {
		list = append(list, r)
	}
	return subset(src, index, list, out)
}

// nameRunes are the CJK characters of the languages' names (日本語,
// 简体中文), which the Options list writes in every language: a tiny font
// of its own draws them without the big one.
func nameRunes() []rune {
	var rs []rune
	for _, l := range locale.Languages {
		for _, r := range l.Name {
			if r >= 0x2e80 && !slices.Contains(rs, r) {
				rs = append(rs, r)
			}
		}
	}
	return rs
}

// subset writes the characters of list, from the font, to out.
func subset(src string, index int, list []rune, out string) error {
	sort.Slice(list, func(i, j int) bool { return list[i] < list[j] })
	tmp, err := os.CreateTemp("", "cjkfont-*.txt")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(string(list)); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	name, args := subsetCommand(src, index, tmp.Name(), out)
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w (apt-get install python3-fonttools)", name, err)
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d characters, %d bytes\n", out, len(list), st.Size())
	return nil
}

// fixedRanges are kept whatever the catalogs say: CJK symbols and
// punctuation, hiragana, katakana, and the full-width forms.
var fixedRanges = [][2]rune{{0x3000, 0x30ff}, {0xff01, 0xff5e}}

// subsetCommand is fontTools' subsetter on one font of the collection:
// no hinting (the game does not hint), the names and the glyph shapes of
// the chosen characters, and of the layout only the Simplified Chinese
// local forms.
func subsetCommand(src string, index int, textFile, out string) (string, []string) {
	args := []string{
		src,
		fmt.Sprintf("--font-number=%d", index),
		"--text-file=" + textFile,
		"--output-file=" + out,
		"--layout-features=locl",
		"--layout-scripts=hani.ZHS,kana.ZHS,latn.ZHS,DFLT",
		"--no-hinting",
		"--name-IDs=0,1,2,3,4,5,6,13,14",
	}
	if p, err := exec.LookPath("pyftsubset"); err == nil {
		return p, args
	}
	py := "/usr/bin/python3" // Debian's, where python3-fonttools installs
	if _, err := os.Stat(py); err != nil {
		py = "python3"
	}
	return py, append([]string{"-m", "fontTools.subset"}, args...)
}

// catalogRunes are the characters of the Japanese and Chinese catalogs in
// dir, comments left out.
func catalogRunes(dir string) (map[rune]bool, error) {
	var names []string
	for _, pat := range []string{"*.ja.toml", "*.zh-Hans.toml"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		names = append(names, m...)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no Japanese or Chinese catalog in %s", dir)
	}
	rs := map[rune]bool{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		for r := range messageRunes(string(b)) {
			rs[r] = true
		}
	}
	return rs, nil
}

// messageRunes are the characters a catalog file's lines hold, other than
// its comment lines and spaces.
func messageRunes(toml string) map[rune]bool {
	rs := map[rune]bool{}
	for _, line := range strings.Split(toml, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, r := range line {
			if r > ' ' {
				rs[r] = true
			}
		}
	}
	return rs
}

// formatRunes writes characters sorted, 50 a line.
func formatRunes(set map[rune]bool) string {
	list := make([]rune, 0, len(set))
	for r := range set {
		list = append(list, r)
	}
	sort.Slice(list, func(i, j int) bool { return list[i] < list[j] })
	var b strings.Builder
	for i, r := range list {
		b.WriteRune(r)
		if i%50 == 49 || i == len(list)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
