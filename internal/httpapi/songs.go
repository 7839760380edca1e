package httpapi

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// defaultCover is the image the web app ships for songs without a cover.
const defaultCover = "/default-cover.svg"

// songView is a song as the API shows it (docs/api.md, "Songs and artists").
type songView struct {
	ID         string    `json:"_id"`
	Song       string    `json:"song"`
	Artist     string    `json:"artist"`
	Audio      string    `json:"audio"`
	Download   string    `json:"download"`
	Cover      string    `json:"cover"`
	CoverSmall string    `json:"coverSmall"`
	Count      int64     `json:"count"`
	Duration   float64   `json:"duration"`
	Format     string    `json:"format"`
	Text       string    `json:"text"`
	Transcript string    `json:"transcript"`
	Loudness   *float64  `json:"loudness"`
	CreatedAt  time.Time `json:"createdAt"`
	Mine       bool      `json:"mine"`
	// Where the song belongs: its album and artist pages, its uploader's
	// profile ("" for the library's songs).
	ArtistID string `json:"artistId"`
	AlbumID  string `json:"albumId"`
	Album    string `json:"album"`
	Track    int    `json:"track"`
	Disc     int    `json:"disc"`
	Year     int    `json:"year"`
	Genre    string `json:"genre"`
	Uploader string `json:"uploader"`
	Missing  bool   `json:"missing"`
}

func songOf(s *musicify.Song, v *viewer) songView {
	audio := s.AudioKey
	if s.StreamKey != "" {
		audio = s.StreamKey
	}
	large, small := coverURLs(s.CoverKey)
	return songView{
		ID: s.ID, Song: s.Name, Artist: s.Artist, Audio: v.link(audio, "", "/media/"+mediaurl.Path(audio)),
		Download: v.link(s.AudioKey, s.Name+"."+media.Ext(s.Format), "/media/songs/"+s.ID+"/download"),
		Cover:    large, CoverSmall: small,
		Count: s.Count, Duration: s.Duration, Format: s.Format, Text: s.Text, Transcript: s.Transcript, Loudness: s.PlaybackLoudness(),
		CreatedAt: s.Created, Mine: v.is(s.UserID),
		ArtistID: s.ArtistID, AlbumID: s.AlbumID, Album: s.Album, Track: s.Track, Disc: s.Disc, Year: s.Year,
		Genre: s.Genre, Uploader: s.Uploader, Missing: s.Missing,
	}
}

// songsOf always makes a list, so an empty one is [] and not null.
func songsOf(list []*musicify.Song, viewer *viewer) []songView {
	out := make([]songView, len(list))
	for i, s := range list {
		out[i] = songOf(s, viewer)
	}
	return out
}

func coverURLs(key string) (large, small string) {
	if key == "" {
		return defaultCover, defaultCover
	}
	return "/media/" + key + "-640.jpg", "/media/" + key + "-160.jpg"
}

type artistView struct {
	ID         string `json:"_id"`
	Name       string `json:"name"`
	Cover      string `json:"cover"`
	CoverSmall string `json:"coverSmall"`
	Songs      int    `json:"songs"`
	Albums     int    `json:"albums"`
	// UserID is the uploader whose artist page this is, to follow; "" for
	// an artist of the library's tags.
	UserID string `json:"userId"`
	// Username is that uploader's, for their profile link; "" likewise.
	Username string `json:"username"`
}

func artistOf(a *musicify.Artist) artistView {
	large, small := coverURLs(a.CoverKey)
	return artistView{ID: a.ID, Name: a.Name, Cover: large, CoverSmall: small, Songs: a.Songs, Albums: a.Albums, UserID: a.UserID, Username: a.Username}
}

func (s *Server) handleAllSongs(w http.ResponseWriter, r *http.Request) error {
	songs, err := s.Songs.Songs(r.Context())
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, songsOf(songs, s.viewerOf(r)))
	return nil
}

func (s *Server) handleAllArtists(w http.ResponseWriter, r *http.Request) error {
	artists, err := s.Songs.Artists(r.Context())
	if err != nil {
		return err
	}
	views := make([]artistView, len(artists))
	for i, a := range artists {
		views[i] = artistOf(a)
	}
	platform.WriteJSON(w, http.StatusOK, views)
	return nil
}

func (s *Server) handleArtist(w http.ResponseWriter, r *http.Request) error {
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
	v := s.viewerOf(r)
	platform.WriteJSON(w, http.StatusOK, struct {
		Artist artistView  `json:"artist"`
		Songs  []songView  `json:"songs"`
		Top    []songView  `json:"top"`
		Albums []albumView `json:"albums"`
	}{artistOf(a), songsOf(songs, v), songsOf(mostPlayed(songs, 5), v), albumsOf(albums)})
	return nil
}

// handleSong is a song's details: the song as lists show it, and what
// listening to it told (null until its analysis ran).
func (s *Server) handleSong(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	out := songDetailsView{songView: songOf(song, s.viewerOf(r))}
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

func (s *Server) handleDeleteSong(w http.ResponseWriter, r *http.Request) error {
	if err := s.Library.Delete(r.Context(), platform.UserOf(r), r.PathValue("id")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleView counts a listen; the player sends it after 10 s of playing.
func (s *Server) handleView(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Song string `json:"song"`
		// At (unix milliseconds) is when a listen queued offline was
		// played; none, or one ahead of the server's clock, is now.
		At int64 `json:"at"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.rateLimit(r.Context(), s.limits().listens, "listens", platform.UserOf(r).ID); err != nil {
		return err
	}
	var at time.Time
	if in.At > 0 {
		at = time.UnixMilli(in.At)
	}
	count, err := s.Library.CountView(r.Context(), platform.UserOf(r), in.Song, at)
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
func (s *Server) handleOwnArtistName(w http.ResponseWriter, r *http.Request) error {
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
func (s *Server) handleSetArtistName(w http.ResponseWriter, r *http.Request) error {
	var in artistNameView
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	name, err := s.Library.SetArtistName(r.Context(), platform.UserOf(r), in.Name)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, artistNameView{name})
	return nil
}
