package httpapi_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/media"
)

func withWebP(t *testing.T) func(*httpapi.Server) {
	ff := media.NewFFmpeg()
	if !ff.CanWebP() {
		t.Fatal("this test needs Debian's ffmpeg with libwebp (make system-deps)")
	}
	return func(s *httpapi.Server) { s.Covers = &covers.Variants{Blobs: s.Blobs, EncodeWebP: ff.WebP} }
}

func TestEveryCoverIsServedAtEachSizeInWebPAndJPEG(t *testing.T) {
	e := newEnv(t, withWebP(t))
	c := e.signUp("vera", "vera@example.com", "secret1")
	r := c.upload(upload{name: "Tone", audio: readFixture(t, "audio", "sine.wav"), cover: readFixture(t, "images", "cover.png")})
	expect(t, r, 200, "success")
	large := songIn(r)["cover"].(string)
	base, ok := strings.CutSuffix(large, "-640.jpg")
	if !ok {
		t.Fatalf("cover URL %q", large)
	}
	visitor := e.client() // covers are public: shared links show them
	for _, size := range []string{"160", "320", "640"} {
		for _, tc := range []struct {
			ext, contentType string
			decode           func(*bytes.Reader) (image.Image, error)
		}{
			{"jpg", "image/jpeg", func(r *bytes.Reader) (image.Image, error) { return jpeg.Decode(r) }},
			{"webp", "image/webp", func(r *bytes.Reader) (image.Image, error) { return webp.Decode(r) }},
		} {
			t.Run(size+"."+tc.ext, func(t *testing.T) {
				url := base + "-" + size + "." + tc.ext
				res, body := visitor.fetch(url)
				if res.StatusCode != 200 || res.Header.Get("Content-Type") != tc.contentType ||
					res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
					t.Fatalf("%s: %d %q %q", url, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
				}
				img, err := tc.decode(bytes.NewReader(body))
				if err != nil || strconv.Itoa(img.Bounds().Dx()) != size {
					t.Fatalf("%s: %v %v", url, img.Bounds(), err)
				}
				again, _ := visitor.fetch(url, "If-None-Match", res.Header.Get("ETag"))
				if again.StatusCode != 304 {
					t.Fatalf("revalidation: %d", again.StatusCode)
				}
			})
		}
	}

	t.Run("names that are no cover are not found", func(t *testing.T) {
		for _, url := range []string{base + "-1024.webp", base + "-320.png", "/media/covers/0123456789abcdef01234567-320.webp", base + "-320.webp.jpg"} {
			if res, _ := visitor.fetch(url); res.StatusCode != 404 {
				t.Errorf("%s: %d", url, res.StatusCode)
			}
		}
	})

	t.Run("deleting the song removes every size and format", func(t *testing.T) {
		expect(t, c.do("DELETE", "/api/songs/"+songIn(r)["_id"].(string), nil), 200, "")
		for _, f := range mediaFiles(t, e.Media) {
			if strings.HasPrefix(f, "covers/") {
				t.Errorf("left %s", f)
			}
		}
	})
}

func TestWithoutAWebPEncoderTheWebPURLShowsTheJPEG(t *testing.T) {
	e := newEnv(t) // no Covers: JPEG only
	c := e.signUp("wren", "wren@example.com", "secret1")
	r := c.upload(upload{name: "Tone", audio: readFixture(t, "audio", "sine.wav"), cover: readFixture(t, "images", "cover.jpg")})
	expect(t, r, 200, "success")
	url := strings.Replace(songIn(r)["cover"].(string), "-640.jpg", "-320.webp", 1)
	res, body := c.fetch(url)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("%d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if img, err := jpeg.Decode(bytes.NewReader(body)); err != nil || img.Bounds().Dx() != 320 {
		t.Fatalf("%v %v", img, err)
	}
}
