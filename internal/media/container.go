package media

import (
	"encoding/binary"
	"math"
	"os"
)

// box is an MP4 box: its type and where its payload lies in the file.
type box struct {
	kind       string
	start, end int64 // payload
}

// boxes lists the boxes between start and end.
func boxes(f *os.File, start, end int64) ([]box, error) {
	var out []box
	for off := start; off+8 <= end; {
		h, err := readAt(f, off, 16)
		if err != nil || len(h) < 8 {
			return nil, notAudio("mp4: box header cut short")
		}
		size, hdr := int64(be32(h, 0)), int64(8)
		switch size {
		case 0:
			size = end - off
		case 1:
			if len(h) < 16 {
				return nil, notAudio("mp4: large box cut short")
			}
			size, hdr = int64(binary.BigEndian.Uint64(h[8:16])), 16
		}
		if size < hdr || off+size > end {
			return nil, notAudio("mp4: box %q overruns its parent", h[4:8])
		}
		out = append(out, box{kind: string(h[4:8]), start: off + hdr, end: off + size})
		off += size
	}
	return out, nil
}

func child(list []box, kind string) (box, bool) {
	for _, b := range list {
		if b.kind == kind {
			return b, true
		}
	}
	return box{}, false
}

// parseMP4 accepts an MP4/M4A with an AAC audio track and no video track.
func parseMP4(f *os.File, size int64, info *Info) error {
	top, err := boxes(f, 0, size)
	if err != nil {
		return err
	}
	moov, ok := child(top, "moov")
	if !ok {
		return notAudio("mp4: no moov box")
	}
	parts, err := boxes(f, moov.start, moov.end)
	if err != nil {
		return err
	}
	if mvhd, ok := child(parts, "mvhd"); ok {
		h, err := readAt(f, mvhd.start, 32)
		if err != nil || len(h) < 20 {
			return notAudio("mp4: short mvhd")
		}
		var scale, dur float64
		if h[0] == 1 && len(h) >= 32 {
			scale, dur = float64(be32(h, 20)), float64(binary.BigEndian.Uint64(h[24:32]))
		} else {
			scale, dur = float64(be32(h, 12)), float64(be32(h, 16))
		}
		if scale > 0 {
			info.Duration = dur / scale
		}
	}
	audio := false
	for _, trak := range parts {
		if trak.kind != "trak" {
			continue
		}
		handler, codec, err := trackKind(f, trak)
		if err != nil {
			return err
		}
		switch handler {
		case "vide":
			return notAudio("mp4: has a video track")
		case "soun":
			if codec != "mp4a" {
				return notAudio("mp4: audio codec %q", codec)
			}
			audio = true
		}
	}
	if !audio {
		return notAudio("mp4: no audio track")
	}
	var payload int64 // the media data; the cover sits in moov's metadata
	for _, b := range top {
		if b.kind == "mdat" {
			payload += b.end - b.start
		}
	}
	info.Bitrate = payloadRate(payload, info.Duration)
	return nil
}

// descend follows a path of child boxes from b.
func descend(f *os.File, b box, path ...string) (box, bool, error) {
	for _, name := range path {
		list, err := boxes(f, b.start, b.end)
		if err != nil {
			return box{}, false, err
		}
		var ok bool
		if b, ok = child(list, name); !ok {
			return box{}, false, nil
		}
	}
	return b, true, nil
}

// trackKind reads a track's handler type (soun, vide…) and first sample entry.
func trackKind(f *os.File, trak box) (handler, codec string, err error) {
	hdlr, ok, err := descend(f, trak, "mdia", "hdlr")
	if err != nil {
		return "", "", err
	}
	if h, _ := readAt(f, hdlr.start, 12); ok && len(h) == 12 {
		handler = string(h[8:12])
	}
	stsd, ok, err := descend(f, trak, "mdia", "minf", "stbl", "stsd")
	if err != nil || !ok {
		return handler, "", err
	}
	// stsd: version/flags (4), entry count (4), then sample entries as boxes.
	if entries, err := boxes(f, stsd.start+8, stsd.end); err == nil && len(entries) > 0 {
		codec = entries[0].kind
	}
	return handler, codec, nil
}

// EBML element ids of the WebM parts we read.
const (
	ebmlHeader    = 0x1A45DFA3
	ebmlDocType   = 0x4282
	mkvSegment    = 0x18538067
	mkvInfo       = 0x1549A966
	mkvScale      = 0x2AD7B1
	mkvDuration   = 0x4489
	mkvTracks     = 0x1654AE6B
	mkvTrackEntry = 0xAE
	mkvTrackType  = 0x83
	mkvCluster    = 0x1F43B675
)

