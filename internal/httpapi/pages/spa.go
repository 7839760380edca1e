package pages

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
)

// spa serves the built web app: hashed assets cached forever, any other
// file revalidated, and index.html for every client-side route.
func (s *API) spa() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "share" {
			s.serveSharePage(w, r)
			return
		}
		if name == "index.html" {
			s.serveIndex(w, r)
			return
		}
		if name == "" {
			s.serveApp(w, r)
			return
		}
		if f := s.webFiles()[name]; f != nil {
			s.serveWebFile(w, r, f)
			return
		}
		// A path with an extension is a missing file, not an app route.
		if path.Ext(name) != "" {
			http.NotFound(w, r)
			return
		}
		s.serveApp(w, r)
	})
}

// serveApp answers an address of the app: index.html with the hints of
// that page (hints.go). They depend on who asks, so the page is never
// stored; without hints it is the file itself, revalidated by its ETag.
func (s *API) serveApp(w http.ResponseWriter, r *http.Request) {
	f := s.webFiles()["index.html"]
	if f == nil || r.Method != http.MethodGet {
		s.serveIndex(w, r)
		return
	}
	page, err := fs.ReadFile(s.Web, f.name)
	if err != nil {
		s.serveIndex(w, r)
		return
	}
	hints := s.pageHints(w, r, page)
	i := bytes.Index(page, []byte("</head>"))
	if len(hints) == 0 || i < 0 {
		s.serveIndex(w, r)
		return
	}
	out := make([]byte, 0, len(page)+len(hints))
	out = append(append(append(out, page[:i]...), hints...), page[i:]...)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", f.contentType)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out)
}

func (s *API) serveIndex(w http.ResponseWriter, r *http.Request) {
	f := s.webFiles()["index.html"]
	if f == nil {
		http.Error(w, "The web app is not built. Run `make build`.", http.StatusServiceUnavailable)
		return
	}
	s.serveWebFile(w, r, f)
}

// webFile is one file of the built app with the encodings it was
// compressed in at build time (web/vite.config.ts).
type webFile struct {
	name        string
	contentType string
	// etag names the content; each encoding adds its own suffix.
	etag string
	// encoded maps "br" and "gzip" to the sibling files holding them.
	encoded map[string]string
}

// buildEncodings are the precompressed siblings the build writes, best first.
var buildEncodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// webFiles indexes the built app once: each file with its type, a hash of
// its content and its precompressed siblings, which are not served alone.
func (s *API) webFiles() map[string]*webFile {
	s.webOnce.Do(func() {
		s.webIndex = map[string]*webFile{}
		if s.Web == nil {
			return
		}
		var names []string
		err := fs.WalkDir(s.Web, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				names = append(names, name)
			}
			return nil
		})
		if err != nil {
			s.P.Logger.Error("reading the web app", "err", err)
		}
		all := map[string]bool{}
		for _, n := range names {
			all[n] = true
		}
		for _, n := range names {
			if isEncodedSibling(n, all) {
				continue
			}
			data, err := fs.ReadFile(s.Web, n)
			if err != nil {
				s.P.Logger.Error("reading a web file", "name", n, "err", err)
				continue
			}
			sum := sha256.Sum256(data)
			f := &webFile{name: n, contentType: webContentType(n, data), etag: hex.EncodeToString(sum[:12]), encoded: map[string]string{}}
			for _, e := range buildEncodings {
				if all[n+e.ext] {
					f.encoded[e.name] = n + e.ext
				}
			}
			s.webIndex[n] = f
		}
	})
	return s.webIndex
}

func isEncodedSibling(name string, all map[string]bool) bool {
	for _, e := range buildEncodings {
		if base, ok := strings.CutSuffix(name, e.ext); ok && all[base] {
			return true
		}
	}
	return false
}

// webTypes are types the system's MIME table may not know.
var webTypes = map[string]string{
	".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8",
	".svg": "image/svg+xml", ".json": "application/json", ".webmanifest": "application/manifest+json",
	".woff2": "font/woff2", ".woff": "font/woff", ".png": "image/png", ".ico": "image/x-icon",
	".webp": "image/webp", ".txt": "text/plain; charset=utf-8",
}

