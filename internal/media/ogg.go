package media

import (
	"bytes"
	"encoding/binary"
	"os"
)

// oggCRC is the Ogg page checksum: CRC-32, polynomial 0x04c11db7, unreflected.
var oggCRC = func() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for j := 0; j < 8; j++ {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04c11db7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return t
}()

// oggPageOK checks the checksum of the page that starts page.
func oggPageOK(page []byte) (int, bool) {
	if len(page) < 27 || string(page[:4]) != "OggS" {
		return 0, false
	}
	n := 27 + int(page[26])
	if len(page) < n {
		return 0, false
	}
	for _, seg := range page[27:n] {
		n += int(seg)
	}
	if len(page) < n {
		return 0, false
	}
	var crc uint32
	for i, b := range page[:n] {
		if i >= 22 && i < 26 {
			b = 0 // the checksum field counts as zero
		}
		crc = crc<<8 ^ oggCRC[byte(crc>>24)^b]
	}
	return n, crc == binary.LittleEndian.Uint32(page[22:26])
}

// parseOgg checks the first page and reads the stream's rate from its
// identification header; the duration is the last page's granule position.
func parseOgg(f *os.File, size int64, info *Info) error {
	first, err := readAt(f, 0, 64<<10)
	if err != nil {
		return err
	}
	n, ok := oggPageOK(first)
	if !ok {
		return notAudio("ogg: first page is damaged")
	}
	serial := le32(first, 14)
	pkt := first[27+int(first[26]) : n]
	preskip, rate := 0, 0
	switch {
	case bytes.HasPrefix(pkt, []byte("\x01vorbis")) && len(pkt) >= 16:
		info.Channels, rate = int(pkt[11]), int(le32(pkt, 12))
		info.SampleRate = rate
	case bytes.HasPrefix(pkt, []byte("OpusHead")) && len(pkt) >= 19:
		info.Channels, preskip = int(pkt[9]), le16(pkt, 10)
		info.SampleRate, rate = int(le32(pkt, 12)), 48000 // Opus granules always count 48 kHz
	default:
		return notAudio("ogg: neither Vorbis nor Opus")
	}
	if rate == 0 || info.Channels == 0 {
		return notAudio("ogg: empty identification header")
	}
	tailStart := max(0, size-256<<10)
	tail, err := readAt(f, tailStart, int(size-tailStart))
	if err != nil {
		return err
	}
	for i := bytes.LastIndex(tail, []byte("OggS")); i >= 0; i = bytes.LastIndex(tail[:i], []byte("OggS")) {
		page := tail[i:]
		if _, ok := oggPageOK(page); !ok || le32(page, 14) != serial {
			continue
		}
		granule := int64(binary.LittleEndian.Uint64(page[6:14]))
		if granule < 0 { // -1: no packet ends on this page
			continue
		}
		info.Duration = float64(max(0, granule-int64(preskip))) / float64(rate)
		if audio := oggAudioStart(f, size, serial); audio > 0 {
			info.Bitrate = payloadRate(size-audio, info.Duration)
		}
		return nil
	}
	return notAudio("ogg: no final page")
}

// oggAudioStart finds the first page of the stream that ends audio
// packets (a granule position above 0): the header pages before it carry
// the comments, and with them any embedded cover. 0 when not found.
func oggAudioStart(f *os.File, size int64, serial uint32) int64 {
	for off := int64(0); off+27 <= size; {
		h, err := readAt(f, off, 27+255)
		if err != nil || len(h) < 27 || string(h[:4]) != "OggS" || len(h) < 27+int(h[26]) {
			return 0
		}
		n := int64(27 + int(h[26]))
		for _, seg := range h[27:n] {
			n += int64(seg)
		}
		if granule := int64(binary.LittleEndian.Uint64(h[6:14])); le32(h, 14) == serial && granule > 0 {
			return off
		}
		off += n
	}
	return 0
}