// vint reads an EBML variable-length integer; keepMarker keeps the length
// bit (ids) or clears it (sizes). unknown reports an all-ones size.
func vint(b []byte, keepMarker bool) (v uint64, n int, unknown bool) {
	if len(b) == 0 || b[0] == 0 {
		return 0, 0, false
	}
	n = 1
	for mask := byte(0x80); b[0]&mask == 0; mask >>= 1 {
		n++
	}
	if n > 8 || len(b) < n {
		return 0, 0, false
	}
	v = uint64(b[0])
	if !keepMarker {
		v &= uint64(0xFF >> n)
	}
	ones := v == uint64(0xFF>>n)
	for _, c := range b[1:n] {
		v = v<<8 | uint64(c)
		ones = ones && c == 0xFF
	}
	return v, n, ones && !keepMarker
}

type element struct {
	id         uint64
	start, end int64 // payload; end is -1 for an unknown size
}

func readElement(f *os.File, off int64) (element, error) {
	h, err := readAt(f, off, 12)
	if err != nil {
		return element{}, err
	}
	id, n, _ := vint(h, true)
	size, m, unknown := vint(h[min(n, len(h)):], false)
	if n == 0 || m == 0 {
		return element{}, notAudio("webm: bad element header")
	}
	e := element{id: id, start: off + int64(n+m), end: off + int64(n+m) + int64(size)}
	if unknown {
		e.end = -1
	}
	return e, nil
}

// parseWebM checks the EBML doctype, finds an audio track and no video
// track, and reads the duration when the file states it (live recordings
// often do not).
func parseWebM(f *os.File, size int64, info *Info) error {
	hdr, err := readElement(f, 0)
	if err != nil || hdr.id != ebmlHeader || hdr.end < 0 || hdr.end > size {
		return notAudio("webm: bad EBML header")
	}
	if !hasDocType(f, hdr, "webm") {
		return notAudio("webm: doctype is not webm")
	}
	seg, err := readElement(f, hdr.end)
	if err != nil || seg.id != mkvSegment {
		return notAudio("webm: no segment")
	}
	segEnd := seg.end
	if segEnd < 0 || segEnd > size {
		segEnd = size
	}
	scale, duration, audio := 1e6, 0.0, false
	for off := seg.start; off < segEnd; {
		e, err := readElement(f, off)
		if err != nil || e.end < 0 || e.end > size {
			break
		}
		switch e.id {
		case mkvInfo:
			for in := e.start; in < e.end; {
				c, err := readElement(f, in)
				if err != nil || c.end < 0 || c.end > e.end {
					break
				}
				v, _ := readAt(f, c.start, int(c.end-c.start))
				switch c.id {
				case mkvScale:
					scale = float64(uintOf(v))
				case mkvDuration:
					duration = floatOf(v)
				}
				in = c.end
			}
		case mkvTracks:
			for in := e.start; in < e.end; {
				entry, err := readElement(f, in)
				if err != nil || entry.end < 0 || entry.end > e.end {
					break
				}
				if entry.id == mkvTrackEntry {
					switch trackType(f, entry) {
					case 1:
						return notAudio("webm: has a video track")
					case 2:
						audio = true
					}
				}
				in = entry.end
			}
		case mkvCluster:
			off = segEnd // the media data: everything we need came before it
			continue
		}
		off = e.end
	}
	if !audio {
		return notAudio("webm: no audio track")
	}
	// The duration is a float the file chose: NaN, infinite or negative
	// means unknown, as when the file does not state one.
	if d := duration * scale / 1e9; d > 0 && !math.IsInf(d, 0) {
		info.Duration = d
	}
	return nil
}

func hasDocType(f *os.File, hdr element, want string) bool {
	for off := hdr.start; off < hdr.end; {
		e, err := readElement(f, off)
		if err != nil || e.end < 0 || e.end > hdr.end {
			return false
		}
		if e.id == ebmlDocType {
			v, _ := readAt(f, e.start, int(e.end-e.start))
			return string(v) == want
		}
		off = e.end
	}
	return false
}

func trackType(f *os.File, entry element) uint64 {
	for in := entry.start; in < entry.end; {
		c, err := readElement(f, in)
		if err != nil || c.end < 0 || c.end > entry.end {
			return 0
		}
		if c.id == mkvTrackType {
			v, _ := readAt(f, c.start, int(c.end-c.start))
			return uintOf(v)
		}
		in = c.end
	}
	return 0
}

func uintOf(b []byte) uint64 {
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v
}

func floatOf(b []byte) float64 {
	switch len(b) {
	case 4:
		return float64(math.Float32frombits(binary.BigEndian.Uint32(b)))
	case 8:
		return math.Float64frombits(binary.BigEndian.Uint64(b))
	}
	return 0
}
