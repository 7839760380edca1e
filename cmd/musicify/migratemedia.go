package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/sqlstore"
)

// migrateWorkers is how many blobs migrate copies at once.
const migrateWorkers = 4

// migrateMedia copies every blob of cfg's store into dst's, checking each
// copy's SHA-256 (and songs' originals against the database's), and
// fails naming the keys that did not copy.
func migrateMedia(ctx context.Context, cfg, dst *config.Config, out io.Writer) error {
	if sameStore(cfg, dst) {
		return errors.New("--to-storage names the store the media are already in")
	}
	if cfg.S3 == nil {
		if _, err := os.Stat(cfg.MediaDir); err != nil {
			return fmt.Errorf("no media to move at %s (set MUSICIFY_DATA_DIR or MUSICIFY_STORAGE_URL): %w", cfg.MediaDir, err)
		}
	}
	from, _, err := (&Main{Config: cfg}).openBlobs(ctx)
	if err != nil {
		return err
	}
	to, _, err := openStore(ctx, dst.MediaDir, dst.S3)
	if err != nil {
		return fmt.Errorf("--to-storage: %w", err)
	}
	want, err := originalChecksums(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "copying media, %d at a time\n", migrateWorkers)
	done := 0
	res, err := blob.Copy(ctx, from, to, blob.CopyOptions{Workers: migrateWorkers, Want: want,
		Progress: func(key string, copied bool, size int64, err error) {
			if done++; done%500 == 0 { // a re-run skips quietly, but not silently
				fmt.Fprintf(out, "%d files checked\n", done)
			}
			switch {
			case err != nil:
				fmt.Fprintf(out, "failed   %s: %v\n", key, err)
			case copied:
				fmt.Fprintf(out, "copied   %s (%d bytes)\n", key, size)
			}
		}})
	if err != nil {
		return fmt.Errorf("copying media: %w", err)
	}
	fmt.Fprintf(out, "media: %d copied (%d bytes), %d already there, %d failed\n",
		res.Copied, res.Bytes, res.Skipped, len(res.Failed))
	if len(res.Failed) > 0 {
		return fmt.Errorf("%d media files did not copy (run migrate again to retry them): %s",
			len(res.Failed), strings.Join(res.FailedKeys(), ", "))
	}
	fmt.Fprintln(out, "media done: start musicify with MUSICIFY_STORAGE_URL set to the new storage")
	return nil
}

// sha256Hex is what a real checksum looks like; rows made by bench or by
// hand hold other things, which checking against would only fail.
var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// originalChecksums reads the SHA-256 each song's original had at upload
// from the source database, when there is one.
func originalChecksums(ctx context.Context, cfg *config.Config) (map[string]string, error) {
	if cfg.DatabasePath != "" {
		if _, err := os.Stat(cfg.DatabasePath); err != nil {
			return nil, nil // media without a database: each copy is checked against its source
		}
	}
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	sums, err := db.OriginalChecksums(ctx)
	if err != nil {
		return nil, err
	}
	for k, v := range sums {
		if !sha256Hex.MatchString(v) {
			delete(sums, k)
		}
	}
	return sums, nil
}

// sameStore says whether both configs name one store.
func sameStore(a, b *config.Config) bool {
	if a.S3 != nil || b.S3 != nil {
		return a.S3 != nil && b.S3 != nil && *a.S3 == *b.S3
	}
	x, errx := filepath.Abs(a.MediaDir)
	y, erry := filepath.Abs(b.MediaDir)
	return errx == nil && erry == nil && x == y
}
