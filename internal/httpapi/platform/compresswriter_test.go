package platform

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// through runs h behind the compression middleware for a gzip-accepting client.
func through(t *testing.T, h http.HandlerFunc, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", "/api/x", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	(&Platform{}).compress(h).ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, r io.Reader) string {
	t.Helper()
	zr, err := gzip.NewReader(r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCompressWriter(t *testing.T) {
	big := `{"songs":"` + strings.Repeat("a", 2000) + `"}`

	t.Run("many small writes past the threshold are encoded whole", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			for i := 0; i < len(big); i += 100 {
				_, _ = io.WriteString(w, big[i:min(i+100, len(big))])
			}
		})
		if rec.Header().Get("Content-Encoding") != "gzip" || gunzip(t, rec.Body) != big {
			t.Fatalf("encoding %q", rec.Header().Get("Content-Encoding"))
		}
	})

	t.Run("a status other than 200 keeps its code", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			_, _ = io.WriteString(w, big)
		})
		if rec.Code != 201 || gunzip(t, rec.Body) != big {
			t.Fatalf("status %d", rec.Code)
		}
	})

	t.Run("a short answer gets its length and no encoding", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"ok":true}`)
		})
		if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != `{"ok":true}` ||
			rec.Header().Get("Content-Length") != "11" || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers %v body %q", rec.Header(), rec.Body)
		}
	})

	t.Run("a known length over the threshold is encoded from the start", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Content-Length", "2013")
			w.Header().Set("ETag", `"abc"`)
			_, _ = io.WriteString(w, big)
		})
		if rec.Header().Get("Content-Length") != "" || rec.Header().Get("ETag") != `W/"abc"` || gunzip(t, rec.Body) != big {
			t.Fatalf("headers %v", rec.Header())
		}
	})

	t.Run("media types pass as they are", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "audio/mpeg")
			_, _ = io.WriteString(w, big)
		})
		if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != big || rec.Header().Get("Vary") != "" {
			t.Fatalf("headers %v", rec.Header())
		}
	})

	t.Run("an answer already encoded is left alone", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Content-Encoding", "br")
			_, _ = io.WriteString(w, big)
		})
		if rec.Header().Get("Content-Encoding") != "br" || rec.Body.String() != big {
			t.Fatalf("headers %v", rec.Header())
		}
	})

	t.Run("a stream that flushes early is sent as it comes", func(t *testing.T) {
		var seenAtFlush string
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/api/x", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		(&Platform{}).compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, "{\"n\":1}\n")
			_ = http.NewResponseController(w).Flush()
			seenAtFlush = rec.Body.String()
			_, _ = io.WriteString(w, big)
		})).ServeHTTP(rec, req)
		if seenAtFlush != "{\"n\":1}\n" || rec.Header().Get("Content-Encoding") != "" || !rec.Flushed {
			t.Fatalf("at flush %q, headers %v", seenAtFlush, rec.Header())
		}
	})

	t.Run("a range request is not encoded", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, big)
		}, "Range", "bytes=0-10")
		if rec.Header().Get("Content-Encoding") != "" {
			t.Fatalf("headers %v", rec.Header())
		}
	})

	t.Run("a client that accepts nothing gets plain bytes", func(t *testing.T) {
		rec := through(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, big)
		}, "Accept-Encoding", "identity")
		if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != big || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers %v", rec.Header())
		}
	})
}
