package httpapi

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// spa serves the built web app: hashed assets cached forever, any other
// file revalidated, and index.html for every client-side route.
func (s *Server) spa() http.Handler {
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
		if name == "" || name == "index.html" {
			s.serveIndex(w, r)
			return
		}
		if info, err := fs.Stat(s.Web, name); err == nil && !info.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			http.ServeFileFS(w, r, s.Web, name)
			return
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			s.Logger.Error("reading web file", "name", name, "err", err)
		}
		// A path with an extension is a missing file, not an app route.
		if path.Ext(name) != "" {
			http.NotFound(w, r)
			return
		}
		s.serveIndex(w, r)
	})
}

func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	index, err := fs.ReadFile(s.Web, "index.html")
	if err != nil {
		http.Error(w, "The web app is not built. Run `make build`.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(index)
}
