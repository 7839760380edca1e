// Package mediatest makes audio files with hostile tags for tests.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// ID3Tagged puts an ID3v2 tag of n TXXX frames, in version 3 or 4 and
// unsynchronised when asked, in front of audio (an MP3 without a tag).
func ID3Tagged(audio []byte, n int, version byte, unsync bool) []byte {
	var frames bytes.Buffer
	for i := range n {
		body := fmt.Appendf([]byte{0}, "desc%d\x00value\xff", i)
		frames.WriteString("TXXX")
		size := uint32(len(body))
		if version == 4 {
			size = syncsafe(size)
		}
		frames.Write(binary.BigEndian.AppendUint32(nil, size))
		frames.Write([]byte{0, 0})
		frames.Write(body)
	}
	tag := frames.Bytes()
	flags := byte(0)
	if unsync { // every 0xFF gets a 0x00 after it
		flags = 0x80
		tag = bytes.ReplaceAll(tag, []byte{0xff}, []byte{0xff, 0})
	}
	head := append([]byte{'I', 'D', '3', version, 0, flags}, binary.BigEndian.AppendUint32(nil, syncsafe(uint32(len(tag))))...)
	return append(append(head, tag...), audio...)
}

func syncsafe(n uint32) uint32 {
	return n&0x7f | (n>>7&0x7f)<<8 | (n>>14&0x7f)<<16 | (n>>21&0x7f)<<24
}
