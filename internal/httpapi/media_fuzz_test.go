package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http/httptest"
	"testing"
)

// FuzzRange asks the real media handlers (a song's audio, its download
// and its cover) for arbitrary Range headers. The answer is 200 with the
// whole file, 206 with exactly the bytes each Content-Range names, or 416;
// never anything else, never a panic. Seeds: common and hostile ranges here
// and under testdata/fuzz.
func FuzzRange(f *testing.F) {
	fe := newFuzzEnv(f)
	whole := make([][]byte, len(fe.media))
	for i, u := range fe.media {
		rec := fe.serve(f, httptest.NewRequest("GET", u, nil))
		if rec.Code != 200 {
			f.Fatalf("GET %s: %d", u, rec.Code)
		}
		whole[i] = rec.Body.Bytes()
	}
	for _, h := range []string{"bytes=0-", "bytes=0-0", "bytes=-100", "bytes=100-199", "bytes=0-1,5-9,-3",
		"bytes=99999999-", "bytes=5-1", "items=0-1", ""} {
		for i := range fe.media {
			f.Add(uint8(i), h)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, rangeHeader string) {
		i := int(which) % len(fe.media)
		req := httptest.NewRequest("GET", fe.media[i], nil)
		req.Header.Set("Range", rangeHeader)
		rec := fe.serve(t, req)
		body, file := rec.Body.Bytes(), whole[i]
		switch rec.Code {
		case 200:
			if !bytes.Equal(body, file) {
				t.Fatalf("200 with %d bytes, the file has %d", len(body), len(file))
			}
		case 206:
			mediaType, params, err := mime.ParseMediaType(rec.Header().Get("Content-Type"))
			if err != nil {
				t.Fatalf("206 with Content-Type %q", rec.Header().Get("Content-Type"))
			}
			if mediaType != "multipart/byteranges" {
				checkPart(t, rec.Header().Get("Content-Range"), body, file)
				return
			}
			mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("multipart answer: %v", err)
				}
				b, _ := io.ReadAll(p)
				checkPart(t, p.Header.Get("Content-Range"), b, file)
			}
		case 416:
		default:
			t.Fatalf("Range %q answered %d", rangeHeader, rec.Code)
		}
	})
}

// checkPart checks that part is the bytes of file that contentRange names.
func checkPart(t *testing.T, contentRange string, part, file []byte) {
	t.Helper()
	var first, last, size int
	if _, err := fmt.Sscanf(contentRange, "bytes %d-%d/%d", &first, &last, &size); err != nil {
		t.Fatalf("Content-Range %q: %v", contentRange, err)
	}
	if size != len(file) || first < 0 || first > last || last >= size || !bytes.Equal(part, file[first:last+1]) {
		t.Fatalf("Content-Range %q with %d bytes, the file has %d", contentRange, len(part), len(file))
	}
}
