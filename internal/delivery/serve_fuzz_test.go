package delivery_test

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/delivery/deliverytest"
	"github.com/musicify/musicify/internal/musicify"
)

// remote is a store whose files are not on this machine's disk (as S3's
// are), so Serve reads them rather than handing a file to sendfile.
type remote struct{ files map[string][]byte }

func (s remote) Put(context.Context, string, io.Reader) (int64, error) { return 0, nil }
func (s remote) Delete(context.Context, string) error                  { return nil }
func (s remote) List(context.Context, func(string, int64, time.Time) error) error {
	return nil
}
func (s remote) Open(_ context.Context, key string) (*musicify.Blob, error) {
	b, ok := s.files[key]
	if !ok {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This file does not exist.")
	}
	return &musicify.Blob{Body: nopCloser{bytes.NewReader(b)}, Size: int64(len(b)), ModTime: time.Unix(1, 0)}, nil
}

type nopCloser struct{ io.ReadSeeker }

func (nopCloser) Close() error { return nil }

// FuzzServe asks Serve (which the web app's media, signed URLs and every
// Subsonic stream, download and cover go through) for arbitrary Range
// headers, on a local file (sendfile's path), a remote one, and files of
// one byte and none: the answer is the whole file, exactly the bytes each
// Content-Range names, or 416; never anything else, never a panic.
func FuzzServe(f *testing.F) {
	local, err := blob.NewLocal(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	audio := bytes.Repeat([]byte("ID3 a song's bytes, "), 500)
	files := map[string][]byte{"songs/a/original.mp3": audio, "songs/b/original.mp3": {'x'}, "songs/c/original.mp3": {}}
	keys := []string{"songs/a/original.mp3", "songs/b/original.mp3", "songs/c/original.mp3"}
	for key, b := range files {
		if _, err := local.Put(context.Background(), key, bytes.NewReader(b)); err != nil {
			f.Fatal(err)
		}
	}
	stores := []musicify.BlobStore{local, remote{files}}
	for _, h := range []string{"bytes=0-", "bytes=0-0", "bytes=-100", "bytes=100-199", "bytes=0-1,5-9,-3",
		"bytes=99999999-", "bytes=5-1", "bytes=-0", "bytes=0-99,50-149", "items=0-1", ""} {
		f.Add(uint8(0), h)
		f.Add(uint8(3), h)
		f.Add(uint8(5), h)
	}
	f.Fuzz(func(t *testing.T, which uint8, rangeHeader string) {
		store, key := stores[int(which)%2], keys[int(which)/2%3]
		req := httptest.NewRequest("GET", "/media/"+key, nil)
		req.Header.Set("Range", rangeHeader)
		rec := httptest.NewRecorder()
		if err := delivery.Serve(rec, req, store, nil, delivery.Stored{Key: key, ContentType: "audio/mpeg"}); err != nil {
			t.Fatalf("serving %s: %v", key, err)
		}
		deliverytest.CheckRangeAnswer(t, rec, files[key], rangeHeader)
	})
}
