package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/minio/minio-go/v7"
)

// The first ranged GET asks for firstWindow bytes and each next one for
// twice as many, up to maxWindow: a short Range request fetches little, a
// whole song takes a handful of requests.
const (
	firstWindow = 256 << 10
	maxWindow   = 8 << 20
)

var errChanged = errors.New("the file was replaced while it was read")

// s3Reader reads one version of an object (If-Match its ETag) through
// ranged GETs from wherever it was last sought to.
type s3Reader struct {
	ctx    context.Context
	core   minio.Core
	bucket string
	key    string
	etag   string
	size   int64

	off    int64
	body   io.ReadCloser // bytes from off to end, or nil
	end    int64
	window int64
}

func (r *s3Reader) Read(p []byte) (int, error) {
	if r.off >= r.size {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	if r.body == nil {
		if err := r.fetch(); err != nil {
			return 0, err
		}
	}
	n, err := r.body.Read(p[:min(int64(len(p)), r.end-r.off)])
	r.off += int64(n)
	if r.off >= r.end || err != nil {
		r.closeBody()
		if err == io.EOF && r.off < r.end {
			return n, fmt.Errorf("reading %s: %w", r.key, io.ErrUnexpectedEOF)
		}
		if err != nil && err != io.EOF {
			return n, fmt.Errorf("reading %s: %w", r.key, err)
		}
	}
	return n, nil
}

// fetch starts the GET of the next window from off.
func (r *s3Reader) fetch() error {
	r.window = min(max(2*r.window, firstWindow), maxWindow)
	r.end = min(r.off+r.window, r.size)
	opts := minio.GetObjectOptions{}
	if err := opts.SetRange(r.off, r.end-1); err != nil {
		return err
	}
	if err := opts.SetMatchETag(r.etag); err != nil {
		return err
	}
	body, _, _, err := r.core.GetObject(r.ctx, r.bucket, r.key, opts)
	if minio.ToErrorResponse(err).StatusCode == http.StatusPreconditionFailed {
		return fmt.Errorf("reading %s: %w", r.key, errChanged)
	} else if err != nil {
		return fmt.Errorf("reading %s: %w", r.key, err)
	}
	r.body = body
	return nil
}

func (r *s3Reader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += r.off
	case io.SeekEnd:
		offset += r.size
	default:
		return 0, errors.New("seek: invalid whence")
	}
	if offset < 0 {
		return 0, errors.New("seek: negative position")
	}
	if offset != r.off {
		r.closeBody()
		r.window = 0 // a new place: start small again
		r.off = offset
	}
	return offset, nil
}

func (r *s3Reader) closeBody() {
	if r.body != nil {
		r.body.Close()
		r.body = nil
	}
}

func (r *s3Reader) Close() error {
	r.closeBody()
	return nil
}
