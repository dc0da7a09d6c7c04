//go:build e2e

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestA11yPlaysAGameThroughTheAccessibleGrid plays a 3×3 hot-seat game
// only through the page's copy of the board for a screen reader
// (internal/app/a11y_js.go), found the way a screen reader finds it:
// through the browser's accessibility tree (the DevTools protocol's
// Accessibility domain). Keyboard focus on a button the tree names, then
// Enter; a move typed in the text box; an illegal move, typed and pressed,
// refused with a sentence; every move and the result announced in the
// live region. The game is started on the canvas, as the other tests do.
// Then the loading page in German.
func TestA11yPlaysAGameThroughTheAccessibleGrid(t *testing.T) {
	b := openBrowser(t)
	b.open("?debug&lang=en")
	b.waitUI(0, "menu", "", 2*time.Minute)
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, accessibility.Enable, cdp.Empty{})
		return err
	}))
	b.axWaitButton("StaticText", "No game on the board.", "the words before a game", nil)
	u := b.newGame("Game/Gobblers 3×3", "Players/Two players")
	if len(u.Squares) != 9 {
		t.Fatalf("a 3×3 game shows %d squares", len(u.Squares))
	}
	b.axWaitLive("A new game of Gobblet Gobblers")
	b.axWaitLive("Orange to move.")
	if n := len(b.axButtons(":")); n < 9+6 {
		t.Errorf("the accessibility tree shows %d square and stack buttons, want 9 squares and 6 reserve stacks", n)
	}
	b.axWaitButton("button", "a1: empty", "square a1", nil)
	b.axWaitButton("button", "orange large: 2 pieces", "orange's large stack", nil)
	b.axWaitButton("textbox", "Type a move", "the text box", nil)
	// Tab on the game's canvas goes to the board's first square.
	eval[bool](b, `(document.querySelector("canvas").focus(), true)`)
	b.do(chromedp.KeyEvent(kb.Tab))
	if got := eval[string](b, `document.activeElement ? document.activeElement.textContent : ""`); got != "a3: empty" {
		t.Errorf("Tab on the canvas put the focus on %q, want the square a3", got)
	}

	// 1. Orange, by the grid: a small piece to b2.
	b.axPress("orange small:")
	b.axWaitLive("Picked up: orange small. Choose a square.")
	b.axPress("b2:")
	b.axWaitLive("Orange plays a small piece from the reserve to b2.")
	b.axWaitButton("button", "b2: orange small", "b2 after the move", nil)
	b.axWaitLive("Blue to move.")

	// 2. Blue, typed: a large piece gobbles it.
	b.axType("3@b2")
	b.axWaitLive("Blue plays a large piece from the reserve to b2, gobbling orange small.")
	b.axWaitButton("button", "b2: blue large over orange small", "b2's whole stack, the top first", nil)

	// 3. Orange: a malformed move, an illegal typed one, an illegal one
	// by the grid (the same sentence as a click's), put back with Esc;
	// then a large piece to a1.
	b.axType("zz")
	b.axWaitLive("“zz” is not a move")
	b.axType("2@b2")
	b.axWaitLive("A piece can only cover a smaller piece.")
	lines := strings.Count(b.axLive(), "A piece can only cover a smaller piece.")
	b.axPress("orange medium:")
	b.axWaitLive("Picked up: orange medium.")
	b.axPress("b2:")
	b.axWaitLiveFunc("the refusal said again", func(s string) bool {
		return strings.Count(s, "A piece can only cover a smaller piece.") > lines
	})
	b.do(chromedp.KeyEvent(kb.Escape))
	b.axWaitLive("Put back.")
	b.axPress("orange large:")
	b.axPress("a1:")
	b.axWaitLive("Orange plays a large piece from the reserve to a1.")

	// 4.-7. Blue c1, orange a2, blue c3, orange a3: orange lines up
	// column a.
	b.axPress("blue small:")
	b.axPress("c1:")
	b.axWaitLive("Blue plays a small piece from the reserve to c1.")
	b.axPress("orange medium:")
	b.axPress("a2:")
	b.axWaitLive("Orange plays a medium piece from the reserve to a2.")
	b.axPress("blue medium:")
	b.axPress("c3:")
	b.axWaitLive("Blue plays a medium piece from the reserve to c3.")
	b.axPress("orange large:")
	b.axPress("a3:")
	b.axWaitLive("Orange plays a large piece from the reserve to a3.")
	b.axWaitLive("Orange wins")
	b.waitUI(0, "game", "over", 20*time.Second)
	b.axWaitButton("StaticText", "The game is over.", "the turn's line saying the game is over", nil)
	b.shot("a11y-result")
	t.Logf("the live region at the end:\n%s", b.axLive())

	// The loading page speaks the browser's language (here the address's).
	mark := b.mark()
	b.open("?debug&lang=de")
	b.waitLog(mark, `^gobblet: layout begin menu`, 2*time.Minute)
	if got := eval[string](b, `document.documentElement.lang + " " + document.getElementById("status").textContent`); got != "de Wird gestartet…" {
		t.Errorf("with ?lang=de the loading page says %q, want \"de Wird gestartet…\"", got)
	}
}

