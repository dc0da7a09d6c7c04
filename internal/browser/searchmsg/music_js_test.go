//go:build js

package searchmsg

import (
	"slices"
	"strings"
	"syscall/js"
	"testing"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// channel is a MessageChannel whose first port stands for the worker and
// records what each postMessage transferred; what arrives at the second,
// the page, comes out of the Go channel.
func channel(t *testing.T) (worker js.Value, transferred func() js.Value, page <-chan js.Value) {
	t.Helper()
	mc := js.Global().Get("MessageChannel")
	if mc.Type() != js.TypeFunction {
		t.Skip("no MessageChannel in this JavaScript runtime")
	}
	ch := mc.New()
	in := make(chan js.Value, 1)
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any {
		in <- args[0].Get("data")
		return nil
	})
	t.Cleanup(func() {
		ch.Get("port1").Call("close")
		ch.Get("port2").Call("close")
		onMessage.Release()
	})
	ch.Get("port2").Set("onmessage", onMessage)
	rec := js.Global().Get("Function").New("port", `
		const rec = { list: null };
		rec.postMessage = (data, list) => { rec.list = list; port.postMessage(data, list); };
		return rec;`).Invoke(ch.Get("port1"))
	return rec, func() js.Value { return rec.Get("list") }, in
}

// The music goes from the worker to the page through a real message, its
// buffer moved, not copied, and arrives sample for sample as rendered.
func TestMusicRoundTrip(t *testing.T) {
	worker, transferred, page := channel(t)
	sent := sound.MusicPCM(nil)
	want := slices.Clone(sent)
	PostMusic(worker, sent)
	list := transferred()
	if list.Type() != js.TypeObject || list.Length() != 1 || !IsMusic(list.Index(0)) {
		t.Fatalf("PostMusic transferred %v, want the music's ArrayBuffer", list)
	}
	if n := list.Index(0).Get("byteLength").Int(); n != 0 {
		t.Errorf("the worker's buffer still holds %d bytes after the post: copied, not moved", n)
	}
	data := <-page
	if !IsMusic(data) {
		t.Fatalf("the page received a %s, not the music", data.Type())
	}
	got, err := ReceiveMusic(data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the page received %d samples that differ from the %d rendered", len(got), len(want))
	}
	if len(got) == 0 || len(got)%2 != 0 {
		t.Errorf("%d samples: not whole stereo frames", len(got))
	}
}

// A short loop, read back at both ends: little-endian 16-bit samples.
func TestMusicKeepsEverySample(t *testing.T) {
	worker, _, page := channel(t)
	sent := sound.PCM{0, 1, -1, 32767, -32768, 0x1234, -0x1234, 7}
	PostMusic(worker, slices.Clone(sent))
	got, err := ReceiveMusic(<-page)
	if err != nil || !slices.Equal(got, sent) {
		t.Errorf("received %v, %v; want %v", got, err, sent)
	}
}

// What is not the music is refused with a reason, never a panic.
func TestReceiveMusicRefusesOtherData(t *testing.T) {
	for name, data := range map[string]js.Value{
		"a string":         js.ValueOf("music"),
		"an empty buffer":  arrayBuffer.New(0),
		"half a frame":     arrayBuffer.New(6),
		"an odd length":    arrayBuffer.New(3),
		"undefined":        js.Undefined(),
		"a typed array":    uint8Array.New(8),
		"a plain object":   js.Global().Get("Object").New(),
		"too large a loop": arrayBuffer.New(sound.MaxMusicBytes + 4),
	} {
		if pcm, err := ReceiveMusic(data); err == nil {
			t.Errorf("%s: received %d samples, want an error", name, len(pcm))
		} else if strings.TrimSpace(err.Error()) == "" {
			t.Errorf("%s: an error without a reason", name)
		}
	}
	if IsMusic(js.ValueOf(MusicAsk)) {
		t.Error("IsMusic takes the question for the answer")
	}
}
