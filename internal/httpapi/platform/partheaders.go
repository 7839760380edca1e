package platform

import (
	"bytes"
	"io"

	"github.com/musicify/musicify/internal/musicify"
)

// maxPartHeaderBytes bounds the headers of one part of a multipart form.
// Go's reader allows each part 10 MiB of them, held in memory while read:
// a hundred forms with one 10 MiB header line took 1 GB. A part's real
// headers (its name, a file name, a type) take a few hundred bytes.
const maxPartHeaderBytes = 16 << 10

var errPartHeaders = musicify.Errorf(musicify.EINVALID, "A part of this form has headers larger than %d KB.", maxPartHeaderBytes>>10)

// partHeaderCap passes a multipart body through, and fails it once the
// headers after any boundary run past max bytes without ending. It finds
// the boundaries as the reader after it will, across reads of any size.
type partHeaderCap struct {
	r       io.Reader
	delim   []byte // "\r\n--" + boundary
	max     int64
	window  []byte // the end of what was read, for a delimiter split by a read
	scratch []byte
	off     int64 // the stream offset of window[0]
	inHead  bool
	headAt  int64 // where the headers being read began
	err     error
}

func newPartHeaderCap(r io.Reader, boundary string, max int64) *partHeaderCap {
	// The first boundary has no line break before it: start as if one came.
	return &partHeaderCap{r: r, delim: []byte("\r\n--" + boundary), max: max, window: []byte("\r\n"), off: -2}
}

func (c *partHeaderCap) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	if n > 0 {
		if c.err = c.scan(p[:n]); c.err != nil {
			return 0, c.err
		}
	}
	return n, err
}

var headEnd = []byte("\r\n\r\n")

func (c *partHeaderCap) scan(b []byte) error {
	buf := append(append(c.scratch[:0], c.window...), b...)
	c.scratch = buf
	i := 0
	for {
		if c.inHead {
			j := bytes.Index(buf[i:], headEnd)
			end := c.off + int64(len(buf))
			if j >= 0 {
				end = c.off + int64(i+j)
			}
			if end-c.headAt > c.max {
				return errPartHeaders
			}
			if j < 0 {
				break
			}
			c.inHead, i = false, i+j+len(headEnd)
			continue
		}
		j := bytes.Index(buf[i:], c.delim)
		if j < 0 {
			break
		}
		i += j + len(c.delim)
		c.inHead, c.headAt = true, c.off+int64(i)
	}
	// Keep what a match could still start in, and nothing already matched.
	start := max(i, len(buf)-len(c.delim)-len(headEnd))
	c.window = append(c.window[:0], buf[start:]...)
	c.off += int64(start)
	return nil
}
