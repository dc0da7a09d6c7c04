package font

import (
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Width measures one line.
func Width(s string, fc text.Face) float64 { return text.AdvanceAt(s, len(s), fc) }

// IsCJK tells a character of the CJK scripts (ideographs, kana, CJK
// punctuation, full-width forms): a line may break before or after it,
// with no space (but see noBreakBefore and noBreakAfter).
func IsCJK(r rune) bool {
	switch {
	case r < 0x2e80:
		return false
	case r <= 0x9fff, // radicals, CJK punctuation, kana, ideographs
		0xf900 <= r && r <= 0xfaff,   // compatibility ideographs
		0xfe30 <= r && r <= 0xfe4f,   // compatibility forms
		0xff00 <= r && r <= 0xffef,   // full- and half-width forms
		0x20000 <= r && r <= 0x3ffff: // ideographs beyond the BMP
		return true
	}
	return false
}

// HasCJK tells whether s holds a CJK character.
func HasCJK(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			for _, r := range s[i:] {
				if IsCJK(r) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// The rules of line breaking (禁則処理, kinsoku): a line does not start
// with closing punctuation, a small kana or the long-vowel mark, nor end
// with opening punctuation.
const (
	noBreakBefore = "、。，．・：；？！ー～〜ヽヾゝゞ々〻」』）】〕〉》〙〗］｝”’ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ" +
		".,:;!?)]}%'\"…‥"
	noBreakAfter = "「『（【〔〈《〘〖［｛“‘" + "([{"
)

// unit is a piece of a paragraph no line breaks inside: a word, or a CJK
// character with the punctuation held to it; space tells whether a space
// stood before it.
type unit struct {
	s     string
	space bool
}

// units splits one paragraph (no '\n') into what lines are made of.
func units(p string) []unit {
	var us []unit
	space := false
	for _, r := range p {
		if r == ' ' {
			space = true
			continue
		}
		n := len(us)
		glue := false
		if n > 0 && !space {
			last, _ := utf8.DecodeLastRuneInString(us[n-1].s)
			switch {
			case strings.ContainsRune(noBreakBefore, r), strings.ContainsRune(noBreakAfter, last):
				glue = true
			case !IsCJK(r) && !IsCJK(last): // inside a word
				glue = true
			}
		}
		if glue {
			us[n-1].s += string(r)
		} else {
			us = append(us, unit{s: string(r), space: space && n > 0})
		}
		space = false
	}
	return us
}

// Wrap breaks text into lines no wider than w: at spaces, and between
// CJK characters (Japanese and Chinese put no spaces between words), never
// inside a Latin word nor before closing or after opening punctuation;
// '\n' starts a new line. A word wider than w has a line to itself.
func Wrap(s string, fc text.Face, w float64) []string {
	var lines []string
	paras := strings.Split(s, "\n")
	for i, p := range paras {
		line := ""
		for _, u := range units(p) {
			try := u.s
			if line != "" {
				if u.space {
					try = line + " " + u.s
				} else {
					try = line + u.s
				}
			}
			if line != "" && Width(try, fc) > w {
				lines = append(lines, line)
				line = u.s
			} else {
				line = try
			}
		}
		if line != "" || i < len(paras)-1 {
			lines = append(lines, line)
		}
	}
	return lines
}

// Fit shortens a line with an ellipsis until it fits in w pixels; it cuts
// between characters, never inside one.
func Fit(s string, fc text.Face, w float64) string {
	if Width(s, fc) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; Width(t, fc) <= w {
			return t
		}
	}
	return string(r)
}
