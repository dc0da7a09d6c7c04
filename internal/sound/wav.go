package sound

import (
	"encoding/binary"
	"math"
)

// WAV encodes the sound as a 16-bit stereo WAV file, to listen to or to
// measure with other tools.
//
//go:norace
func (s Stereo) WAV() []byte {
	const channels, bytesPerSample = 2, 2
	data := len(s.L) * channels * bytesPerSample
	b := make([]byte, 0, 44+data)
	le := binary.LittleEndian
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(36+data))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16)
	b = le.AppendUint16(b, 1) // PCM
	b = le.AppendUint16(b, channels)
	b = le.AppendUint32(b, SampleRate)
	b = le.AppendUint32(b, SampleRate*channels*bytesPerSample)
	b = le.AppendUint16(b, channels*bytesPerSample)
	b = le.AppendUint16(b, 8*bytesPerSample)
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(data))
	for i := range s.L {
		b = le.AppendUint16(b, uint16(pcm16(s.L[i])))
		b = le.AppendUint16(b, uint16(pcm16(s.R[i])))
	}
	return b
}

func pcm16(v float64) int16 {
	return int16(math.Round(max(-1, min(1, v)) * math.MaxInt16))
}
