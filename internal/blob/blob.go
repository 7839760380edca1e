// Package blob stores media files (audio, covers): Local keeps them under a
// directory, S3 in a bucket; both keep the contract blobtest checks.
package blob

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Local stores blobs as files under Root.
type Local struct {
	Root string
}

var _ musicify.BlobStore = (*Local)(nil)

// NewLocal makes the root directory and a tmp directory beside the blobs,
// on the same file system so a rename is atomic.
func NewLocal(root string) (*Local, error) {
	if err := os.MkdirAll(filepath.Join(root, ".tmp"), 0o750); err != nil {
		return nil, fmt.Errorf("creating media directory: %w", err)
	}
	return &Local{Root: root}, nil
}

// TempDir is where uploads are spooled before they are checked.
func (l *Local) TempDir() string { return filepath.Join(l.Root, ".tmp") }

// Ping checks, for readiness, that the media directory is still there (a
// volume that failed to mount, a folder removed by hand): its temp
// directory, which every Put needs, is a directory.
func (l *Local) Ping(context.Context) error {
	fi, err := os.Stat(l.TempDir())
	if err != nil {
		return fmt.Errorf("checking media directory: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("checking media directory: %s is not a directory", l.TempDir())
	}
	return nil
}

func (l *Local) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.Root, filepath.FromSlash(key)), nil
}

// Put writes to a temporary file, syncs it and renames it into place.
func (l *Local) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	dst, err := l.path(key)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
		return 0, fmt.Errorf("storing %s: %w", key, err)
	}
	tmp, err := os.CreateTemp(l.TempDir(), "put-*")
	if err != nil {
		return 0, fmt.Errorf("storing %s: %w", key, err)
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	n, err := io.Copy(tmp, ctxReader{ctx, r})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o640)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		return 0, fmt.Errorf("storing %s: %w", key, err)
	}
	return n, nil
}

func (l *Local) Open(_ context.Context, key string) (*musicify.Blob, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This file does not exist.")
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This file does not exist.")
	} else if err != nil {
		return nil, fmt.Errorf("opening %s: %w", key, err)
	}
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		f.Close()
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This file does not exist.")
	}
	return &musicify.Blob{Body: f, Size: info.Size(), ModTime: info.ModTime()}, nil
}

func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("deleting %s: %w", key, err)
	}
	// Tidy the now empty directories up to the root; failures are harmless.
	for dir := filepath.Dir(p); dir != l.Root && strings.HasPrefix(dir, l.Root); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil {
			break
		}
	}
	return nil
}

// List walks the files under Root, leaving out the tmp directory.
func (l *Local) List(ctx context.Context, fn func(key string, size int64, written time.Time) error) error {
	err := filepath.WalkDir(l.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(l.Root, p)
		if err != nil || rel == "." {
			return err
		}
		if strings.HasPrefix(e.Name(), ".") { // the tmp directory; never a key
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if e.IsDir() {
			return nil
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // deleted meanwhile
		} else if err != nil {
			return err
		}
		return fn(filepath.ToSlash(rel), info.Size(), info.ModTime())
	})
	if err != nil {
		return fmt.Errorf("listing media: %w", err)
	}
	return nil
}

// RemoveEmptyDirs removes the empty folders (a song's, a station's) last
// changed before before, which a crash between making a folder and filling
// it leaves. Top-level folders stay: a Put may be about to use one.
func (l *Local) RemoveEmptyDirs(ctx context.Context, before time.Time) (int, error) {
	var dirs []string
	err := filepath.WalkDir(l.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || ctx.Err() != nil {
			return cmp.Or(err, ctx.Err())
		}
		rel, err := filepath.Rel(l.Root, p)
		if err != nil || !e.IsDir() || rel == "." {
			return err
		}
		if strings.HasPrefix(e.Name(), ".") {
			return fs.SkipDir
		}
		if strings.Contains(rel, string(filepath.Separator)) { // below a top-level folder
			dirs = append(dirs, p)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("listing media folders: %w", err)
	}
	removed := 0
	for i := len(dirs) - 1; i >= 0; i-- { // the deepest first, so parents empty out
		info, err := os.Stat(dirs[i])
		if err != nil || !info.ModTime().Before(before) {
			continue
		}
		if os.Remove(dirs[i]) == nil { // fails, as it should, unless empty
			removed++
		}
	}
	return removed, nil
}

// PutFile stores the file at path under key, in any store.
func PutFile(ctx context.Context, store musicify.BlobStore, key, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("opening %s: %w", filepath.Base(path), err)
	}
	defer f.Close()
	_, err = store.Put(ctx, key, f)
	return err
}

// TempName is a fresh name for a spool file in dir.
func TempName(dir, prefix string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return filepath.Join(dir, prefix+hex.EncodeToString(b[:]))
}

// ctxReader stops a long copy when the request is gone.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
