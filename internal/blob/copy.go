package blob

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// CopyOptions tune Copy; the zero value copies 4 blobs at once.
type CopyOptions struct {
	// Workers is how many blobs are copied at once.
	Workers int
	// Want holds SHA-256s (hex) known from elsewhere, such as the songs'
	// originals in the database: both copies must match them.
	Want map[string]string
	// Progress, when set, hears about every key (one call at a time).
	Progress func(key string, copied bool, size int64, err error)
}

// CopyResult says what Copy did. Failed maps a key to why it failed.
type CopyResult struct {
	Copied, Skipped int
	Bytes           int64 // copied
	Failed          map[string]error
}

// FailedKeys is Failed's keys, sorted.
func (r CopyResult) FailedKeys() []string {
	keys := make([]string, 0, len(r.Failed))
	for k := range r.Failed {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Copy puts every blob from lists into to, and reads each copy back to
// check its SHA-256. A key already in to with the same size and SHA-256 is
// left alone, so running it again copies only what changed. A blob that
// fails goes in Failed and the others carry on; the error is for a source
// that cannot be listed or a cancelled ctx.
func Copy(ctx context.Context, from, to musicify.BlobStore, opts CopyOptions) (CopyResult, error) {
	var keys []string
	if err := from.List(ctx, func(key string, _ int64, _ time.Time) error {
		keys = append(keys, key)
		return nil
	}); err != nil {
		return CopyResult{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = 4
	}
	res := CopyResult{Failed: map[string]error{}}
	var mu sync.Mutex
	next := make(chan string)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for key := range next {
				copied, n, err := copyOne(ctx, from, to, key, opts.Want[key])
				mu.Lock()
				switch {
				case err != nil:
					res.Failed[key] = err
				case copied:
					res.Copied++
					res.Bytes += n
				default:
					res.Skipped++
				}
				if opts.Progress != nil {
					opts.Progress(key, copied, n, err)
				}
				mu.Unlock()
			}
		})
	}
	for _, k := range keys {
		if ctx.Err() != nil {
			break
		}
		next <- k
	}
	close(next)
	wg.Wait()
	return res, ctx.Err()
}

// copyOne copies key unless to already holds the same bytes, and says
// whether it did and how many bytes.
func copyOne(ctx context.Context, from, to musicify.BlobStore, key, want string) (bool, int64, error) {
	src, err := from.Open(ctx, key)
	if err != nil {
		return false, 0, fmt.Errorf("reading the source: %w", err)
	}
	defer src.Body.Close()
	sum, err := digest(src.Body)
	if err != nil {
		return false, 0, fmt.Errorf("reading the source: %w", err)
	}
	if want != "" && sum != want {
		return false, 0, fmt.Errorf("the source's SHA-256 %s is not the %s the database holds", sum, want)
	}
	if same, err := holds(ctx, to, key, src.Size, sum); err != nil || same {
		return false, 0, err
	}
	if _, err := src.Body.Seek(0, io.SeekStart); err != nil {
		return false, 0, fmt.Errorf("rereading the source: %w", err)
	}
	n, err := to.Put(ctx, key, src.Body)
	if err != nil {
		return false, 0, fmt.Errorf("writing the copy: %w", err)
	}
	if same, err := holds(ctx, to, key, src.Size, sum); err != nil {
		return false, 0, err
	} else if !same {
		return false, 0, fmt.Errorf("the copy reads back with another size or SHA-256 than the source's %s", sum)
	}
	return true, n, nil
}

// holds says whether store has key with this size and SHA-256.
func holds(ctx context.Context, store musicify.BlobStore, key string, size int64, sum string) (bool, error) {
	b, err := store.Open(ctx, key)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("reading the copy: %w", err)
	}
	defer b.Body.Close()
	if b.Size != size {
		return false, nil
	}
	got, err := digest(b.Body)
	if err != nil {
		return false, fmt.Errorf("reading the copy: %w", err)
	}
	return got == sum, nil
}

func digest(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
