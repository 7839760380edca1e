package subsonic

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

func (s *Server) ping(http.ResponseWriter, *request) (*response, error) { return s.newResponse(), nil }

func (s *Server) getLicense(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.License = &license{Valid: true}
	return res, nil
}

// extensions are the OpenSubsonic extensions served, each checked against
// the code: apiKeyAuthentication (auth.go, tokenInfo), formPost (protocol.go),
// songLyrics (getLyricsBySongId), transcodeOffset (stream's timeOffset),
// indexBasedQueue (queue.go). Not advertised, because not served:
// getPodcastEpisode (no podcasts), transcoding (getTranscodeDecision).
var extensions = []extension{
	{Name: "apiKeyAuthentication", Versions: []int{1}},
	{Name: "formPost", Versions: []int{1}},
	{Name: "indexBasedQueue", Versions: []int{1}},
	{Name: "songLyrics", Versions: []int{1}},
	{Name: "transcodeOffset", Versions: []int{1}},
}

func (s *Server) getOpenSubsonicExtensions(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.OpenSubsonicExtensions = extensions
	return res, nil
}

// The whole catalog is one music folder: library folders and uploads
// together, as the web app shows them.
func (s *Server) getMusicFolders(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.MusicFolders = &musicFolders{MusicFolder: []musicFolder{{ID: 1, Name: "Music"}}}
	return res, nil
}

func (s *Server) artistsByLetter(q *request) ([]string, map[string][]*musicify.Artist, *annotations, error) {
	list, err := s.Songs.Artists(q.ctx())
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, nil, nil, err
	}
	letters, by := s.index(list)
	return letters, by, a, nil
}

func (s *Server) getIndexes(_ http.ResponseWriter, q *request) (*response, error) {
	letters, by, a, err := s.artistsByLetter(q)
	if err != nil {
		return nil, err
	}
	changed, err := s.indexChanged(q)
	if err != nil {
		return nil, err
	}
	out := &indexes{LastModified: changed.UnixMilli(), IgnoredArticles: s.ignoredArticles()}
	// An app that has the index since its last change gets no artists
	// again (ifModifiedSince, in ms).
	since, err := strconv.ParseInt(q.str("ifModifiedSince"), 10, 64)
	if err == nil && since >= out.LastModified {
		letters = nil
	}
	for _, l := range letters {
		ix := index{Name: l}
		for _, ar := range by[l] {
			ix.Artist = append(ix.Artist, folderArtist(ar, a))
		}
		out.Index = append(out.Index, ix)
	}
	res := s.newResponse()
	res.Indexes = out
	return res, nil
}

func (s *Server) getArtists(_ http.ResponseWriter, q *request) (*response, error) {
	letters, by, a, err := s.artistsByLetter(q)
	if err != nil {
		return nil, err
	}
	out := &artistsID3{IgnoredArticles: s.ignoredArticles()}
	for _, l := range letters {
		ix := indexID3{Name: l}
		for _, ar := range by[l] {
			ix.Artist = append(ix.Artist, artistOf(ar, a))
		}
		out.Index = append(out.Index, ix)
	}
	res := s.newResponse()
	res.Artists = out
	return res, nil
}

// indexChanged is when the artists last changed, as far as the server
// can tell cheaply: the newest album's arrival, or the end of a library
// scan that changed something. It must not move between two calls that
// see the same library, or apps reload their whole index every time.
func (s *Server) indexChanged(q *request) (time.Time, error) {
	var at time.Time
	newest, err := s.Albums.Albums(q.ctx(), musicify.AlbumQuery{Limit: 1})
	if err != nil {
		return at, err
	}
	if len(newest) > 0 {
		at = newest[0].Created
	}
	if s.Scanner != nil {
		st := s.Scanner.Status()
		if st.Added+st.Updated+st.Removed > 0 && st.Finished.After(at) {
			at = st.Finished
		}
	}
	return at, nil
}

// artistAlbums are an artist's albums, oldest first.
func (s *Server) artistAlbums(q *request, id string) ([]*musicify.Album, error) {
	return s.Albums.Albums(q.ctx(), musicify.AlbumQuery{ArtistID: id, Sort: musicify.AlbumsYear, Limit: 500})
}

// getMusicDirectory browses artist -> albums -> songs, by the ids of
// getIndexes and of the directories it returns.
func (s *Server) getMusicDirectory(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	res := s.newResponse()
	switch {
	case strings.HasPrefix(id, artistPrefix):
		ar, err := s.Albums.ArtistByID(q.ctx(), bareID(id, artistPrefix))
		if err != nil {
			return nil, err
		}
		albums, err := s.artistAlbums(q, ar.ID)
		if err != nil {
			return nil, err
		}
		res.Directory = &directory{ID: id, Name: ar.Name, Starred: a.star(musicify.StarArtist, ar.ID), Child: albumDirs(albums, a)}
	case strings.HasPrefix(id, albumPrefix):
		al, list, err := s.albumWithSongs(q, bareID(id, albumPrefix))
		if err != nil {
			return nil, err
		}
		res.Directory = &directory{ID: id, Parent: artistID(al.ArtistID), Name: al.Name, PlayCount: al.Plays,
			Starred: a.star(musicify.StarAlbum, al.ID), Child: songChildren(list, a)}
	default:
		return nil, notFound("There is no directory " + id + ": directories are artists (ar-…) and albums (al-…).")
	}
	return res, nil
}

func (s *Server) getArtist(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	ar, err := s.Albums.ArtistByID(q.ctx(), bareID(id, artistPrefix))
	if err != nil {
		return nil, err
	}
	albums, err := s.artistAlbums(q, ar.ID)
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := artistWithAlbums{artistID3: artistOf(ar, a), Album: albumsOf(albums, a)}
	if out.Album == nil {
		out.Album = []albumID3{}
	}
	res := s.newResponse()
	res.Artist = &out
	return res, nil
}

func (s *Server) albumWithSongs(q *request, id string) (*musicify.Album, []*musicify.Song, error) {
	al, err := s.Albums.Album(q.ctx(), id)
	if err != nil {
		return nil, nil, err
	}
	list, err := s.Albums.AlbumSongs(q.ctx(), al.ID)
	return al, list, err
}

func (s *Server) getAlbum(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	al, list, err := s.albumWithSongs(q, bareID(id, albumPrefix))
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := albumOf(al, a)
	out.Song = songChildren(list, a)
	res := s.newResponse()
	res.Album = &out
	return res, nil
}

// song finds a song that is still in the library.
func (s *Server) song(q *request, id string) (*musicify.Song, error) {
	song, err := s.Songs.Song(q.ctx(), id)
	if err != nil {
		return nil, err
	}
	if song.Missing {
		return nil, notFound("This song's file is gone from the library.")
	}
	return song, nil
}

func (s *Server) getSong(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	song, err := s.song(q, id)
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	c := songChild(song, a)
	res := s.newResponse()
	res.Song = &c
	return res, nil
}

func (s *Server) getGenres(_ http.ResponseWriter, q *request) (*response, error) {
	list, err := s.Albums.Genres(q.ctx())
	if err != nil {
		return nil, err
	}
	out := &genres{}
	for _, g := range list {
		out.Genre = append(out.Genre, genre{Name: g.Name, SongCount: g.Songs, AlbumCount: g.Albums})
	}
	res := s.newResponse()
	res.Genres = out
	return res, nil
}
