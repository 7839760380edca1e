package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"strconv"
	"strings"
	"time"

	"golang.org/x/image/draw"

	"github.com/musicify/musicify/internal/nice"
)

// CanWebP tells whether this ffmpeg has an encoder for WebP (Debian's
// links libwebp); Go's image packages only decode it.
func (f *FFmpeg) CanWebP() bool { return f != nil && f.webp }

// WebP encodes img as a lossy WebP at the quality that, for covers,
// weighs about two thirds of a JPEG of quality 85 that looks the same.
func (f *FFmpeg) WebP(ctx context.Context, img image.Image) ([]byte, error) {
	if !f.CanWebP() {
		return nil, fmt.Errorf("encoding WebP: ffmpeg has no libwebp")
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	b := img.Bounds()
	// Raw RGB pixels in: no second lossy step, and no alpha plane the cover
	// does not need (covers are drawn on an opaque background).
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	}
	rgb := make([]byte, 0, b.Dx()*b.Dy()*3)
	for y := 0; y < b.Dy(); y++ {
		row := rgba.Pix[y*rgba.Stride : y*rgba.Stride+b.Dx()*4]
		for x := 0; x < len(row); x += 4 {
			rgb = append(rgb, row[x], row[x+1], row[x+2])
		}
	}
	cmd := nice.Command(ctx, f.Path, "-hide_banner", "-loglevel", "error",
		"-f", "rawvideo", "-pix_fmt", "rgb24", "-s", strconv.Itoa(b.Dx())+"x"+strconv.Itoa(b.Dy()), "-i", "pipe:0",
		"-frames:v", "1", "-c:v", "libwebp", "-preset", "picture", "-quality", "80", "-f", "webp", "pipe:1")
	cmd.Stdin = bytes.NewReader(rgb)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("encoding WebP: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	if imageKind(out.Bytes()) != "webp" {
		return nil, fmt.Errorf("encoding WebP: ffmpeg wrote no WebP (%d bytes)", out.Len())
	}
	return out.Bytes(), nil
}
