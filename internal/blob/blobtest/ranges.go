package blobtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// testServeContent serves a blob as the media handler does and asks for
// the ranges players and download managers ask for.
func testServeContent(t *testing.T, s musicify.BlobStore) {
	data := pattern(2<<20+123, 5)
	n := len(data)
	put(t, s, "songs/r/original.mp3", data)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := s.Open(r.Context(), "songs/r/original.mp3")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer b.Body.Close()
		w.Header().Set("Content-Type", "audio/mpeg")
		http.ServeContent(w, r, "", b.ModTime, b.Body)
	}))
	defer srv.Close()

	get := func(method, rng string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequestWithContext(context.Background(), method, srv.URL, nil)
		if rng != "" {
			req.Header.Set("Range", rng)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}

	if res, body := get("GET", ""); res.StatusCode != 200 || !bytes.Equal(body, data) {
		t.Fatalf("whole file: %d with %d bytes, want 200 with %d", res.StatusCode, len(body), n)
	}
	if res, body := get("HEAD", ""); res.StatusCode != 200 || len(body) != 0 || res.ContentLength != int64(n) {
		t.Fatalf("HEAD: %d, length %d, %d body bytes", res.StatusCode, res.ContentLength, len(body))
	}
	for _, tc := range []struct {
		rng        string
		start, end int // end exclusive
	}{
		{"bytes=0-0", 0, 1},
		{"bytes=10-19", 10, 20},
		{"bytes=1048570-1048580", 1048570, 1048581},
		{"bytes=-5", n - 5, n},
		{"bytes=2000000-", 2000000, n},
		{fmt.Sprintf("bytes=%d-%d", n-1, n+100), n - 1, n},
		{"bytes=0-", 0, n},
	} {
		res, body := get("GET", tc.rng)
		want := fmt.Sprintf("bytes %d-%d/%d", tc.start, tc.end-1, n)
		if res.StatusCode != 206 || res.Header.Get("Content-Range") != want || !bytes.Equal(body, data[tc.start:tc.end]) {
			t.Errorf("%s: %d %q with %d bytes; want 206 %q with the %d bytes there",
				tc.rng, res.StatusCode, res.Header.Get("Content-Range"), len(body), want, tc.end-tc.start)
		}
	}
	if res, _ := get("GET", fmt.Sprintf("bytes=%d-", n)); res.StatusCode != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("a range past the end: %d, want 416", res.StatusCode)
	}

	// Several ranges come back as multipart/byteranges, each from its place.
	res, body := get("GET", "bytes=0-3,1500000-1500099,-7")
	mt, params, err := mime.ParseMediaType(res.Header.Get("Content-Type"))
	if res.StatusCode != 206 || err != nil || mt != "multipart/byteranges" {
		t.Fatalf("multi-range: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for _, w := range [][2]int{{0, 4}, {1500000, 1500100}, {n - 7, n}} {
		part, err := mr.NextPart()
		if err != nil {
			t.Fatalf("multi-range part %v: %v", w, err)
		}
		got, _ := io.ReadAll(part)
		if !bytes.Equal(got, data[w[0]:w[1]]) || part.Header.Get("Content-Range") != fmt.Sprintf("bytes %d-%d/%d", w[0], w[1]-1, n) {
			t.Errorf("multi-range part %q: %d bytes, want %d from %d", part.Header.Get("Content-Range"), len(got), w[1]-w[0], w[0])
		}
	}
	if _, err := mr.NextPart(); err != io.EOF {
		t.Errorf("multi-range: more parts than asked for (%v)", err)
	}
}
