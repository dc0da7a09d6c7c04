package app

import (
	"bytes"
	"context"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Ebitengine has no clipboard, so the room code is copied and pasted
// through the system's own tools (wl-copy, xclip or xsel on Linux,
// pbcopy on macOS, clip and PowerShell on Windows). Each runs in a
// goroutine with a short timeout, so Update never waits; when none is
// installed the player reads the code off the screen, which is what the
// code's alphabet is made for.
type clipboard struct {
	pasted chan string // a finished paste: the text, "" when nothing came
	copied chan bool   // a finished copy: whether it worked
}

type clipTool struct {
	name string
	args []string
}

func copyTools() []clipTool {
	switch runtime.GOOS {
	case "darwin":
		return []clipTool{{"pbcopy", nil}}
	case "windows":
		return []clipTool{{"clip", nil}}
	}
	return []clipTool{{"wl-copy", nil}, {"xclip", []string{"-selection", "clipboard"}}, {"xsel", []string{"--clipboard", "--input"}}}
}

func pasteTools() []clipTool {
	switch runtime.GOOS {
	case "darwin":
		return []clipTool{{"pbpaste", nil}}
	case "windows":
		return []clipTool{{"powershell", []string{"-NoProfile", "-Command", "Get-Clipboard"}}}
	}
	return []clipTool{{"wl-paste", []string{"--no-newline"}}, {"xclip", []string{"-selection", "clipboard", "-o"}}, {"xsel", []string{"--clipboard", "--output"}}}
}

// copy puts text on the clipboard in the background; copied reports.
func (c *clipboard) copy(text string) {
	if c.copied == nil {
		c.copied = make(chan bool, 1)
	}
	out := c.copied
	if pageCopy(text, out) { // in a browser, the page's own clipboard
		return
	}
	go func() {
		for _, t := range copyTools() {
			if _, err := exec.LookPath(t.name); err != nil {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			cmd := exec.CommandContext(ctx, t.name, t.args...)
			cmd.Stdin = strings.NewReader(text)
			err := cmd.Run()
			cancel()
			if err == nil {
				out <- true
				return
			}
		}
		out <- false
	}()
}

// paste reads the clipboard in the background; pasted brings the text.
func (c *clipboard) paste() {
	if c.pasted == nil {
		c.pasted = make(chan string, 1)
	}
	out := c.pasted
	go func() {
		for _, t := range pasteTools() {
			if _, err := exec.LookPath(t.name); err != nil {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			var buf prefixBuffer
			cmd := exec.CommandContext(ctx, t.name, t.args...)
			cmd.Stdout = &buf
			err := cmd.Run()
			cancel()
			if err == nil {
				out <- strings.TrimSpace(buf.String())
				return
			}
		}
		out <- ""
	}()
}

// maxPaste is the most of a paste kept: a room code is a few dozen
// characters, and a clipboard may hold 100 MB.
const maxPaste = 4 << 10

// prefixBuffer keeps the first maxPaste bytes written to it and drops the
// rest, so a huge clipboard costs neither memory nor the game loop's time.
// It never fails, so the tool still ends cleanly. The buffer is a field,
// not embedded: an embedded one's ReadFrom would let io.Copy skip Write.
type prefixBuffer struct{ kept bytes.Buffer }

func (b *prefixBuffer) Write(p []byte) (int, error) {
	if room := maxPaste - b.kept.Len(); room > 0 {
		b.kept.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (b *prefixBuffer) String() string { return b.kept.String() }
