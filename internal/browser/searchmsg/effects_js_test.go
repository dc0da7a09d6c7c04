//go:build js

package searchmsg

import (
	"slices"
	"strings"
	"syscall/js"
	"testing"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// The effects go from the worker to the page through a real message, their
// one buffer moved, not copied, and arrive sample for sample as rendered,
// each effect in its place.
func TestEffectsRoundTrip(t *testing.T) {
	worker, transferred, page := channel(t)
	sent := sound.EffectsPCM(nil)
	want := make([]sound.PCM, len(sent))
	for i, pcm := range sent {
		want[i] = slices.Clone(pcm)
	}
	PostEffects(worker, sent)
	list := transferred()
	if list.Type() != js.TypeObject || list.Length() != 1 || !list.Index(0).InstanceOf(arrayBuffer) {
		t.Fatalf("PostEffects transferred %v, want the effects' ArrayBuffer", list)
	}
	if n := list.Index(0).Get("byteLength").Int(); n != 0 {
		t.Errorf("the worker's buffer still holds %d bytes after the post: copied, not moved", n)
	}
	data := <-page
	if !IsEffects(data) || IsMusic(data) {
		t.Fatalf("the page received a %s that IsEffects %v and IsMusic %v; want the effects alone", data.Type(), IsEffects(data), IsMusic(data))
	}
	got, err := ReceiveEffects(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(sound.Effects()) {
		t.Fatalf("the page received %d effects, want %d", len(got), len(sound.Effects()))
	}
	for _, e := range sound.Effects() {
		if !slices.Equal(got[e], want[e]) {
			t.Errorf("%s: the page received %d samples that differ from the %d rendered", e, len(got[e]), len(want[e]))
		}
	}
}

// Short effects, read back at both ends: each its own samples, in order.
func TestEffectsKeepEverySample(t *testing.T) {
	worker, _, page := channel(t)
	sent := make([]sound.PCM, len(sound.Effects()))
	for i := range sent {
		sent[i] = sound.PCM{int16(i), -int16(i), 32767, -32768}[:2+2*(i%2)]
	}
	PostEffects(worker, sent)
	got, err := ReceiveEffects(<-page)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sent {
		if !slices.Equal(got[i], sent[i]) {
			t.Errorf("effect %d: received %v, want %v", i, got[i], sent[i])
		}
	}
}

// What is not the effects is refused with a reason, never a panic.
func TestReceiveEffectsRefusesOtherData(t *testing.T) {
	n := len(sound.Effects())
	msg := func(bytes int, sizes ...any) js.Value {
		o := js.Global().Get("Object").New()
		o.Set(EffectsKey, arrayBuffer.New(bytes))
		o.Set("sizes", js.ValueOf(sizes))
		return o
	}
	fours := func(k int, last any) []any {
		s := make([]any, k)
		for i := range s {
			s[i] = 4
		}
		if k > 0 {
			s[k-1] = last
		}
		return s
	}
	noSizes := js.Global().Get("Object").New()
	noSizes.Set(EffectsKey, arrayBuffer.New(4*n))
	for name, data := range map[string]js.Value{
		"a string":             js.ValueOf("effects"),
		"the music":            arrayBuffer.New(8),
		"undefined":            js.Undefined(),
		"a plain object":       js.Global().Get("Object").New(),
		"no sizes":             noSizes,
		"sizes not an array":   func() js.Value { o := msg(4 * n); o.Set("sizes", "4"); return o }(),
		"one effect too few":   msg(4*(n-1), fours(n-1, 4)...),
		"one effect too many":  msg(4*(n+1), fours(n+1, 4)...),
		"an empty effect":      msg(4*(n-1), fours(n, 0)...),
		"half a frame":         msg(4*n-2, fours(n, 2)...),
		"a size not a number":  msg(4*n, fours(n, "4")...),
		"a negative size":      msg(4*(n-1), fours(n, -4)...),
		"a fraction of a byte": msg(4*n, fours(n, 4.5)...),
		"a buffer too short":   msg(4*n-4, fours(n, 4)...),
		"a buffer too long":    msg(4*n+4, fours(n, 4)...),
		"too large in all":     msg(4*n, fours(n, sound.MaxEffectsBytes)...),
	} {
		if fx, err := ReceiveEffects(data); err == nil {
			t.Errorf("%s: received %d effects, want an error", name, len(fx))
		} else if strings.TrimSpace(err.Error()) == "" {
			t.Errorf("%s: an error without a reason", name)
		}
	}
	if _, err := ReceiveEffects(msg(4*n, fours(n, 4)...)); err != nil {
		t.Errorf("the smallest effects that can be: %v", err)
	}
	if IsEffects(js.ValueOf(EffectsAsk)) {
		t.Error("IsEffects takes the question for the answer")
	}
}
