package musicify

import (
	"context"
	"io"
	"time"
)

// Blob is an open stored file. For local storage Body is an *os.File, so an
// HTTP response can hand it to the kernel (sendfile).
type Blob struct {
	Body    io.ReadSeekCloser
	Size    int64
	ModTime time.Time
}

// BlobStore keeps media files by key ("songs/ab12…/original.mp3"). Keys use
// '/' and never contain "..".
type BlobStore interface {
	// Put stores r under key; readers never see a partly written blob.
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	// Open returns ENOTFOUND for a missing key.
	Open(ctx context.Context, key string) (*Blob, error)
	// Delete removes key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
}
