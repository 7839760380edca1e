package httpapi

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// playlistView is a playlist as the API shows it; the original client
// reads both _id and id.
type playlistView struct {
	ID         string    `json:"_id"`
	IDAlias    string    `json:"id"`
	Name       string    `json:"name"`
	Cover      string    `json:"cover"`
	CoverSmall string    `json:"coverSmall"`
	Owner      string    `json:"owner"`
	Mine       bool      `json:"mine"`
	Count      int       `json:"count"`
	CreatedAt  time.Time `json:"createdAt"`
	// Mosaic is the small covers of its first songs (up to four distinct),
	// the picture of a playlist without a cover of its own; [] once it has one.
	Mosaic []string `json:"mosaic"`
}

// playlistDetail is a playlist with its songs, always a list.
type playlistDetail struct {
	playlistView
	Songs []songView `json:"songs"`
}

func playlistOf(p *musicify.Playlist, viewer *musicify.User) playlistView {
	large, small := coverURLs(p.CoverKey)
	mosaic := []string{}
	if p.CoverKey == "" {
		for _, key := range p.Mosaic {
			_, tile := coverURLs(key)
			mosaic = append(mosaic, tile)
		}
	}
	return playlistView{ID: p.ID, IDAlias: p.ID, Name: p.Name, Cover: large, CoverSmall: small, Owner: p.Owner,
		Mine: viewer != nil && viewer.ID == p.UserID, Count: p.Songs, CreatedAt: p.Created, Mosaic: mosaic}
}

func playlistsOf(list []*musicify.Playlist, viewer *musicify.User) []playlistView {
	out := make([]playlistView, len(list))
	for i, p := range list {
		out[i] = playlistOf(p, viewer)
	}
	return out
}

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
	Message  string       `json:"message"`
	Playlist playlistView `json:"playlist"`
}

func (s *Server) handleCreatePlaylist(w http.ResponseWriter, r *http.Request) {
	var in playlistRef
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.Playlists.Create(r.Context(), userOf(r), in.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playlistAnswer{"success", playlistOf(p, userOf(r))})
}

func (s *Server) handleMyPlaylists(w http.ResponseWriter, r *http.Request) {
	list, err := s.Playlists.Mine(r.Context(), userOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playlistsOf(list, userOf(r)))
}

// handlePlaylist answers the original client's shape: an array whose
// first item has the songs, name and cover.
func (s *Server) handlePlaylist(w http.ResponseWriter, r *http.Request) {
	p, err := s.Playlists.Find(r.Context(), userOf(r), r.PathValue("ref"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	songs, err := s.Playlists.Songs(r.Context(), p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, []playlistDetail{{playlistOf(p, userOf(r)), songsOf(songs, s.viewerOf(r))}})
}

func (s *Server) handleRenamePlaylist(w http.ResponseWriter, r *http.Request) {
	var in playlistRef
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.Playlists.Rename(r.Context(), userOf(r), r.PathValue("ref"), in.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playlistAnswer{"success", playlistOf(p, userOf(r))})
}

func (s *Server) handleDeletePlaylist(w http.ResponseWriter, r *http.Request) {
	if err := s.Playlists.Delete(r.Context(), userOf(r), r.PathValue("ref")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

// handlePlaylistCover takes multipart id (or name) and cover.
func (s *Server) handlePlaylistCover(w http.ResponseWriter, r *http.Request) {
	f, cover := s.readCoverForm(w, r, "id", "name")
	if f == nil {
		return
	}
	defer f.remove()
	ref := playlistRef{ID: f.fields["id"], Name: f.fields["name"]}.ref()
	p, err := s.Playlists.SetCover(r.Context(), userOf(r), ref, cover.path)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playlistAnswer{"success", playlistOf(p, userOf(r))})
}

// handleAddToPlaylist is PUT /playlist/add {name or id, songs} and
// POST /playlist/{ref} {song}.
func (s *Server) handleAddToPlaylist(w http.ResponseWriter, r *http.Request) {
	var in playlistRef
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	ref, song := in.ref(), in.Songs
	if r.PathValue("ref") != "" {
		ref = r.PathValue("ref")
	}
	if song == "" {
		song = in.Song
	}
	p, err := s.Playlists.Add(r.Context(), userOf(r), ref, song)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, playlistAnswer{"success", playlistOf(p, userOf(r))})
}

func (s *Server) handleRemoveFromPlaylist(w http.ResponseWriter, r *http.Request) {
	if err := s.Playlists.Remove(r.Context(), userOf(r), r.PathValue("ref"), r.PathValue("song")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

func (s *Server) handleReorderPlaylist(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Songs []string `json:"songs"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.Playlists.Reorder(r.Context(), userOf(r), r.PathValue("ref"), in.Songs); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

// handleSearchPlaylists finds the caller's playlists by name.
func (s *Server) handleSearchPlaylists(w http.ResponseWriter, r *http.Request) {
	var in playlistRef
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.Playlists.Search(r.Context(), userOf(r), in.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Message string         `json:"message"`
		Result  []playlistView `json:"result"`
	}{"success", playlistsOf(list, userOf(r))})
}
