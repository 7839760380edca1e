package catalog

import (
	"net/http"
	"strings"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/lrc"
)

// lyricLineView is one timed line; Text "" is an instrumental gap.
type lyricLineView struct {
	StartMs int64  `json:"start_ms"`
	Text    string `json:"text"`
}

// lyricsView is a song's words: the timed lines when its lyrics came as
// LRC, and the plain text. A song without lyrics has both empty.
type lyricsView struct {
	Synced []lyricLineView `json:"synced"`
	Plain  string          `json:"plain"`
}

// handleLyrics is GET /api/songs/{id}/lyrics, for the now-playing view.
func (s *API) handleLyrics(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	out := lyricsView{Synced: []lyricLineView{}, Plain: strings.TrimSpace(song.Text)}
	for _, l := range lrc.Parse(song.SyncedLyrics) {
		out.Synced = append(out.Synced, lyricLineView{StartMs: l.StartMs, Text: l.Text})
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}
