package playlists

import (
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// playlistRef is how calls name a playlist: by id, or by the caller's own name.
type playlistRef struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Songs string `json:"songs"`
	Song  string `json:"song"`
}

func (r playlistRef) ref() string {
	if r.ID != "" {
		return r.ID
	}
	return r.Name
}

type playlistAnswer struct {
	Message  string         `json:"message"`
	Playlist views.Playlist `json:"playlist"`
}

func (s *API) handleCreatePlaylist(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.Playlists.Create(r.Context(), platform.UserOf(r), in.Name, in.Description)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, playlistAnswer{"success", views.PlaylistOf(p, platform.UserOf(r))})
	return nil
}

func (s *API) handleMyPlaylists(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Playlists.Mine(r.Context(), platform.UserOf(r))
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, views.PlaylistsOf(list, platform.UserOf(r)))
	return nil
}

// handlePlaylist answers the original client's shape: an array whose
// first item has the songs, name and cover.
func (s *API) handlePlaylist(w http.ResponseWriter, r *http.Request) error {
	p, err := s.Playlists.Find(r.Context(), platform.UserOf(r), r.PathValue("ref"))
	if err != nil {
		return err
	}
	songs, err := s.Playlists.Songs(r.Context(), p)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, []views.PlaylistDetail{{Playlist: views.PlaylistOf(p, platform.UserOf(r)), Songs: views.SongsOf(songs, views.For(r, s.Media))}})
	return nil
}

// handleUpdatePlaylist changes the name and/or description; a field left
// out stays as it is.
func (s *API) handleUpdatePlaylist(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name        *string `json:"name"`
		Description *string `json:"description"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.Playlists.Update(r.Context(), platform.UserOf(r), r.PathValue("ref"),
		musicify.PlaylistEdit{Name: in.Name, Description: in.Description})
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, playlistAnswer{"success", views.PlaylistOf(p, platform.UserOf(r))})
	return nil
}

func (s *API) handleDeletePlaylist(w http.ResponseWriter, r *http.Request) error {
	if err := s.Playlists.Delete(r.Context(), platform.UserOf(r), r.PathValue("ref")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handlePlaylistCover takes multipart id (or name) and cover.
func (s *API) handlePlaylistCover(w http.ResponseWriter, r *http.Request) error {
	f, cover, err := s.P.ReadCoverForm(w, r, "id", "name")
	if err != nil {
		return err
	}
	defer f.Remove()
	ref := playlistRef{ID: f.Fields["id"], Name: f.Fields["name"]}.ref()
	p, err := s.Playlists.SetCover(r.Context(), platform.UserOf(r), ref, cover.Path)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, playlistAnswer{"success", views.PlaylistOf(p, platform.UserOf(r))})
	return nil
}

// handleAddToPlaylist is PUT /playlist/add {name or id, songs} and
// POST /playlist/{ref} {song}.
func (s *API) handleAddToPlaylist(w http.ResponseWriter, r *http.Request) error {
	var in playlistRef
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ref, song := in.ref(), in.Songs
	if r.PathValue("ref") != "" {
		ref = r.PathValue("ref")
	}
	if song == "" {
		song = in.Song
	}
	p, err := s.Playlists.Add(r.Context(), platform.UserOf(r), ref, song)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, playlistAnswer{"success", views.PlaylistOf(p, platform.UserOf(r))})
	return nil
}

func (s *API) handleRemoveFromPlaylist(w http.ResponseWriter, r *http.Request) error {
	if err := s.Playlists.Remove(r.Context(), platform.UserOf(r), r.PathValue("ref"), r.PathValue("song")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

func (s *API) handleReorderPlaylist(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Songs []string `json:"songs"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Playlists.Reorder(r.Context(), platform.UserOf(r), r.PathValue("ref"), in.Songs); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleSearchPlaylists finds the caller's playlists by name.
func (s *API) handleSearchPlaylists(w http.ResponseWriter, r *http.Request) error {
	var in playlistRef
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	list, err := s.Playlists.Search(r.Context(), platform.UserOf(r), in.Name)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string           `json:"message"`
		Result  []views.Playlist `json:"result"`
	}{"success", views.PlaylistsOf(list, platform.UserOf(r))})
	return nil
}
