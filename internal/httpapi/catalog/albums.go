package catalog

import (
	"net/http"
	"strconv"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// albumSorts are the sorts the Albums view offers.
var albumSorts = map[string]bool{musicify.AlbumsRecent: true, musicify.AlbumsName: true, musicify.AlbumsYear: true,
	musicify.AlbumsPlays: true, musicify.AlbumsArtist: true, musicify.AlbumsRandom: true}

// handleAlbums lists albums: ?sort=recent|name|artist|year|plays|random,
// ?genre=, ?decade=1990, ?offset= and ?limit= (at most 500).
func (s *API) handleAlbums(w http.ResponseWriter, r *http.Request) error {
	q := musicify.AlbumQuery{Sort: r.URL.Query().Get("sort"), Genre: r.URL.Query().Get("genre")}
	if q.Sort == "" {
		q.Sort = musicify.AlbumsRecent
	}
	if !albumSorts[q.Sort] {
		return musicify.Errorf(musicify.EINVALID, "Albums sort by recent, name, artist, year, plays or random.")
	}
	var err error
	if q.Offset, err = platform.IntParam(r, "offset", 0, 1<<30); err == nil {
		q.Limit, err = platform.IntParam(r, "limit", 1, 500)
	}
	if err != nil {
		return err
	}
	if d := r.URL.Query().Get("decade"); d != "" {
		decade, err := strconv.Atoi(d)
		if err != nil || decade < 1000 || decade > 3000 || decade%10 != 0 {
			return musicify.Errorf(musicify.EINVALID, "A decade is a year ending in 0, such as 1990.")
		}
		q.FromYear, q.ToYear = decade, decade+9
	}
	albums, err := s.Albums.Albums(r.Context(), q)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Albums []views.Album `json:"albums"`
	}{views.AlbumsOf(albums)})
	return nil
}

func (s *API) handleAlbum(w http.ResponseWriter, r *http.Request) error {
	a, err := s.Albums.Album(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	songs, err := s.Albums.AlbumSongs(r.Context(), a.ID)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Album views.Album  `json:"album"`
		Songs []views.Song `json:"songs"`
	}{views.AlbumOf(a), views.SongsOf(songs, views.For(r, s.Media))})
	return nil
}

type genreView struct {
	Name   string `json:"name"`
	Songs  int    `json:"songs"`
	Albums int    `json:"albums"`
}

func (s *API) handleGenres(w http.ResponseWriter, r *http.Request) error {
	genres, err := s.Albums.Genres(r.Context())
	if err != nil {
		return err
	}
	out := make([]genreView, len(genres))
	for i, g := range genres {
		out[i] = genreView{Name: g.Name, Songs: g.Songs, Albums: g.Albums}
	}
	decades, err := s.Albums.Decades(r.Context())
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Genres  []genreView `json:"genres"`
		Decades []int       `json:"decades"`
	}{out, decades})
	return nil
}

// handleGenreSongs pages through a genre's songs: ?offset= and ?limit=
// (at most 500, 100 when not given).
func (s *API) handleGenreSongs(w http.ResponseWriter, r *http.Request) error {
	offset, err := platform.IntParam(r, "offset", 0, 1<<30)
	if err != nil {
		return err
	}
	limit, err := platform.IntParam(r, "limit", 1, 500)
	if err != nil {
		return err
	}
	if limit == 0 {
		limit = 100
	}
	songs, err := s.Albums.SongsByGenre(r.Context(), r.PathValue("name"), offset, limit)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Songs []views.Song `json:"songs"`
	}{views.SongsOf(songs, views.For(r, s.Media))})
	return nil
}
