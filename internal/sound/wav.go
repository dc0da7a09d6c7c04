package sound

import "encoding/binary"

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
		b = le.AppendUint16(b, uint16(toInt16(s.L[i])))
		b = le.AppendUint16(b, uint16(toInt16(s.R[i])))
	}
	return b
}
