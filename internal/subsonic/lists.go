package subsonic

import (
	"net/http"
	"sort"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// albumPage answers getAlbumList and getAlbumList2: a page of albums of a type.
func (s *Server) albumPage(q *request) ([]*musicify.Album, *annotations, error) {
	typ, err := q.required("type")
	if err != nil {
		return nil, nil, err
	}
	size, err := q.count("size", 10, 500)
	if err != nil {
		return nil, nil, err
	}
	offset, err := q.count("offset", 0, 1<<30)
	if err != nil {
		return nil, nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, nil, err
	}
	if size == 0 {
		return []*musicify.Album{}, a, nil
	}
	aq := musicify.AlbumQuery{Offset: offset, Limit: size}
	switch typ {
	case "random":
		aq.Sort = musicify.AlbumsRandom
	case "newest":
		aq.Sort = musicify.AlbumsRecent
	case "frequent", "recent":
		// The caller's own plays, as Subsonic lists them: only albums they
		// played, by their last play or by how often.
		ids, err := s.Store.PlayedAlbums(q.ctx(), q.user.ID, typ == "frequent", offset, size)
		if err != nil {
			return nil, nil, err
		}
		list, err := s.Albums.AlbumsByIDs(q.ctx(), ids)
		return list, a, err
	case "alphabeticalByName":
		aq.Sort = musicify.AlbumsName
	case "alphabeticalByArtist":
		aq.Sort = musicify.AlbumsArtist
	case "byYear":
		from, err1 := q.int("fromYear", -1)
		to, err2 := q.int("toYear", -1)
		if err := firstErr(err1, err2); err != nil {
			return nil, nil, err
		}
		if from < 0 || to < 0 {
			return nil, nil, missing("fromYear and toYear")
		}
		aq.Sort, aq.FromYear, aq.ToYear = musicify.AlbumsYear, from, to
		if from > to { // newest first, as the spec has it
			aq.FromYear, aq.ToYear, aq.Desc = to, from, true
		}
	case "byGenre":
		if aq.Genre, err = q.required("genre"); err != nil {
			return nil, nil, err
		}
		aq.Sort = musicify.AlbumsName
	case "starred", "highest":
		list, err := s.annotatedAlbums(q, a, typ == "highest")
		if err != nil {
			return nil, nil, err
		}
		return page(list, offset, size), a, nil
	default:
		return nil, nil, &apiError{Code: errGeneric, Message: "Unknown list type " + typ + ": use random, newest, highest, frequent, recent, alphabeticalByName, alphabeticalByArtist, starred, byYear or byGenre."}
	}
	list, err := s.Albums.Albums(q.ctx(), aq)
	return list, a, err
}

// annotatedAlbums are the caller's starred albums (latest first) or rated
// ones (best first).
func (s *Server) annotatedAlbums(q *request, a *annotations, rated bool) ([]*musicify.Album, error) {
	var ids []string
	if rated {
		for id := range a.ratings {
			ids = append(ids, id)
		}
		sort.Slice(ids, func(i, j int) bool {
			ri, rj := a.ratings[ids[i]], a.ratings[ids[j]]
			return ri > rj || ri == rj && ids[i] < ids[j]
		})
	} else {
		for _, st := range a.stars {
			if st.Kind == musicify.StarAlbum {
				ids = append(ids, st.ItemID)
			}
		}
	}
	var out []*musicify.Album
	for _, id := range ids {
		if al, err := s.Albums.Album(q.ctx(), id); err == nil {
			out = append(out, al) // a rated song or artist is not an album: skipped
		} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
			return nil, err
		}
	}
	return out, nil
}

func page[T any](list []T, offset, size int) []T {
	if offset >= len(list) {
		return []T{}
	}
	return list[offset:min(offset+size, len(list))]
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Server) getAlbumList(_ http.ResponseWriter, q *request) (*response, error) {
	list, a, err := s.albumPage(q)
	if err != nil {
		return nil, err
	}
	res := s.newResponse()
	res.AlbumList = &albumList{Album: albumDirs(list, a)}
	return res, nil
}

func (s *Server) getAlbumList2(_ http.ResponseWriter, q *request) (*response, error) {
	list, a, err := s.albumPage(q)
	if err != nil {
		return nil, err
	}
	res := s.newResponse()
	res.AlbumList2 = &albumList2{Album: albumsOf(list, a)}
	return res, nil
}

func (s *Server) getRandomSongs(_ http.ResponseWriter, q *request) (*response, error) {
	size, err1 := q.count("size", 10, 500)
	from, err2 := q.int("fromYear", 0)
	to, err3 := q.int("toYear", 0)
	if err := firstErr(err1, err2, err3); err != nil {
		return nil, err
	}
	list, err := s.Albums.RandomSongs(q.ctx(), musicify.RandomQuery{Size: size, Genre: q.str("genre"), FromYear: from, ToYear: to})
	if err != nil {
		return nil, err
	}
	return s.songList(q, list, func(res *response, c []child) { res.RandomSongs = &songs{Song: c} })
}

// songList answers with songs, put in place by set.
func (s *Server) songList(q *request, list []*musicify.Song, set func(*response, []child)) (*response, error) {
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	res := s.newResponse()
	set(res, songChildren(list, a))
	return res, nil
}