// axTree is the page's whole accessibility tree.
func (b *Browser) axTree() []*accessibility.Node {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	res, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		b.t.Fatalf("the accessibility tree: %v", err)
	}
	return res.Nodes
}

// axText is a node's role or name as a string.
func axText(v *accessibility.Value) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal([]byte(v.Value), &s) != nil {
		return string(v.Value)
	}
	return s
}

// axFind finds the node of a role whose name starts with prefix.
func axFind(tree []*accessibility.Node, role, prefix string) *accessibility.Node {
	for _, n := range tree {
		if n.Ignored || role != "" && axText(n.Role) != role {
			continue
		}
		if strings.HasPrefix(axText(n.Name), prefix) {
			return n
		}
	}
	return nil
}

// axButtons lists the names of the buttons whose name holds sub.
func (b *Browser) axButtons(sub string) []string {
	var out []string
	for _, n := range b.axTree() {
		if !n.Ignored && axText(n.Role) == "button" && strings.Contains(axText(n.Name), sub) {
			out = append(out, axText(n.Name))
		}
	}
	return out
}

// axWaitButton waits for a node of a role named with prefix (and for ok,
// if given), and returns it.
func (b *Browser) axWaitButton(role, prefix, what string, ok func([]*accessibility.Node) bool) *accessibility.Node {
	b.t.Helper()
	timeout := patient(15 * time.Second)
	for end := time.Now().Add(timeout); ; time.Sleep(100 * time.Millisecond) {
		tree := b.axTree()
		if n := axFind(tree, role, prefix); n != nil && (ok == nil || ok(tree)) {
			return n
		}
		if time.Now().After(end) {
			b.shot("a11y-timeout")
			b.t.Fatalf("the accessibility tree shows no %s (a %s named %q…) within %v; its buttons: %q; live region: %s", what, role, prefix, timeout, b.axButtons(""), b.axLive())
		}
	}
}

// axPress focuses the button whose name starts with prefix, found in the
// accessibility tree, and presses Enter on it.
func (b *Browser) axPress(prefix string) {
	b.t.Helper()
	n := b.axWaitButton("button", prefix, "button", nil)
	b.axFocus(n.BackendDOMNodeID)
	b.do(chromedp.KeyEvent(kb.Enter))
}

func (b *Browser) axFocus(id cdp.BackendNodeID) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, dom.Focus, dom.FocusParams{BackendNodeID: id})
		return err
	}))
	if got := eval[string](b, `document.activeElement ? document.activeElement.tagName : ""`); got == "CANVAS" {
		b.t.Fatalf("focus stayed on the canvas")
	}
}

// axType types a move into the text box the tree names "Type a move",
// and Enter.
func (b *Browser) axType(move string) {
	b.t.Helper()
	n := b.axWaitButton("textbox", "Type a move", "the text box", nil)
	b.axFocus(n.BackendDOMNodeID)
	b.do(chromedp.KeyEvent(move), chromedp.KeyEvent(kb.Enter))
}

// axLive is the text of the live region (the role=log node), its lines
// one under the other, as the accessibility tree has them.
func (b *Browser) axLive() string {
	b.t.Helper()
	tree := b.axTree()
	byID := map[accessibility.NodeID]*accessibility.Node{}
	var log *accessibility.Node
	for _, n := range tree {
		byID[n.NodeID] = n
		if axText(n.Role) == "log" {
			log = n
		}
	}
	if log == nil {
		return ""
	}
	var lines []string
	var walk func(n *accessibility.Node)
	walk = func(n *accessibility.Node) {
		if axText(n.Role) == "StaticText" {
			lines = append(lines, axText(n.Name))
			return
		}
		for _, c := range n.ChildIDs {
			if k := byID[c]; k != nil {
				walk(k)
			}
		}
	}
	walk(log)
	return strings.Join(lines, "\n")
}

// axWaitLive waits for the live region to announce a sentence holding
// sub.
func (b *Browser) axWaitLive(sub string) {
	b.t.Helper()
	b.axWaitLiveFunc(fmt.Sprintf("%q", sub), func(s string) bool { return strings.Contains(s, sub) })
}

func (b *Browser) axWaitLiveFunc(what string, ok func(string) bool) {
	b.t.Helper()
	timeout := patient(15 * time.Second)
	for end := time.Now().Add(timeout); ; time.Sleep(100 * time.Millisecond) {
		s := b.axLive()
		if ok(s) {
			return
		}
		if time.Now().After(end) {
			b.shot("a11y-timeout")
			b.t.Fatalf("the live region did not announce %s within %v; it says:\n%s", what, timeout, s)
		}
	}
}
