//go:build js

package searchmsg

import (
	"fmt"
	"syscall/js"

	"github.com/gobblet-game/gobblet/internal/sound"
)

// The music's one message: the samples of the loop (sound.PCM, 16-bit
// stereo, little-endian) in an ArrayBuffer of their own, 13.8 MB for the
// theme. It is transferred, not copied: once posted, the worker's buffer
// is empty, and the page holds the only one, until it copies the samples
// into its Go memory and lets the buffer go. So the loop is never held
// twice for longer than that copy.

var (
	arrayBuffer = js.Global().Get("ArrayBuffer")
	uint8Array  = js.Global().Get("Uint8Array")
)

// PostMusic sends the music to the page (to is the worker's global scope,
// or a port), moving its buffer.
func PostMusic(to js.Value, pcm sound.PCM) {
	b := pcm.Bytes()
	buf := arrayBuffer.New(len(b))
	js.CopyBytesToJS(uint8Array.New(buf), b)
	to.Call("postMessage", buf, []any{buf})
}

// IsMusic reports whether a message's data is the music (the other
// messages are strings).
func IsMusic(data js.Value) bool { return data.InstanceOf(arrayBuffer) }

// ReceiveMusic copies the music out of a message's data: an error if it
// is not the music, or not samples that can be (sound.NewReceivedPCM).
func ReceiveMusic(data js.Value) (sound.PCM, error) {
	if !IsMusic(data) {
		return nil, fmt.Errorf("the music's message holds a %s, not an ArrayBuffer", data.Type())
	}
	pcm, err := sound.NewReceivedPCM(data.Get("byteLength").Int())
	if err != nil {
		return nil, err
	}
	js.CopyBytesToGo(pcm.Bytes(), uint8Array.New(data))
	return pcm, nil
}
