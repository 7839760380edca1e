package mediatest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Taggers write several artists as repeated Vorbis comment keys or as
// several MP4 "data" atoms, which ffmpeg cannot: these write them into
// files ffmpeg made.

// vorbisComment is a comment list: the vendor, then each "KEY=value".
func vorbisComment(comments []string) []byte {
	b := binary.LittleEndian.AppendUint32(nil, 4)
	b = append(b, "test"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(comments)))
	for _, c := range comments {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(c)))
		b = append(b, c...)
	}
	return b
}

// FLACWithComments replaces the comment block of a FLAC by comments, each
// "KEY=value" (a key may come more than once).
func FLACWithComments(flac []byte, comments ...string) ([]byte, error) {
	if !bytes.HasPrefix(flac, []byte("fLaC")) {
		return nil, errors.New("not a FLAC")
	}
	var blocks [][]byte
	rest := flac[4:]
	for {
		if len(rest) < 4 {
			return nil, errors.New("cut metadata block")
		}
		size := int(rest[1])<<16 | int(rest[2])<<8 | int(rest[3])
		if len(rest) < 4+size {
			return nil, errors.New("cut metadata block")
		}
		last, kind := rest[0]&0x80 != 0, rest[0]&0x7f
		if kind != 4 {
			blocks = append(blocks, append([]byte{kind}, rest[1:4+size]...))
		}
		rest = rest[4+size:]
		if last {
			break
		}
	}
	body := vorbisComment(comments)
	comment := append([]byte{4, byte(len(body) >> 16), byte(len(body) >> 8), byte(len(body))}, body...)
	// After STREAMINFO, which must come first.
	blocks = append(blocks[:1], append([][]byte{comment}, blocks[1:]...)...)
	out := []byte("fLaC")
	for i, b := range blocks {
		if i == len(blocks)-1 {
			b[0] |= 0x80
		}
		out = append(out, b...)
	}
	return append(out, rest...), nil
}

// OpusWithComments replaces the comment header (OpusTags) of an Opus
// file, when it fills its page alone as ffmpeg writes it, by comments.
func OpusWithComments(ogg []byte, comments ...string) ([]byte, error) {
	first, err := oggPageLen(ogg)
	if err != nil {
		return nil, err
	}
	second, err := oggPageLen(ogg[first:])
	if err != nil {
		return nil, err
	}
	page := ogg[first : first+second]
	if lacing := page[27 : 27+int(page[26])]; lacing[len(lacing)-1] == 255 {
		return nil, errors.New("the comment header runs over more than one page")
	}
	if !bytes.HasPrefix(page[27+int(page[26]):], []byte("OpusTags")) {
		return nil, errors.New("the second page is not an Opus comment header")
	}
	packet := append([]byte("OpusTags"), vorbisComment(comments)...)
	var lacing []byte
	for n := len(packet); ; n -= 255 {
		if n < 255 {
			lacing = append(lacing, byte(n))
			break
		}
		lacing = append(lacing, 255)
	}
	if len(lacing) > 255 {
		return nil, errors.New("comments too long for one page")
	}
	np := append(append(append([]byte{}, page[:26]...), byte(len(lacing))), lacing...)
	np = append(np, packet...)
	binary.LittleEndian.PutUint32(np[22:26], 0)
	binary.LittleEndian.PutUint32(np[22:26], oggCRC(np))
	out := append(append([]byte{}, ogg[:first]...), np...)
	return append(out, ogg[first+second:]...), nil
}

func oggPageLen(b []byte) (int, error) {
	if len(b) < 27 || string(b[:4]) != "OggS" || len(b) < 27+int(b[26]) {
		return 0, errors.New("not an Ogg page")
	}
	n := 27 + int(b[26])
	for _, l := range b[27:n] {
		n += int(l)
	}
	if len(b) < n {
		return 0, errors.New("cut Ogg page")
	}
	return n, nil
}

// oggCRC is the Ogg page checksum: CRC-32, polynomial 0x04c11db7, unreflected.
func oggCRC(page []byte) uint32 {
	var crc uint32
	for _, b := range page {
		crc ^= uint32(b) << 24
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

func mp4Atom(name string, body ...[]byte) []byte {
	b := bytes.Join(body, nil)
	return append(append(binary.BigEndian.AppendUint32(nil, uint32(8+len(b))), name...), b...)
}

func mp4Data(values []string) []byte {
	var b []byte
	for _, v := range values {
		// Type 1, UTF-8 text, then 4 bytes of locale.
		b = append(b, mp4Atom("data", []byte{0, 0, 0, 1, 0, 0, 0, 0}, []byte(v))...)
	}
	return b
}

// MP4Text is an iTunes metadata item ("\xa9ART", "aART") holding each of
// values in a data atom of its own.
func MP4Text(name string, values ...string) []byte {
	return mp4Atom(name, mp4Data(values))
}

// MP4Freeform is a "----" item of com.apple.iTunes named name ("ARTISTS").
func MP4Freeform(name string, values ...string) []byte {
	return mp4Atom("----", mp4Atom("mean", []byte{0, 0, 0, 0}, []byte("com.apple.iTunes")),
		mp4Atom("name", []byte{0, 0, 0, 0}, []byte(name)), mp4Data(values))
}

// MP4WithItems adds items to the metadata (moov/udta/meta/ilst) of an
// M4A ffmpeg wrote with a tag, its moov after the audio so that no sample
// moves.
func MP4WithItems(m4a []byte, items ...[]byte) ([]byte, error) {
	type box struct {
		name      string
		off, size int
	}
	find := func(start, end int, name string) (box, error) {
		for off := start; off+8 <= end; {
			size := int(binary.BigEndian.Uint32(m4a[off:]))
			if size < 8 || off+size > end {
				return box{}, fmt.Errorf("bad box at %d", off)
			}
			if string(m4a[off+4:off+8]) == name {
				return box{name, off, size}, nil
			}
			off += size
		}
		return box{}, fmt.Errorf("no %s box", name)
	}
	moov, err := find(0, len(m4a), "moov")
	if err != nil {
		return nil, err
	}
	if mdat, err := find(0, len(m4a), "mdat"); err != nil || mdat.off > moov.off {
		return nil, errors.New("moov comes before the audio")
	}
	path := []box{moov}
	for _, name := range []string{"udta", "meta", "ilst"} {
		parent := path[len(path)-1]
		start := parent.off + 8
		if parent.name == "meta" {
			start += 4 // its version and flags
		}
		b, err := find(start, parent.off+parent.size, name)
		if err != nil {
			return nil, err
		}
		path = append(path, b)
	}
	add := bytes.Join(items, nil)
	out := append([]byte{}, m4a...)
	for _, b := range path {
		binary.BigEndian.PutUint32(out[b.off:], uint32(b.size+len(add)))
	}
	ilst := path[len(path)-1]
	end := ilst.off + ilst.size
	return append(append(out[:end:end], add...), m4a[end:]...), nil
}
