package platform

import (
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// compressMin is the smallest answer worth compressing: below it the
// encoding's own overhead eats most of the gain.
const compressMin = 1024

// Pools of encoders: each holds a window of tens of kilobytes, too much to
// allocate for every answer.
var (
	gzipPool   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, 5); return w }}
	brotliPool = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, 4) }}
)

// compress encodes text answers (JSON, HTML…) of at least compressMin bytes
// in the best encoding the client accepts. Media, byte ranges, WebSocket
// upgrades and answers already encoded (the precompressed web app) pass
// untouched, and so do streams that flush before they reach compressMin.
func (p *Platform) compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead || r.Header.Get("Range") != "" || r.Header.Get("Upgrade") != "" ||
			strings.HasPrefix(r.URL.Path, "/media/") {
			next.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{ResponseWriter: w, encoding: NegotiateEncoding(r.Header.Get("Accept-Encoding"), "br", "gzip")}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// NegotiateEncoding picks one of offers (best first) from an
// Accept-Encoding header: the one with the highest quality, the earlier
// offer on a tie; "" when none is accepted.
func NegotiateEncoding(header string, offers ...string) string {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				weight = f
			}
		}
		q[name] = weight
	}
	best, bestQ := "", 0.0
	for _, enc := range offers {
		w, ok := q[enc]
		if !ok {
			w, ok = q["*"]
		}
		if ok && w > bestQ {
			best, bestQ = enc, w
		}
	}
	return best
}

// compressible tells the types worth encoding: text, not media.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	switch {
	case mt == "text/event-stream":
		return false // each event must leave at once
	case strings.HasPrefix(mt, "text/"), mt == "application/json", strings.HasSuffix(mt, "+json"),
		mt == "application/javascript", mt == "application/xml", strings.HasSuffix(mt, "+xml"):
		return true
	}
	return false
}

// compressWriter holds back the start of an answer until it knows whether
// to encode it: by its headers, or by reaching compressMin bytes.
type compressWriter struct {
	http.ResponseWriter
	encoding string // what the client accepts; "" for identity
	status   int    // set once the handler has written its header
	decided  bool   // the header went out, encoded or not
	buf      []byte // the body so far, while undecided
	zw       interface {
		io.Writer
		Flush() error
	}
}

func (c *compressWriter) WriteHeader(status int) {
	if c.status != 0 || c.decided {
		return
	}
	if status >= 100 && status < 200 { // 103 Early Hints and the like go out as they are
		c.ResponseWriter.WriteHeader(status)
		return
	}
	c.status = status
	h := c.Header()
	switch {
	case status == http.StatusNoContent || status == http.StatusNotModified || status == http.StatusPartialContent,
		h.Get("Content-Encoding") != "", !compressible(h.Get("Content-Type")):
		c.passThrough()
	default:
		h.Add("Vary", "Accept-Encoding")
		if c.encoding == "" {
			c.passThrough()
		} else if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil {
			if n >= compressMin {
				c.startEncoding()
			} else {
				c.passThrough()
			}
		}
	}
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if c.status == 0 {
		if c.Header().Get("Content-Type") == "" {
			// net/http would sniff the type from these bytes; do it here,
			// as an encoded body can't be sniffed.
			c.Header().Set("Content-Type", http.DetectContentType(p))
		}
		c.WriteHeader(http.StatusOK)
	}
	switch {
	case c.zw != nil:
		return c.zw.Write(p)
	case c.decided:
		return c.ResponseWriter.Write(p)
	}
	c.buf = append(c.buf, p...)
	if len(c.buf) >= compressMin {
		c.startEncoding()
	}
	return len(p), nil
}

// Flush sends what is written: a stream that flushes before compressMin
// goes out as it is, so each piece leaves at once.
func (c *compressWriter) Flush() {
	if !c.decided && c.status != 0 {
		c.passThrough()
	}
	if c.zw != nil {
		_ = c.zw.Flush()
	}
	_ = http.NewResponseController(c.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the real writer (deadlines).
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// passThrough sends the header and whatever was held back, unencoded.
func (c *compressWriter) passThrough() {
	c.decided = true
	c.ResponseWriter.WriteHeader(c.status)
	if len(c.buf) > 0 {
		_, _ = c.ResponseWriter.Write(c.buf)
		c.buf = nil
	}
}

func (c *compressWriter) startEncoding() {
	c.decided = true
	h := c.Header()
	h.Set("Content-Encoding", c.encoding)
	h.Del("Content-Length")
	// A strong validator names these exact bytes; the encoded ones differ.
	if etag := h.Get("ETag"); etag != "" && !strings.HasPrefix(etag, "W/") {
		h.Set("ETag", "W/"+etag)
	}
	c.ResponseWriter.WriteHeader(c.status)
	if c.encoding == "br" {
		bw := brotliPool.Get().(*brotli.Writer)
		bw.Reset(c.ResponseWriter)
		c.zw = bw
	} else {
		gw := gzipPool.Get().(*gzip.Writer)
		gw.Reset(c.ResponseWriter)
		c.zw = gw
	}
	if len(c.buf) > 0 {
		_, _ = c.zw.Write(c.buf)
		c.buf = nil
	}
}

// finish ends the answer once the handler returns: a short body goes out
// as it is, an encoded one is closed and its encoder pooled again.
func (c *compressWriter) finish() {
	switch zw := c.zw.(type) {
	case *brotli.Writer:
		_ = zw.Close()
		brotliPool.Put(zw)
		return
	case *gzip.Writer:
		_ = zw.Close()
		gzipPool.Put(zw)
		return
	}
	if !c.decided && c.status != 0 {
		c.Header().Set("Content-Length", strconv.Itoa(len(c.buf)))
		c.passThrough()
	}
}
