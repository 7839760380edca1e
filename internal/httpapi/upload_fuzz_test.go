package httpapi_test

import (
	"bytes"
	"maps"
	"mime/multipart"
	"net/http/httptest"
	"os"
	"slices"
	"testing"
)

// formRoutes is every route that reads a multipart form.
var formRoutes = []string{"/api/upload", "/api/artist/cover", "/api/playlist/cover", "/api/radio/create"}

// fuzzBoundary is the boundary of the seed forms; the fuzzer may change
// the Content-Type (and so the boundary) as freely as the body.
const fuzzBoundary = "fuzzfuzzfuzz"

// FuzzMultipartForms posts arbitrary bodies and Content-Types to every
// form route of the real server: never a 5xx, and no spooled file is left
// behind, whether the form was refused or taken. Seeds: a valid form for
// each route with the small fixtures, and broken forms under testdata/fuzz.
func FuzzMultipartForms(f *testing.F) {
	fe := newFuzzEnv(f)
	ct := "multipart/form-data; boundary=" + fuzzBoundary
	mp3, jpg := readFixture(f, "audio", "sine.mp3"), readFixture(f, "images", "cover.jpg")
	opus := readFixture(f, "audio", "sine.opus") // the set-up uploaded sine.mp3 already
	f.Add(uint8(0), ct, form(f, map[string]string{"song": "tone", "text": "la la"}, map[string][]byte{"audio": opus, "cover": jpg}))
	f.Add(uint8(1), ct, form(f, nil, map[string][]byte{"cover": jpg}))
	f.Add(uint8(2), ct, form(f, map[string]string{"id": fe.playlist}, map[string][]byte{"cover": jpg}))
	f.Add(uint8(3), ct, form(f, map[string]string{"name": "radio", "date": "2026-11-21T12:05:00Z"}, map[string][]byte{"audio": mp3}))
	f.Fuzz(func(t *testing.T, route uint8, contentType string, body []byte) {
		req := httptest.NewRequest("POST", formRoutes[int(route)%len(formRoutes)], bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		fe.serve(t, req)
		if left, _ := os.ReadDir(fe.srv.SpoolDir); len(left) > 0 {
			t.Fatalf("%d spooled files left behind, first %s", len(left), left[0].Name())
		}
	})
}

// form builds a multipart body with fuzzBoundary.
func form(f *testing.F, fields map[string]string, files map[string][]byte) []byte {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if err := mw.SetBoundary(fuzzBoundary); err != nil {
		f.Fatal(err)
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) { // the same bytes every run
		_ = mw.WriteField(k, fields[k])
	}
	for _, k := range slices.Sorted(maps.Keys(files)) {
		w, _ := mw.CreateFormFile(k, k+".bin")
		_, _ = w.Write(files[k])
	}
	_ = mw.Close()
	return b.Bytes()
}
