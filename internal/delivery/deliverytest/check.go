// Package deliverytest checks answers to Range requests, for every fuzz
// target that sends them (the delivery package's own, the web routes').
package deliverytest

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http/httptest"
	"testing"
)

// CheckRangeAnswer checks what a file's answer to any Range header may be:
// 200 with the whole file, 206 with exactly the bytes each Content-Range
// names (one part or multipart/byteranges), or 416; nothing else.
func CheckRangeAnswer(t testing.TB, rec *httptest.ResponseRecorder, file []byte, rangeHeader string) {
	t.Helper()
	body := rec.Body.Bytes()
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
}

// checkPart checks that part is the bytes of file that contentRange names.
func checkPart(t testing.TB, contentRange string, part, file []byte) {
	t.Helper()
	var first, last, size int
	if _, err := fmt.Sscanf(contentRange, "bytes %d-%d/%d", &first, &last, &size); err != nil {
		t.Fatalf("Content-Range %q: %v", contentRange, err)
	}
	if size != len(file) || first < 0 || first > last || last >= size || !bytes.Equal(part, file[first:last+1]) {
		t.Fatalf("Content-Range %q with %d bytes, the file has %d", contentRange, len(part), len(file))
	}
}
