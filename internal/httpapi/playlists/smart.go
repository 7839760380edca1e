package playlists

import (
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
)

// smartRoutes are the smart playlists' routes: made from rules, their rules
// replaced, rules tried before saving, and what rules can say.
func (s *API) smartRoutes(mux *platform.Mux) {
	mux.User("GET /api/playlist/smart/fields", s.handleSmartFields)
	mux.User("POST /api/playlist/smart", s.handleCreateSmart)
	mux.User("POST /api/playlist/smart/preview", s.handlePreviewSmart)
	mux.User("PUT /api/playlist/{ref}/rules", s.handleSetRules)
}

type smartIn struct {
	// ID, in a preview, is the playlist being edited: its shuffle.
	ID          string               `json:"id"`
	Name        string               `json:"name"`
	Description string               `json:"description"`
	Rules       *musicify.SmartRules `json:"rules"`
}

func (s *API) handleCreateSmart(w http.ResponseWriter, r *http.Request) error {
	var in smartIn
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.Playlists.CreateSmart(r.Context(), platform.UserOf(r), in.Name, in.Description, in.Rules)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, playlistAnswer{"success", views.PlaylistOf(p, platform.UserOf(r))})
	return nil
}

func (s *API) handleSetRules(w http.ResponseWriter, r *http.Request) error {
	var in smartIn
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.Playlists.SetRules(r.Context(), platform.UserOf(r), r.PathValue("ref"), in.Rules)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, playlistAnswer{"success", views.PlaylistOf(p, platform.UserOf(r))})
	return nil
}

// handlePreviewSmart answers the editor as rules change: how many songs
// they match and the first of them.
func (s *API) handlePreviewSmart(w http.ResponseWriter, r *http.Request) error {
	var in smartIn
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	n, songs, err := s.Playlists.Preview(r.Context(), platform.UserOf(r), in.ID, in.Rules)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Count int          `json:"count"`
		Songs []views.Song `json:"songs"`
	}{n, views.SongsOf(songs, views.For(r, s.Media))})
	return nil
}

func (s *API) handleSmartFields(w http.ResponseWriter, _ *http.Request) error {
	platform.WriteJSON(w, http.StatusOK, struct {
		Fields    []playlists.Field   `json:"fields"`
		Operators map[string][]string `json:"operators"`
		MaxDepth  int                 `json:"maxDepth"`
		MaxLimit  int                 `json:"maxLimit"`
	}{playlists.Fields, playlists.Operators, playlists.MaxDepth, musicify.SmartSongsMax})
	return nil
}
