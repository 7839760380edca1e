package media

import (
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// handleSignedMedia serves a blob named by a signed URL. The signature is
// the whole check, so a Range request asks no database anything.
func (s *API) handleSignedMedia(w http.ResponseWriter, r *http.Request) error {
	kind, file := r.PathValue("kind"), r.PathValue("file")
	key := kind + "/" + r.PathValue("id") + "/" + file
	if s.Media == nil || (kind != "songs" && kind != "radio" && kind != "lib") {
		return musicify.Errorf(musicify.ENOTFOUND, "There is no such media.")
	}
	c, err := s.Media.Verify(key, r.URL.Query())
	if err != nil {
		// A well-signed URL that expired or outlived its session: a caller
		// with a session cookie (a player left open for hours, a new login)
		// goes on at the session-checked URL, which asks the database.
		if c.Key != "" && hasCookie(r, platform.SessionCookie) {
			w.Header().Set("Cache-Control", "private, no-store")
			http.Redirect(w, r, sessionPath(kind, r.PathValue("id"), c), http.StatusFound)
			return nil
		}
		return err
	}
	if c.Name != "" {
		w.Header().Set("Content-Disposition", delivery.Attachment(c.Name))
	}
	cache := fmt.Sprintf("private, max-age=%d", max(c.Expires-s.P.Time().Unix(), 0))
	return s.Files.Serve(w, r, delivery.Stored{Key: key, ContentType: media.MIME(strings.TrimPrefix(path.Ext(file), ".")), CacheControl: cache}, true)
}

// sessionPath is the session-checked URL of the same media.
func sessionPath(kind, id string, c mediaurl.Claims) string {
	if c.Name != "" {
		return "/media/songs/" + id + "/download"
	}
	return "/media/" + mediaurl.Path(c.Key)
}

func hasCookie(r *http.Request, name string) bool {
	_, err := r.Cookie(name)
	return err == nil
}
