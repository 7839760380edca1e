package media

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"github.com/musicify/musicify/internal/musicify"
)

// CoverSizes are the square sizes the app shows covers at: the large one on
// detail pages and the player, the small one in lists.
var CoverSizes = []int{640, 160}

// MaxFullCover caps the long side of the full copy of a cover: the copy
// Subsonic apps get when they ask for the picture itself (to fill a
// tablet or a TV), re-encoded like the other sizes but kept at the
// picture's own dimensions up to this.
const MaxFullCover = 3000

// maxCoverSide refuses decompression bombs before decoding them: a cover
// is shown at 640 pixels, and 4096 on a side is already far more.
const maxCoverSide = 4096

// ErrNotImage is what every refused cover gets.
var ErrNotImage = musicify.Errorf(musicify.EUNSUPPORTED, "The cover is not an image we can use (JPEG, PNG, WebP or GIF)")

func notImage(format string, args ...any) error {
	return &musicify.Error{Code: ErrNotImage.Code, Message: ErrNotImage.Message, Err: fmt.Errorf(format, args...)}
}

// imageKind names an image by its signature.
func imageKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return "jpeg"
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return "gif"
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return "webp"
	}
	return ""
}

var decoders = map[string]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	"jpeg": {jpeg.DecodeConfig, jpeg.Decode},
	"png":  {png.DecodeConfig, png.Decode},
	"gif":  {gif.DecodeConfig, gif.Decode},
	"webp": {webp.DecodeConfig, webp.Decode},
}

// Covers decodes an uploaded image, checked by content, and renders it as
// square JPEGs at each of CoverSizes, then (the last element) as a JPEG of
// its own shape and dimensions, at most MaxFullCover on its long side and
// never enlarged. Re-encoding from pixels drops every
// bit of metadata (EXIF, GPS, comments) the upload carried. The size is
// read from the header first; the decode waits for its share of memory.
func Covers(ctx context.Context, r io.ReadSeeker) ([][]byte, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(16)
	kind := imageKind(head)
	if kind == "" {
		return nil, notImage("no image signature")
	}
	dec := decoders[kind]
	cfg, err := dec.config(br)
	if err != nil {
		return nil, notImage("%s header: %v", kind, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, notImage("%s of %dx%d pixels", kind, cfg.Width, cfg.Height)
	}
	if cfg.Width > maxCoverSide || cfg.Height > maxCoverSide {
		return nil, musicify.Errorf(musicify.ETOOLARGE, "The cover is %d×%d pixels; please use an image of at most %d pixels on each side.",
			cfg.Width, cfg.Height, maxCoverSide)
	}
	weight := decodeBytes(kind, cfg)
	release, err := decoding.acquire(ctx, weight)
	if err != nil {
		return nil, err
	}
	defer release()
	if weight > collectAbove {
		// The pixels are garbage once rendered; collect them before the next
		// decode takes this share, or the heap grows by another image first.
		defer runtime.GC()
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("reading cover: %w", err)
	}
	br.Reset(r)
	img, err := dec.decode(br)
	if err != nil {
		return nil, notImage("%s: %v", kind, err)
	}
	return render(img)
}

// render draws img centred at each of CoverSizes and encodes them as JPEG,
// then the full copy.
func render(img image.Image) ([][]byte, error) {
	out := make([][]byte, 0, len(CoverSizes)+1)
	full, err := renderFull(img)
	if err != nil {
		return nil, err
	}
	src, square := img, centreSquare(img.Bounds())
	for _, size := range CoverSizes {
		dst := image.NewRGBA(image.Rect(0, 0, size, size))
		// Transparent pixels land on the app's dark background, not black.
		draw.Draw(dst, dst.Bounds(), image.NewUniform(color.RGBA{18, 18, 24, 255}), image.Point{}, draw.Src)
		if square.Dx() == size {
			draw.Draw(dst, dst.Bounds(), src, square.Min, draw.Over) // already the right size
		} else {
			draw.CatmullRom.Scale(dst, dst.Bounds(), src, square, draw.Over, nil)
		}
		var b bytes.Buffer
		if err := jpeg.Encode(&b, dst, &jpeg.Options{Quality: 85}); err != nil {
			return nil, fmt.Errorf("encoding cover: %w", err)
		}
		out = append(out, b.Bytes())
		// Each smaller size is drawn from the one before (CoverSizes is
		// largest first), which needs far less memory than the upload.
		src, square = dst, dst.Bounds()
	}
	return append(out, full), nil
}

// fullSize is the size of the full copy of a picture of w×h pixels.
func fullSize(w, h int) (int, int) {
	if long := max(w, h); long > MaxFullCover {
		return max(1, w*MaxFullCover/long), max(1, h*MaxFullCover/long)
	}
	return w, h
}

// renderFull encodes img uncropped at fullSize: from pixels, as the other
// sizes, so nothing of the uploaded file but its picture is kept.
func renderFull(img image.Image) ([]byte, error) {
	b := img.Bounds()
	w, h := fullSize(b.Dx(), b.Dy())
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.RGBA{18, 18, 24, 255}), image.Point{}, draw.Src)
	if w == b.Dx() && h == b.Dy() {
		draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Over)
	} else {
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: 90}); err != nil {
		return nil, fmt.Errorf("encoding cover: %w", err)
	}
	return out.Bytes(), nil
}

// centreSquare is the largest square in the middle of r, as covers are square.
func centreSquare(r image.Rectangle) image.Rectangle {
	side := min(r.Dx(), r.Dy())
	x := r.Min.X + (r.Dx()-side)/2
	y := r.Min.Y + (r.Dy()-side)/2
	return image.Rect(x, y, x+side, y+side)
}
