package media

import (
	"io"
	"net/http"
	"strconv"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/media"
)

// handleRendition streams a song at a lower bitrate (?kbps=, one of
// catalog.Qualities): the stored rendition, or the one being made, which
// the first player hears as ffmpeg encodes it. The original is sent when
// it is already as light and browsers play it, and when no ffmpeg can
// make renditions.
func (s *API) handleRendition(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	kbps := views.DefaultQuality
	if q := r.URL.Query().Get("kbps"); q != "" {
		if kbps, err = strconv.Atoi(q); err != nil {
			kbps = 0
		}
	}
	if err := catalog.CheckQuality(kbps); err != nil {
		return err
	}
	light := song.Bitrate > 0 && song.Bitrate <= kbps*1000
	if s.Renditions == nil || (light && media.BrowserPlays(song.Format, song.Bitrate)) {
		return s.Files.Serve(w, r, delivery.Stored{Key: song.AudioKey, ContentType: media.MIME(song.Format),
			ETag: `"` + song.SHA256[:min(len(song.SHA256), 24)] + `-original"`, CacheControl: "private, no-cache"}, true)
	}
	rend, err := s.Renditions.Open(r.Context(), song, kbps)
	if err != nil {
		return err
	}
	if rend.Live == nil {
		return s.Files.Serve(w, r, delivery.Stored{Key: rend.Key, ContentType: rend.ContentType,
			ETag: `"` + song.SHA256[:min(len(song.SHA256), 24)] + "-" + strconv.Itoa(kbps) + `"`, CacheControl: "private, no-cache"}, true)
	}
	defer rend.Live.Close()
	// Its length is unknown until the end: no Content-Length, no Range.
	h := w.Header()
	h.Set("Content-Type", rend.ContentType)
	h.Set("Cache-Control", "no-store")
	h.Set("Accept-Ranges", "none")
	if r.Method == http.MethodHead {
		return nil
	}
	if _, err := io.Copy(flushing{w}, rend.Live); err != nil && r.Context().Err() == nil {
		// The status went out with the first bytes: all we can do is log.
		s.P.Logger.Error("streaming a rendition", "song", song.ID, "kbps", kbps, "err", err)
	}
	return nil
}

// flushing sends each piece as it comes, so the player starts at once.
type flushing struct{ w http.ResponseWriter }

func (f flushing) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if fl, ok := f.w.(http.Flusher); ok {
		fl.Flush()
	}
	return n, err
}
