//go:build !js

package font

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gobblet-game/gobblet/internal/locale"
)

// In Japanese and Chinese, at 20 px a CJK character is 20 px wide.
func TestWrap(t *testing.T) {
	locale.Use("ja")
	defer locale.Use("en")
	fc := Load().Face(Regular, 20)
	em := 20.0
	for _, c := range []struct {
		name string
		s    string
		w    float64
		want []string // nil: only the rules are checked
	}{
		{"ja", "あなたの番です。", 4.5 * em, []string{"あなたの", "番です。"}},
		{"ja no 。 first", "あなたの番です。", 3.5 * em, []string{"あなた", "の番で", "す。"}},
		{"ja brackets", "「新しいゲーム」を選んでください。", 5 * em, []string{"「新しい", "ゲーム」を", "選んでくだ", "さい。"}},
		{"ja long vowel", "ゲームをプレイしよう", 3 * em, []string{"ゲーム", "をプレ", "イしよ", "う"}},
		{"ja small kana", "ちょっと待ってください", 2 * em, nil},
		{"zh", "轮到你了，请走一步。", 4 * em, []string{"轮到你", "了，请走", "一步。"}},
		{"zh quotes", "点击“新游戏”开始。", 4 * em, []string{"点击“新", "游戏”开", "始。"}},
		{"mixed keeps Latin words", "Gobblet Gobblersで遊ぶ", 8 * em, nil},
		{"mixed notation", "3@b2に置きます。", 4 * em, []string{"3@b2に", "置きま", "す。"}},
		{"newline", "一行目\n\n三行目", 10 * em, []string{"一行目", "", "三行目"}},
		{"de", "Ziehe eine Figur auf ein freies Feld oder über eine kleinere.", 12 * em, nil},
		{"de long word", "Spielstandsverwaltungsfenster öffnen", 3 * em, []string{"Spielstandsverwaltungsfenster", "öffnen"}},
		{"en", "the quick brown fox", 6 * em, []string{"the quick", "brown fox"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Wrap(c.s, fc, c.w)
			if c.want != nil && strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("Wrap(%q, %v) = %q, want %q", c.s, c.w, got, c.want)
			}
			checkWrap(t, c.s, got, fc, c.w)
		})
	}
}

// checkWrap checks the rules: nothing lost, Latin words whole, no line
// over w unless it is one word, no closing punctuation first on a line, no
// opening one last.
func checkWrap(t *testing.T, s string, lines []string, fc *Face, w float64) {
	t.Helper()
	squeeze := func(x string) string { return strings.NewReplacer(" ", "", "\n", "").Replace(x) }
	if squeeze(strings.Join(lines, "")) != squeeze(s) {
		t.Errorf("lines %q lose or add text of %q", lines, s)
	}
	words := map[string]bool{}
	for _, f := range strings.Fields(s) {
		if !HasCJK(f) {
			words[f] = true
		}
	}
	for _, l := range lines {
		if Width(l, fc) > w && len(units(l)) > 1 {
			t.Errorf("line %q is %v px wide, over %v", l, Width(l, fc), w)
		}
		if l == "" {
			continue
		}
		first, _ := utf8.DecodeRuneInString(l)
		last, _ := utf8.DecodeLastRuneInString(l)
		if strings.ContainsRune(noBreakBefore, first) {
			t.Errorf("line %q starts with %q", l, first)
		}
		if strings.ContainsRune(noBreakAfter, last) {
			t.Errorf("line %q ends with %q", l, last)
		}
	}
	for wd := range words {
		found := false
		for _, l := range lines {
			for _, f := range strings.Fields(l) {
				if strings.Contains(f, wd) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("word %q cut across lines %q", wd, lines)
		}
	}
}

func TestFitCJK(t *testing.T) {
	locale.Use("zh-Hans")
	defer locale.Use("en")
	fc := Load().Face(Regular, 20)
	got := Fit("简体中文的名字很长", fc, 5*20)
	if !utf8.ValidString(got) || !strings.HasSuffix(got, "…") || Width(got, fc) > 100 {
		t.Errorf("Fit = %q (%v px)", got, Width(got, fc))
	}
	if got := Fit("短", fc, 100); got != "短" {
		t.Errorf("Fit of a short line = %q", got)
	}
}
