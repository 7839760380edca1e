package library

import (
	"encoding/binary"
	"io"
	"strings"
	"unicode/utf16"
)

// id3Multi reads the text frames of an ID3v2.4 tag that hold several
// values, null-separated: the tag reader joins them into one string
// ("Ana\x00Bo" read as "AnaBo"), losing the artists. It returns them by
// field name; nothing for
// other versions, or tags it cannot walk plainly (unsynchronised, an
// extended header).
func id3Multi(r io.ReadSeeker) map[string][]string {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil
	}
	var head [10]byte
	if _, err := io.ReadFull(r, head[:]); err != nil || string(head[:3]) != "ID3" || head[3] != 4 || head[5]&0xc0 != 0 {
		return nil
	}
	size := syncsafe(head[6:10])
	if size > 1<<20 { // the text frames come first; a big tag is mostly pictures
		size = 1 << 20
	}
	body := make([]byte, size)
	n, _ := io.ReadFull(r, body)
	body = body[:n]
	out := map[string][]string{}
	for len(body) >= 10 && body[0] != 0 {
		id, fsize, flags := string(body[:4]), syncsafe(body[4:8]), binary.BigEndian.Uint16(body[8:10])
		if fsize > len(body)-10 {
			break
		}
		data := body[10 : 10+fsize]
		body = body[10+fsize:]
		if flags&0x00ff != 0 || len(data) < 2 || (id[0] != 'T') {
			continue // compressed, encrypted or unsynchronised frames, and non-text ones
		}
		text := decodeID3Text(data[0], data[1:])
		values := strings.Split(strings.TrimRight(text, "\x00"), "\x00")
		if id == "TXXX" && len(values) > 2 {
			out[fieldName(values[0])] = values[1:]
		} else if id != "TXXX" && len(values) > 1 {
			out[fieldName(id)] = values
		}
	}
	return out
}

func syncsafe(b []byte) int {
	return int(b[0]&0x7f)<<21 | int(b[1]&0x7f)<<14 | int(b[2]&0x7f)<<7 | int(b[3]&0x7f)
}

// decodeID3Text decodes a text frame's body in its encoding, keeping the
// nulls between values.
func decodeID3Text(enc byte, b []byte) string {
	switch enc {
	case 0: // ISO-8859-1
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r)
	case 1, 2: // UTF-16 with a BOM per value, or big-endian
		var units []uint16
		big := enc == 2
		var parts []string
		flush := func() {
			parts = append(parts, string(utf16.Decode(units)))
			units = units[:0]
		}
		for i := 0; i+1 < len(b); i += 2 {
			u := binary.LittleEndian.Uint16(b[i:])
			if big {
				u = binary.BigEndian.Uint16(b[i:])
			}
			switch {
			case u == 0xfeff && len(units) == 0 && enc == 1:
			case u == 0xfffe && len(units) == 0 && enc == 1:
				big = !big
			case u == 0:
				flush()
				if enc == 1 {
					big = false
				}
			default:
				units = append(units, u)
			}
		}
		if len(units) > 0 {
			flush()
		}
		return strings.Join(parts, "\x00")
	default: // UTF-8
		return string(b)
	}
}

// setMulti puts several values of a field where the splitter reads them:
// ARTISTS and ALBUMARTISTS name each artist, and the shown string joins
// them by "; ", which the default separators split again.
func (f fields) setMulti(multi map[string][]string) {
	for k, values := range multi {
		switch k {
		case "artist", "albumartist":
			if f[k+"s"] == "" {
				f[k+"s"] = strings.Join(values, "\x00")
			}
		}
		f[k] = clean(strings.Join(values, "; "))
	}
}
