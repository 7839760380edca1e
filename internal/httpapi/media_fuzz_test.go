package httpapi_test

import (
	"net/http/httptest"
	"testing"

	"github.com/musicify/musicify/internal/delivery/deliverytest"
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
		deliverytest.CheckRangeAnswer(t, fe.serve(t, req), whole[i], rangeHeader)
	})
}
