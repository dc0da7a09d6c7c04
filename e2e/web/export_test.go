//go:build e2e

package web

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/gobblet-game/gobblet/internal/record"
	"github.com/gobblet-game/gobblet/internal/rules"
)

// Export on the Saved games screen downloads the focused game's file: the
// browser saves it with its downloads, byte for byte the game's record.
func TestExportDownloadsTheRecord(t *testing.T) {
	g := rules.NewGame(rules.Gobblers)
	if err := g.PlayNotation([]string{"3@b2", "1@a1", "2@c3"}); err != nil {
		t.Fatal(err)
	}
	rec := record.FromGame(g)
	rec.Date = time.Date(2026, 11, 26, 14, 30, 0, 0, time.UTC)
	rec.Players[rules.X] = record.Player{Kind: record.Human, Name: "Orange"}
	rec.Players[rules.O] = record.Player{Kind: record.AI, Level: "easy"}
	want, err := record.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}

	downloads := t.TempDir()
	b := openBrowser(t)
	if _, err := chromedp.CallBrowser(b.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
	}); err != nil {
		t.Fatalf("allow downloads: %v", err)
	}
	b.open("?debug")
	b.waitUI(0, "menu", "", 2*time.Minute)
	key, _ := json.Marshal("gobblet/games/2026-11-26 1430 gobblers human-easy.gobblet")
	text, _ := json.Marshal(string(want))
	eval[any](b, "localStorage.setItem("+string(key)+", "+string(text)+")")
	mark := b.mark()
	b.open("?debug")
	u := b.waitUI(mark, "menu", "", 2*time.Minute)
	b.settle()
	mark = b.mark()
	b.click(b.widget(u, "Saved games"))
	u = b.waitUI(mark, "saved-games", "", 30*time.Second)
	b.settle()
	mark = b.mark()
	b.click(b.widget(u, "Export"))
	b.waitLog(mark, `^gobblet: note Downloaded as Gobblet 2026-11-26 1430 3x3\.gobblet: `, 30*time.Second)
	b.shot("saved-games-export")

	var got []byte
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		entries, _ := os.ReadDir(downloads)
		if len(entries) == 1 && strings.HasSuffix(entries[0].Name(), ".gobblet") {
			if got, err = os.ReadFile(filepath.Join(downloads, entries[0].Name())); err == nil && len(got) == len(want) {
				if entries[0].Name() != "Gobblet 2026-11-26 1430 3x3.gobblet" {
					t.Errorf("downloaded as %q", entries[0].Name())
				}
				break
			}
		}
		if time.Now().After(end) {
			t.Fatalf("no download within 30 s: %v; console:\n%s", entries, b.log())
		}
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the downloaded file holds\n%s\nwant the record\n%s", got, want)
	}
}
