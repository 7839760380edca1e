package covers_test

import (
	"bytes"
	"context"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// FuzzCoverRead feeds arbitrary files to the cover reader. Whatever the
// bytes, it refuses with the message a user can act on, or renders one
// square JPEG per cover size; never a panic, never an internal error.
// Seeds: the four image fixtures and the cases under testdata/fuzz.
func FuzzCoverRead(f *testing.F) {
	for _, name := range []string{"cover.jpg", "cover.png", "cover.gif", "cover.webp"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "images", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	// One file, rewritten for each input: a worker runs them one by one.
	path := filepath.Join(f.TempDir(), "cover")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		sizes, err := covers.Read(context.Background(), path)
		if err != nil {
			notImage := musicify.ErrorCode(err) == musicify.EUNSUPPORTED && musicify.ErrorMessage(err) == media.ErrNotImage.Message
			tooLarge := musicify.ErrorCode(err) == musicify.ETOOLARGE && strings.HasPrefix(musicify.ErrorMessage(err), "The cover is ")
			if !notImage && !tooLarge {
				t.Fatalf("refused with %v, want the not-an-image or too-many-pixels error", err)
			}
			return
		}
		if len(sizes) != len(media.CoverSizes)+1 {
			t.Fatalf("%d sizes, want %d and the full copy", len(sizes), len(media.CoverSizes))
		}
		for i, b := range sizes {
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
			if i == len(media.CoverSizes) { // the full copy
				if err != nil || cfg.Width < 1 || cfg.Height < 1 || max(cfg.Width, cfg.Height) > media.MaxFullCover {
					t.Fatalf("full copy: %+v, %v", cfg, err)
				}
			} else if want := media.CoverSizes[i]; err != nil || cfg.Width != want || cfg.Height != want {
				t.Fatalf("size %d: %+v, %v", want, cfg, err)
			}
		}
	})
}
