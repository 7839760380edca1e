package httpapi_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"github.com/musicify/musicify/internal/httpapi"
)

// decode undoes a Content-Encoding the way a browser does.
func decode(t *testing.T, encoding string, body []byte) string {
	t.Helper()
	var r io.Reader
	switch encoding {
	case "":
		return string(body)
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	default:
		t.Fatalf("unexpected encoding %q", encoding)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", encoding, err)
	}
	return string(b)
}

func brotliOf(s string) []byte {
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, 11)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return b.Bytes()
}

func gzipOf(s string) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, 9)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return b.Bytes()
}

// raw sends a GET with exactly these headers: net/http adds no
// Accept-Encoding of its own and decodes nothing.
func (c *client) raw(t *testing.T, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", c.e.URL+path, nil)
	req.Header.Set("Accept-Encoding", "identity") // overridden by header when given
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

var (
	appJS    = "export const app = '" + strings.Repeat("musicify ", 300) + "';"
	indexDoc = "<!doctype html><title>Musicify</title>" + strings.Repeat("<!-- shell -->", 100)
	swJS     = "self.addEventListener('install', () => {});" + strings.Repeat("//", 600)
)

func precompressedWeb(s *httpapi.Server) {
	s.Web = fstest.MapFS{
		"index.html":               {Data: []byte(indexDoc)},
		"index.html.br":            {Data: brotliOf(indexDoc)},
		"index.html.gz":            {Data: gzipOf(indexDoc)},
		"assets/app-1a2b.js":       {Data: []byte(appJS)},
		"assets/app-1a2b.js.br":    {Data: brotliOf(appJS)},
		"assets/app-1a2b.js.gz":    {Data: gzipOf(appJS)},
		"assets/only-gz-9f.css":    {Data: []byte("body{}")},
		"assets/only-gz-9f.css.gz": {Data: gzipOf("body{}")},
		"sw.js":                    {Data: []byte(swJS)},
		"sw.js.br":                 {Data: brotliOf(swJS)},
		"sw.js.gz":                 {Data: gzipOf(swJS)},
		"favicon.svg":              {Data: []byte("<svg/>")},
	}
}

func TestTheAppIsSentPrecompressedByAcceptEncoding(t *testing.T) {
	e := newEnv(t, precompressedWeb)
	c := e.client()
	for _, tc := range []struct {
		name, path, accept, encoding, body, cache string
	}{
		{"a browser gets brotli", "/assets/app-1a2b.js", "gzip, deflate, br, zstd", "br", appJS, "public, max-age=31536000, immutable"},
		{"gzip when brotli is not accepted", "/assets/app-1a2b.js", "gzip, deflate", "gzip", appJS, "public, max-age=31536000, immutable"},
		{"gzip when the client prefers it", "/assets/app-1a2b.js", "br;q=0.5, gzip", "gzip", appJS, "public, max-age=31536000, immutable"},
		{"brotli refused with q=0", "/assets/app-1a2b.js", "br;q=0, *", "gzip", appJS, "public, max-age=31536000, immutable"},
		{"any encoding with a star", "/assets/app-1a2b.js", "*", "br", appJS, "public, max-age=31536000, immutable"},
		{"the raw file without Accept-Encoding", "/assets/app-1a2b.js", "identity", "", appJS, "public, max-age=31536000, immutable"},
		{"the only encoding built", "/assets/only-gz-9f.css", "br, gzip", "gzip", "body{}", "public, max-age=31536000, immutable"},
		{"index.html is revalidated", "/", "br, gzip", "br", indexDoc, "no-cache"},
		{"a client route gets index.html", "/home", "gzip", "gzip", indexDoc, "no-cache"},
		{"the service worker is revalidated", "/sw.js", "br, gzip", "br", swJS, "no-cache"},
		{"a file without siblings is sent as it is", "/favicon.svg", "br, gzip", "", "<svg/>", "no-cache"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := c.raw(t, tc.path, "Accept-Encoding", tc.accept)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if got := decode(t, tc.encoding, body); got != tc.body {
				t.Fatalf("body %.40q, want %.40q", got, tc.body)
			}
			if got := res.Header.Get("Cache-Control"); got != tc.cache {
				t.Fatalf("Cache-Control %q, want %q", got, tc.cache)
			}
			if tc.path != "/favicon.svg" && res.Header.Get("Vary") != "Accept-Encoding" {
				t.Fatalf("Vary %q", res.Header.Values("Vary"))
			}
			if ct := res.Header.Get("Content-Type"); tc.path == "/assets/app-1a2b.js" && ct != "text/javascript; charset=utf-8" {
				t.Fatalf("Content-Type %q", ct)
			}
		})
	}

	t.Run("the compressed siblings are not files of their own", func(t *testing.T) {
		for _, p := range []string{"/assets/app-1a2b.js.br", "/index.html.gz"} {
			if res, _ := c.raw(t, p, "Accept-Encoding", "br"); res.StatusCode != 404 {
				t.Errorf("%s: %d", p, res.StatusCode)
			}
		}
	})

	t.Run("each encoding has its own ETag and revalidates", func(t *testing.T) {
		br, _ := c.raw(t, "/", "Accept-Encoding", "br")
		gz, _ := c.raw(t, "/", "Accept-Encoding", "gzip")
		plain, _ := c.raw(t, "/")
		tags := map[string]bool{br.Header.Get("ETag"): true, gz.Header.Get("ETag"): true, plain.Header.Get("ETag"): true}
		if len(tags) != 3 || tags[""] {
			t.Fatalf("ETags %v", tags)
		}
		res, body := c.raw(t, "/", "Accept-Encoding", "br", "If-None-Match", br.Header.Get("ETag"))
		if res.StatusCode != 304 || len(body) != 0 {
			t.Fatalf("revalidation: %d with %d bytes", res.StatusCode, len(body))
		}
	})
}

