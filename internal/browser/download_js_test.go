//go:build js

package browser

import (
	"bytes"
	"strings"
	"syscall/js"
	"testing"
)

// fakePage stands in for the page's document and blob addresses under
// Node.js: it keeps the links clicked and the blobs made.
type fakePage struct {
	clicked []js.Value
	blobs   []js.Value
	revoked []string
	funcs   []js.Func
}

func (p *fakePage) fn(f func(this js.Value, args []js.Value) any) js.Func {
	jf := js.FuncOf(f)
	p.funcs = append(p.funcs, jf)
	return jf
}

// install puts the fake document and URL functions in place until the
// test ends; createElement throws when throws is set.
func (p *fakePage) install(t *testing.T, throws bool) {
	g := js.Global()
	object := g.Get("Object")
	body := object.New()
	body.Set("appendChild", p.fn(func(_ js.Value, args []js.Value) any { return args[0] }))
	body.Set("removeChild", p.fn(func(_ js.Value, args []js.Value) any { return args[0] }))
	doc := object.New()
	doc.Set("body", body)
	doc.Set("createElement", p.fn(func(_ js.Value, args []js.Value) any {
		el := object.New()
		el.Set("tag", args[0])
		el.Set("style", object.New())
		el.Set("click", p.fn(func(this js.Value, _ []js.Value) any {
			p.clicked = append(p.clicked, this)
			return nil
		}))
		return el
	}))
	urls := g.Get("URL")
	create, revoke := urls.Get("createObjectURL"), urls.Get("revokeObjectURL")
	urls.Set("createObjectURL", p.fn(func(_ js.Value, args []js.Value) any {
		p.blobs = append(p.blobs, args[0])
		return "blob:test/" + string(rune('0'+len(p.blobs)))
	}))
	urls.Set("revokeObjectURL", p.fn(func(_ js.Value, args []js.Value) any {
		p.revoked = append(p.revoked, args[0].String())
		return nil
	}))
	if throws {
		doc.Set("createElement", g.Call("eval", "(function () { throw new DOMException('no links here', 'NotSupportedError') })"))
	}
	g.Set("document", doc)
	t.Cleanup(func() {
		g.Delete("document")
		urls.Set("createObjectURL", create)
		urls.Set("revokeObjectURL", revoke)
		// the download's own timer may still call revokeObjectURL: the
		// functions stay alive until the test binary ends
	})
}

func TestDownloadClicksALinkToTheWholeFile(t *testing.T) {
	var p fakePage
	p.install(t, false)
	want := []byte("[Format \"gobblet 1\"]\n[Variant \"classic\"]\n\n1. 4@a1 4@b2 *\n")
	want = append(want, 0, 0xff, 0x80) // every byte, not only text
	const name = "Gobblet 2026-11-26 1435 4x4 - Ann's game.gobblet"
	if err := Download(name, "application/x-gobblet", want); err != nil {
		t.Fatal(err)
	}
	if len(p.clicked) != 1 || len(p.blobs) != 1 {
		t.Fatalf("%d links clicked and %d blobs made, want one each", len(p.clicked), len(p.blobs))
	}
	link := p.clicked[0]
	if got := link.Get("tag").String(); got != "a" {
		t.Errorf("the clicked element is <%s>, want <a>", got)
	}
	if got := link.Get("download").String(); got != name {
		t.Errorf("download name %q, want %q", got, name)
	}
	if got := link.Get("href").String(); got != "blob:test/1" {
		t.Errorf("the link goes to %q, not the blob's address", got)
	}
	blob := p.blobs[0]
	if got := blob.Get("type").String(); got != "application/x-gobblet" {
		t.Errorf("blob type %q", got)
	}
	buf, err := await(blob.Call("arrayBuffer"))
	if err != nil {
		t.Fatal(err)
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	got := make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(got, arr)
	if !bytes.Equal(got, want) {
		t.Errorf("the file holds %q, want %q", got, want)
	}
}

func TestDownloadWithoutADocumentSaysSo(t *testing.T) {
	js.Global().Delete("document")
	err := Download("x.gobblet", "application/x-gobblet", []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "no document") {
		t.Errorf("Download without a document: %v, want an error saying so", err)
	}
}

func TestDownloadRefusedIsAnErrorNotAPanic(t *testing.T) {
	var p fakePage
	p.install(t, true)
	err := Download("x.gobblet", "application/x-gobblet", []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "no links here") {
		t.Errorf("Download when the page throws: %v, want the page's words", err)
	}
	if len(p.clicked) != 0 {
		t.Errorf("%d links clicked after the page refused", len(p.clicked))
	}
}
