package library

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Blobs puts the library folders beside the media store: keys under
// musicify.LibraryKeyPrefix are read from the folders, read-only, and can
// never be written, listed or deleted (not by song deletion, not by the
// orphan sweep); every other key goes to the store.
type Blobs struct {
	Store   musicify.BlobStore
	folders map[string]string // folder id -> absolute root
}

var _ musicify.BlobStore = (*Blobs)(nil)

// NewBlobs serves the folders (by id) in front of store.
func NewBlobs(store musicify.BlobStore, folders []*musicify.LibraryFolder) *Blobs {
	b := &Blobs{Store: store, folders: map[string]string{}}
	for _, f := range folders {
		b.folders[f.ID] = f.Path
	}
	return b
}

var errReadOnly = musicify.Errorf(musicify.EFORBIDDEN, "Library files are read-only: change them in the music folder itself.")

func (b *Blobs) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if musicify.IsLibraryKey(key) {
		return 0, errReadOnly
	}
	return b.Store.Put(ctx, key, r)
}

// Delete leaves library files alone: deleting their song must not delete
// someone's music.
func (b *Blobs) Delete(ctx context.Context, key string) error {
	if musicify.IsLibraryKey(key) {
		return nil
	}
	return b.Store.Delete(ctx, key)
}

func (b *Blobs) List(ctx context.Context, fn func(key string, size int64, written time.Time) error) error {
	return b.Store.List(ctx, func(key string, size int64, written time.Time) error {
		if musicify.IsLibraryKey(key) {
			return nil
		}
		return fn(key, size, written)
	})
}

func (b *Blobs) Open(ctx context.Context, key string) (*musicify.Blob, error) {
	if !musicify.IsLibraryKey(key) {
		return b.Store.Open(ctx, key)
	}
	notFound := musicify.Errorf(musicify.ENOTFOUND, "This library file is not there any more.")
	root, rel, ok := b.path(key)
	if !ok {
		return nil, notFound
	}
	f, info, err := openIn(root, rel) // a regular file inside its folder, never a link out or a FIFO
	if err != nil {
		return nil, notFound
	}
	return &musicify.Blob{Body: f, Size: info.Size(), ModTime: info.ModTime()}, nil
}

// path splits a library key into its folder's root and the file's path
// in it, refusing "..", "." and empty parts.
func (b *Blobs) path(key string) (root, rel string, ok bool) {
	id, rel, ok := strings.Cut(strings.TrimPrefix(key, musicify.LibraryKeyPrefix), "/")
	root = b.folders[id]
	if !ok || root == "" || rel == "" || strings.HasPrefix(rel, "/") || strings.Contains(rel, "\x00") {
		return "", "", false
	}
	for _, part := range strings.Split(rel, "/") {
		if part == ".." || part == "." || part == "" {
			return "", "", false
		}
	}
	return root, rel, true
}

// Ping and RemoveEmptyDirs pass through to the store, for the readiness
// check and the sweep.
func (b *Blobs) Ping(ctx context.Context) error {
	if p, ok := b.Store.(interface{ Ping(context.Context) error }); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (b *Blobs) RemoveEmptyDirs(ctx context.Context, before time.Time) (int, error) {
	if f, ok := b.Store.(interface {
		RemoveEmptyDirs(context.Context, time.Time) (int, error)
	}); ok {
		return f.RemoveEmptyDirs(ctx, before)
	}
	return 0, nil
}
