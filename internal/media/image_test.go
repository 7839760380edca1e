package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

func TestCoversAreSquareJPEGsWithoutMetadata(t *testing.T) {
	for _, name := range []string{"cover.jpg", "cover.png", "cover.gif", "cover.webp"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(fixture("images", name))
			if err != nil {
				t.Fatal(err)
			}
			out, err := Covers(context.Background(), bytes.NewReader(src))
			if err != nil {
				t.Fatalf("Covers: %v", err)
			}
			if len(out) != len(CoverSizes)+1 {
				t.Fatalf("%d sizes", len(out))
			}
			for i, b := range out {
				want := 96 // the full copy: the fixture's own size
				if i < len(CoverSizes) {
					want = CoverSizes[i]
				}
				cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
				if err != nil || cfg.Width != want || cfg.Height != want {
					t.Errorf("size %d: %+v %v", want, cfg, err)
				}
				if bytes.Contains(b, []byte("secret-location")) || bytes.Contains(b, []byte("Exif")) {
					t.Errorf("size %d keeps the upload's metadata", want)
				}
			}
		})
	}
	// The fixture does carry the metadata that must go.
	if src, _ := os.ReadFile(fixture("images", "cover.jpg")); !bytes.Contains(src, []byte("secret-location")) {
		t.Fatal("fixture cover.jpg lost its comment; run testdata/make-fixtures.sh")
	}
}

// The full copy keeps the picture's shape and dimensions, shrunk to
// MaxFullCover on its long side, never enlarged.
func TestTheFullCoverKeepsThePicturesShape(t *testing.T) {
	for _, tc := range []struct{ w, h, wantW, wantH int }{
		{1200, 900, 1200, 900}, {300, 500, 300, 500}, {4000, 1000, 3000, 750}, {1500, 3600, 1250, 3000},
	} {
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, tc.w, tc.h))); err != nil {
			t.Fatal(err)
		}
		out, err := Covers(context.Background(), bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(out[len(out)-1]))
		if err != nil || cfg.Width != tc.wantW || cfg.Height != tc.wantH {
			t.Errorf("%dx%d: full copy %dx%d (%v), want %dx%d", tc.w, tc.h, cfg.Width, cfg.Height, err, tc.wantW, tc.wantH)
		}
	}
}

func TestCoversRefuseWhatIsNotAnImage(t *testing.T) {
	sine, _ := os.ReadFile(fixture("audio", "sine.mp3"))
	png, _ := os.ReadFile(fixture("images", "cover.png"))
	for name, b := range map[string][]byte{
		"an mp3":                            sine,
		"text":                              []byte("not an image at all"),
		"a truncated PNG":                   png[:60],
		"a truncated PNG at the size limit": pngHeader(4096, 4096, 8),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Covers(context.Background(), bytes.NewReader(b))
			if musicify.ErrorCode(err) != musicify.EUNSUPPORTED || !strings.Contains(musicify.ErrorMessage(err), "JPEG, PNG, WebP or GIF") {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

// pngHeader is the start of an RGB PNG that claims the given size and
// depth: a valid IHDR chunk and nothing after it.
func pngHeader(w, h int, depth byte) []byte {
	chunk := binary.BigEndian.AppendUint32([]byte("IHDR"), uint32(w))
	chunk = binary.BigEndian.AppendUint32(chunk, uint32(h))
	chunk = append(chunk, depth, 2, 0, 0, 0)
	b := binary.BigEndian.AppendUint32([]byte("\x89PNG\r\n\x1a\n"), 13)
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

// A 381 KB PNG of 7000×7000 16-bit pixels took 28 s and 560 MB to decode;
// the header alone now says no.
func TestCoversRefuseHugeImagesFromTheirHeader(t *testing.T) {
	for name, b := range map[string][]byte{
		"7000×7000 at 16 bits": pngHeader(7000, 7000, 16),
		"wide":                 pngHeader(4097, 10, 8),
		"tall":                 pngHeader(10, 4097, 8),
		"a bomb":               pngHeader(100000, 100000, 8),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Covers(context.Background(), bytes.NewReader(b))
			if musicify.ErrorCode(err) != musicify.ETOOLARGE || !strings.Contains(musicify.ErrorMessage(err), "at most 4096 pixels on each side") {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

func TestDecodesWaitForTheirShareOfMemory(t *testing.T) {
	b := newBudget(10)
	ctx := context.Background()
	first, err := b.acquire(ctx, 6<<20)
	if err != nil {
		t.Fatal(err)
	}
	// A second decode of 6 MiB does not fit beside the first: it waits,
	// and gives up when its request does.
	waiting, cancel := context.WithCancel(ctx)
	got := make(chan error, 1)
	go func() {
		release, err := b.acquire(waiting, 6<<20)
		if err == nil {
			release()
		}
		got <- err
	}()
	cancel()
	if err := <-got; !errors.Is(err, context.Canceled) {
		t.Fatalf("a waiting decode whose request ended: %v", err)
	}
	// A small one fits beside the first; a huge one takes everything once free.
	small, err := b.acquire(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	small()
	first()
	all, err := b.acquire(ctx, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.slots) != cap(b.slots) {
		t.Fatalf("a decode larger than the budget holds %d of %d MiB", len(b.slots), cap(b.slots))
	}
	all()
	if len(b.slots) != 0 {
		t.Fatalf("%d MiB still held after every release", len(b.slots))
	}
}

func TestDecodeBytesCountsTheDecodersLayout(t *testing.T) {
	sixteenBit, _ := png.DecodeConfig(bytes.NewReader(pngHeader(4096, 4096, 16)))
	eightBit, _ := png.DecodeConfig(bytes.NewReader(pngHeader(4096, 4096, 8)))
	if a, b := decodeBytes("png", sixteenBit), decodeBytes("png", eightBit); a <= b || a < 4096*4096*8 {
		t.Fatalf("16-bit %d bytes, 8-bit %d bytes", a, b)
	}
}
