// Package covers stores uploaded cover images (checked by content and
// re-encoded at the sizes the app shows) for songs, playlists and artists.
package covers

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// File is the blob key of one size of the cover stored under key, as a JPEG.
func File(key string, size int) string {
	return VariantFile(key, size, JPEG)
}

// FullFile is the blob key of the full copy of the cover stored under key:
// re-encoded at the picture's own dimensions (up to media.MaxFullCover), for
// the apps that ask for the picture itself. Covers stored before it was
// kept have none: their largest is File(key, media.CoverSizes[0]).
func FullFile(key string) string {
	return key + "-full." + JPEG
}

// Files are the blob keys Put writes for a cover of rendered sizes.
func Files(key string, sizes [][]byte) []string {
	var out []string
	for i := range sizes {
		if i < len(media.CoverSizes) {
			out = append(out, File(key, media.CoverSizes[i]))
		} else {
			out = append(out, FullFile(key))
		}
	}
	return out
}

// Read checks the image at path and renders its sizes (media.Covers).
func Read(ctx context.Context, path string) ([][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening cover: %w", err)
	}
	defer f.Close()
	return media.Covers(ctx, f)
}

// Put stores rendered sizes under a fresh key; on failure it removes the
// sizes it wrote.
func Put(ctx context.Context, blobs musicify.BlobStore, logger *slog.Logger, sizes [][]byte) (string, error) {
	key := "covers/" + musicify.NewID()
	for i, file := range Files(key, sizes) {
		if _, err := blobs.Put(ctx, file, bytes.NewReader(sizes[i])); err != nil {
			Delete(ctx, blobs, logger, key)
			return "", err
		}
	}
	return key, nil
}

// Store checks the image at path and stores it: Read, then Put.
func Store(ctx context.Context, blobs musicify.BlobStore, logger *slog.Logger, path string) (string, error) {
	sizes, err := Read(ctx, path)
	if err != nil {
		return "", err
	}
	return Put(ctx, blobs, logger, sizes)
}

// Delete removes every size and format of a cover, the ones made on
// request included; failures are only logged, as a stray file harms no
// one while a missing one would.
func Delete(ctx context.Context, blobs musicify.BlobStore, logger *slog.Logger, key string) {
	if key == "" {
		return
	}
	files := []string{FullFile(key)}
	for _, size := range Sizes {
		for _, format := range []string{JPEG, WebP} {
			files = append(files, VariantFile(key, size, format))
		}
	}
	for _, file := range files {
		if err := blobs.Delete(context.WithoutCancel(ctx), file); err != nil {
			logger.Error("deleting a cover", "key", key, "err", err)
		}
	}
}
