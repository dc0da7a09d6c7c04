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

// commonFromUnihan is the safety set: the 2,136 jōyō kanji (kJoyoKanji)
// and the 3,500 common characters of Chinese, level 1 of the 通用规范汉字表
// (kTGH 1 to 3500): 4,309 characters, which a new message almost always
// keeps to.
func commonFromUnihan(dir string) (map[rune]bool, error) {
	set := map[rune]bool{}
	err := readUnihan(filepath.Join(dir, "Unihan_OtherMappings.txt.bz2"), func(r rune, key, val string) {
		switch key {
		case "kJoyoKanji":
			if strings.HasPrefix(val, "20") { // a year; the others are U+ of variants
				set[r] = true
			}
		case "kTGH":
			for _, f := range strings.Fields(val) {
				if _, n, ok := strings.Cut(f, ":"); ok {
					if v, err := strconv.Atoi(n); err == nil && v >= 1 && v <= 3500 {
						set[r] = true
					}
				}
			}
		}
	})
	return set, err
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
