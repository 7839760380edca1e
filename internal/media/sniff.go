package media

import (
	"bytes"
	"encoding/binary"
)

// Sniff names the audio container from the first bytes of a file, or ""
// when none of the accepted signatures is there. It only looks; the
// parsers then check the file really is what it claims.
func Sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("ID3")):
		return "mp3"
	case bytes.HasPrefix(head, []byte("fLaC")):
		return "flac"
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WAVE":
		return "wav"
	case len(head) >= 12 && string(head[:4]) == "FORM" && (string(head[8:12]) == "AIFF" || string(head[8:12]) == "AIFC"):
		return "aiff"
	case bytes.HasPrefix(head, []byte("OggS")):
		return sniffOgg(head)
	case len(head) >= 8 && string(head[4:8]) == "ftyp":
		return "m4a"
	case bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}):
		if bytes.Contains(head[:min(len(head), 64)], []byte("webm")) {
			return "webm"
		}
	case len(head) >= 2 && head[0] == 0xFF && head[1]&0xF6 == 0xF0:
		return "aac" // ADTS: 12-bit sync, layer bits 00
	case len(head) >= 4 && head[0] == 0xFF && head[1]&0xE0 == 0xE0 && (head[1]>>1)&3 == 1:
		return "mp3" // MPEG audio frame, layer III
	}
	return ""
}

// sniffOgg tells Vorbis from Opus by the first packet of the first page.
func sniffOgg(head []byte) string {
	if len(head) < 27 {
		return ""
	}
	start := 27 + int(head[26])
	if len(head) < start+8 {
		return ""
	}
	switch pkt := head[start:]; {
	case bytes.HasPrefix(pkt, []byte("\x01vorbis")):
		return "ogg"
	case bytes.HasPrefix(pkt, []byte("OpusHead")):
		return "opus"
	}
	return ""
}

// be32 and friends read fixed-width integers without bounds panics.
func be32(b []byte, off int) uint32 {
	if off+4 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint32(b[off:])
}

func le16(b []byte, off int) int {
	if off+2 > len(b) {
		return 0
	}
	return int(binary.LittleEndian.Uint16(b[off:]))
}

func le32(b []byte, off int) uint32 {
	if off+4 > len(b) {
		return 0
	}
	return binary.LittleEndian.Uint32(b[off:])
}
