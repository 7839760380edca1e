package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// Tagging FLAC and M4A here, around one file ffmpeg encoded, instead of an
// ffmpeg run per file: 2,000 of those runs were most of the time it took
// to write 10,000 files.

// writeFLAC writes the base file's STREAMINFO, a VORBIS_COMMENT with the
// track's tags, a PICTURE when it has art, then the base file's frames.
func writeFLAC(path string, t track, base, art []byte) error {
	if len(base) < 4 || string(base[:4]) != "fLaC" {
		return errors.New("the FLAC base file has no fLaC marker")
	}
	if t.noTags {
		return os.WriteFile(path, base, 0o644)
	}
	var streaminfo []byte
	off := 4
	for {
		if off+4 > len(base) {
			return errors.New("the FLAC base file ends in its metadata")
		}
		h := base[off]
		n := int(base[off+1])<<16 | int(base[off+2])<<8 | int(base[off+3])
		if h&0x7f == 0 {
			streaminfo = base[off+4 : off+4+n]
		}
		off += 4 + n
		if h&0x80 != 0 {
			break
		}
	}
	if streaminfo == nil {
		return errors.New("the FLAC base file has no STREAMINFO")
	}
	var comments bytes.Buffer
	le := func(n int) { binary.Write(&comments, binary.LittleEndian, uint32(n)) }
	vendor := "genlibrary"
	le(len(vendor))
	comments.WriteString(vendor)
	fields := tagFields(t, "TITLE", "ARTIST", "ALBUM", "ALBUMARTIST", "TRACKNUMBER", "DISCNUMBER", "DATE", "GENRE", "COMPILATION")
	le(len(fields))
	for _, f := range fields {
		le(len(f))
		comments.WriteString(f)
	}
	blocks := []struct {
		kind byte
		body []byte
	}{{0, streaminfo}, {4, comments.Bytes()}}
	if t.art {
		var pic bytes.Buffer
		be := func(n int) { binary.Write(&pic, binary.BigEndian, uint32(n)) }
		be(3) // front cover
		be(len("image/jpeg"))
		pic.WriteString("image/jpeg")
		be(0) // no description
		be(200)
		be(200)
		be(24)
		be(0)
		be(len(art))
		pic.Write(art)
		blocks = append(blocks, struct {
			kind byte
			body []byte
		}{6, pic.Bytes()})
	}
	var b bytes.Buffer
	b.WriteString("fLaC")
	for i, bl := range blocks {
		h := bl.kind
		if i == len(blocks)-1 {
			h |= 0x80
		}
		n := len(bl.body)
		b.Write([]byte{h, byte(n >> 16), byte(n >> 8), byte(n)})
		b.Write(bl.body)
	}
	b.Write(base[off:])
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// tagFields are the track's tags as KEY=value, in the order of keys
// (standing for title, artist, album, album artist, track, disc, year,
// genre, compilation); the compilation flag only when set.
func tagFields(t track, keys ...string) []string {
	values := []string{t.title, t.artist, t.album, t.albumArtist, fmt.Sprint(t.trackNo), fmt.Sprint(t.discNo),
		fmt.Sprint(t.year), t.genre, ""}
	if t.compilation {
		values[8] = "1"
	}
	var out []string
	for i, k := range keys {
		if values[i] != "" {
			out = append(out, k+"="+values[i])
		}
	}
	return out
}

// writeM4A writes the base file with its moov atom's udta replaced by one
// holding an iTunes ilst of the track's tags. ffmpeg writes moov last, so
// growing it moves no sample offset.
func writeM4A(path string, t track, base, art []byte) error {
	if t.noTags {
		return os.WriteFile(path, base, 0o644)
	}
	moovAt, off := -1, 0
	for off+8 <= len(base) {
		n := int(binary.BigEndian.Uint32(base[off:]))
		if n < 8 || off+n > len(base) {
			return errors.New("the M4A base file has a bad atom")
		}
		if string(base[off+4:off+8]) == "moov" {
			moovAt = off
		}
		off += n
	}
	if moovAt < 0 || moovAt+int(binary.BigEndian.Uint32(base[moovAt:])) != len(base) {
		return errors.New("the M4A base file does not end in its moov atom")
	}
	var moov bytes.Buffer
	for off := moovAt + 8; off+8 <= len(base); {
		n := int(binary.BigEndian.Uint32(base[off:]))
		if n < 8 {
			return errors.New("the M4A base file has a bad atom in moov")
		}
		if string(base[off+4:off+8]) != "udta" {
			moov.Write(base[off : off+n])
		}
		off += n
	}
	var ilst bytes.Buffer
	item := func(name string, kind uint32, payload []byte) {
		data := atom("data", append(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, kind), 0), payload...))
		ilst.Write(atom(name, data))
	}
	const utf8, integer, jpeg = 1, 21, 13
	item("\xa9nam", utf8, []byte(t.title))
	item("\xa9ART", utf8, []byte(t.artist))
	item("\xa9alb", utf8, []byte(t.album))
	item("aART", utf8, []byte(t.albumArtist))
	item("trkn", 0, []byte{0, 0, byte(t.trackNo >> 8), byte(t.trackNo), 0, 0, 0, 0})
	item("disk", 0, []byte{0, 0, byte(t.discNo >> 8), byte(t.discNo), 0, 0})
	item("\xa9day", utf8, []byte(fmt.Sprint(t.year)))
	item("\xa9gen", utf8, []byte(t.genre))
	if t.compilation {
		item("cpil", integer, []byte{1})
	}
	if t.art {
		item("covr", jpeg, art)
	}
	hdlr := atom("hdlr", append(make([]byte, 8), append([]byte("mdirappl"), make([]byte, 9)...)...))
	meta := atom("meta", append(append(make([]byte, 4), hdlr...), atom("ilst", ilst.Bytes())...))
	moov.Write(atom("udta", meta))
	var b bytes.Buffer
	b.Write(base[:moovAt])
	b.Write(atom("moov", moov.Bytes()))
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func atom(name string, body []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(out, name...), body...)
}
