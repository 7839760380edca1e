package media

import (
	"bytes"
	"image/jpeg"
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
			out, err := Covers(bytes.NewReader(src))
			if err != nil {
				t.Fatalf("Covers: %v", err)
			}
			if len(out) != len(CoverSizes) {
				t.Fatalf("%d sizes", len(out))
			}
			for i, b := range out {
				cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
				if err != nil || cfg.Width != CoverSizes[i] || cfg.Height != CoverSizes[i] {
					t.Errorf("size %d: %+v %v", CoverSizes[i], cfg, err)
				}
				if bytes.Contains(b, []byte("secret-location")) || bytes.Contains(b, []byte("Exif")) {
					t.Errorf("size %d keeps the upload's metadata", CoverSizes[i])
				}
			}
		})
	}
	// The fixture does carry the metadata that must go.
	if src, _ := os.ReadFile(fixture("images", "cover.jpg")); !bytes.Contains(src, []byte("secret-location")) {
		t.Fatal("fixture cover.jpg lost its comment; run testdata/make-fixtures.sh")
	}
}

func TestCoversRefuseWhatIsNotAnImage(t *testing.T) {
	sine, _ := os.ReadFile(fixture("audio", "sine.mp3"))
	png, _ := os.ReadFile(fixture("images", "cover.png"))
	for name, b := range map[string][]byte{
		"an mp3":            sine,
		"text":              []byte("not an image at all"),
		"a truncated PNG":   png[:60],
		"a PNG bomb header": pngHeader(100000, 100000),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Covers(bytes.NewReader(b))
			if musicify.ErrorCode(err) != musicify.EUNSUPPORTED || !strings.Contains(musicify.ErrorMessage(err), "JPEG, PNG, WebP or GIF") {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

// pngHeader is the start of a PNG that claims the given size.
func pngHeader(w, h int) []byte {
	b := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	for _, v := range []int{w, h} {
		b = append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	return append(b, 8, 2, 0, 0, 0, 0, 0, 0, 0)
}