func webContentType(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := webTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(data)
}

// serveWebFile sends f in the best encoding the client accepts. Files
// under assets/ are named by their content's hash, so they are cached for
// a year; everything else (index.html, the service worker) is revalidated
// on each use, cheaply, by its ETag.
func (s *API) serveWebFile(w http.ResponseWriter, r *http.Request, f *webFile) {
	h := w.Header()
	if strings.HasPrefix(f.name, "assets/") {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	h.Set("Content-Type", f.contentType)
	file, etag := f.name, f.etag
	if len(f.encoded) > 0 {
		h.Add("Vary", "Accept-Encoding")
		offers := make([]string, 0, len(f.encoded))
		for _, e := range buildEncodings {
			if f.encoded[e.name] != "" {
				offers = append(offers, e.name)
			}
		}
		if enc := platform.NegotiateEncoding(r.Header.Get("Accept-Encoding"), offers...); enc != "" {
			file, etag = f.encoded[enc], etag+"-"+enc
			h.Set("Content-Encoding", enc)
		}
	}
	h.Set("ETag", `"`+etag+`"`)
	body, err := s.Web.Open(file)
	if err != nil {
		s.P.Logger.Error("opening a web file", "name", file, "err", err)
		http.Error(w, "Something went wrong", http.StatusInternalServerError)
		return
	}
	defer body.Close()
	rs, ok := body.(io.ReadSeeker) // embedded files seek; anything else is read whole
	if !ok {
		data, err := io.ReadAll(body)
		if err != nil {
			s.P.Logger.Error("reading a web file", "name", file, "err", err)
			http.Error(w, "Something went wrong", http.StatusInternalServerError)
			return
		}
		rs = bytes.NewReader(data)
	}
	// No modification time: embedded files have none, and the ETag decides.
	http.ServeContent(w, r, "", time.Time{}, rs)
}

// serveSharePage is the app's index.html with Open Graph and Twitter card
// tags for the shared item, so links unfurl in chat apps.
func (s *API) serveSharePage(w http.ResponseWriter, r *http.Request) {
	index, err := fs.ReadFile(s.Web, "index.html")
	if err != nil {
		s.serveIndex(w, r)
		return
	}
	q := r.URL.Query()
	title, desc, kind := "Musicify", "Listen on Musicify.", "website"
	image := s.P.BaseURL.String() + "/icon-512.png"
	imageType, imageWidth, imageHeight := "image/png", "512", "512"
	status := http.StatusOK
	if t, d, cover, ok := s.ShareCard(r.Context(), q.Get("type"), q.Get("id")); ok {
		title, desc, image = t, d, s.P.BaseURL.String()+cover
		imageType, imageWidth, imageHeight = "image/jpeg", strconv.Itoa(ShareCoverWidth), strconv.Itoa(ShareCoverHeight)
		kind = "music.song"
		if q.Get("type") == "playlist" {
			kind = "music.playlist"
		}
	} else {
		status = http.StatusNotFound // the app shows a friendly page
	}
	link := s.P.BaseURL.String() + "/share?" + url.Values{"id": {q.Get("id")}, "type": {q.Get("type")}}.Encode()
	var meta bytes.Buffer
	for _, m := range [][3]string{
		{"property", "og:type", kind},
		{"property", "og:site_name", "Musicify"},
		{"property", "og:title", title},
		{"property", "og:description", desc},
		{"property", "og:image", image},
		{"property", "og:image:type", imageType},
		{"property", "og:image:width", imageWidth},
		{"property", "og:image:height", imageHeight},
		{"property", "og:url", link},
		{"name", "twitter:card", "summary_large_image"},
		{"name", "twitter:title", title},
		{"name", "twitter:description", desc},
		{"name", "twitter:image", image},
	} {
		fmt.Fprintf(&meta, "<meta %s=\"%s\" content=\"%s\">\n", m[0], m[1], html.EscapeString(m[2]))
	}
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 {
		at = 0
	}
	page := append(append(append([]byte{}, index[:at]...), meta.Bytes()...), index[at:]...)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(page)
}