func (s *Server) getSongsByGenre(_ http.ResponseWriter, q *request) (*response, error) {
	g, err := q.required("genre")
	if err != nil {
		return nil, err
	}
	count, err1 := q.count("count", 10, 500)
	offset, err2 := q.count("offset", 0, 1<<30)
	if err := firstErr(err1, err2); err != nil {
		return nil, err
	}
	var list []*musicify.Song
	if count > 0 {
		if list, err = s.Albums.SongsByGenre(q.ctx(), g, offset, count); err != nil {
			return nil, err
		}
	}
	return s.songList(q, list, func(res *response, c []child) { res.SongsByGenre = &songs{Song: c} })
}

// artistSongs are the songs of an artist's albums, most played first.
func (s *Server) artistSongs(q *request, ar *musicify.Artist) ([]*musicify.Song, error) {
	albums, err := s.artistAlbums(q, ar.ID)
	if err != nil {
		return nil, err
	}
	var out []*musicify.Song
	for _, al := range albums {
		list, err := s.Albums.AlbumSongs(q.ctx(), al.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, list...)
	}
	return musicify.MostPlayed(out), nil
}

// getTopSongs is an artist's most played songs; an unknown artist has none.
func (s *Server) getTopSongs(_ http.ResponseWriter, q *request) (*response, error) {
	name, err := q.required("artist")
	if err != nil {
		return nil, err
	}
	count, err := q.count("count", 50, 500)
	if err != nil {
		return nil, err
	}
	var list []*musicify.Song
	ar, err := s.Songs.Artist(q.ctx(), name)
	switch {
	case err == nil:
		if list, err = s.artistSongs(q, ar); err != nil {
			return nil, err
		}
	case musicify.ErrorCode(err) != musicify.ENOTFOUND:
		return nil, err
	}
	return s.songList(q, page(list, 0, count), func(res *response, c []child) { res.TopSongs = &songs{Song: c} })
}

// getSimilarSongs2 lists the songs like a song, or like an artist's five
// most played songs or an album's first five, as the web and the
// assistant list them.
func (s *Server) getSimilarSongs2(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	count, err := q.count("count", 50, 500)
	if err != nil {
		return nil, err
	}
	var seeds []*musicify.Song
	switch {
	case strings.HasPrefix(id, artistPrefix):
		ar, err := s.Albums.ArtistByID(q.ctx(), bareID(id, artistPrefix))
		if err != nil {
			return nil, err
		}
		if seeds, err = s.artistSongs(q, ar); err != nil {
			return nil, err
		}
	case strings.HasPrefix(id, albumPrefix):
		if _, seeds, err = s.albumWithSongs(q, bareID(id, albumPrefix)); err != nil {
			return nil, err
		}
	default:
		song, err := s.song(q, id)
		if err != nil {
			return nil, err
		}
		seeds = []*musicify.Song{song}
	}
	list := []*musicify.Song{}
	if s.Like != nil {
		if list, err = s.Like.Songs(q.ctx(), seedIDs(seeds), count); err != nil {
			return nil, err
		}
	}
	return s.songList(q, list, func(res *response, c []child) { res.SimilarSongs2 = &songs{Song: c} })
}

// seedIDs are the first five songs' ids: what songs "like" a list are like.
func seedIDs(seeds []*musicify.Song) []string {
	ids := make([]string, 0, 5)
	for _, sd := range page(seeds, 0, 5) {
		ids = append(ids, sd.ID)
	}
	return ids
}

// starredItems reads what the caller starred, latest first.
func (s *Server) starredItems(q *request) (arts []*musicify.Artist, albums []*musicify.Album, list []*musicify.Song, a *annotations, err error) {
	if a, err = s.annotations(q); err != nil {
		return
	}
	var songIDs []string
	for _, st := range a.stars {
		switch st.Kind {
		case musicify.StarSong:
			songIDs = append(songIDs, st.ItemID)
		case musicify.StarAlbum:
			if al, e := s.Albums.Album(q.ctx(), st.ItemID); e == nil {
				albums = append(albums, al)
			}
		case musicify.StarArtist:
			if ar, e := s.Albums.ArtistByID(q.ctx(), st.ItemID); e == nil {
				arts = append(arts, ar)
			}
		}
	}
	list, err = s.Songs.SongsByIDs(q.ctx(), songIDs)
	return
}

func (s *Server) getStarred(_ http.ResponseWriter, q *request) (*response, error) {
	arts, albums, list, a, err := s.starredItems(q)
	if err != nil {
		return nil, err
	}
	out := &searchResult2{Album: albumDirs(albums, a), Song: songChildren(list, a)}
	for _, ar := range arts {
		out.Artist = append(out.Artist, folderArtist(ar, a))
	}
	res := s.newResponse()
	res.Starred = out
	return res, nil
}

func (s *Server) getStarred2(_ http.ResponseWriter, q *request) (*response, error) {
	arts, albums, list, a, err := s.starredItems(q)
	if err != nil {
		return nil, err
	}
	out := &searchResult3{Album: albumsOf(albums, a), Song: songChildren(list, a)}
	for _, ar := range arts {
		out.Artist = append(out.Artist, artistOf(ar, a))
	}
	res := s.newResponse()
	res.Starred2 = out
	return res, nil
}
