package library

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"

	"github.com/dhowden/tag"
)

// multiValues reads the fields a file's tag holds several values of,
// which the tag reader keeps one of (Vorbis comments: the last repeated
// key) or garbles (MP4: every "data" atom of an item read as one string).
// The values go through setMulti as ID3v2.4's do, so "ARTIST=Ana",
// "ARTIST=Bo" are two artists whatever the container.
func multiValues(r io.ReadSeeker, format tag.Format) map[string][]string {
	switch format {
	case tag.ID3v2_4:
		return id3Multi(r)
	case tag.VORBIS:
		return vorbisMulti(r)
	case tag.MP4:
		return mp4Multi(r)
	}
	return nil
}

// maxCommentPacket bounds what vorbisMulti reads of a comment header: an
// embedded cover can make it megabytes, and the text comments usually
// come before it (a cut packet is read up to the cut).
const maxCommentPacket = 4 << 20

// vorbisMulti reads the repeated keys of the Vorbis comment of a FLAC, Ogg
// Vorbis or Opus file.
func vorbisMulti(r io.ReadSeeker) map[string][]string {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil
	}
	var magic [4]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil {
		return nil
	}
	switch string(magic[:]) {
	case "fLaC":
		return flacComments(r)
	case "OggS":
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return nil
		}
		return oggComments(r)
	}
	return nil
}

// flacComments walks the metadata blocks after "fLaC" to the comment block.
func flacComments(r io.ReadSeeker) map[string][]string {
	for range 64 { // a FLAC has a handful of blocks; a loop of them is damage
		var head [4]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return nil
		}
		last, kind := head[0]&0x80 != 0, head[0]&0x7f
		size := int64(head[1])<<16 | int64(head[2])<<8 | int64(head[3])
		if kind == 4 {
			b, _ := io.ReadAll(io.LimitReader(r, min(size, maxCommentPacket)))
			return repeatedComments(b)
		}
		if _, err := r.Seek(size, io.SeekCurrent); err != nil || last { // past a picture unread
			return nil
		}
	}
	return nil
}

// oggComments joins the pages of the stream's second packet, its comment
// header, and reads it.
func oggComments(r io.Reader) map[string][]string {
	var packet []byte
	packets := 0
	for range 4096 {
		var head [27]byte
		if _, err := io.ReadFull(r, head[:]); err != nil || string(head[:4]) != "OggS" {
			return nil
		}
		lacing := make([]byte, head[26])
		if _, err := io.ReadFull(r, lacing); err != nil {
			return nil
		}
		for _, n := range lacing {
			seg := make([]byte, n)
			if _, err := io.ReadFull(r, seg); err != nil {
				return nil
			}
			if packets == 1 && len(packet) < maxCommentPacket {
				packet = append(packet, seg...)
			}
			if n < 255 { // a packet ends on a segment shorter than 255
				if packets++; packets == 2 {
					return commentPacket(packet)
				}
			}
		}
		if packets == 1 && len(packet) >= maxCommentPacket {
			return commentPacket(packet)
		}
	}
	return nil
}

func commentPacket(p []byte) map[string][]string {
	for _, prefix := range []string{"\x03vorbis", "OpusTags"} {
		if rest, ok := bytes.CutPrefix(p, []byte(prefix)); ok {
			return repeatedComments(rest)
		}
	}
	return nil
}

// repeatedComments reads a Vorbis comment list ("KEY=value" entries after
// the vendor string) and returns the fields given more than one value.
func repeatedComments(b []byte) map[string][]string {
	next := func() ([]byte, bool) {
		if len(b) < 4 {
			return nil, false
		}
		n := binary.LittleEndian.Uint32(b)
		if uint64(n) > uint64(len(b)-4) {
			return nil, false
		}
		v := b[4 : 4+n]
		b = b[4+n:]
		return v, true
	}
	if _, ok := next(); !ok { // the vendor
		return nil
	}
	if len(b) < 4 {
		return nil
	}
	count := binary.LittleEndian.Uint32(b)
	b = b[4:]
	all := map[string][]string{}
	for range min(count, 10_000) {
		c, ok := next()
		if !ok {
			break
		}
		k, v, ok := strings.Cut(string(c), "=")
		if !ok || strings.EqualFold(k, "METADATA_BLOCK_PICTURE") {
			continue
		}
		if v = clean(v); v != "" {
			all[strings.ToUpper(k)] = append(all[strings.ToUpper(k)], v)
		}
	}
	return onlyRepeated(all)
}

