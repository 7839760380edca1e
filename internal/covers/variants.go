package covers

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"sync"

	"golang.org/x/image/draw"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// Sizes are the widths the web app picks from (srcset): the two rendered
// at upload (media.CoverSizes) and 320, made on first request, as is every
// WebP. Covers stored before 320 and WebP existed so get them too.
var Sizes = []int{640, 320, 160}

// Formats a cover is served in: WebP where the browser takes it, JPEG else.
const (
	JPEG = "jpg"
	WebP = "webp"
)

// VariantFile is the blob key of a cover at size in format.
func VariantFile(key string, size int, format string) string {
	return fmt.Sprintf("%s-%d.%s", key, size, format)
}

// maxSourceBytes bounds the stored JPEG a variant is drawn from: a 640
// pixel JPEG of quality 85 is a fraction of this.
const maxSourceBytes = 8 << 20

// Variants serves each size and format of a cover, rendering (and storing)
// the ones that upload did not make the first time they are asked for.
type Variants struct {
	Blobs musicify.BlobStore
	// EncodeWebP makes a WebP; nil (no encoder) answers WebP requests with
	// the JPEG, which every browser shows whatever the URL says.
	EncodeWebP func(ctx context.Context, img image.Image) ([]byte, error)

	once     sync.Once
	slots    chan struct{} // renders at once: a page of new covers must not take every core
	mu       sync.Mutex
	inflight map[string]*render
	present  sync.Map // blob keys known stored, so storage is asked once per process
}

type render struct {
	done chan struct{}
	err  error
}

// Open names the stored file to send for a cover at size in format, with
// its content type, making the file first when it is missing. A cover that
// does not exist is ENOTFOUND.
func (v *Variants) Open(ctx context.Context, key string, size int, format string) (file, contentType string, err error) {
	v.once.Do(func() {
		v.slots = make(chan struct{}, 2)
		v.inflight = map[string]*render{}
	})
	if !validSize(size) || (format != JPEG && format != WebP) {
		return "", "", musicify.Errorf(musicify.ENOTFOUND, "There is no such cover.")
	}
	if format == WebP && v.EncodeWebP == nil {
		format = JPEG
	}
	file = VariantFile(key, size, format)
	contentType = "image/jpeg"
	if format == WebP {
		contentType = "image/webp"
	}
	if format == JPEG && isRenderedAtUpload(size) {
		return file, contentType, nil // stored with the cover; a missing one is a broken row, reported where it is sent
	}
	if _, ok := v.present.Load(file); ok {
		return file, contentType, nil
	}
	if err := v.ensure(ctx, key, size, format, file); err != nil {
		return "", "", err
	}
	return file, contentType, nil
}

// ensure stores file unless it is there, one render per file at a time.
func (v *Variants) ensure(ctx context.Context, key string, size int, format, file string) error {
	if obj, err := v.Blobs.Open(ctx, file); err == nil {
		obj.Body.Close()
		v.present.Store(file, true)
		return nil
	} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return fmt.Errorf("opening cover %s: %w", file, err)
	}
	v.mu.Lock()
	r, busy := v.inflight[file]
	if !busy {
		r = &render{done: make(chan struct{})}
		v.inflight[file] = r
	}
	v.mu.Unlock()
	if busy {
		select {
		case <-r.done:
			return r.err
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	// The render outlives a client that leaves: the next one finds it done.
	r.err = v.render(context.WithoutCancel(ctx), key, size, format, file)
	v.mu.Lock()
	delete(v.inflight, file)
	v.mu.Unlock()
	close(r.done)
	if r.err == nil {
		v.present.Store(file, true)
	}
	return r.err
}

// render draws the cover at size from its largest stored JPEG and stores it.
func (v *Variants) render(ctx context.Context, key string, size int, format, file string) error {
	v.slots <- struct{}{}
	defer func() { <-v.slots }()
	obj, err := v.Blobs.Open(ctx, File(key, media.CoverSizes[0]))
	if err != nil {
		return err // ENOTFOUND: no such cover
	}
	defer obj.Body.Close()
	src, err := jpeg.Decode(io.LimitReader(obj.Body, maxSourceBytes))
	if err != nil {
		return fmt.Errorf("reading cover %s: %w", key, err)
	}
	img := src
	if b := src.Bounds(); b.Dx() != size || b.Dy() != size {
		dst := image.NewRGBA(image.Rect(0, 0, size, size))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
		img = dst
	}
	var data []byte
	if format == WebP {
		if data, err = v.EncodeWebP(ctx, img); err != nil {
			return fmt.Errorf("rendering cover %s: %w", file, err)
		}
	} else {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
			return fmt.Errorf("rendering cover %s: %w", file, err)
		}
		data = b.Bytes()
	}
	if _, err := v.Blobs.Put(ctx, file, bytes.NewReader(data)); err != nil {
		return fmt.Errorf("storing cover %s: %w", file, err)
	}
	return nil
}

func validSize(size int) bool {
	for _, s := range Sizes {
		if s == size {
			return true
		}
	}
	return false
}

func isRenderedAtUpload(size int) bool {
	for _, s := range media.CoverSizes {
		if s == size {
			return true
		}
	}
	return false
}
