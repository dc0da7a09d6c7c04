//go:build js

package searchmsg

import (
	"fmt"
	"math"
	"syscall/js"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// The effects' one message: an object {effects, sizes}, where effects is
// an ArrayBuffer holding every effect's samples (sound.PCM, 16-bit
// stereo, little-endian) one after the other in sound.Effects' order,
// 4.0 MB, and sizes the bytes of each. The buffer is transferred, not
// copied, as the music's is.

// EffectsKey names the buffer in the effects' message.
const EffectsKey = "effects"

// PostEffects sends the effects (sound.EffectsPCM) to the page (to is the
// worker's global scope, or a port), moving their buffer.
func PostEffects(to js.Value, fx []sound.PCM) {
	total := 0
	sizes := make([]any, len(fx))
	for i, pcm := range fx {
		sizes[i] = len(pcm.Bytes())
		total += len(pcm.Bytes())
	}
	buf := arrayBuffer.New(total)
	at := 0
	for _, pcm := range fx {
		b := pcm.Bytes()
		js.CopyBytesToJS(uint8Array.New(buf, at, len(b)), b)
		at += len(b)
	}
	to.Call("postMessage", map[string]any{EffectsKey: buf, "sizes": sizes}, []any{buf})
}

// IsEffects reports whether a message's data is the effects.
func IsEffects(data js.Value) bool {
	return data.Type() == js.TypeObject && data.Get(EffectsKey).InstanceOf(arrayBuffer)
}

// ReceiveEffects copies the effects out of a message's data: an error
// that says why if it is not the effects, or not samples that can be
// (sound.NewReceivedEffects), or if its sizes and its buffer disagree.
func ReceiveEffects(data js.Value) ([]sound.PCM, error) {
	if !IsEffects(data) {
		return nil, fmt.Errorf("the effects' message holds a %s, not an object with an ArrayBuffer", data.Type())
	}
	buf, list := data.Get(EffectsKey), data.Get("sizes")
	if !list.InstanceOf(js.Global().Get("Array")) {
		return nil, fmt.Errorf("the effects' sizes are a %s, not an array", list.Type())
	}
	if n := list.Length(); n > 1024 {
		return nil, fmt.Errorf("the effects' message lists %d sizes", n)
	}
	sizes := make([]int, list.Length())
	for i := range sizes {
		v := list.Index(i)
		if v.Type() != js.TypeNumber {
			return nil, fmt.Errorf("the effects' size %d is a %s, not a number", i, v.Type())
		}
		f := v.Float()
		if f != math.Trunc(f) || f < 0 || f > sound.MaxEffectsBytes {
			return nil, fmt.Errorf("the effects' size %d is %v, not a number of bytes", i, f)
		}
		sizes[i] = int(f)
	}
	total := 0
	for _, n := range sizes {
		total += n
	}
	if n := buf.Get("byteLength").Int(); n != total {
		return nil, fmt.Errorf("the effects' buffer holds %d bytes, their sizes add up to %d", n, total)
	}
	fx, err := sound.NewReceivedEffects(sizes)
	if err != nil {
		return nil, err
	}
	at := 0
	for _, pcm := range fx {
		b := pcm.Bytes()
		js.CopyBytesToGo(b, uint8Array.New(buf, at, len(b)))
		at += len(b)
	}
	return fx, nil
}