// onlyRepeated names by field the keys given more than once. A key is
// repeated by itself: two keys of one field ("COMMENT" and "DESCRIPTION",
// "DATE" and "YEAR") are one value spelled twice, not two values.
func onlyRepeated(all map[string][]string) map[string][]string {
	out := map[string][]string{}
	for k, vs := range all {
		if f := fieldName(k); len(vs) > 1 && len(vs) > len(out[f]) {
			out[f] = vs
		}
	}
	return out
}

// mp4Multi reads the text items of an MP4's iTunes metadata
// (moov/udta/meta/ilst) that hold several "data" atoms, or that come more
// than once as freeform "----" items (ARTISTS, by their name).
func mp4Multi(r io.ReadSeeker) map[string][]string {
	end, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil
	}
	all := map[string][]string{}
	var walk func(start, end int64, depth int)
	walk = func(start, end int64, depth int) {
		for off := start; off+8 <= end && depth < 6; {
			name, body, next, ok := mp4Box(r, off, end)
			if !ok {
				return
			}
			switch name {
			case "moov", "udta", "ilst":
				if name == "ilst" {
					mp4Items(r, body, next, all)
				} else {
					walk(body, next, depth+1)
				}
			case "meta":
				// ISO meta is a full box (4 bytes of version and flags);
				// QuickTime's is not: its first child follows at once.
				var peek [8]byte
				if _, err := r.Seek(body, io.SeekStart); err == nil {
					if _, err := io.ReadFull(r, peek[:]); err == nil && string(peek[4:8]) != "hdlr" {
						body += 4
					}
				}
				walk(body, next, depth+1)
			}
			off = next
		}
	}
	walk(0, end, 0)
	return onlyRepeated(all)
}

// mp4Box reads the header of the box at off: its name, where its body
// starts and where the next box starts.
func mp4Box(r io.ReadSeeker, off, end int64) (name string, body, next int64, ok bool) {
	var h [16]byte
	if _, err := r.Seek(off, io.SeekStart); err != nil {
		return "", 0, 0, false
	}
	if _, err := io.ReadFull(r, h[:8]); err != nil {
		return "", 0, 0, false
	}
	size, body := int64(binary.BigEndian.Uint32(h[:4])), off+8
	switch size {
	case 0: // to the end
		size = end - off
	case 1: // a 64-bit size follows
		if _, err := io.ReadFull(r, h[8:16]); err != nil {
			return "", 0, 0, false
		}
		size, body = int64(binary.BigEndian.Uint64(h[8:16])), off+16
	}
	if size < body-off || size > end-off {
		return "", 0, 0, false
	}
	return string(h[4:8]), body, off + size, true
}

// maxItem bounds an ilst item read whole: text items are small, a cover
// ("covr") is not and is not needed here.
const maxItem = 256 << 10

func mp4Items(r io.ReadSeeker, start, end int64, all map[string][]string) {
	for off := start; off+8 <= end; {
		name, body, next, ok := mp4Box(r, off, end)
		if !ok {
			return
		}
		off = next
		if next-body > maxItem || name == "covr" {
			continue
		}
		b := make([]byte, next-body)
		if _, err := r.Seek(body, io.SeekStart); err != nil {
			return
		}
		if _, err := io.ReadFull(r, b); err != nil {
			return
		}
		var values []string
		freeform := name == "----"
		for len(b) >= 8 {
			size := int(binary.BigEndian.Uint32(b[:4]))
			if size < 8 || size > len(b) {
				break
			}
			child, payload := string(b[4:8]), b[8:size]
			b = b[size:]
			switch {
			case child == "name" && name == "----" && len(payload) > 4:
				name = string(payload[4:]) // after the version and flags
			case child == "data" && len(payload) >= 8 && payload[1] == 0 && payload[2] == 0 && payload[3] == 1:
				// Type 1 is UTF-8 text; after it, 4 bytes of locale.
				if v := clean(string(payload[8:])); v != "" {
					values = append(values, v)
				}
			}
		}
		switch {
		case len(values) == 0 || name == "----":
		case freeform:
			// Taggers write a freeform item per value as well as values in one.
			all[name] = append(all[name], values...)
		default:
			all[name] = values // a standard item twice is damage: the last, as the tag reader keeps
		}
	}
}
