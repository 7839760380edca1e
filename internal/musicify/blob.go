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
	// List calls fn with every stored key, its size in bytes and when it
	// was written, so files no row names (left by a crash) can be found and
	// removed, and the cache of renditions kept under its bound.
	List(ctx context.Context, fn func(key string, size int64, written time.Time) error) error
}

// BlobRefs names every blob a row points at.
type BlobRefs interface {
	// BlobKeys returns the keys in rows, and the prefixes of covers (whose
	// sizes are stored as prefix + "-" + size + ".jpg", the full copy as
	// prefix + "-full.jpg").
	BlobKeys(ctx context.Context) ([]string, error)
}

// DeploymentKey is the marker a media store keeps of the installation
// whose media it holds (its database's deployment id): an instance whose
// database and storage are not a pair refuses to start, and the sweep
// never takes another installation's media for garbage.
const DeploymentKey = "deployment.json"
