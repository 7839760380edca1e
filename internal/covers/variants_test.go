package covers_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// stored puts the fixture cover the way an upload does and returns its key.
func stored(t *testing.T, blobs musicify.BlobStore) string {
	t.Helper()
	sizes, err := covers.Read(context.Background(), filepath.Join("..", "..", "testdata", "images", "cover.png"))
	if err != nil {
		t.Fatal(err)
	}
	key, err := covers.Put(context.Background(), blobs, slog.New(slog.DiscardHandler), sizes)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func localBlobs(t *testing.T) *blob.Local {
	t.Helper()
	b, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func read(t *testing.T, blobs musicify.BlobStore, key string) []byte {
	t.Helper()
	obj, err := blobs.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("opening %s: %v", key, err)
	}
	defer obj.Body.Close()
	b, _ := io.ReadAll(obj.Body)
	return b
}

// countingWebP encodes through ffmpeg and counts the calls.
type countingWebP struct {
	ff    *media.FFmpeg
	calls atomic.Int32
}

func (c *countingWebP) encode(ctx context.Context, img image.Image) ([]byte, error) {
	c.calls.Add(1)
	return c.ff.WebP(ctx, img)
}

func TestEveryCoverHasEachSizeAndFormat(t *testing.T) {
	ff := media.NewFFmpeg()
	if !ff.CanWebP() {
		t.Fatal("this test needs Debian's ffmpeg with libwebp (make system-deps)")
	}
	blobs := localBlobs(t)
	key := stored(t, blobs)
	enc := &countingWebP{ff: ff}
	v := &covers.Variants{Blobs: blobs, EncodeWebP: enc.encode}
	ctx := context.Background()

	for _, size := range covers.Sizes {
		t.Run("JPEG at "+strconv.Itoa(size), func(t *testing.T) {
			file, ct, err := v.Open(ctx, key, size, covers.JPEG)
			if err != nil || ct != "image/jpeg" || file != covers.VariantFile(key, size, "jpg") {
				t.Fatalf("%s %s %v", file, ct, err)
			}
			img, err := jpeg.Decode(bytes.NewReader(read(t, blobs, file)))
			if err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
				t.Fatalf("decoded %v, %v", img.Bounds(), err)
			}
		})
		t.Run("WebP at "+strconv.Itoa(size), func(t *testing.T) {
			file, ct, err := v.Open(ctx, key, size, covers.WebP)
			if err != nil || ct != "image/webp" || file != covers.VariantFile(key, size, "webp") {
				t.Fatalf("%s %s %v", file, ct, err)
			}
			img, err := webp.Decode(bytes.NewReader(read(t, blobs, file)))
			if err != nil || img.Bounds().Dx() != size {
				t.Fatalf("decoded %v, %v", img.Bounds(), err)
			}
		})
	}
	if n := enc.calls.Load(); n != 3 {
		t.Fatalf("%d WebP renders for 3 sizes", n)
	}

	t.Run("a made file is not made again", func(t *testing.T) {
		fresh := &covers.Variants{Blobs: blobs, EncodeWebP: enc.encode} // a restarted server
		if _, _, err := fresh.Open(ctx, key, 320, covers.WebP); err != nil {
			t.Fatal(err)
		}
		if n := enc.calls.Load(); n != 3 {
			t.Fatalf("rendered again: %d calls", n)
		}
	})

	t.Run("deleting the cover removes what was made on request", func(t *testing.T) {
		covers.Delete(ctx, blobs, slog.New(slog.DiscardHandler), key)
		var left []string
		_ = blobs.List(ctx, func(k string, _ int64, _ time.Time) error { left = append(left, k); return nil })
		if len(left) != 0 {
			t.Fatalf("left %v", left)
		}
	})
}

func TestManyRequestsForANewSizeRenderItOnce(t *testing.T) {
	ff := media.NewFFmpeg()
	if !ff.CanWebP() {
		t.Fatal("this test needs Debian's ffmpeg with libwebp (make system-deps)")
	}
	blobs := localBlobs(t)
	key := stored(t, blobs)
	enc := &countingWebP{ff: ff}
	v := &covers.Variants{Blobs: blobs, EncodeWebP: enc.encode}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, _, err := v.Open(context.Background(), key, 640, covers.WebP)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := enc.calls.Load(); n != 1 {
		t.Fatalf("%d renders of one file", n)
	}
}

func TestWithoutAWebPEncoderTheJPEGIsSent(t *testing.T) {
	blobs := localBlobs(t)
	key := stored(t, blobs)
	v := &covers.Variants{Blobs: blobs}
	file, ct, err := v.Open(context.Background(), key, 320, covers.WebP)
	if err != nil || ct != "image/jpeg" || file != covers.VariantFile(key, 320, "jpg") {
		t.Fatalf("%s %s %v", file, ct, err)
	}
	if _, err := jpeg.Decode(bytes.NewReader(read(t, blobs, file))); err != nil {
		t.Fatal(err)
	}
}

func TestUnknownCoversAndSizesAreNotFound(t *testing.T) {
	blobs := localBlobs(t)
	key := stored(t, blobs)
	v := &covers.Variants{Blobs: blobs}
	for _, tc := range []struct {
		name, key, format string
		size              int
	}{
		{"a cover never stored", "covers/0123456789abcdef01234567", covers.WebP, 320},
		{"a size the app does not use", key, covers.JPEG, 1024},
		{"another format", key, "png", 320},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := v.Open(context.Background(), tc.key, tc.size, tc.format)
			if musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Fatalf("got %v", err)
			}
		})
	}
}

// Put keeps the full copy beside the squares, and Delete removes it with
// them.
func TestTheFullCopyIsStoredAndDeletedWithTheCover(t *testing.T) {
	blobs := localBlobs(t)
	key := stored(t, blobs)
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(read(t, blobs, covers.FullFile(key))))
	if err != nil || cfg.Width != 96 || cfg.Height != 96 {
		t.Fatalf("full copy %+v, %v; want the fixture's 96 px", cfg, err)
	}
	covers.Delete(context.Background(), blobs, slog.New(slog.DiscardHandler), key)
	for _, file := range []string{covers.FullFile(key), covers.File(key, media.CoverSizes[0])} {
		if _, err := blobs.Open(context.Background(), file); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("%s after Delete: %v", file, err)
		}
	}
}
