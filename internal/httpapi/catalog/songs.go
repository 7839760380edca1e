package catalog

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

func (s *API) handleAllSongs(w http.ResponseWriter, r *http.Request) error {
	songs, err := s.Songs.Songs(r.Context())
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, views.SongsOf(songs, views.For(r, s.Media)))
	return nil
}

func (s *API) handleAllArtists(w http.ResponseWriter, r *http.Request) error {
	artists, err := s.Songs.Artists(r.Context())
	if err != nil {
		return err
	}
	out := make([]views.Artist, len(artists))
	for i, a := range artists {
		out[i] = views.ArtistOf(a)
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *API) handleArtist(w http.ResponseWriter, r *http.Request) error {
	// A name, or an artist's id: songs link their artist by id, since a
	// tagged "A feat. B" is no artist's name.
	a, err := s.Songs.Artist(r.Context(), r.PathValue("name"))
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		a, err = s.Albums.ArtistByID(r.Context(), r.PathValue("name"))
	}
	if err != nil {
		return err
	}
	songs, err := s.Songs.SongsByArtist(r.Context(), a.Name)
	if err != nil {
		return err
	}
	albums, err := s.Albums.Albums(r.Context(), musicify.AlbumQuery{ArtistID: a.ID, Sort: musicify.AlbumsYear, Desc: true, Limit: 500})
	if err != nil {
		return err
	}
	v, top := views.For(r, s.Media), musicify.MostPlayed(songs)
	platform.WriteJSON(w, http.StatusOK, struct {
		Artist views.Artist  `json:"artist"`
		Songs  []views.Song  `json:"songs"`
		Top    []views.Song  `json:"top"`
		Albums []views.Album `json:"albums"`
	}{views.ArtistOf(a), views.SongsOf(songs, v), views.SongsOf(top[:min(5, len(top))], v), views.AlbumsOf(albums)})
	return nil
}

// handleSong is a song's details: the song as lists show it, and what
// listening to it told (null until its analysis ran).
func (s *API) handleSong(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	out := songDetailsView{Song: views.SongOf(song, views.For(r, s.Media))}
	if s.Features != nil {
		f, err := s.Features.SongFeatures(r.Context(), song.ID)
		if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
			return err
		}
		out.Features = featuresOf(f)
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

// lookupMost bounds the songs one lookup reads: a whole queue.
const lookupMost = 1000

// handleLookup reads songs by id, in the order asked, leaving out those
// that are gone: a queue moving to another device arrives as ids.
func (s *API) handleLookup(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		IDs []string `json:"ids"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if len(in.IDs) > lookupMost {
		return musicify.Errorf(musicify.EINVALID, "Ask for at most %d songs at once.", lookupMost).In("ids")
	}
	songs, err := views.SongsByID(r.Context(), s.Songs, in.IDs, views.For(r, s.Media))
	if err != nil {
		return err
	}
	byID := make(map[string]views.Song, len(songs))
	for _, sg := range songs {
		byID[sg.ID] = sg
	}
	out := make([]views.Song, 0, len(in.IDs))
	for _, id := range in.IDs {
		if sg, ok := byID[id]; ok {
			out = append(out, sg)
		}
	}
	platform.WriteJSON(w, http.StatusOK, map[string]any{"songs": out})
	return nil
}

func (s *API) handleDeleteSong(w http.ResponseWriter, r *http.Request) error {
	if err := s.Catalog.Delete(r.Context(), platform.UserOf(r), r.PathValue("id")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleView counts a listen; the player sends it after 10 s of playing.
func (s *API) handleView(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Song string `json:"song"`
		// At (unix milliseconds) is when a listen queued offline was
		// played; none, or one ahead of the server's clock, is now.
		At int64 `json:"at"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.P.RateLimit(r.Context(), s.Listens, "listens", platform.UserOf(r).ID); err != nil {
		return err
	}
	var at time.Time
	if in.At > 0 {
		at = time.UnixMilli(in.At)
	}
	count, err := s.Catalog.CountView(r.Context(), platform.UserOf(r), in.Song, at)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string `json:"message"`
		Count   int64  `json:"count"`
	}{"success", count})
	return nil
}

// artistNameView is the name the caller's songs go under.
type artistNameView struct {
	Name string `json:"name"`
}

// handleOwnArtistName is GET /api/artist/name: the caller's artist name,
// their username until they choose one.
func (s *API) handleOwnArtistName(w http.ResponseWriter, r *http.Request) error {
	u := platform.UserOf(r)
	name, err := s.Songs.ArtistName(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if name == "" {
		name = u.Username
	}
	platform.WriteJSON(w, http.StatusOK, artistNameView{name})
	return nil
}

// handleSetArtistName is PUT /api/artist/name {name}.
func (s *API) handleSetArtistName(w http.ResponseWriter, r *http.Request) error {
	var in artistNameView
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	name, err := s.Catalog.SetArtistName(r.Context(), platform.UserOf(r), in.Name)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, artistNameView{name})
	return nil
}
