package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
)

// Ogg (Opus and Vorbis) is tagged the way FLAC and M4A are: the base
// file's comment packet is replaced by one with the track's tags, and the
// pages are written again around it.

// oggPage is one page of an Ogg stream, its packets' bytes in data.
type oggPage struct {
	flags   byte
	granule uint64
	serial  uint32
	lacing  []byte
	data    []byte
}

// writeOgg writes the base file with its comment packet (the second
// packet) holding the track's tags.
func writeOgg(path string, t track, base, _ []byte) error {
	pages, err := readOggPages(base)
	if err != nil {
		return err
	}
	// The header packets (Opus: head and tags; Vorbis: identification,
	// comment and setup) end a page of their own; the audio starts on the next.
	headers := 2
	if len(pages) > 0 && bytes.HasPrefix(pages[0].data, []byte("\x01vorbis")) {
		headers = 3
	}
	var packets [][]byte
	var cur []byte
	end := 0
	for i := 0; i < len(pages) && len(packets) < headers; i++ {
		off := 0
		for _, l := range pages[i].lacing {
			cur = append(cur, pages[i].data[off:off+int(l)]...)
			off += int(l)
			if l < 255 {
				packets, cur = append(packets, cur), nil
			}
		}
		end = i + 1
	}
	if len(packets) < headers || len(cur) > 0 {
		return errors.New("the Ogg base file's headers do not end a page")
	}
	vendor, prefix, suffix := "genlibrary", "OpusTags", ""
	if headers == 3 {
		prefix, suffix = "\x03vorbis", "\x01" // Vorbis ends its comments with a framing bit
	}
	var c bytes.Buffer
	le := func(n int) { binary.Write(&c, binary.LittleEndian, uint32(n)) }
	c.WriteString(prefix)
	le(len(vendor))
	c.WriteString(vendor)
	var fields []string
	if !t.noTags {
		fields = tagFields(t, "TITLE", "ARTIST", "ALBUM", "ALBUMARTIST", "TRACKNUMBER", "DISCNUMBER", "DATE", "GENRE", "COMPILATION")
	}
	le(len(fields))
	for _, f := range fields {
		le(len(f))
		c.WriteString(f)
	}
	c.WriteString(suffix)
	packets[1] = c.Bytes()

	out := []oggPage{pages[0]}
	serial := pages[0].serial
	for _, p := range packets[1:] {
		out = append(out, paginate(p, serial)...)
	}
	out = append(out, pages[end:]...)
	var b bytes.Buffer
	for seq, p := range out {
		writeOggPage(&b, p, uint32(seq))
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// paginate lays one header packet out over as many pages as it needs.
func paginate(packet []byte, serial uint32) []oggPage {
	var pages []oggPage
	var flags byte
	for {
		p := oggPage{flags: flags, serial: serial}
		for len(p.lacing) < 255 {
			n := min(len(packet), 255)
			p.lacing = append(p.lacing, byte(n))
			p.data = append(p.data, packet[:n]...)
			packet = packet[n:]
			if n < 255 {
				return append(pages, p)
			}
		}
		pages = append(pages, p)
		flags = 1 // the next page continues the packet
	}
}

func readOggPages(b []byte) ([]oggPage, error) {
	var pages []oggPage
	for len(b) > 0 {
		if len(b) < 27 || string(b[:4]) != "OggS" {
			return nil, errors.New("the Ogg base file has a bad page")
		}
		n := int(b[26])
		if len(b) < 27+n {
			return nil, errors.New("the Ogg base file ends in a page header")
		}
		p := oggPage{flags: b[5], granule: binary.LittleEndian.Uint64(b[6:]), serial: binary.LittleEndian.Uint32(b[14:]),
			lacing: b[27 : 27+n]}
		size := 0
		for _, l := range p.lacing {
			size += int(l)
		}
		if len(b) < 27+n+size {
			return nil, errors.New("the Ogg base file ends in a page")
		}
		p.data = b[27+n : 27+n+size]
		pages = append(pages, p)
		b = b[27+n+size:]
	}
	return pages, nil
}

func writeOggPage(w *bytes.Buffer, p oggPage, seq uint32) {
	start := w.Len()
	w.WriteString("OggS")
	w.WriteByte(0)
	w.WriteByte(p.flags)
	binary.Write(w, binary.LittleEndian, p.granule)
	binary.Write(w, binary.LittleEndian, p.serial)
	binary.Write(w, binary.LittleEndian, seq)
	binary.Write(w, binary.LittleEndian, uint32(0)) // the CRC, set below
	w.WriteByte(byte(len(p.lacing)))
	w.Write(p.lacing)
	w.Write(p.data)
	page := w.Bytes()[start:]
	binary.LittleEndian.PutUint32(page[22:], oggCRC(page))
}

// oggCRC is Ogg's CRC-32 (polynomial 0x04c11db7, not reflected).
func oggCRC(b []byte) uint32 {
	var crc uint32
	for _, v := range b {
		crc ^= uint32(v) << 24
		for range 8 {
			if crc&0x80000000 != 0 {
				crc = crc<<1 ^ 0x04c11db7
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