func TestJSONAnswersOver1KBAreCompressed(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("cora", "cora@example.com", "secret1")
	for name, file := range map[string]string{"Midnight Harbour": "sine.mp3", "Neon Tide": "sine.ogg", "Glass Coast": "sine.flac"} {
		c.song(t, name, file)
	}
	plainRes, plain := c.raw(t, "/api/search/all")
	if len(plain) < 1024 || plainRes.Header.Get("Content-Encoding") != "" {
		t.Fatalf("the identity answer: %d bytes, encoding %q", len(plain), plainRes.Header.Get("Content-Encoding"))
	}
	for accept, header := range map[string]string{"br": "gzip, deflate, br", "gzip": "gzip, deflate"} {
		res, body := c.raw(t, "/api/search/all", "Accept-Encoding", header)
		if res.Header.Get("Content-Encoding") != accept || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s: encoding %q vary %q", accept, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
		}
		if len(body) >= len(plain)/2 {
			t.Errorf("%s: %d bytes of %d", accept, len(body), len(plain))
		}
		var got, want any
		if err := json.Unmarshal([]byte(decode(t, accept, body)), &got); err != nil {
			t.Fatalf("%s: %v", accept, err)
		}
		_ = json.Unmarshal(plain, &want)
		if len(got.([]any)) != 3 || len(want.([]any)) != 3 {
			t.Fatalf("%s: %d songs, want 3", accept, len(got.([]any)))
		}
	}

	t.Run("a short answer goes out as it is", func(t *testing.T) {
		res, body := c.raw(t, "/api/verified", "Accept-Encoding", "br, gzip")
		if res.Header.Get("Content-Encoding") != "" || !strings.Contains(string(body), "success") {
			t.Fatalf("encoding %q body %q", res.Header.Get("Content-Encoding"), body)
		}
	})
}

func TestMediaIsNeverCompressed(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("milo", "milo@example.com", "secret1")
	r := c.upload(upload{name: "Tone", audio: readFixture(t, "audio", "sine.wav"), cover: readFixture(t, "images", "cover.png")})
	expect(t, r, 200, "success")
	song := songIn(r)
	for _, tc := range []struct{ name, path, rng string }{
		{"audio", song["audio"].(string), ""},
		{"a byte range", song["audio"].(string), "bytes=0-99"},
		{"a cover", song["cover"].(string), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := []string{"Accept-Encoding", "gzip, deflate, br"}
			if tc.rng != "" {
				h = append(h, "Range", tc.rng)
			}
			res, body := c.raw(t, tc.path, h...)
			if res.StatusCode/100 != 2 || res.Header.Get("Content-Encoding") != "" || len(body) == 0 {
				t.Fatalf("%d encoding %q, %d bytes", res.StatusCode, res.Header.Get("Content-Encoding"), len(body))
			}
			if tc.rng != "" && (res.StatusCode != 206 || len(body) != 100) {
				t.Fatalf("range: %d with %d bytes", res.StatusCode, len(body))
			}
		})
	}
}

func TestStreamsStillStreamWhenCompressionIsAccepted(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("sage", "sage@example.com", "secret1")
	c.song(t, "Midnight Harbour", "sine.mp3")

	t.Run("the assistant's events", func(t *testing.T) {
		body, _ := json.Marshal(creds{"message": "how do I upload?"})
		req, _ := http.NewRequest("POST", e.URL+"/api/assistant/chat", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		res, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("encoding %q type %q", res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"))
		}
		var events []string
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events = append(events, name)
			}
		}
		if strings.Join(events, ",") != "delta,done" {
			t.Fatalf("events %v", events)
		}
	})

	t.Run("the live WebSocket", func(t *testing.T) {
		conn, err := c.dial(t, http.Header{"Accept-Encoding": {"gzip, deflate, br"}})
		if err != nil {
			t.Fatal(err)
		}
		wsSend(t, conn, map[string]any{"type": "sync", "id": 3})
		if m := wsNext(t, conn, func(m map[string]any) bool { return m["type"] == "sync" }); m["id"] != float64(3) {
			t.Fatalf("sync: %v", m)
		}
	})
}
