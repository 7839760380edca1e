package media

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/musicify/musicify/internal/musicify"
)

// maxID3Frames bounds the frames of an ID3v2 tag. The readers that come
// after (dhowden/tag, ffprobe) take time that grows with the square of a
// repeated frame's count: 50,000 TXXX frames in a 1 MB file held one for
// minutes. Real files carry a few dozen frames; a thousand is generous.
const maxID3Frames = 1000

// ErrTagTooManyFrames refuses such a file, uploaded or in a library folder.
var ErrTagTooManyFrames = musicify.Errorf(musicify.EUNSUPPORTED,
	"This file's tags are damaged (more than %d tag frames), so it cannot be read. Re-tag it and try again.", maxID3Frames).In("audio")

// checkID3 walks the frame headers of an ID3v2 tag at the start of f, in
// one pass, and refuses a tag of more than maxID3Frames frames. A file
// without an ID3v2 tag, or with one too damaged to walk, passes: the
// readers after it refuse what they cannot read.
func checkID3(f io.ReaderAt) error {
	var h [10]byte
	if _, err := f.ReadAt(h[:], 0); err != nil || string(h[:3]) != "ID3" {
		return nil
	}
	version, flags, size := h[3], h[5], syncsafe(h[6:10])
	if version < 2 || version > 4 {
		return nil
	}
	var r io.Reader = io.NewSectionReader(f, 10, int64(size))
	if flags&0x80 != 0 {
		r = &unsynchronised{r: bufio.NewReader(r)}
	}
	br := bufio.NewReader(r)
	if flags&0x40 != 0 && version >= 3 { // an extended header
		var ext [4]byte
		if _, err := io.ReadFull(br, ext[:]); err != nil {
			return nil
		}
		n := int64(binary.BigEndian.Uint32(ext[:])) // v2.3: the size after these 4 bytes
		if version == 4 {
			n = int64(syncsafe(ext[:])) - 4 // v2.4: the size with them
		}
		if n < 0 || discard(br, n) != nil {
			return nil
		}
	}
	head := 10
	if version == 2 {
		head = 6
	}
	buf := make([]byte, head)
	for frames := 0; ; frames++ {
		if _, err := io.ReadFull(br, buf); err != nil || buf[0] == 0 {
			return nil // the end of the tag, or its padding
		}
		if frames == maxID3Frames {
			return fmt.Errorf("an ID3v2 tag of more than %d frames: %w", maxID3Frames, ErrTagTooManyFrames)
		}
		var n uint32
		switch version {
		case 2:
			n = uint32(buf[3])<<16 | uint32(buf[4])<<8 | uint32(buf[5])
		case 3:
			n = binary.BigEndian.Uint32(buf[4:8])
		default:
			n = syncsafe(buf[4:8])
		}
		if discard(br, int64(n)) != nil {
			return nil
		}
	}
}

// syncsafe reads a 28-bit integer stored 7 bits to a byte.
func syncsafe(b []byte) uint32 {
	return uint32(b[0]&0x7f)<<21 | uint32(b[1]&0x7f)<<14 | uint32(b[2]&0x7f)<<7 | uint32(b[3]&0x7f)
}

func discard(r *bufio.Reader, n int64) error {
	_, err := io.CopyN(io.Discard, r, n)
	return err
}

// unsynchronised undoes ID3v2 unsynchronisation: a 0x00 after 0xFF was
// added by the writer and is dropped.
type unsynchronised struct {
	r    *bufio.Reader
	prev byte
}

func (u *unsynchronised) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		b, err := u.r.ReadByte()
		if err != nil {
			return n, err
		}
		if u.prev == 0xff && b == 0 {
			u.prev = 0
			continue
		}
		u.prev = b
		p[n] = b
		n++
	}
	return n, nil
}
