package main

import (
	"bufio"
	"compress/bzip2"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// commonFromUnihan is the safety set: the jōyō kanji (kJoyoKanji), and
// the characters frequent in Chinese text (kFrequency 1 to 3, counted on
// traditional text) in their simplified forms (kSimplifiedVariant) where
// these are among the 3,500 common characters of the 通用规范汉字表 (kTGH
// 1 to 3500). About 2,500 characters.
func commonFromUnihan(dir string) (map[rune]bool, error) {
	set := map[rune]bool{}
	tgh := map[rune]int{}
	freq := map[rune]int{}
	simp := map[rune][]rune{}
	err := readUnihan(filepath.Join(dir, "Unihan_OtherMappings.txt.bz2"), func(r rune, key, val string) {
		switch key {
		case "kJoyoKanji":
			if strings.HasPrefix(val, "20") { // a year; the others are U+ of variants
				set[r] = true
			}
		case "kTGH":
			for _, f := range strings.Fields(val) {
				if _, n, ok := strings.Cut(f, ":"); ok {
					if v, err := strconv.Atoi(n); err == nil && (tgh[r] == 0 || v < tgh[r]) {
						tgh[r] = v
					}
				}
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if err := readUnihan(filepath.Join(dir, "Unihan_DictionaryLikeData.txt.bz2"), func(r rune, key, val string) {
		if key == "kFrequency" {
			freq[r], _ = strconv.Atoi(val)
		}
	}); err != nil {
		return nil, err
	}
	if err := readUnihan(filepath.Join(dir, "Unihan_Variants.txt.bz2"), func(r rune, key, val string) {
		if key == "kSimplifiedVariant" {
			for _, f := range strings.Fields(val) {
				if v, ok := codePoint(f); ok {
					simp[r] = append(simp[r], v)
				}
			}
		}
	}); err != nil {
		return nil, err
	}
	for r, f := range freq {
		if f < 1 || f > 3 {
			continue
		}
		forms := simp[r]
		if forms == nil {
			forms = []rune{r}
		}
		for _, s := range forms {
			if n := tgh[s]; n >= 1 && n <= 3500 {
				set[s] = true
			}
		}
	}
	return set, nil
}

// readUnihan calls fn with each field of a bzip2ed Unihan file.
func readUnihan(name string, fn func(r rune, key, val string)) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	var rd io.Reader = f
	if strings.HasSuffix(name, ".bz2") {
		rd = bzip2.NewReader(f)
	}
	sc := bufio.NewScanner(rd)
	for sc.Scan() {
		p := strings.SplitN(sc.Text(), "\t", 3)
		if len(p) < 3 || strings.HasPrefix(p[0], "#") {
			continue
		}
		if r, ok := codePoint(p[0]); ok {
			fn(r, p[1], p[2])
		}
	}
	return sc.Err()
}

// codePoint reads "U+4E00".
func codePoint(s string) (rune, bool) {
	s, ok := strings.CutPrefix(s, "U+")
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	return rune(v), err == nil
}
