package discovery

import (
	"context"
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
)

// How many items each list shows.
const (
	recommendSongs   = 20
	recommendArtists = 10
	similarSongs     = 12
	topSongs         = 50
	radioSongs       = 25
	radioMaxSongs    = 100
)

// writeSongs answers with the songs of ids.
func (s *API) writeSongs(w http.ResponseWriter, r *http.Request, ids []string) error {
	songs, err := views.SongsByID(r.Context(), s.Songs, ids, views.For(r, s.Media))
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, songs)
	return nil
}

// handleRecommendSongs is GET /recommend/all: songs for you,
// each with the reason it is there. One of them explores.
func (s *API) handleRecommendSongs(w http.ResponseWriter, r *http.Request) error {
	out, err := s.explained(r.Context(), s.Recommender.ForUserExplained(platform.UserOf(r).ID, recommendSongs, recommend.Options{Explore: true}), views.For(r, s.Media))
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

// handleRecommendArtists is GET /recommend/artist: artists for you.
func (s *API) handleRecommendArtists(w http.ResponseWriter, r *http.Request) error {
	out := []views.Artist{}
	for _, name := range s.Recommender.Artists(platform.UserOf(r).ID, recommendArtists) {
		if a, err := s.Songs.Artist(r.Context(), name); err == nil {
			out = append(out, views.ArtistOf(a))
		}
	}
	platform.WriteJSON(w, http.StatusOK, out) // ten small queries: artists are few
	return nil
}

// handleTopSongs is GET /recommend/top: the most listened songs, recent
// listens weighing more.
func (s *API) handleTopSongs(w http.ResponseWriter, r *http.Request) error {
	return s.writeSongs(w, r, s.Recommender.Top(topSongs))
}

// handleSimilarSongs is 'More like this' for a song.
func (s *API) handleSimilarSongs(w http.ResponseWriter, r *http.Request) error {
	songs, err := s.Like.Songs(r.Context(), []string{r.PathValue("id")}, similarSongs)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, views.SongsOf(songs, views.For(r, s.Media)))
	return nil
}

// handleSongRadio is GET /recommend/radio/{id}?limit=: a queue from a song
// through songs like it, each near the one before in tempo, energy and sound.
func (s *API) handleSongRadio(w http.ResponseWriter, r *http.Request) error {
	seed, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	limit, err := platform.IntParam(r, "limit", 1, radioMaxSongs)
	if err != nil {
		return err
	}
	if limit == 0 {
		limit = radioSongs
	}
	queue, err := s.Like.Radio(r.Context(), seed.ID, limit)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, views.SongsOf(queue, views.For(r, s.Media)))
	return nil
}

// handleRecommendCreate is POST /recommend/create {song, artist}:
// a sign of interest. song is a song id, or a name with its artist.
func (s *API) handleRecommendCreate(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Song   string `json:"song"`
		Artist string `json:"artist"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	id, err := s.songRef(r.Context(), in.Song, in.Artist)
	if err != nil {
		return err
	}
	if err := s.Interests.AddInterest(r.Context(), platform.UserOf(r).ID, id, s.P.Time()); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// songRef finds a song by id, or by name among an artist's songs.
func (s *API) songRef(ctx context.Context, song, artist string) (string, error) {
	if song == "" {
		return "", musicify.Errorf(musicify.EINVALID, "Please say which song (song).")
	}
	if _, err := s.Songs.Song(ctx, song); err == nil {
		return song, nil
	}
	if artist != "" {
		list, err := s.Songs.SongsByArtist(ctx, artist)
		if err != nil {
			return "", err
		}
		for _, x := range list {
			if x.Name == song {
				return x.ID, nil
			}
		}
	}
	return "", musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
}
