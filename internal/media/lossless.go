package media

import (
	"encoding/binary"
	"math"
	"os"
)

// parseFLAC reads STREAMINFO and checks the metadata blocks lead to a frame.
func parseFLAC(f *os.File, size int64, info *Info) error {
	off := int64(4)
	var total uint64
	for first := true; ; first = false {
		h, err := readAt(f, off, 4)
		if err != nil || len(h) < 4 {
			return notAudio("flac: metadata ends early")
		}
		last, kind := h[0]&0x80 != 0, h[0]&0x7F
		length := int64(h[1])<<16 | int64(h[2])<<8 | int64(h[3])
		if first {
			if kind != 0 || length != 34 {
				return notAudio("flac: no STREAMINFO")
			}
			si, err := readAt(f, off+4, 34)
			if err != nil || len(si) < 34 {
				return notAudio("flac: short STREAMINFO")
			}
			b := si[10:18]
			info.SampleRate = int(b[0])<<12 | int(b[1])<<4 | int(b[2])>>4
			info.Channels = int(b[2]>>1&7) + 1
			info.BitDepth = int(b[2]&1)<<4 | int(b[3]>>4) + 1
			total = uint64(b[3]&0xF)<<32 | uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7])
			if info.SampleRate == 0 {
				return notAudio("flac: sample rate 0")
			}
		}
		off += 4 + length
		if off > size {
			return notAudio("flac: metadata past the end")
		}
		if last {
			break
		}
	}
	sync, err := readAt(f, off, 2)
	if err != nil || len(sync) < 2 || sync[0] != 0xFF || sync[1]&0xFE != 0xF8 {
		return notAudio("flac: no frame after the metadata")
	}
	info.Duration = float64(total) / float64(info.SampleRate)
	info.Bitrate = payloadRate(size-off, info.Duration) // the frames, not the metadata (covers) before them
	return nil
}

// parseWAV walks the RIFF chunks for the format and the data.
func parseWAV(f *os.File, size int64, info *Info) error {
	off := int64(12)
	byteRate := 0
	for off+8 <= size {
		h, err := readAt(f, off, 8)
		if err != nil || len(h) < 8 {
			break
		}
		id, length := string(h[:4]), int64(le32(h, 4))
		switch id {
		case "fmt ":
			fm, err := readAt(f, off+8, 16)
			if err != nil || len(fm) < 16 {
				return notAudio("wav: short fmt chunk")
			}
			switch tag := le16(fm, 0); tag {
			case 1, 3, 0xFFFE: // PCM, float, extensible
			default:
				return notAudio("wav: codec %#x", tag)
			}
			info.Channels, info.SampleRate = le16(fm, 2), int(le32(fm, 4))
			byteRate, info.BitDepth = int(le32(fm, 8)), le16(fm, 14)
			if info.Channels == 0 || info.SampleRate == 0 || byteRate == 0 {
				return notAudio("wav: empty format")
			}
		case "data":
			if byteRate == 0 {
				return notAudio("wav: data before fmt")
			}
			if length == 0xFFFFFFFF || off+8+length > size { // streamed or cut short
				length = size - off - 8
			}
			info.Bitrate = byteRate * 8
			info.Duration = float64(length) / float64(byteRate)
			return nil
		}
		off += 8 + length + length&1 // chunks are padded to even sizes
	}
	return notAudio("wav: no data chunk")
}

// parseAIFF walks the IFF chunks (big-endian) for the common chunk, whose
// sample rate is an 80-bit float, and the sound data.
func parseAIFF(f *os.File, size int64, info *Info) error {
	off := int64(12)
	var frames uint32
	bits := 0
	for off+8 <= size {
		h, err := readAt(f, off, 8)
		if err != nil || len(h) < 8 {
			break
		}
		id, length := string(h[:4]), int64(binary.BigEndian.Uint32(h[4:8]))
		switch id {
		case "COMM":
			c, err := readAt(f, off+8, 18)
			if err != nil || len(c) < 18 {
				return notAudio("aiff: short COMM chunk")
			}
			info.Channels = int(binary.BigEndian.Uint16(c[0:2]))
			frames = binary.BigEndian.Uint32(c[2:6])
			bits = int(binary.BigEndian.Uint16(c[6:8]))
			info.SampleRate = int(extended80(c[8:18]))
			if info.Channels == 0 || info.SampleRate <= 0 || bits == 0 {
				return notAudio("aiff: empty format")
			}
		case "SSND":
			if info.SampleRate <= 0 {
				return notAudio("aiff: sound before COMM")
			}
			info.Duration = float64(frames) / float64(info.SampleRate)
			info.Bitrate = info.SampleRate * info.Channels * bits
			info.BitDepth = bits
			return nil
		}
		off += 8 + length + length&1 // chunks are padded to even sizes
	}
	return notAudio("aiff: no sound data")
}

// extended80 reads an IEEE 754 80-bit extended float, as AIFF stores its
// sample rate; nonsense (NaN, infinities, huge rates) reads as 0.
func extended80(b []byte) float64 {
	exp := int(binary.BigEndian.Uint16(b[0:2]) & 0x7FFF)
	mant := binary.BigEndian.Uint64(b[2:10])
	if exp == 0 || exp == 0x7FFF || b[0]&0x80 != 0 {
		return 0
	}
	v := math.Ldexp(float64(mant), exp-16383-63)
	if v > 1e6 {
		return 0
	}
	return v
}
