package platform

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"strings"
	"testing"
	"testing/iotest"
)

func TestPartHeadersAreCappedAcrossReadsOfAnySize(t *testing.T) {
	form := func(header int, body string) ([]byte, string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		h := map[string][]string{"Content-Disposition": {`form-data; name="song"`}}
		if header > 0 {
			h["X-Padding"] = []string{strings.Repeat("p", header)}
		}
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(body))
		_ = mw.Close()
		return b.Bytes(), mw.Boundary()
	}
	for _, tc := range []struct {
		name        string
		header      int
		body        string
		oneByteRead bool
		refused     bool
	}{
		{"a plain part", 0, "Low Tide", false, false},
		{"a plain part read a byte at a time", 0, "Low Tide", true, false},
		{"headers just under the cap", maxPartHeaderBytes - 200, "x", true, false},
		{"a body far larger than the cap is no header", 0, strings.Repeat("b", 1<<20), false, false},
		{"a 10 MiB header line", 10 << 20, "x", false, true},
		{"headers over the cap read a byte at a time", maxPartHeaderBytes + 10, "x", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, boundary := form(tc.header, tc.body)
			var r io.Reader = bytes.NewReader(body)
			if tc.oneByteRead {
				r = iotest.OneByteReader(r)
			}
			mr := multipart.NewReader(newPartHeaderCap(r, boundary, maxPartHeaderBytes), boundary)
			part, err := mr.NextPart()
			if tc.refused {
				if !errors.Is(err, errPartHeaders) {
					t.Fatalf("NextPart: %v, want the cap's error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(part)
			if err != nil || string(got) != tc.body {
				t.Fatalf("read %d bytes, %v", len(got), err)
			}
			if _, err := mr.NextPart(); err != io.EOF {
				t.Fatalf("after the last part: %v", err)
			}
		})
	}
}
