package httpapi_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// A Range header of thousands of tiny ranges built a multipart answer 30
// times its own size: more than 16 ranges, or overlapping ones, get 416.
func TestRangeAbuseGets416WhileRangesStillWork(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("rae", "rae@example.com", "secret1")
	audio := readFixture(t, "audio", "tune-12s.mp3")
	url := songIn(c.upload(upload{name: "Ranges", audio: audio}))["audio"].(string)
	many := func(n int) string {
		var r []string
		for i := range n {
			r = append(r, fmt.Sprintf("%d-%d", i*10, i*10+1))
		}
		return "bytes=" + strings.Join(r, ",")
	}

	for _, tc := range []struct{ name, rng, msg string }{
		{"seventeen ranges", many(17), "This request asks for more than 16 byte ranges; ask for fewer."},
		{"thousands of ranges", many(8000), "This request asks for more than 16 byte ranges; ask for fewer."},
		{"overlapping ranges", "bytes=0-99,50-149", "This request asks for byte ranges that overlap; ask for each byte once."},
		{"the same range twice", "bytes=100-199,100-199", "This request asks for byte ranges that overlap; ask for each byte once."},
		{"a suffix over a range", "bytes=0-10, -" + fmt.Sprint(len(audio)), "This request asks for byte ranges that overlap; ask for each byte once."},
	} {
		t.Run(tc.name+" get 416", func(t *testing.T) {
			res, body := c.fetch(url, "Range", tc.rng)
			if res.StatusCode != 416 || strings.TrimSpace(string(body)) != tc.msg || res.Header.Get("Content-Range") != fmt.Sprintf("bytes */%d", len(audio)) {
				t.Fatalf("got %d %q %s", res.StatusCode, res.Header.Get("Content-Range"), body)
			}
		})
	}

	t.Run("sixteen separate ranges get 206", func(t *testing.T) {
		res, body := c.fetch(url, "Range", many(16))
		if res.StatusCode != 206 || !strings.HasPrefix(res.Header.Get("Content-Type"), "multipart/byteranges") {
			t.Fatalf("got %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if !bytes.Contains(body, audio[150:152]) {
			t.Fatal("the answer lacks the 16th range")
		}
	})
	t.Run("one range gets 206", func(t *testing.T) {
		res, body := c.fetch(url, "Range", "bytes=100-199")
		if res.StatusCode != 206 || !bytes.Equal(body, audio[100:200]) {
			t.Fatalf("got %d, %d bytes", res.StatusCode, len(body))
		}
	})
}
