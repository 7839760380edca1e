package discovery

import (
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
)

// How many songs Recently played lists, unless the caller asks for fewer or more.
const (
	recentSongs    = 50
	recentMaxSongs = 200
)

// handleRecent is GET /api/me/recent?limit=: the songs the caller played,
// the latest listen first, each song once.
func (s *API) handleRecent(w http.ResponseWriter, r *http.Request) error {
	limit, err := platform.IntParam(r, "limit", 1, recentMaxSongs)
	if err != nil {
		return err
	}
	if limit == 0 {
		limit = recentSongs
	}
	if s.History == nil {
		platform.WriteJSON(w, http.StatusOK, []any{})
		return nil
	}
	ids, err := s.History.RecentlyPlayed(r.Context(), platform.UserOf(r).ID, limit)
	if err != nil {
		return err
	}
	return s.writeSongs(w, r, ids)
}
