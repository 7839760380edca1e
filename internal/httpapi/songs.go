package httpapi

import (
	"net/http"
	"time"

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

func (s *Server) handleAllSongs(w http.ResponseWriter, r *http.Request) {
	songs, err := s.Songs.Songs(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, songsOf(songs, s.viewerOf(r)))
}

func (s *Server) handleAllArtists(w http.ResponseWriter, r *http.Request) {
	artists, err := s.Songs.Artists(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	views := make([]artistView, len(artists))
	for i, a := range artists {
		views[i] = artistOf(a)
	}
	writeJSON(w, http.StatusOK, views)
}

func (s *Server) handleArtist(w http.ResponseWriter, r *http.Request) {
	// A name, or an artist's id: songs link their artist by id, since a
	// tagged "A feat. B" is no artist's name.
	a, err := s.Songs.Artist(r.Context(), r.PathValue("name"))
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		a, err = s.Albums.ArtistByID(r.Context(), r.PathValue("name"))
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	songs, err := s.Songs.SongsByArtist(r.Context(), a.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	albums, err := s.Albums.Albums(r.Context(), musicify.AlbumQuery{ArtistID: a.ID, Sort: musicify.AlbumsYear, Desc: true, Limit: 500})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	v := s.viewerOf(r)
	writeJSON(w, http.StatusOK, struct {
		Artist artistView  `json:"artist"`
		Songs  []songView  `json:"songs"`
		Top    []songView  `json:"top"`
		Albums []albumView `json:"albums"`
	}{artistOf(a), songsOf(songs, v), songsOf(mostPlayed(songs, 5), v), albumsOf(albums)})
}

// handleSong is a song's details: the song as lists show it, and what
// listening to it told (null until its analysis ran).
func (s *Server) handleSong(w http.ResponseWriter, r *http.Request) {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := songDetailsView{songView: songOf(song, s.viewerOf(r))}
	if s.Features != nil {
		f, err := s.Features.SongFeatures(r.Context(), song.ID)
		if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
			s.writeError(w, r, err)
			return
		}
		out.Features = featuresOf(f)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleDeleteSong(w http.ResponseWriter, r *http.Request) {
	if err := s.Library.Delete(r.Context(), userOf(r), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

// handleView counts a listen; the player sends it after 10 s of playing.
func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Song string `json:"song"`
		// At (unix milliseconds) is when a listen queued offline was
		// played; none, or one ahead of the server's clock, is now.
		At int64 `json:"at"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.rateLimit(r.Context(), s.limits().listens, "listens", userOf(r).ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	var at time.Time
	if in.At > 0 {
		at = time.UnixMilli(in.At)
	}
	count, err := s.Library.CountView(r.Context(), userOf(r), in.Song, at)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Message string `json:"message"`
		Count   int64  `json:"count"`
	}{"success", count})
}

// artistNameView is the name the caller's songs go under.
type artistNameView struct {
	Name string `json:"name"`
}

// handleOwnArtistName is GET /api/artist/name: the caller's artist name,
// their username until they choose one.
func (s *Server) handleOwnArtistName(w http.ResponseWriter, r *http.Request) {
	u := userOf(r)
	name, err := s.Songs.ArtistName(r.Context(), u.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if name == "" {
		name = u.Username
	}
	writeJSON(w, http.StatusOK, artistNameView{name})
}

// handleSetArtistName is PUT /api/artist/name {name}.
func (s *Server) handleSetArtistName(w http.ResponseWriter, r *http.Request) {
	var in artistNameView
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	name, err := s.Library.SetArtistName(r.Context(), userOf(r), in.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, artistNameView{name})
}
